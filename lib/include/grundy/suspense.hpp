#pragma once
// Suspense numbers (Smith 1966; Winning Ways ch. 9, "Slow joins"): how many moves the game lasts
// from a position when the winner, sure of the win, makes it last as long as possible and the
// loser hurries to the end. A position with no move has suspense 0; a won position is one more
// than the largest suspense among its losing options (the winner delays); a lost position is one
// more than the smallest among its options (the loser hurries). Suspense is what decides the
// continued conjunctive compound, where every component that can move is moved and the game
// ends when none can: the component that lasts longest decides it. The parity says the outcome
// as remoteness's does: lost positions are even under normal play, odd under misère play.
//
//   auto s = grundy::suspense(graph.graph);                   // normal play, acyclic graphs
//   auto l = grundy::label(graph.graph, {.suspense = true});   // l.suspense, with the values
//
// A game with cycles has no suspense numbers: a winner who may delay could delay for ever, so
// the longest win is not bounded. suspense() throws not_acyclic for such a graph.

#include <grundy/detail/work_meter.hpp>
#include <grundy/labelling.hpp>
#include <grundy/remoteness.hpp>
#include <grundy/values.hpp>

#include <boost/graph/graph_traits.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <atomic>
#include <vector>

namespace grundy {

namespace detail {

// The suspense of v from its successors' (all settled): the mirror of remoteness_from_successors,
// the winner taking the slowest win and the loser the quickest end.
template <class Graph>
remoteness_value suspense_from_successors(const Graph& g,
                                          typename boost::graph_traits<Graph>::vertex_descriptor v,
                                          const std::vector<remoteness_value>& s, play_convention c) {
  if (out_degree(v, g) == 0) return 0;
  remoteness_value slowest_win = 0, quickest = no_remoteness;
  bool wins = false;
  for (auto e : boost::make_iterator_range(out_edges(v, g))) {
    const auto x = s[target(e, g)];
    if (remoteness_loses(x, c)) {
      wins = true;
      slowest_win = std::max(slowest_win, x);
    }
    quickest = std::min(quickest, x);
  }
  return (wins ? slowest_win : quickest) + 1;
}

} // namespace detail

// Suspense of every vertex of an acyclic game graph under convention c, in the labellings'
// order (each vertex after its successors): one pass over the edges. Throws not_acyclic for a
// graph with a cycle and grundy::stopped once *stop is true.
template <class Graph>
std::vector<remoteness_value> suspense(const Graph& g, play_convention c = play_convention::normal,
                                       const std::atomic<bool>* stop = nullptr) {
  std::vector<remoteness_value> s(num_vertices(g), 0);
  detail::work_meter meter; // one unit per vertex and per edge
  for (auto v : sinks_first_order(g, stop)) {
    if (meter.due(out_degree(v, g) + 1)) detail::check_stop(stop);
    s[v] = detail::suspense_from_successors(g, v, s, c);
  }
  return s;
}

} // namespace grundy
