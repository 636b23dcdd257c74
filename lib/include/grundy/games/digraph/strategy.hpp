#pragma once
// Playing the digraph game by Smith's rule: one labelling of the file's graph, whatever the
// number of tokens.

#include <grundy/games/digraph/rules.hpp>
#include <grundy/loopy.hpp>
#include <grundy/loopy_sum.hpp>
#include <grundy/remoteness.hpp>
#include <grundy/strategy/graph_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <optional>
#include <string>
#include <vector>

namespace grundy {

// The digraph game by Smith's rule in normal play: the generalized value of every vertex of
// the file's graph is labelled once, and a position of several tokens is the sum of one-token
// games, whose value adds by that rule (loopy_sum.hpp). No graph of the sum is built: k tokens
// on a graph of n vertices make about n^k / k! positions. Misère values do not add, so misère
// play uses the game graph of the start position (acyclic graphs only).
class digraph_strategy {
public:
  using state_type = digraph_game::state_type;

  digraph_strategy(const digraph_game& g, const state_type& start,
                   play_convention convention = play_convention::normal, const build_options& options = {});

  play_convention convention() const noexcept { return convention_; }
  // Normal play only: the generalized value of a position, the sum of its tokens' values.
  generalized_value value(const state_type& s) const;
  // Either convention: value(s) under normal play, the game graph's misère Grundy value under
  // misère play.
  std::optional<generalized_value> value_of(const state_type& s) const;
  outcome outcome_of(const state_type& s) const;
  // The remoteness of one token's position (the file graph's, remoteness.hpp), or under
  // misère play of any position (its game graph's); nullopt for a draw, and for several tokens
  // under normal play, whose sum is never built.
  std::optional<remoteness_value> remoteness_of(const state_type& s) const;
  // In the order of digraph_game's moves.
  std::vector<state_type> winning_moves(const state_type& s) const;
  // From a draw with no winning move, the moves that keep the draw.
  std::vector<state_type> drawing_moves(const state_type& s) const;

private:
  std::vector<state_type> moves_to(const state_type& s, outcome wanted) const;

  digraph_game game_;
  play_convention convention_;
  labelling labelling_; // normal play
  std::optional<graph_strategy<digraph_game>> misere_;
};

inline digraph_strategy make_strategy(const digraph_game& g, const digraph_game::state_type& start,
                                      play_convention convention = play_convention::normal,
                                      const build_options& options = {}) {
  return digraph_strategy(g, start, convention, options);
}

// "move the token from a to b", by the vertices' names in the file.
std::string describe_move(const digraph_game& g, const digraph_game::state_type& before,
                          const digraph_game::state_type& after);

} // namespace grundy
