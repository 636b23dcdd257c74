#pragma once
// Explore, label and measure in one call: what most users of the library want first.

#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/statistics.hpp>

#include <chrono>
#include <vector>

namespace grundy {

template <game G> struct solved_graph {
  game_graph<state_t<G>> graph;
  std::vector<grundy_value> values; // values[v]: Sprague-Grundy value of vertex v
  graph_statistics statistics;
};

template <game G>
solved_graph<G> solve(const G& g, const state_t<G>& start, const build_options& options = {}) {
  solved_graph<G> r{build_graph(g, start, options), {}, {}};
  const auto t0 = std::chrono::steady_clock::now();
  r.values = sprague_grundy(r.graph.graph);
  const double label_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.statistics = compute_statistics(r.graph, r.values, label_seconds);
  return r;
}

} // namespace grundy
