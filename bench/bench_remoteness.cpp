// bench_remoteness: what remoteness adds to labelling a graph of about 10^6 vertices, as medians.
//
//   bench_remoteness [RUNS]         the suite: each graph labelled without and with remoteness,
//                                   alternately, RUNS times each (5 by default)
//   bench_remoteness GRAPH MODE [N] one graph built and labelled N times (3 by default), for
//                                   timing whole processes; GRAPH is tablettes, acyclic or
//                                   cyclic, MODE plain or remoteness
//
// The graphs: tablettes of 4 colours of 5 tablets (a graded game's graph of 1.3·10^6 vertices
// and 1.5·10^7 edges, labelled level by level on one thread); a random acyclic graph of 10^6 vertices and
// 5·10^6 edges, every edge to an earlier vertex (labelled in a topological order); the same with one edge in
// ten going anywhere, which closes cycles (the generalized labelling and retrograde analysis).

#include "timing.hpp"

#include <grundy/games/tablettes.hpp>
#include <grundy/graph.hpp>
#include <grundy/label.hpp>

#include <fmt/format.h>

#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace grundy;

csr_graph random_graph(std::size_t n, std::size_t m, unsigned loops_per_1000) {
  std::mt19937_64 rng(44);
  std::vector<std::pair<vertex_id, vertex_id>> edges;
  edges.reserve(m);
  constexpr std::size_t sinks = 100;
  while (edges.size() < m) {
    const auto u = static_cast<vertex_id>(sinks + rng() % (n - sinks));
    const auto v = static_cast<vertex_id>(rng() % 1000 < loops_per_1000 ? rng() % n : rng() % u);
    edges.emplace_back(u, v);
  }
  std::sort(edges.begin(), edges.end());
  return csr_graph(boost::edges_are_sorted, edges.begin(), edges.end(), n);
}

// Calls f(label) with a function labelling the named graph with or without remoteness, and
// returns the graph's size in words.
std::string with_graph(const std::string& name,
                       const std::function<void(const std::function<void(bool)>&)>& f) {
  if (name == "tablettes") {
    const tablettes_game game(4, 5);
    return with_tablettes(game, [&](const auto& g, const auto& start) {
      build_options o;
      o.threads = 1;
      o.max_states = 0xFFFF'FFFFu;
      const auto gg = build_graph(g, start, o);
      f([&](bool r) {
        const auto l = label(g, gg, {.remoteness = r, .threads = 1});
        if (l.values.empty()) std::exit(4);
      });
      return fmt::format("tablettes C=4 N=5 ({} vertices, {} edges)", gg.vertex_count(), gg.edge_count());
    });
  }
  if (name != "acyclic" && name != "cyclic") {
    fmt::print(stderr, "bench_remoteness: no graph '{}' (tablettes, acyclic or cyclic)\n", name);
    std::exit(2);
  }
  const auto g = random_graph(1'000'000, 5'000'000, name == "cyclic" ? 100 : 0);
  f([&](bool r) {
    const auto l = label(g, {.remoteness = r});
    if (l.values.empty()) std::exit(4);
  });
  return fmt::format("{} random graph ({} vertices, {} edges)", name, num_vertices(g), num_edges(g));
}

} // namespace

int main(int argc, char** argv) {
  if (argc >= 3) {
    const std::string mode = argv[2];
    const int times = argc > 3 ? std::atoi(argv[3]) : 3;
    if (mode != "plain" && mode != "remoteness") {
      fmt::print(stderr, "bench_remoteness: MODE is plain or remoteness, not '{}'\n", mode);
      return 2;
    }
    with_graph(argv[1], [&](const auto& label_once) {
      for (int k = 0; k < times; ++k)
        label_once(mode == "remoteness");
    });
    return 0;
  }
  const int runs = argc > 1 ? std::atoi(argv[1]) : 5;
  for (const char* name : {"tablettes", "acyclic", "cyclic"}) {
    std::vector<bench::timing> plain, remote;
    const auto what = with_graph(name, [&](const auto& label_once) {
      for (int k = 0; k < runs; ++k) {
        plain.push_back(bench::measure([&] { label_once(false); }));
        remote.push_back(bench::measure([&] { label_once(true); }));
      }
    });
    // On a machine shared with other work, wall time counts the waits for a processor as well;
    // CPU time does not, so both are given.
    const auto added = [&](double bench::timing::*of) {
      std::vector<double> p, r;
      for (const auto& t : plain)
        p.push_back(t.*of);
      for (const auto& t : remote)
        r.push_back(t.*of);
      return 100 * (bench::median(r) / bench::median(p) - 1);
    };
    fmt::print(
        "{}\n  values alone:     {}\n  with remoteness:  {}\n  remoteness adds {:.0f}% wall, {:.0f}% CPU "
        "(medians)\n",
        what, bench::summary(plain), bench::summary(remote), added(&bench::timing::wall),
        added(&bench::timing::cpu));
  }
}
