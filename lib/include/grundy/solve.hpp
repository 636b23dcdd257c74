#pragma once
// Explore, label and measure in one call: what most users of the library want first.

#include <grundy/detail/regenerated_labels.hpp>
#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/label.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>
#include <grundy/statistics.hpp>
#include <grundy/values.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace grundy {

// A game solved: its graph, the labelling of every vertex (values, with the sets of the
// vertices of value ∞(K): outcome_of(v) and format_value(v) read them) and the statistics.
template <game G> struct solved_graph : labelling {
  game_graph<state_t<G>> graph;
  graph_statistics statistics;
};

// Builds, labels and measures the graph; with `remoteness`, every vertex's remoteness too, in
// the labelling's pass (labelling_options::remoteness; it needs the edges). Throws what
// build_graph throws, and grundy::stopped, with the explored graph's figures, when options.stop is
// set while labelling.
template <game G>
solved_graph<G> solve(const G& g, const state_t<G>& start, const build_options& options = {},
                      bool remoteness = false) {
  // Built before the aggregate: GCC 12 destroys an aggregate's base twice when a later
  // initializer throws (as build_graph does at a limit). Moving the graph moves its arrays.
  auto graph = build_graph(g, start, options);
  solved_graph<G> r{{}, std::move(graph), {}};
  const auto t0 = std::chrono::steady_clock::now();
  try {
    labelling_options how;
    how.threads = options.threads;
    how.stop = options.stop;
    how.progress = options.progress;
    how.remoteness = remoteness;
    static_cast<labelling&>(r) = label(g, r.graph, how);
  } catch (const stopped&) {
    throw stopped(
        "interrupted while labelling", stop_reason::interrupted,
        {r.graph.depth(), r.graph.vertex_count(), r.graph.edge_count(),
         r.graph.seconds + std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
         current_memory_bytes()});
  }
  const double label_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.statistics = compute_statistics(g, r.graph, r.values, label_seconds, &r.infinite);
  return r;
}

} // namespace grundy
