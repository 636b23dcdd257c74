#pragma once
// Figures about an explored and labelled game graph.

#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace grundy {

// The resident memory high-water mark of this process, in bytes (0 where it cannot be read).
std::uint64_t peak_memory_bytes();

struct graph_statistics {
  std::uint64_t vertices = 0;
  std::uint64_t edges = 0;
  std::uint64_t terminals = 0; // positions with no move
  std::size_t depth = 0;       // breadth-first levels, the start position's level included
  grundy_value start_value = 0;
  grundy_value max_value = 0;
  std::vector<std::uint64_t> value_counts; // value_counts[g]: vertices of value g
  double explore_seconds = 0;
  double label_seconds = 0;
  std::uint64_t peak_memory_bytes = 0;

  outcome start_outcome() const noexcept { return outcome_of(start_value); }
};

template <class State>
graph_statistics compute_statistics(const game_graph<State>& gg, const std::vector<grundy_value>& values,
                                    double label_seconds) {
  graph_statistics s;
  s.vertices = gg.vertex_count();
  s.edges = gg.edge_count();
  s.depth = gg.depth();
  for (auto v : boost::make_iterator_range(vertices(gg.graph)))
    if (out_degree(v, gg.graph) == 0) ++s.terminals;
  if (!values.empty()) {
    s.start_value = values[0];
    s.max_value = *std::max_element(values.begin(), values.end());
    s.value_counts.assign(s.max_value + 1, 0);
    for (auto g : values)
      ++s.value_counts[g];
  }
  s.explore_seconds = gg.seconds;
  s.label_seconds = label_seconds;
  s.peak_memory_bytes = grundy::peak_memory_bytes();
  return s;
}

} // namespace grundy
