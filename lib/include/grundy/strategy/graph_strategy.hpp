#pragma once
// The generic search: outcomes and winning moves read from the game graph, for any game, under
// normal play (with draws when the game has cycles) or misère play.

#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/label.hpp>
#include <grundy/loopy_sum.hpp>
#include <grundy/portable_name.hpp>

#include <boost/range/iterator_range.hpp>
#include <boost/unordered/unordered_flat_map.hpp>

#include <optional>
#include <stdexcept>
#include <vector>

namespace grundy {

// Outcomes read from the game graph of every position reachable from a start: works for any
// game and either convention, at the cost of building that graph once. Every later question
// about a reachable position is then a look-up, which is what a game in progress needs: its
// positions are all reachable from its first one. The states are kept twice (in the graph
// and in the index from state to vertex) so that the object stays an ordinary value that can
// be copied and moved; that doubles the memory of a graph meant for play, not for records.
template <game G> class graph_strategy {
public:
  using state_type = state_t<G>;

  // Builds and labels the graph; throws grundy::stopped past options.max_states positions.
  // A game with cycles gets generalized values in normal play, with draws (loopy.hpp); in
  // misère play it throws not_acyclic.
  graph_strategy(G g, const state_type& start, play_convention convention = play_convention::normal,
                 const build_options& options = {})
      : game_(std::move(g)), convention_(convention), graph_(build_graph(game_, start, options)),
        labelling_(
            label(graph_.graph,
                  {.convention = convention, .outcomes = true, .remoteness = true, .stop = options.stop})) {
    index_.reserve(graph_.states.size());
    for (vertex_id v = 0; v < graph_.states.size(); ++v)
      index_.emplace(graph_.states[v], v);
  }

  const G& game() const noexcept { return game_; }
  play_convention convention() const noexcept { return convention_; }
  std::size_t position_count() const noexcept { return graph_.vertex_count(); }
  bool contains(const state_type& s) const { return index_.contains(game_.canonical(s)); }

  // Throws std::out_of_range for a position not reachable from the start.
  outcome outcome_of(const state_type& s) const { return labelling_.outcomes[vertex_of(s)]; }

  // The value the labelling gave the position: Sprague-Grundy (∞(K) in a game with cycles), or
  // misère Grundy under misère play. Never nullopt: the graph knows every value it labelled.
  std::optional<generalized_value> value_of(const state_type& s) const {
    return grundy::value_of(labelling_, vertex_of(s));
  }

  // How many moves the game lasts from the position when the winner hurries and the loser
  // holds out (remoteness.hpp); nullopt for a draw.
  std::optional<remoteness_value> remoteness_of(const state_type& s) const {
    const auto r = labelling_.remoteness[vertex_of(s)];
    return r == no_remoteness ? std::nullopt : std::optional(r);
  }

  // In the order the game generates its moves.
  std::vector<state_type> winning_moves(const state_type& s) const { return moves_to(s, outcome::p); }

  // From a draw with no winning move, the moves that keep the draw (to another draw).
  std::vector<state_type> drawing_moves(const state_type& s) const { return moves_to(s, outcome::d); }

private:
  std::vector<state_type> moves_to(const state_type& s, outcome wanted) const {
    std::vector<state_type> result;
    for (auto e : boost::make_iterator_range(out_edges(vertex_of(s), graph_.graph)))
      if (labelling_.outcomes[target(e, graph_.graph)] == wanted)
        result.push_back(graph_.states[target(e, graph_.graph)]);
    return result;
  }

  vertex_id vertex_of(const state_type& s) const {
    const auto it = index_.find(game_.canonical(s));
    if (it == index_.end())
      throw std::out_of_range(std::string("position ").append(position_name(game_, s)) +
                              " is not reachable from the start position");
    return it->second;
  }

  G game_;
  play_convention convention_;
  game_graph<state_type> graph_;
  labelling labelling_; // values and remoteness (4 bytes a position each) and outcomes
  boost::unordered_flat_map<state_type, vertex_id, boost::hash<state_type>> index_;
};

} // namespace grundy
