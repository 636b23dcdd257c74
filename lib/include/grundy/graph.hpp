#pragma once
// Breadth-first construction of the game graph reachable from a start position.

#include <grundy/game.hpp>
#include <grundy/memory.hpp>
#include <grundy/stop.hpp>
#include <grundy/values.hpp>

#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace grundy {

using edge_index = std::uint64_t;

// Built once and never modified, so the compressed sparse row layout fits: two arrays,
// 4 bytes per edge and 8 per vertex, with Boost.Graph's algorithms available on it.
using csr_graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                                     boost::no_property, vertex_id, edge_index>;

// build_progress, and grundy::stopped, the exception that stops an exploration, are in stop.hpp.

struct build_options {
  // Past this many distinct positions exploration stops with grundy::stopped (a limit). Vertex ids are
  // 32-bit, so it cannot exceed 2^32 - 1.
  std::uint64_t max_states = 100'000'000;
  // Resident memory, in bytes, past which exploration stops with grundy::stopped (a limit); 0: no limit.
  std::uint64_t max_memory = 0;
  // Threads for graded games (0: every core). Results do not depend on it.
  unsigned threads = 0;
  // Without edges, a graded game's graph keeps only its states; labelling then regenerates
  // the moves (see label() in label.hpp).
  bool keep_edges = true;
  // Called now and then with the progress made, from the exploring thread.
  std::function<void(const build_progress&)> progress;
  // When set to true (by a signal handler, say), exploration stops with grundy::stopped.
  const std::atomic<bool>* stop = nullptr;
};

// The explored graph. Vertex v stands for states[v]; vertex 0 is the start position and
// vertices are numbered level by level.
template <class State> struct game_graph {
  csr_graph graph; // without vertices or edges when built with keep_edges = false
  std::vector<State> states;
  // level_starts[k] is the first vertex of level k; the last entry is the vertex count.
  std::vector<vertex_id> level_starts;
  std::uint64_t edges = 0;         // distinct successors summed over the vertices
  std::uint64_t terminals = 0;     // vertices without successors
  std::uint64_t raw_vertices = 0;  // positions the vertices stand for (symmetric games)
  std::uint64_t raw_edges = 0;     // edges between those positions
  std::uint64_t raw_terminals = 0; // terminal positions among them
  bool graded = false;             // every edge goes from one level to the next
  double seconds = 0;              // exploration time

  std::size_t vertex_count() const noexcept { return states.size(); }
  std::uint64_t edge_count() const noexcept { return edges; }
  std::size_t depth() const noexcept { return level_starts.size() - 1; }
  bool has_edges() const noexcept { return num_vertices(graph) == states.size(); }
  std::size_t level_of(vertex_id v) const {
    return static_cast<std::size_t>(std::upper_bound(level_starts.begin(), level_starts.end(), v) -
                                    level_starts.begin()) -
           1;
  }
};

} // namespace grundy

// The exploration machinery: limits, the generic builder, the graded one.
#include <grundy/detail/exploration.hpp>
#include <grundy/detail/graded_builder.hpp>

namespace grundy {

// Explores every position reachable from `start`, one breadth-first level at a time.
//
// Each successor is put in canonical form and looked up among the positions met; a vertex's
// edges are its distinct successors, so two moves to the same position make one edge, as
// positions are counted in the literature. Graded games are explored level by level on
// several threads, with the same graph whatever the thread count. Throws grundy::stopped past
// the limits of `options` and when asked to stop.
template <game G>
game_graph<state_t<G>> build_graph(const G& g, const state_t<G>& start, const build_options& options = {}) {
  if constexpr (graded_game<G>)
    return detail::build_graded(g, start, options);
  else
    return detail::build_any(g, start, options);
}

} // namespace grundy
