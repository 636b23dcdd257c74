#pragma once
// The steps the labellings of labelling.hpp and misere.hpp share: the stop check, the order
// that puts every vertex after its successors, the mex. Included by labelling.hpp, after
// not_acyclic.

#include <grundy/detail/parallel.hpp>
#include <grundy/detail/work_meter.hpp>
#include <grundy/stop.hpp>
#include <grundy/values.hpp>

#include <boost/graph/depth_first_search.hpp>
#include <boost/graph/graph_traits.hpp>
#include <boost/graph/topological_sort.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <iterator>
#include <vector>

namespace grundy::detail {

inline void check_stop(const std::atomic<bool>* stop) {
  if (stop_requested(stop)) throw detail::labelling_interrupted();
}

// Boost's topological sort, looking at the stop flag as it goes: the depth-first search of a
// large graph takes seconds.
template <class Out> struct stoppable_topo_sort_visitor : boost::topo_sort_visitor<Out> {
  stoppable_topo_sort_visitor(Out out, const std::atomic<bool>* stop, work_meter* meter)
      : boost::topo_sort_visitor<Out>(out), stop(stop), meter(meter) {}
  template <class Edge, class Graph> void examine_edge(const Edge&, const Graph&) {
    if (meter->due()) check_stop(stop);
  }
  const std::atomic<bool>* stop;
  work_meter* meter; // shared by the copies the search makes
};

// True when every edge goes from a vertex to a later one, which makes the reverse vertex
// order a topological order for free: breadth-first builders give it for any game whose
// moves all lead one level down (tablettes, for instance).
template <class Graph> bool edges_ascend(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  work_meter meter;
  for (auto v : boost::make_iterator_range(vertices(g))) {
    if (meter.due(out_degree(v, g) + 1)) check_stop(stop);
    for (auto e : boost::make_iterator_range(out_edges(v, g)))
      if (target(e, g) <= v) return false;
  }
  return true;
}

// Vertices in an order where every vertex comes after all of its successors. Throws
// grundy::stopped once *stop is true.
template <class Graph>
std::vector<typename boost::graph_traits<Graph>::vertex_descriptor>
sinks_first_order(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  using vertex = typename boost::graph_traits<Graph>::vertex_descriptor;
  std::vector<vertex> order;
  order.reserve(num_vertices(g));
  if (edges_ascend(g, stop)) {
    for (auto n = num_vertices(g); n-- > 0;)
      order.push_back(static_cast<vertex>(n));
    return order;
  }
  try {
    // As boost::topological_sort does, which emits sinks first.
    work_meter meter;
    boost::depth_first_search(
        g, boost::visitor(stoppable_topo_sort_visitor(std::back_inserter(order), stop, &meter)));
  } catch (const boost::not_a_dag&) {
    throw not_acyclic();
  }
  return order;
}

// The mex of the `count` values that visit(f) passes to f, one call each; it is called up to
// three times. `seen` has room for count + 1 marks and is left all clear, so that labelling
// allocates nothing per vertex.
template <class Visit> grundy_value mex_of(std::size_t count, Visit&& visit, std::vector<char>& seen) {
  // Values are small in most games: one pass builds the set of those below 64 as a word,
  // which settles the mex unless all of them are there.
  std::uint64_t small = 0;
  visit([&](grundy_value x) {
    if (x < 64) small |= std::uint64_t{1} << x;
  });
  if (~small != 0) return static_cast<grundy_value>(std::countr_one(small));
  // A vertex of out-degree d has a value of at most d, so marks beyond d are never needed.
  visit([&](grundy_value x) {
    if (x <= count) seen[x] = 1;
  });
  grundy_value mex = 0;
  while (seen[mex])
    ++mex;
  visit([&](grundy_value x) {
    if (x <= count) seen[x] = 0;
  });
  return mex;
}

// The mex of the values of v's successors, with `seen` as mex_of has it.
template <class Graph, class Values>
grundy_value mex_of_successors(const Graph& g, typename boost::graph_traits<Graph>::vertex_descriptor v,
                               const Values& value, std::vector<char>& seen) {
  return mex_of(
      out_degree(v, g),
      [&](auto&& f) {
        for (auto e : boost::make_iterator_range(out_edges(v, g)))
          f(value[target(e, g)]);
      },
      seen);
}

template <class Graph> std::size_t max_out_degree(const Graph& g) {
  std::size_t m = 0;
  for (auto v : boost::make_iterator_range(vertices(g)))
    m = std::max<std::size_t>(m, out_degree(v, g));
  return m;
}

} // namespace grundy::detail
