#pragma once
// What a hint is, for every front end alike: who wins a position of a built-in game and how,
// computed once (compute_hint) and then written as the text `grundy hint` prints or as one JSON
// object, so that the tool, a web server and any later front end give the same answers.
//
//   const auto position = grundy::parse_position(grundy::builtin_games{}, "nim", text);
//   grundy::io::hint_options options;
//   options.limits.stop = &stop_flag;                      // polled by every long loop
//   const auto h = grundy::io::compute_hint(position, options);
//   std::string json = grundy::io::hint_json(h);           // one line, valid UTF-8

#include <grundy/graph.hpp>
#include <grundy/io/games/builtin.hpp>
#include <grundy/io/report.hpp>
#include <grundy/misere/quotient_strategy.hpp>
#include <grundy/values.hpp>

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::io {

struct hint_options {
  play_convention convention = play_convention::normal;
  // Every winning move, not only the first (the moves' count is given either way).
  bool all = false;
  // Games solved through their game graph: max_states and max_memory bound it, and `stop` (also
  // polled by the rules' own searches and while the moves are written) stops any of it. A
  // max_memory of 0 lets the graph grow, but a list of moves is still held to the default
  // memory limit (grundy/memory.hpp).
  build_options limits = {};
  // Misère heap games: what the misère quotient may cost before the game graph is used.
  quotient_budget quotient = {};
  // Ends the refusal of a list of moves too long to hold in memory: the front end's advice, in
  // its own words ("leave out --all, or try smaller heaps").
  std::string listing_advice = "try smaller heaps";
};

// A move: in words (describe_move) and the position it leads to, as its portable name
// (position_name): both are shown as they are.
struct hint_move {
  std::string move;
  std::string position;
  // The remoteness of the position the move leads to, for the opponent then to move, when the
  // hint has remoteness (hint_record::remoteness_known); nullopt otherwise, and for a draw.
  std::optional<remoteness_value> remoteness;
};

struct hint_record {
  fields head;          // the game's entry's head: game, code, k, colors...
  std::string position; // the hinted position's portable name (canonical)
  play_convention convention = play_convention::normal;
  outcome result = outcome::p; // for the player to move
  bool finished = false;       // no move is left
  bool all = false;            // every winning move was asked for
  // The first winning move, or every one with `all`; empty when none wins.
  std::vector<hint_move> moves;
  std::uint64_t winning_move_count = 0;
  // The remoteness for the player to move (grundy/remoteness.hpp): in how many moves they win,
  // or, losing, can hold out. Known where the hint's strategy has the game graph; not for a
  // game answered by a rule of its own (Nim, heap games, octal sums, Wythoff, several tokens of
  // the digraph game). nullopt for a draw, and where not known. With it, the winning moves
  // are listed fastest first.
  bool remoteness_known = false;
  std::optional<remoteness_value> remoteness;
  // In a draw (outcome D), every move that keeps it; empty otherwise.
  std::vector<hint_move> drawing_moves;
  // How the answer was found when it says more than the game's own strategy: the misère
  // quotient ("the misère quotient of 0.07 on heaps 1..30 (order 360)"); empty otherwise.
  std::string method;
  // Nim: Bouton's table or rule in words (grundy/io/nim_explanation.hpp), lines each ending in
  // '\n'; empty for the other games.
  std::string explanation;
};

// Who wins `position` under options.convention, and by which moves. Misère heap games are
// answered from their misère quotient when it can be had within options.quotient, else every
// game from its strategy (make_strategy: a rule of the game's own, or its game graph).
//
// Throws what the parsing of a position throws for a position whose moves are too many to go
// through (notation_error, a std::invalid_argument) or, with `all`, too many to hold (the advice
// ending its message); grundy::stopped past options.limits; std::invalid_argument for a misère
// game with cycles; and grundy::stopped once *options.limits.stop is set (with its
// figures in an exploration).
hint_record compute_hint(const any_builtin_position& position, const hint_options& options = {});

// The hint as `grundy hint` prints it: Nim's explanation, then "position", "outcome", the moves
// and the method, each line ending in '\n'. `all_option` is how the front end's user asks for
// every move ("--all"), for the line that counts the moves a hint without it leaves out. When
// *stop is set while a long list is written, throws stopped (stop_reason::interrupted).
void write_hint_text(std::ostream& out, const hint_record& h, std::string_view all_option,
                     const std::atomic<bool>* stop = nullptr);
std::string hint_text(const hint_record& h, std::string_view all_option);

// The hint as one JSON object on one line, valid UTF-8 (no final newline): the head fields typed
// as `grundy graph --format json` types them (json_fields), "start" the position's portable name
// (grundy/portable_name.hpp), then
//   "convention": "normal" or "misere", "outcome": "P", "N" or "D", "finished": bool,
//   "winning_move_count": n, "moves": [{"move": words, "position": portable name}, ...],
//   "drawing_moves": [the same], "method": string or null, "explanation": string or null,
//   "remoteness_known": bool, "remoteness": n or null, "move_remoteness" and
//   "drawing_move_remoteness": the remoteness after each of "moves" and "drawing_moves", n or
//   null, in their order.
// `tail` adds members at the end, their values already JSON.
std::string hint_json(const hint_record& h, const fields& tail = {});

} // namespace grundy::io
