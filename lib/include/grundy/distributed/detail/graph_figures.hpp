#pragma once
// The members of distributed::graph that measure the labelled graph over all ranks. Included
// by distributed/graph.hpp.

#include <grundy/distributed/graph.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace grundy::distributed {

template <game G>
graph_statistics graph<G>::statistics(const std::vector<grundy_value>& values, double label_seconds) {
  graph_statistics s;
  std::uint64_t sums[3] = {raw_vertices_, raw_edges_, raw_terminals_};
  net_.sum(sums);
  s.classes = global_states_;
  s.class_edges = global_edges_;
  s.vertices = sums[0];
  s.edges = sums[1];
  s.terminals = sums[2];
  s.depth = depth_;
  if constexpr (requires { game_.symmetry(); })
    s.symmetric = game_.symmetry();
  else
    s.symmetric = symmetric_game<G>;
  std::uint64_t largest = 0;
  for (auto x : values)
    largest = std::max<std::uint64_t>(largest, x);
  s.max_value = static_cast<grundy_value>(net_.max(largest));
  s.value_counts.assign(s.max_value + 1, 0);
  for (std::size_t v = 0; v < values.size(); ++v)
    s.value_counts[values[v]] += grundy::detail::orbit_of(game_, states_[v]);
  net_.sum(s.value_counts);
  s.start_value = start_label(values);
  s.explore_seconds = net_.max(explore_seconds_);
  s.label_seconds = net_.max(label_seconds);
  s.peak_memory_bytes = net_.max(peak_memory_bytes());
  return s;
}

template <game G> grundy_value graph<G>::start_label(const std::vector<grundy_value>& values) {
  // The start's owner numbered it 0; the other ranks add nothing.
  return static_cast<grundy_value>(net_.max(owns_start_ ? std::uint64_t{values[0]} : 0));
}

template <game G>
template <class Keep>
std::uint64_t graph<G>::count_positions(const std::vector<grundy_value>& values, Keep&& keep) {
  std::uint64_t n = 0;
  for (std::size_t v = 0; v < values.size(); ++v)
    if (keep(values[v])) n += grundy::detail::orbit_of(game_, states_[v]);
  return net_.sum(n);
}

template <game G> std::vector<rank_figures> graph<G>::all_figures() {
  const rank_figures mine{static_cast<std::uint64_t>(net_.rank()),
                          states_.size(),
                          edges_,
                          net_.bytes_sent,
                          net_.bytes_received,
                          net_.exchanges,
                          peak_memory_bytes(),
                          net_.seconds};
  std::vector<rank_figures> all(net_.size());
  net_.gather_all(&mine, sizeof mine, all.data());
  return all;
}

} // namespace grundy::distributed
