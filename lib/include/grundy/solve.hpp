#pragma once
// Explore, label and measure in one call: what most users of the library want first.

#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>
#include <grundy/statistics.hpp>

#include <boost/unordered/unordered_flat_map.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

namespace grundy {

// Values of a graded game's graph built without edges: levels are labelled from the deepest
// up, regenerating each vertex's moves and finding its successors' values through an index of
// the level below, the only one held at a time.
template <graded_game G>
std::vector<grundy_value> label_by_regenerating(const G& g, const game_graph<state_t<G>>& gg,
                                                unsigned threads, const std::atomic<bool>* stop = nullptr) {
  using state = state_t<G>;
  threads = detail::thread_count(threads);
  std::vector<grundy_value> value(gg.vertex_count(), 0);
  for (std::size_t k = gg.depth(); k-- > 0;) {
    detail::check_stop(stop);
    const std::size_t first = gg.level_starts[k], count = gg.level_starts[k + 1] - first;
    boost::unordered_flat_map<state, grundy_value, boost::hash<state>> below;
    if (k + 1 < gg.depth()) {
      below.reserve(gg.level_starts[k + 2] - gg.level_starts[k + 1]);
      detail::work_meter meter;
      for (auto v = gg.level_starts[k + 1]; v < gg.level_starts[k + 2]; ++v) {
        if (meter.due()) detail::check_stop(stop);
        below.emplace(gg.states[v], value[v]);
      }
    }
    std::atomic<bool> cut{false}; // a thread gave up on a stop, leaving values unset
    detail::run_on_threads(threads, [&](unsigned t) {
      std::vector<state> moves;
      std::vector<char> seen;
      detail::work_meter meter; // one unit per vertex and per move
      const auto [b, e] = detail::part_of(count, threads, t);
      for (std::size_t v = first + b; v < first + e; ++v) {
        if (meter.due(moves.size() + 1) &&
            (detail::stop_requested(stop) || cut.load(std::memory_order_relaxed))) {
          cut.store(true, std::memory_order_relaxed);
          return;
        }
        moves.clear();
        g.successors(gg.states[v], moves);
        seen.assign(moves.size() + 1, 0);
        for (auto& m : moves)
          if (auto x = below.at(g.canonical(m)); x <= moves.size()) seen[x] = 1;
        grundy_value mex = 0;
        while (seen[mex])
          ++mex;
        value[v] = mex;
      }
    });
    if (cut.load()) throw labelling_stopped();
  }
  return value;
}

// Sprague-Grundy values of every vertex, by the fastest means the graph allows. A graph with
// a cycle gets generalized values (loopy.hpp): infinity for the vertices of value ∞(K), whose
// sets go to *infinite when given. Acyclic graphs take the ordinary labelling, whose
// topological sort is what finds a cycle. Throws labelling_stopped once *stop is true.
template <game G>
std::vector<grundy_value> label_graph(const G& g, const game_graph<state_t<G>>& gg, unsigned threads = 0,
                                      const std::atomic<bool>* stop = nullptr,
                                      infinite_sets* infinite = nullptr) {
  if constexpr (graded_game<G>) {
    if (!gg.has_edges()) return label_by_regenerating(g, gg, threads, stop);
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
    r.values = label_graph(g, r.graph, options.threads, options.stop, &r.infinite);
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
