#pragma once
// Sprague-Grundy values of every vertex of a finite acyclic game graph. label() (label.hpp) is
// the one entry point that chooses among the labellings; the functions here are its steps.

#include <grundy/detail/page_allocator.hpp>
#include <grundy/detail/parallel.hpp>
#include <grundy/detail/work_meter.hpp>
#include <grundy/stop.hpp>
#include <grundy/values.hpp>

#include <boost/graph/graph_traits.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace grundy {

// Thrown when a game graph has a cycle, so that no position has a Sprague-Grundy value
// in the sense used here (finite impartial games).
class not_acyclic : public std::runtime_error {
public:
  not_acyclic() : std::runtime_error("the game graph has a cycle: the game is not finite") {}
};

// grundy::stopped, thrown once a stop flag is set, is in stop.hpp.

} // namespace grundy

#include <grundy/detail/labelling_steps.hpp>

namespace grundy {

// Kept as public names: the order the labellings use, and its fast path for graded graphs.
using detail::edges_ascend;
using detail::sinks_first_order;

// The value of a vertex is the minimum excluded value (mex) of its successors' values.
// Works on any Boost.Graph incidence and vertex-list graph whose vertex descriptors are
// indices, and allocates nothing per vertex. Throws grundy::stopped once *stop is true.
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

namespace detail {

// Calls visit(v, seen) for every vertex of a graph whose edges all lead from one level to the
// next (a graded game's graph), levels from the deepest up, each level's vertices in parallel
// since they depend only on the level below. `seen` is a thread's marks for mex_of.
// `level_starts` ends with the vertex count. Throws grundy::stopped once *stop is true.
template <class Graph, class Level, class Visit>
void for_each_vertex_by_level(const Graph& g, const std::vector<Level>& level_starts, unsigned threads,
                              const std::atomic<bool>* stop, Visit&& visit) {
  using vertex = typename boost::graph_traits<Graph>::vertex_descriptor;
  threads = thread_count(threads);
  const std::size_t marks = max_out_degree(g) + 1;
  for (std::size_t k = level_starts.size() - 1; k-- > 0;) {
    check_stop(stop);
    const std::size_t first = level_starts[k], count = level_starts[k + 1] - first;
    // Blocks of vertices go to whichever thread is free; a level of one block keeps to one.
    constexpr std::size_t block = 4096;
    // A block given up on a stop leaves its values unset: `cut` says so, whatever the flag
    // says afterwards.
    std::atomic<bool> cut{false};
    // A thread is started for a level of several blocks only: a small graph is labelled on
    // the calling thread, faster than a thread starts.
    const unsigned level_threads = count < 8 * block ? 1 : threads;
    for_each_index(level_threads, (count + block - 1) / block, [&](std::size_t i) {
      if (cut.load(std::memory_order_relaxed)) return;
      std::vector<char> seen(marks, 0);
      work_meter meter;
      const auto end = first + std::min(count, (i + 1) * block);
      for (std::size_t v = first + i * block; v < end; ++v) {
        if (meter.due(out_degree(static_cast<vertex>(v), g) + 1) && stop_requested(stop)) {
          cut.store(true, std::memory_order_relaxed);
          return;
        }
        visit(static_cast<vertex>(v), seen);
      }
    });
    if (cut.load()) throw detail::labelling_interrupted();
  }
}

} // namespace detail

// The same values for a graph whose edges all lead from one level to the next (a graded
// game's graph): levels are labelled from the deepest up, each level's vertices in parallel,
// since they depend only on the level below. `level_starts` ends with the vertex count.
// Throws grundy::stopped once *stop is true.
template <class Graph, class Level>
std::vector<grundy_value> sprague_grundy_by_level(const Graph& g, const std::vector<Level>& level_starts,
                                                  unsigned threads, const std::atomic<bool>* stop = nullptr) {
  auto value = detail::huge_vector<grundy_value>(num_vertices(g), 0);
  detail::for_each_vertex_by_level(g, level_starts, threads, stop, [&](auto v, std::vector<char>& seen) {
    value[v] = detail::mex_of_successors(g, v, value, seen);
  });
  return value;
}

} // namespace grundy
