#pragma once
// Figures about an explored and labelled game graph.

#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>
#include <grundy/memory.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace grundy {

// Counts are of positions and moves. For a symmetric game (one explored vertex per class of
// equivalent positions), vertices, edges, terminals and value_counts are still the raw,
// exact counts of the whole game, and classes and class_edges count what was explored.
struct graph_statistics {
  std::uint64_t vertices = 0;
  std::uint64_t edges = 0;
  std::uint64_t terminals = 0;                  // positions with no move
  std::size_t depth = 0;                        // breadth-first levels, the start position's level included
  grundy_value start_value = 0;                 // infinity for ∞(K)
  std::vector<grundy_value> start_infinite_set; // K, when the start's value is ∞(K)
  grundy_value max_value = 0;                   // the largest finite value
  std::vector<std::uint64_t> value_counts;      // value_counts[g]: positions of value g
  std::uint64_t infinite = 0;                   // positions of value ∞(K) (games with cycles)
  std::uint64_t draws = 0;                      // those of them with 0 not in K
  bool symmetric = false;
  std::uint64_t classes = 0;
  std::uint64_t class_edges = 0;
  double explore_seconds = 0;
  double label_seconds = 0;
  std::uint64_t peak_memory_bytes = 0;

  outcome start_outcome() const noexcept { return generalized_outcome(start_value, start_infinite_set); }
};

// How many positions the vertices kept by `keep(v)` stand for: the vertex count, or for a
// symmetric game the sum of their classes' orbit sizes.
template <game G, class Keep>
std::uint64_t count_positions(const G& g, const game_graph<state_t<G>>& gg, Keep&& keep) {
  std::uint64_t n = 0;
  for (std::size_t v = 0; v < gg.vertex_count(); ++v)
    if (keep(static_cast<vertex_id>(v))) n += detail::orbit_of(g, gg.states[v]);
  return n;
}

// `infinite` gives the sets K when some values are infinite (a graph with cycles).
template <game G>
graph_statistics compute_statistics(const G& g, const game_graph<state_t<G>>& gg,
                                    const std::vector<grundy_value>& values, double label_seconds,
                                    const infinite_sets* infinite = nullptr) {
  graph_statistics s;
  s.classes = gg.vertex_count();
  s.class_edges = gg.edge_count();
  s.vertices = gg.raw_vertices;
  s.edges = gg.raw_edges;
  s.terminals = gg.raw_terminals;
  s.depth = gg.depth();
  if constexpr (requires { g.symmetry(); })
    s.symmetric = g.symmetry();
  else
    s.symmetric = symmetric_game<G>;
  if (!values.empty()) {
    s.start_value = values[0];
    s.max_value = 0;
    bool any_finite = false;
    for (auto x : values)
      if (x != infinity) s.max_value = std::max(s.max_value, x), any_finite = true;
    s.value_counts.assign(any_finite ? s.max_value + 1 : 0, 0);
    for (std::size_t v = 0; v < values.size(); ++v) {
      const auto orbit = detail::orbit_of(g, gg.states[v]);
      if (values[v] != infinity) {
        s.value_counts[values[v]] += orbit;
        continue;
      }
      const auto k = infinite_set_of(infinite, static_cast<vertex_id>(v));
      s.infinite += orbit;
      if (generalized_outcome(infinity, k) == outcome::d) s.draws += orbit;
      if (v == 0) s.start_infinite_set.assign(k.begin(), k.end());
    }
  }
  s.explore_seconds = gg.seconds;
  s.label_seconds = label_seconds;
  s.peak_memory_bytes = grundy::peak_memory_bytes();
  return s;
}

} // namespace grundy
