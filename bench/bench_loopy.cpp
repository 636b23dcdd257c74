// bench_loopy: the generalized labelling of a game graph with cycles, as medians.
//
//   bench_loopy [vertices] [edges] [runs] [loops]   default: 10^6, 10^7, 3 runs, 100
//
// The graph is random with a fixed seed: most edges lead to an earlier vertex, so that the
// values grow as in a game that mostly goes down, and `loops` edges in 1000 go anywhere, which
// closes cycles; vertices 0..99 have no move. Many loops make most positions draws; few leave
// more finite values, and more stages to the labelling.

#include <grundy/graph.hpp>
#include <grundy/loopy.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::stoull(argv[1]) : 1'000'000;
  const std::size_t m = argc > 2 ? std::stoull(argv[2]) : 10'000'000;
  const int runs = argc > 3 ? std::stoi(argv[3]) : 3;
  const unsigned loops = argc > 4 ? static_cast<unsigned>(std::stoul(argv[4])) : 100;
  std::mt19937_64 rng(14);
  std::vector<std::pair<grundy::vertex_id, grundy::vertex_id>> edges;
  edges.reserve(m);
  constexpr std::size_t sinks = 100;
  while (edges.size() < m) {
    const auto u = static_cast<grundy::vertex_id>(sinks + rng() % (n - sinks));
    const auto v = static_cast<grundy::vertex_id>(rng() % 1000 < loops ? rng() % n : rng() % u);
    edges.emplace_back(u, v);
  }
  std::sort(edges.begin(), edges.end());
  const grundy::csr_graph g(boost::edges_are_sorted, edges.begin(), edges.end(), n);
  edges = {};

  std::vector<double> seconds;
  grundy::labelling l;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    l = grundy::generalized_sprague_grundy(g);
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  grundy::grundy_value largest = 0;
  std::size_t draws = 0;
  for (grundy::vertex_id v = 0; v < n; ++v) {
    if (l.values[v] != grundy::infinity) largest = std::max(largest, l.values[v]);
    draws += l.outcome_of(v) == grundy::outcome::d;
  }
  fmt::print("{} vertices, {} edges: labelled in {:.3f} s (median of {}; {:.3f} to {:.3f}); largest finite "
             "value {}, {} infinite, {} draws\n",
             n, num_edges(g), seconds[seconds.size() / 2], runs, seconds.front(), seconds.back(), largest,
             l.infinite.size(), draws);
}
