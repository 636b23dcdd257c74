#pragma once
// Explore, label and measure in one call: what most users of the library want first.

#include <grundy/detail/regenerated_labels.hpp>
#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>
#include <grundy/statistics.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace grundy {

// Values of a graded game's graph built without edges: levels are labelled from the deepest
// up, regenerating each vertex's moves and finding its successors' values in an index of the
// level below, the only one held at a time. Throws labelling_stopped once *stop is true.
template <graded_game G>
std::vector<grundy_value>
label_by_regenerating(const G& g, const game_graph<state_t<G>>& gg, unsigned threads,
                      const std::atomic<bool>* stop = nullptr,
                      const std::function<void(const build_progress&)>& progress = {}) {
  return detail::regenerated_values(g, gg, threads, stop, progress);
}

// Sprague-Grundy values of every vertex, by the fastest means the graph allows. A graph with
// a cycle gets generalized values (loopy.hpp): infinity for the vertices of value ∞(K), whose
// sets go to *infinite when given. Acyclic graphs take the ordinary labelling, whose
// topological sort is what finds a cycle. Throws labelling_stopped once *stop is true.
// `progress` hears from the labelling of a graph built without edges, the one that takes long.
template <game G>
std::vector<grundy_value> label_graph(const G& g, const game_graph<state_t<G>>& gg, unsigned threads = 0,
                                      const std::atomic<bool>* stop = nullptr,
                                      infinite_sets* infinite = nullptr,
                                      const std::function<void(const build_progress&)>& progress = {}) {
  if constexpr (graded_game<G>) {
    if (!gg.has_edges()) return label_by_regenerating(g, gg, threads, stop, progress);
    return sprague_grundy_by_level(gg.graph, gg.level_starts, threads, stop);
  } else {
    if (!gg.has_edges())
      throw std::invalid_argument("a graph built without edges can be labelled only for graded games");
    auto labelled = sprague_grundy_with_cycles(gg.graph, stop);
    if (infinite) *infinite = std::move(labelled.infinite);
    return std::move(labelled.values);
  }
}

template <game G> struct solved_graph {
  game_graph<state_t<G>> graph;
  std::vector<grundy_value> values; // values[v]: Sprague-Grundy value of vertex v, or infinity
  graph_statistics statistics;
  infinite_sets infinite; // K of the vertices of value ∞(K); empty for an acyclic graph

  outcome outcome_of(vertex_id v) const { return generalized_outcome(values[v], infinite.of(v)); }
  std::string format_value(vertex_id v) const { return grundy::format_value(values[v], infinite.of(v)); }
};

// Builds, labels and measures the graph. Throws what build_graph throws, and `interrupted`,
// with the explored graph's figures, when options.stop is set while labelling.
template <game G>
solved_graph<G> solve(const G& g, const state_t<G>& start, const build_options& options = {}) {
  solved_graph<G> r{build_graph(g, start, options), {}, {}, {}};
  const auto t0 = std::chrono::steady_clock::now();
  try {
    r.values = label_graph(g, r.graph, options.threads, options.stop, &r.infinite, options.progress);
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
