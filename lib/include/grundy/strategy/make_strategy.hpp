#pragma once
// The one entry to strategies: make_strategy(game, start, convention, options) returns the
// best strategy object known for a game. The overload here takes the game graph
// (graph_strategy); a game with a rule of its own adds an overload in its strategy header
// (games/<name>/strategy.hpp), which overload resolution prefers when that header is
// included: include the game's header (games/<name>.hpp), not only its rules, to get it.
//
//   auto moves = grundy::winning_moves(game, position);                          // normal play
//   auto moves = grundy::winning_moves(game, position, grundy::play_convention::misere);
//   for (auto& m : moves) std::cout << grundy::describe_move(game, position, m) << '\n';
//
// A program that asks about many positions of one game (a player, say) keeps the object
// make_strategy returns instead: it computes what it needs once.

#include <grundy/strategy/concept.hpp>
#include <grundy/strategy/graph_strategy.hpp>
#include <grundy/strategy/moves.hpp>

#include <vector>

namespace grundy {

// Ready to answer about `start` and every position reachable from it (concept.hpp says what).
template <game G>
graph_strategy<G> make_strategy(const G& g, const state_t<G>& start,
                                play_convention convention = play_convention::normal,
                                const build_options& options = {}) {
  return graph_strategy<G>(g, start, convention, options);
}

// The positions the winning moves from `s` lead to; empty when the player to move loses.
template <game G>
std::vector<state_t<G>> winning_moves(const G& g, const state_t<G>& s,
                                      play_convention convention = play_convention::normal,
                                      const build_options& options = {}) {
  return make_strategy(g, s, convention, options).winning_moves(s);
}

// Whether the player to move at `s` wins (N) or loses (P) against perfect play.
template <game G>
outcome position_outcome(const G& g, const state_t<G>& s,
                         play_convention convention = play_convention::normal,
                         const build_options& options = {}) {
  return make_strategy(g, s, convention, options).outcome_of(s);
}

// The same from the game graph whatever the game: the reference the rules are tested against.
template <game G>
std::vector<state_t<G>> graph_winning_moves(const G& g, const state_t<G>& s,
                                            play_convention convention = play_convention::normal,
                                            const build_options& options = {}) {
  return graph_strategy<G>(g, s, convention, options).winning_moves(s);
}

} // namespace grundy
