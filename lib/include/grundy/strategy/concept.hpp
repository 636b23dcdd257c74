#pragma once
// What a strategy is: an object that knows, for the positions of one game it was made for,
// who wins and how. make_strategy (make_strategy.hpp) returns one for any game: the game graph
// (graph_strategy) by default, a rule of the game's own where its header has one
// (games/<name>/strategy.hpp).

#include <grundy/game.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy_sum.hpp>
#include <grundy/misere.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace grundy {

// Every strategy for a game G answers, about a position p it was made for (the start given to
// make_strategy and the positions reachable from it):
//
//   s.convention()      the play convention it plays under;
//   s.outcome_of(p)     P when the player to move at p loses against perfect play, N when they
//                       win, D for a draw (loopy games, normal play only);
//   s.winning_moves(p)  the positions the winning moves lead to, in canonical form and in the
//                       strategy's order (each strategy says which); empty when p is lost.
//
// A front end asks for the optional parts below with `if constexpr`, so that a strategy only
// provides what it can do better than the default (hints and move lists in grundy/io/hint.hpp
// and moves.hpp, apps/play.cpp, the Python module's hint).
template <class S, class G>
concept strategy_for = game<G> && requires(const S& s, const state_t<G>& p) {
  { s.convention() } -> std::same_as<play_convention>;
  { s.outcome_of(p) } -> std::same_as<outcome>;
  { s.winning_moves(p) } -> std::same_as<std::vector<state_t<G>>>;
};

// Optional: s.winning_moves(p, most), the first `most` of winning_moves(p) without finding
// the others, for a game whose positions may have millions of them (a hint shows one).
template <class S, class G>
concept lists_first_winning_moves = strategy_for<S, G> &&
    requires(const S& s, const state_t<G>& p, std::size_t most) {
  { s.winning_moves(p, most) } -> std::same_as<std::vector<state_t<G>>>;
};

// Optional: s.winning_move_count(p), the size of winning_moves(p) without listing them.
template <class S, class G>
concept counts_winning_moves = strategy_for<S, G> && requires(const S& s, const state_t<G>& p) {
  { s.winning_move_count(p) } -> std::convertible_to<std::uint64_t>;
};

// Optional: s.value_of(p), p's value where the strategy has it without a search of its own:
// under normal play its Sprague-Grundy value (∞(K) in a game with cycles), under misère play its
// misère Grundy value (misere.hpp, which does not add by XOR); nullopt where the strategy knows
// outcomes alone (a rule for the P-positions, a misère quotient). A move list shows it.
template <class S, class G>
concept strategy_with_values = strategy_for<S, G> && requires(const S& s, const state_t<G>& p) {
  { s.value_of(p) } -> std::same_as<std::optional<generalized_value>>;
};

// Optional: s.remoteness_of(p), how many moves the game lasts from p when the winner hurries
// and the loser holds out (grundy/remoteness.hpp); nullopt for a draw (outcome D), or where
// the strategy cannot tell without a graph it does not build (a sum of the digraph game's
// tokens). The game-graph strategy has it; a rule for the P-positions does not. Hints show it, and the computer player uses it
// to win as fast and lose as slowly as it can.
template <class S, class G>
concept strategy_with_remoteness = strategy_for<S, G> && requires(const S& s, const state_t<G>& p) {
  { s.remoteness_of(p) } -> std::same_as<std::optional<remoteness_value>>;
};

// Optional, for games that may have cycles: s.drawing_moves(p), from a draw, the moves that
// keep the draw (to another draw). A strategy without it has no draws.
template <class S, class G>
concept strategy_with_draws = strategy_for<S, G> && requires(const S& s, const state_t<G>& p) {
  { s.drawing_moves(p) } -> std::same_as<std::vector<state_t<G>>>;
};

} // namespace grundy
