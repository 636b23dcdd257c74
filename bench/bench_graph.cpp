// bench_graph: the game-graph builder's speed and memory on tablettes cells, as medians.
//
//   bench_graph                         the standard suite
//   bench_graph C N [sym] [runs]        one cell (sym: colour symmetry), 1 and 2 threads
//
// Each run is a child process, so that its peak resident memory is its own.

#include <grundy/detail/page_allocator.hpp>
#include <grundy/detail/parallel.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct run_result {
  double explore = 0, label = 0;
  std::uint64_t vertices = 0, classes = 0, edges = 0, class_edges = 0, peak = 0;
  // The whole child process's minor page faults and system time: on virtual machines a fault
  // can cost microseconds, and this is where it shows.
  double minor_faults = 0, system = 0;
};

double seconds(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

// Solves one cell in a child process and reads its figures back through a pipe.
run_result run_child(unsigned colours, unsigned tablets, bool symmetry, unsigned threads) {
  int fds[2];
  if (::pipe(fds) != 0) std::exit(2);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    grundy::build_options o;
    o.threads = threads;
    o.max_states = 0xFFFF'FFFFu;
    const auto s = grundy::with_tablettes(
        grundy::tablettes_game(colours, tablets, {.symmetry = symmetry}),
        [&](const auto& g, const auto& start) { return grundy::solve(g, start, o).statistics; });
    run_result r{s.explore_seconds, s.label_seconds, s.vertices, s.classes, s.edges, s.class_edges, 0};
    if (::write(fds[1], &r, sizeof r) != sizeof r) ::_exit(3);
    ::_exit(0);
  }
  ::close(fds[1]);
  run_result r;
  const bool read_all = ::read(fds[0], &r, sizeof r) == sizeof r;
  ::close(fds[0]);
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  if (!read_all || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fmt::print(stderr, "bench_graph: the run of C={} N={} failed\n", colours, tablets);
    std::exit(1);
  }
  r.peak = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
  r.minor_faults = static_cast<double>(usage.ru_minflt);
  r.system = seconds(usage.ru_stime);
  return r;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

void cell(unsigned colours, unsigned tablets, bool symmetry, int runs) {
  double one = 0;
  for (unsigned threads : {1u, 2u}) {
    std::vector<double> total, explore, faults, system;
    run_result last;
    for (int k = 0; k < runs; ++k) {
      last = run_child(colours, tablets, symmetry, threads);
      total.push_back(last.explore + last.label);
      explore.push_back(last.explore);
      faults.push_back(last.minor_faults);
      system.push_back(last.system);
    }
    const double t = median(total);
    if (threads == 1) one = t;
    // Bytes per explored vertex and edge, from the peak: vertices (states, row starts,
    // values) and edges (targets) are fitted as peak = a * classes + 4 * class_edges.
    const double per_edge = 4.0;
    const double per_state =
        (static_cast<double>(last.peak) - per_edge * static_cast<double>(last.class_edges)) /
        static_cast<double>(last.classes);
    fmt::print("C={} N={}{} threads={}: {} positions ({} explored), {} moves ({} explored); "
               "median {:.3f} s ({:.3f} exploring) over {} runs; {:.2f} M explored states/s; "
               "peak {:.1f} MB = {:.1f} B/state + {:.0f} B/edge; {:.0f} minor faults, {:.3f} s system{}\n",
               colours, tablets, symmetry ? " sym" : "", threads, last.vertices, last.classes, last.edges,
               last.class_edges, t, median(explore), runs,
               static_cast<double>(last.classes) / median(explore) / 1e6,
               static_cast<double>(last.peak) / (1 << 20), per_state, per_edge, median(faults),
               median(system), threads == 2 ? fmt::format("; speed-up {:.2f}x", one / t) : std::string());
  }
}

// What two threads can give on this machine right now: the same independent integer loop on
// one thread, then on two at once. On a virtual machine whose two cores share physical ones
// with other guests this is well under 2, and it bounds any speed-up measured next to it.
double machine_parallelism() {
  auto spin = [] {
    std::uint64_t x = 1;
    for (std::uint64_t i = 0; i < 400'000'000; ++i)
      x = x * 6364136223846793005ull + 1442695040888963407ull;
    return x;
  };
  auto timed = [&](unsigned threads) {
    std::vector<std::uint64_t> sink(threads);
    const auto t0 = std::chrono::steady_clock::now();
    grundy::detail::run_on_threads(threads, [&](unsigned t) { sink[t] = spin(); });
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (sink[0] == 0) std::exit(4); // keeps the loop
    return s;
  };
  std::vector<double> ratios;
  for (int k = 0; k < 3; ++k)
    ratios.push_back(2 * timed(1) / timed(2));
  return median(ratios);
}

// What the first write to fresh memory costs on this machine right now, in seconds per GB of
// wall and of system time, in 4 KB pages and where huge pages are asked for: the kernel zeroes
// every page it hands out, and on some virtual machines that costs several times what it does
// on others, or on the same one an hour later. A builder that writes a graph of S bytes pays
// about S times this, whatever it does.
struct touch_cost {
  double wall = 0, system = 0;
};

touch_cost fresh_memory_cost(bool huge) {
  constexpr std::size_t bytes = std::size_t{256} << 20;
  std::vector<double> wall, system;
  for (int k = 0; k < 3; ++k) {
    rusage before{}, after{};
    ::getrusage(RUSAGE_SELF, &before);
    const auto t0 = std::chrono::steady_clock::now();
    grundy::detail::page_allocator<std::byte> pages;
    auto* p = pages.allocate(bytes); // aligned to 2 MB and advised for huge pages
    if (!huge) ::madvise(p, bytes, MADV_NOHUGEPAGE);
    std::memset(p, 1, bytes);
    pages.deallocate(p, bytes);
    wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    ::getrusage(RUSAGE_SELF, &after);
    system.push_back(seconds(after.ru_stime) - seconds(before.ru_stime));
  }
  return {4 * median(wall), 4 * median(system)};
}

} // namespace

int main(int argc, char** argv) {
  fmt::print("machine: two threads run independent integer loops {:.2f}x as fast as one (ideal 2.00)\n",
             machine_parallelism());
  const auto small = fresh_memory_cost(false), huge = fresh_memory_cost(true);
  fmt::print("machine: writing fresh memory costs {:.2f} s per GB ({:.2f} s system) in 4 KB pages, "
             "{:.2f} s per GB ({:.2f} s system) in huge pages\n",
             small.wall, small.system, huge.wall, huge.system);
  if (argc >= 3) {
    const bool symmetry = argc >= 4 && std::string(argv[3]) == "sym";
    cell(static_cast<unsigned>(std::atoi(argv[1])), static_cast<unsigned>(std::atoi(argv[2])), symmetry,
         argc >= 5 ? std::atoi(argv[4]) : 3);
    return 0;
  }
  cell(4, 4, false, 5);
  cell(5, 4, false, 3);
  cell(5, 4, true, 3);
  cell(6, 4, true, 3);
  cell(7, 4, true, 1);
}
