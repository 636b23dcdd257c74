// grundy hint GAME POSITION: who wins, and how, in words a player understands.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "options.hpp"
#include "positions.hpp"

#include <grundy/io/nim_explanation.hpp>
#include <grundy/misere/quotient_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace grundy::cli {

namespace {

struct hint_options {
  position_words where;
  bool misere = false;
  bool all = false;
  std::uint64_t max_states = build_options{}.max_states;
};

// Whether any move is left, without listing the moves (a Nim heap of 10^9 has 10^9 of them).
template <class G> bool has_move(const G& g, const state_t<G>& s) {
  return entry_traits::has_move<entry_for_t<G, builtin_games>>(g, s);
}

std::string verdict(outcome o, bool finished, play_convention c) {
  if (finished)
    return c == play_convention::misere ? "N: no move is left, so the player to move has won (misère play)"
                                        : "P: no move is left, so the player to move has lost";
  if (o == outcome::d) return "D: a draw: neither player can force a win, and perfect play never ends";
  return o == outcome::n ? "N: the player to move wins" : "P: the player to move loses against perfect play";
}

// In a draw no move wins; a move to another draw keeps it, where the other moves would lose.
template <class S, class State> std::vector<State> drawing_moves(const S& strategy, const State& s) {
  if constexpr (requires { strategy.drawing_moves(s); })
    return strategy.drawing_moves(s);
  else
    return {};
}

// The winning moves a hint shows, and how many there are in all. Octal games count theirs
// without listing them: a heap of 10^9 tokens has hundreds of millions of winning splits, and
// past a proven period the first one and the count take no longer than for a small heap.
template <class S, class State>
std::pair<std::vector<State>, std::uint64_t> shown_moves(const S& strategy, const State& s, bool all) {
  if constexpr (requires { strategy.winning_move_count(s); }) {
    if (!all) return {strategy.winning_moves(s, 1), strategy.winning_move_count(s)};
    // --all for a heap of 4·10^9 tokens of 0.07 held its 3.8·10^8 moves (tens of GB) before
    // printing any: refused at once when they cannot fit.
    check_listing_memory(strategy.winning_move_count(s), sizeof(State) + 4 * (s.size() + 2) + 32, 0,
                         "leave out --all, or try smaller heaps");
  }
  auto moves = strategy.winning_moves(s);
  const auto count = moves.size();
  return {std::move(moves), count};
}

template <class G, class S>
void show(const game_position<G>& p, const S& strategy, const hint_options& o, const interruption& stop) {
  const auto convention = o.misere ? play_convention::misere : play_convention::normal;
  const auto [moves, move_count] = shown_moves(strategy, p.start, o.all);
  const bool finished = !has_move(p.game, p.start);

  if constexpr (std::is_same_v<G, nim_game>) fmt::print("{}\n", io::explain_nim(p.typed, convention).text);
  fmt::print("position  {} ({} play)\n", p.game.format(p.start), to_string(convention));
  const auto result = strategy.outcome_of(p.start);
  fmt::print("outcome   {}\n", verdict(result, finished, convention));
  if (moves.empty() && result == outcome::d) {
    const auto draws = drawing_moves(strategy, p.start);
    fmt::print("move      none wins; this one keeps the draw (any other loses):\n");
    const std::size_t shown = o.all ? draws.size() : std::min<std::size_t>(draws.size(), 1);
    for (std::size_t i = 0; i < shown; ++i)
      fmt::print("{:<10}{}  ->  {}\n", "", describe_move(p.game, p.start, draws[i]), p.game.format(draws[i]));
    if (!o.all && draws.size() > 1)
      fmt::print("          ({} moves keep the draw in all: --all lists them)\n", draws.size());
    return;
  }
  if (moves.empty()) {
    if (!finished) fmt::print("move      none wins: every move leaves the opponent a winning position\n");
    return;
  }
  const std::size_t shown = o.all ? moves.size() : 1;
  for (std::size_t i = 0; i < shown; ++i) {
    if (i % 4096 == 4095 && stop.requested())
      throw interrupted_error(
          fmt::format("interrupted after listing {} of {} winning moves", i, moves.size()));
    const char* label = i > 0 ? "" : o.all ? "moves" : "move";
    fmt::print("{:<10}{}  ->  {}\n", label, describe_move(p.game, p.start, moves[i]),
               p.game.format(moves[i]));
  }
  if (!o.all && move_count > 1)
    fmt::print("          ({} winning moves in all: --all lists them)\n", move_count);
}

heap_rule rule_of(const octal_game& g) { return heap_rule(g.code()); }
heap_rule rule_of(const heap_game& g) { return g.rule(); }

template <class G> void run(const game_position<G>& p, const hint_options& o) {
  const auto convention = o.misere ? play_convention::misere : play_convention::normal;
  const interruption stop;
  // Misère heap games from the misère quotient when it can be had within the hint's budget:
  // sums whose game graph could never be labelled are answered at once.
  if constexpr (std::is_same_v<G, octal_game> || std::is_same_v<G, heap_game>)
    if (o.misere)
      if (const auto q = quotient_strategy::make(rule_of(p.game), p.start, stop.flag())) {
        show(p, *q, o, stop);
        fmt::print("{:<10}{}\n", "method",
                   fmt::format("the misère quotient of {} on heaps 1..{} (order {})",
                               q->quotient().rule().str(), q->quotient().max_heap(), q->quotient().order()));
        return;
      }
  show(p, make_strategy(p.game, p.start, convention, graph_limits(o.max_states, stop.flag())), o, stop);
}

// The octal, heap and Wythoff rules explore no positions: the figures of a stopped exploration
// would all be 0, so their stop is said in one plain line.
template <class G> bool explores(const game_position<G>&, const hint_options& o) {
  return !(std::is_same_v<G, octal_game> || std::is_same_v<G, heap_game> ||
           std::is_same_v<G, wythoff_game>) ||
         o.misere;
}

} // namespace

void add_hint_command(CLI::App& app) {
  auto o = std::make_shared<hint_options>();
  auto* cmd = app.add_subcommand("hint", "Say whether the player to move wins, and give a winning move");
  add_position_arguments(*cmd, o->where);
  cmd->add_flag("--misere", o->misere, "misère play: the player who makes the last move loses");
  cmd->add_flag("--all", o->all, "list every winning move");
  add_whole_option(*cmd, "--max-states", o->max_states,
                   "games solved by their graph: stop past this many positions", 1, 0xFFFF'FFFFu)
      ->default_str(std::to_string(o->max_states));
  cmd->callback([o, cmd] {
    take_position_words(*cmd, o->where);
    const auto position = parse_position(o->where);
    check_moves_fit(position, false);
    std::visit(
        [&](const auto& p) {
          try {
            run(p, *o);
          } catch (const interrupted& e) {
            if (!explores(p, *o)) throw interrupted_error(e.what());
            throw;
          } catch (const exploration_stopped&) {
            throw;
          } catch (const stopped& e) {
            // Stopped outside any exploration (the misère quotient, a search for moves): no
            // figures to give, one plain line.
            if (!e.by_limit()) throw interrupted_error(e.what());
            throw;
          }
        },
        position);
  });
}

} // namespace grundy::cli
