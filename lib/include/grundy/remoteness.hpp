#pragma once
// Remoteness (Steinhaus; Smith 1966; Winning Ways ch. 9): how many moves the game lasts from a
// position when the winner hurries and the loser holds out. A position with no move has
// remoteness 0; a won position is one more than the smallest remoteness among its losing
// options (the winner picks the fastest win); a lost position is one more than the largest
// among its options, all winning for the opponent (the loser delays). Under normal play lost
// positions have even remoteness and won ones odd; under misère play, where a position with no
// move is won, the other way round. A draw of a game with cycles has none (no_remoteness).
//
//   auto r = grundy::remoteness(graph.graph);                 // normal play, cycles allowed
//   auto l = grundy::label(graph.graph, {.remoteness = true}); // l.remoteness, with the values
//
// References: C. A. B. Smith, Graphs and composite games, J. Combinatorial Theory 1 (1966)
// 51-81; Berlekamp, Conway and Guy, Winning Ways, ch. 9 ("If you can't beat 'em, join 'em!").

#include <grundy/detail/reverse_adjacency.hpp>
#include <grundy/detail/work_meter.hpp>
#include <grundy/labelling.hpp>
#include <grundy/values.hpp>

#include <boost/graph/graph_traits.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <vector>

namespace grundy {

// remoteness_value and no_remoteness are in values.hpp.

// Whether the player to move at a position of remoteness r loses, under convention c: the
// parity of r says it, since every move of a game played out changes the player to move.
constexpr bool remoteness_loses(remoteness_value r, play_convention c) noexcept {
  return r != no_remoteness && (r % 2 == 0) == (c == play_convention::normal);
}

// The outcome that a remoteness gives (D for no_remoteness).
constexpr outcome outcome_of_remoteness(remoteness_value r, play_convention c) noexcept {
  if (r == no_remoteness) return outcome::d;
  return remoteness_loses(r, c) ? outcome::p : outcome::n;
}

namespace detail {

// The remoteness of v from its successors' (all settled): 0 without a move, else one more than
// the fastest win, or than the slowest loss when no option is lost for the opponent.
template <class Graph>
remoteness_value remoteness_from_successors(const Graph& g,
                                            typename boost::graph_traits<Graph>::vertex_descriptor v,
                                            const std::vector<remoteness_value>& r, play_convention c) {
  if (out_degree(v, g) == 0) return 0;
  // Parities alternate unpredictably from edge to edge: selects rather than branches.
  const remoteness_value losing_parity = c == play_convention::normal ? 0 : 1;
  remoteness_value fastest_win = no_remoteness, slowest = 0;
  for (auto e : boost::make_iterator_range(out_edges(v, g))) {
    const auto x = r[target(e, g)];
    fastest_win = std::min(fastest_win, (x & 1) == losing_parity ? x : no_remoteness);
    slowest = std::max(slowest, x);
  }
  return (fastest_win != no_remoteness ? fastest_win : slowest) + 1;
}

// Remoteness of every vertex visited in `order`, each after all of its successors (an acyclic
// graph): one pass over the edges, nothing allocated but the result.
template <class Graph, class Order>
std::vector<remoteness_value> remoteness_in_order(const Graph& g, const Order& order, play_convention c,
                                                  const std::atomic<bool>* stop) {
  std::vector<remoteness_value> r(num_vertices(g), 0);
  work_meter meter; // one unit per vertex and per edge
  for (auto v : order) {
    if (meter.due(out_degree(v, g) + 1)) check_stop(stop);
    r[v] = remoteness_from_successors(g, v, r, c);
  }
  return r;
}

// The same for a graded game's graph, whose edges all lead one level down: levels from the
// deepest up, each in increasing vertex order, the order its edges are stored in.
template <class Graph, class Level>
std::vector<remoteness_value> remoteness_by_level(const Graph& g, const std::vector<Level>& level_starts,
                                                  play_convention c, const std::atomic<bool>* stop) {
  using vertex = typename boost::graph_traits<Graph>::vertex_descriptor;
  std::vector<remoteness_value> r(num_vertices(g), 0);
  work_meter meter;
  for (std::size_t k = level_starts.size() - 1; k-- > 0;)
    for (std::size_t v = level_starts[k]; v < static_cast<std::size_t>(level_starts[k + 1]); ++v) {
      if (meter.due(out_degree(static_cast<vertex>(v), g) + 1)) check_stop(stop);
      r[v] = remoteness_from_successors(g, static_cast<vertex>(v), r, c);
    }
  return r;
}

} // namespace detail

// Remoteness of every vertex of a graph that may have cycles, by retrograde analysis: the
// positions without a move first, then breadth first through the predecessors, so that
// remoteness is settled in increasing order. A predecessor of a lost position is won, and the
// first such position to reach it is its fastest win; a predecessor all of whose moves lead to
// won positions is lost once the last of them, its slowest, is settled. What is never settled
// is a draw (no_remoteness). Costs O(V + E), with the predecessor lists. Repeated edges and
// self-loops allowed. Throws grundy::stopped once *stop is true.
template <class Graph>
std::vector<remoteness_value> remoteness_by_retrograde(const Graph& g,
                                                       play_convention c = play_convention::normal,
                                                       const std::atomic<bool>* stop = nullptr) {
  const std::size_t n = num_vertices(g);
  const auto in = detail::reverse_of(g);
  std::vector<remoteness_value> r(n, no_remoteness);
  std::vector<vertex_id> unsettled(n), queue;
  queue.reserve(n);
  for (auto v : boost::make_iterator_range(vertices(g))) {
    unsettled[v] = static_cast<vertex_id>(out_degree(v, g));
    if (unsettled[v] == 0) {
      r[v] = 0;
      queue.push_back(static_cast<vertex_id>(v));
    }
  }
  detail::work_meter meter; // one unit per vertex settled and per predecessor edge looked at
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const auto u = queue[head];
    if (meter.due(in.of(u).size() + 1)) detail::check_stop(stop);
    const bool lost = remoteness_loses(r[u], c);
    for (auto p : in.of(u)) {
      if (r[p] != no_remoteness) continue;
      if (lost || --unsettled[p] == 0) {
        r[p] = r[u] + 1;
        queue.push_back(p);
      }
    }
  }
  return r;
}

// Remoteness of every vertex of any finite game graph under convention c: one pass in the
// labellings' order when the graph is acyclic, the retrograde analysis otherwise. Works on any
// Boost.Graph incidence and vertex-list graph whose vertex descriptors are indices. Throws
// grundy::stopped once *stop is true.
template <class Graph>
std::vector<remoteness_value> remoteness(const Graph& g, play_convention c = play_convention::normal,
                                         const std::atomic<bool>* stop = nullptr) {
  try {
    return detail::remoteness_in_order(g, sinks_first_order(g, stop), c, stop);
  } catch (const not_acyclic&) {
  }
  return remoteness_by_retrograde(g, c, stop);
}

} // namespace grundy
