#pragma once
// Sprague-Grundy values of every vertex of a finite acyclic game graph.

#include <grundy/detail/page_allocator.hpp>
#include <grundy/detail/parallel.hpp>
#include <grundy/detail/work_meter.hpp>

#include <boost/graph/depth_first_search.hpp>
#include <boost/graph/graph_traits.hpp>
#include <boost/graph/topological_sort.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <vector>

namespace grundy {

using grundy_value = std::uint32_t;

// The value of a position of a game with cycles from which neither player can force the game
// into a finite value: the generalized value ∞(K) of loopy.hpp, whose set K is kept beside the
// values. No finite value reaches it (a value is at most the out-degree, below 2^32 - 1).
inline constexpr grundy_value infinity = std::numeric_limits<grundy_value>::max();

// Normal play: the player to move loses exactly at the positions of value 0 (P-positions).
// In a game with cycles some positions are draws (D): perfect play goes on for ever.
enum class outcome : char { p = 'P', n = 'N', d = 'D' };

// For a finite value; the outcome of ∞(K) depends on K (see loopy.hpp).
constexpr outcome outcome_of(grundy_value g) noexcept { return g == 0 ? outcome::p : outcome::n; }
constexpr char to_char(outcome o) noexcept { return static_cast<char>(o); }

// Thrown when a game graph has a cycle, so that no position has a Sprague-Grundy value
// in the sense used here (finite impartial games).
class not_acyclic : public std::runtime_error {
public:
  not_acyclic() : std::runtime_error("the game graph has a cycle: the game is not finite") {}
};

// Thrown by the labelling functions given a stop flag, once the flag is true: labelling a
// graph of hundreds of millions of vertices takes long enough for Ctrl-C to matter.
class labelling_stopped : public std::runtime_error {
public:
  labelling_stopped() : std::runtime_error("labelling was stopped") {}
};

namespace detail {
inline void check_stop(const std::atomic<bool>* stop) {
  if (stop_requested(stop)) throw labelling_stopped();
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
} // namespace detail

// True when every edge goes from a vertex to a later one, which makes the reverse vertex
// order a topological order for free: breadth-first builders give it for any game whose
// moves all lead one level down (tablettes, for instance).
template <class Graph> bool edges_ascend(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  detail::work_meter meter;
  for (auto v : boost::make_iterator_range(vertices(g))) {
    if (meter.due(out_degree(v, g) + 1)) detail::check_stop(stop);
    for (auto e : boost::make_iterator_range(out_edges(v, g)))
      if (target(e, g) <= v) return false;
  }
  return true;
}

// Vertices in an order where every vertex comes after all of its successors. Throws
// labelling_stopped once *stop is true.
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
    detail::work_meter meter;
    boost::depth_first_search(
        g, boost::visitor(detail::stoppable_topo_sort_visitor(std::back_inserter(order), stop, &meter)));
  } catch (const boost::not_a_dag&) {
    throw not_acyclic();
  }
  return order;
}

namespace detail {

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

} // namespace detail

// The value of a vertex is the minimum excluded value (mex) of its successors' values.
// Works on any Boost.Graph incidence and vertex-list graph whose vertex descriptors are
// indices, and allocates nothing per vertex. Throws labelling_stopped once *stop is true.
template <class Graph>
std::vector<grundy_value> sprague_grundy(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  auto value = detail::huge_vector<grundy_value>(num_vertices(g), 0);
  std::vector<char> seen(detail::max_out_degree(g) + 1, 0);
  detail::work_meter meter; // one unit per vertex and per edge
  for (auto v : sinks_first_order(g, stop)) {
    if (meter.due(out_degree(v, g) + 1)) detail::check_stop(stop);
    value[v] = detail::mex_of_successors(g, v, value, seen);
  }
  return value;
}

// The same values for a graph whose edges all lead from one level to the next (a graded
// game's graph): levels are labelled from the deepest up, each level's vertices in parallel,
// since they depend only on the level below. `level_starts` ends with the vertex count.
// Throws labelling_stopped once *stop is true.
template <class Graph, class Level>
std::vector<grundy_value> sprague_grundy_by_level(const Graph& g, const std::vector<Level>& level_starts,
                                                  unsigned threads, const std::atomic<bool>* stop = nullptr) {
  using vertex = typename boost::graph_traits<Graph>::vertex_descriptor;
  threads = detail::thread_count(threads);
  auto value = detail::huge_vector<grundy_value>(num_vertices(g), 0);
  const std::size_t marks = detail::max_out_degree(g) + 1;
  for (std::size_t k = level_starts.size() - 1; k-- > 0;) {
    detail::check_stop(stop);
    const std::size_t first = level_starts[k], count = level_starts[k + 1] - first;
    // Blocks of vertices go to whichever thread is free; a level of one block keeps to one.
    constexpr std::size_t block = 4096;
    // A block given up on a stop leaves its values unset: `cut` says so, whatever the flag
    // says afterwards.
    std::atomic<bool> cut{false};
    // A thread is started for a level of several blocks only: a small graph is labelled on
    // the calling thread, faster than a thread starts.
    const unsigned level_threads = count < 8 * block ? 1 : threads;
    detail::for_each_index(level_threads, (count + block - 1) / block, [&](std::size_t i) {
      if (cut.load(std::memory_order_relaxed)) return;
      std::vector<char> seen(marks, 0);
      detail::work_meter meter;
      const auto end = first + std::min(count, (i + 1) * block);
      for (std::size_t v = first + i * block; v < end; ++v) {
        if (meter.due(out_degree(static_cast<vertex>(v), g) + 1) && detail::stop_requested(stop)) {
          cut.store(true, std::memory_order_relaxed);
          return;
        }
        value[v] = detail::mex_of_successors(g, static_cast<vertex>(v), value, seen);
      }
    });
    if (cut.load()) throw labelling_stopped();
  }
  return value;
}

} // namespace grundy
