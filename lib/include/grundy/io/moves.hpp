#pragma once
// A position's moves for a player's screen: every legal move in words, the position it leads to,
// who wins there and its value where the strategy has it, with the position's own outcome and
// value; and the same for one move the player typed. The strategy is the one hints use
// (grundy/io/hint.hpp), so that a move list and a hint never disagree.
//
//   grundy::io::move_list_options options;
//   options.limits.stop = &stop_flag;
//   const auto list = grundy::io::list_moves(position, options);
//   std::string json = grundy::io::move_list_json(list);  // one line, valid UTF-8

#include <grundy/graph.hpp>
#include <grundy/io/games/builtin.hpp>
#include <grundy/io/report.hpp>
#include <grundy/loopy_sum.hpp>
#include <grundy/misere/quotient_strategy.hpp>
#include <grundy/values.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::io {

struct move_list_options {
  play_convention convention = play_convention::normal;
  // As for hints: the game graph's limits and the stop flag every long loop polls.
  build_options limits = {};
  quotient_budget quotient = {};
  // Moves listed at most; the others are only counted (move_list::more).
  std::size_t most = 2000;
};

struct listed_move {
  std::string move;            // in words (describe_move)
  std::string position;        // the portable name of the position it leads to
  outcome result = outcome::p; // of that position, for the player then to move (P: the move wins)
  // Its value under the convention (misère Grundy under misère play; ∞(K) in a game with
  // cycles), where the strategy has it without a search: nullopt otherwise.
  std::optional<generalized_value> value;
  // Its remoteness (grundy/remoteness.hpp), for the player then to move, where the list has
  // remoteness (move_list::remoteness_known); nullopt otherwise, and for a draw.
  std::optional<remoteness_value> remoteness;
};

struct move_list {
  fields head;          // the game's entry's head: game, code, k, colors...
  std::string position; // its portable name (canonical)
  play_convention convention = play_convention::normal;
  outcome result = outcome::p; // for the player to move
  std::optional<generalized_value> value;
  // As in a hint (grundy/io/hint.hpp): known where the strategy has the game graph, not for a
  // game answered by a rule of its own (Nim, heap games, octal sums, Wythoff); nullopt for a
  // draw and where not known.
  bool remoteness_known = false;
  std::optional<remoteness_value> remoteness;
  // In the order of legal_moves (grundy/strategy/moves.hpp), at most options.most of them.
  std::vector<listed_move> moves;
  std::uint64_t more = 0; // legal moves past those listed
};

// Every legal move of `position` under options.convention. Throws notation_error (a
// std::invalid_argument) for a position with too many moves to list (more than 10^5 tokens on
// heaps, as `grundy play` refuses them), and what compute_hint throws: grundy::stopped past
// options.limits, std::invalid_argument for a misère game with cycles, grundy::stopped once
// *options.limits.stop is set.
move_list list_moves(const any_builtin_position& position, const move_list_options& options = {});

// The one move `typed` names from `position`, in the same shape (`moves` holds it alone, `more`
// is 0): a whole number is the move's place in list_moves' order, from 1; other text is read by
// the game's notation of moves (entry_traits::read_move: "8>5" on heaps, "a>b" for the digraph
// game), as `grundy play` reads them. Throws notation_error for text that names no legal move,
// and what list_moves throws.
move_list list_typed_move(const any_builtin_position& position, std::string_view typed,
                          const move_list_options& options = {});

// One JSON object on one line, valid UTF-8 (no final newline): the head fields typed as
// `grundy graph --format json` types them, "start" the position's portable name, then
//   "convention": "normal" or "misere", "outcome": "P", "N" or "D", "value": number or null,
//   "moves": [{"move": words, "position": portable name, "outcome": ..., "value": ...,
//   "remoteness": n or null}, ...], "more": n, "remoteness_known": bool, "remoteness": n or null.
// A value ∞(K) is null with "infinite_set": [K] beside it, as the statistics write it; an
// unknown value is null alone.
std::string move_list_json(const move_list& list);

} // namespace grundy::io
