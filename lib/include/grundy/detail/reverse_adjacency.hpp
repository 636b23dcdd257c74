#pragma once
// Predecessor lists of a graph, for the retrograde labellings (loopy.hpp).

#include <grundy/graph.hpp>

#include <boost/graph/graph_traits.hpp>
#include <boost/range/iterator_range.hpp>

#include <cstddef>
#include <span>
#include <vector>

namespace grundy::detail {

// Predecessor lists of a graph, in the compressed sparse row layout.
struct reverse_adjacency {
  std::vector<edge_index> starts;
  std::vector<vertex_id> sources;

  std::span<const vertex_id> of(vertex_id v) const {
    return {sources.data() + starts[v], sources.data() + starts[v + 1]};
  }
};

template <class Graph> reverse_adjacency reverse_of(const Graph& g) {
  const std::size_t n = num_vertices(g);
  reverse_adjacency r;
  r.starts.assign(n + 1, 0);
  for (auto v : boost::make_iterator_range(vertices(g)))
    for (auto e : boost::make_iterator_range(out_edges(v, g)))
      ++r.starts[static_cast<std::size_t>(target(e, g)) + 1];
  for (std::size_t v = 0; v < n; ++v)
    r.starts[v + 1] += r.starts[v];
  r.sources.resize(r.starts[n]);
  auto next = r.starts;
  for (auto v : boost::make_iterator_range(vertices(g)))
    for (auto e : boost::make_iterator_range(out_edges(v, g)))
      r.sources[next[target(e, g)]++] = static_cast<vertex_id>(v);
  return r;
}

} // namespace grundy::detail
