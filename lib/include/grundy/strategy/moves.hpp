#pragma once
// The moves of a position as a player sees them: the list to choose from, and a move in words.

#include <grundy/game.hpp>
#include <grundy/portable_name.hpp>
#include <grundy/values.hpp>

#include <boost/unordered/unordered_flat_set.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace grundy {

// The distinct positions one move leads to, in canonical form and in the order the game
// generates its moves: the list a player chooses from.
template <game G> std::vector<state_t<G>> legal_moves(const G& g, const state_t<G>& s) {
  std::vector<state_t<G>> raw, result;
  g.successors(g.canonical(s), raw);
  boost::unordered_flat_set<state_t<G>, boost::hash<state_t<G>>> seen;
  for (auto& m : raw) {
    auto c = g.canonical(m);
    if (seen.insert(c).second) result.push_back(std::move(c));
  }
  return result;
}

// Winning moves (the positions they lead to) with the fastest win first, where the strategy
// knows remoteness (concept.hpp, strategy_with_remoteness): the order a hint lists them in and
// the computer plays. Moves of equal remoteness keep their order; without remoteness, all do.
template <class S, class State> void sort_fastest_first(const S& strategy, std::vector<State>& moves) {
  if constexpr (requires { strategy.remoteness_of(moves.front()); }) {
    const auto key = [&](const State& m) { return strategy.remoteness_of(m).value_or(no_remoteness); };
    std::stable_sort(moves.begin(), moves.end(),
                     [&](const State& a, const State& b) { return key(a) < key(b); });
  }
}

// A move in words, from the position before it and the position after it. A game with words
// of its own declares a describe_move(const its_game&, before, after) beside its strategy
// (games/<name>/strategy.hpp), which overload resolution prefers to this one; the others get
// "move to <position>", by the position's portable name.
template <game G> std::string describe_move(const G& g, const state_t<G>&, const state_t<G>& after) {
  std::string text = "move to ";
  return text += position_name(g, after);
}

} // namespace grundy
