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

// Values of a graded game's graph built without edges: levels are labelled from the deepest
// up, regenerating each vertex's moves and finding its successors' values in an index of the
// level below, the only one held at a time. Throws labelling_stopped once *stop is true.
// Deprecated: label(g, gg, {.threads = threads, .stop = stop, .progress = progress}).values.
template <graded_game G>
std::vector<grundy_value>
label_by_regenerating(const G& g, const game_graph<state_t<G>>& gg, unsigned threads,
                      const std::atomic<bool>* stop = nullptr,
                      const std::function<void(const build_progress&)>& progress = {}) {
  return detail::regenerated_values(g, gg, threads, stop, progress);
}

// Sprague-Grundy values of every vertex, by the fastest means the graph allows: the values of
// label(g, gg, {.threads = threads, .stop = stop, .progress = progress}), with the sets of
// the infinite vertices moved to *infinite when given. Deprecated: label() is the entry
// point (it gives the sets, and outcomes under either convention, in one result).
template <game G>
std::vector<grundy_value> label_graph(const G& g, const game_graph<state_t<G>>& gg, unsigned threads = 0,
                                      const std::atomic<bool>* stop = nullptr,
                                      infinite_sets* infinite = nullptr,
                                      const std::function<void(const build_progress&)>& progress = {}) {
  labelling_options options;
  options.threads = threads;
  options.stop = stop;
  options.progress = progress;
  auto labelled = label(g, gg, options);
  if (infinite) *infinite = std::move(labelled.infinite);
  return std::move(labelled.values);
}

// A game solved: its graph, the labelling of every vertex (values, with the sets of the
// vertices of value ∞(K): outcome_of(v) and format_value(v) read them) and the statistics.
template <game G> struct solved_graph : labelling {
  game_graph<state_t<G>> graph;
  graph_statistics statistics;
};

// Builds, labels and measures the graph; with `remoteness`, every vertex's remoteness too, in
// the labelling's pass (labelling_options::remoteness; it needs the edges). Throws what
// build_graph throws, and `interrupted`, with the explored graph's figures, when options.stop is
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
  } catch (const labelling_stopped&) {
    throw interrupted(
        "interrupted while labelling",
        {r.graph.depth(), r.graph.vertex_count(), r.graph.edge_count(),
         r.graph.seconds + std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
         current_memory_bytes()});
  }
  const double label_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.statistics = compute_statistics(g, r.graph, r.values, label_seconds, &r.infinite);
  return r;
}

} // namespace grundy
