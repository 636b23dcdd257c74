#pragma once
// Generalized Sprague-Grundy values of every vertex of a finite game graph with cycles.
//
// In a game whose moves may return to an earlier position (a "loopy" game) the mex recursion
// has no order to follow. Smith (1966) and Fraenkel and Yesha (1986) give each position a
// generalized value instead: a number m, or ∞(K) where K is the set of finite values among its
// successors. γ(u) = m exactly when
//   (a) no successor of u has value m,
//   (b) for every j < m some successor of u has value j, and
//   (c) every successor of value above m, or infinite, has itself a successor of value m;
// every other position is ∞(K). Value 0 is a loss for the player to move (P), any other number
// a win (N); ∞(K) is a win when 0 is in K (move there) and a draw (D) otherwise.
//
// References: C. A. B. Smith, Graphs and composite games, J. Combinatorial Theory 1 (1966)
// 51-81; A. S. Fraenkel and Y. Yesha, The generalized Sprague-Grundy function and its
// invariance under certain mappings, J. Combinatorial Theory A 43 (1986) 165-177.

#include <grundy/detail/reverse_adjacency.hpp>
#include <grundy/detail/work_meter.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/values.hpp>

#include <boost/graph/graph_traits.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace grundy {

// infinite_sets, generalized_outcome and format_value, which read these values, are in
// values.hpp.

// The generalized Sprague-Grundy values of every vertex (Fraenkel and Yesha's algorithm).
//
// Values are settled one number m at a time, by a retrograde analysis of the vertices still
// open: a vertex whose successors of values 0..m-1 are all there gets m once every other
// successor is "covered" (has a successor of value m) and none has value m; labelling a
// vertex m covers its predecessors, which may complete the count of theirs. Counters make each
// stage cost the edges around the vertices still open, so the whole labelling costs about the
// edges times the largest value. After stage m a vertex left open without a successor of value
// m can no longer get a number (condition (b) fails for every larger one): it is ∞. Works on
// any Boost.Graph incidence and vertex-list graph whose vertex descriptors are indices, with
// cycles, self-loops and repeated edges; on an acyclic graph it gives the ordinary values.
// Throws grundy::stopped once *stop is true.
// `in` is g's predecessor lists (detail::reverse_of), which the remoteness's retrograde analysis
// shares.
template <class Graph>
labelling generalized_sprague_grundy(const Graph& g, const detail::reverse_adjacency& in,
                                     const std::atomic<bool>* stop = nullptr) {
  const std::size_t n = num_vertices(g);
  enum : std::uint8_t { open_vertex, finite_vertex, infinite_vertex };
  std::vector<std::uint8_t> state(n, open_vertex);
  std::vector<grundy_value> value(n, 0);
  // unsettled[u]: successors of u not yet given a value below the current m (edges, so that
  // repeated edges count as often as the predecessor lists hold them); pending[u]: those of
  // them not yet covered in this stage; covered[u] == m: u has a successor of value m.
  std::vector<vertex_id> unsettled(n), pending(n);
  std::vector<grundy_value> covered(n, infinity);
  std::vector<vertex_id> open, ready;
  open.reserve(n);
  for (auto v : boost::make_iterator_range(vertices(g))) {
    unsettled[v] = static_cast<vertex_id>(out_degree(v, g));
    open.push_back(static_cast<vertex_id>(v));
  }
  detail::work_meter meter; // one unit per vertex labelled and per predecessor edge looked at
  for (grundy_value m = 0; !open.empty(); ++m) {
    detail::check_stop(stop);
    ready.clear();
    for (auto u : open) {
      pending[u] = unsettled[u];
      if (pending[u] == 0) ready.push_back(u);
    }
    while (!ready.empty()) {
      const auto u = ready.back();
      ready.pop_back();
      if (meter.due(in.of(u).size() + 1)) detail::check_stop(stop);
      state[u] = finite_vertex;
      value[u] = m;
      for (auto p : in.of(u)) {
        if (state[p] == finite_vertex) continue;
        if (state[p] == open_vertex) --unsettled[p];
        if (covered[p] == m) continue;
        covered[p] = m;
        for (auto q : in.of(p))
          if (state[q] == open_vertex && covered[q] != m && --pending[q] == 0) ready.push_back(q);
      }
    }
    std::size_t kept = 0;
    for (auto u : open) {
      if (state[u] != open_vertex) continue;
      if (covered[u] == m)
        open[kept++] = u;
      else
        state[u] = infinite_vertex;
    }
    open.resize(kept);
  }

  labelling result;
  std::vector<grundy_value> k;
  for (std::size_t v = 0; v < n; ++v) {
    if (state[v] != infinite_vertex) continue;
    k.clear();
    for (auto e : boost::make_iterator_range(out_edges(static_cast<vertex_id>(v), g)))
      if (state[target(e, g)] == finite_vertex) k.push_back(value[target(e, g)]);
    std::sort(k.begin(), k.end());
    k.erase(std::unique(k.begin(), k.end()), k.end());
    result.infinite.add(static_cast<vertex_id>(v), k);
    value[v] = infinity;
  }
  result.values = std::move(value);
  return result;
}

template <class Graph>
labelling generalized_sprague_grundy(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  return generalized_sprague_grundy(g, detail::reverse_of(g), stop);
}

namespace detail {

// Values of every vertex of any finite game graph: the ordinary labelling when the graph is
// acyclic (its topological sort is what finds a cycle), the generalized one otherwise, so that
// acyclic graphs keep the ordinary labelling's speed. label() is the entry point.
template <class Graph>
labelling sprague_grundy_with_cycles(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  try {
    return {sprague_grundy(g, stop), {}, {}, {}, {}};
  } catch (const not_acyclic&) {
  }
  return generalized_sprague_grundy(g, stop);
}

} // namespace detail

} // namespace grundy
