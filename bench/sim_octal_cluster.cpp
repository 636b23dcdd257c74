// sim_octal_cluster: how the work of one octal sequence would split over many nodes, simulated
// on the true values (see docs/cluster.md, "One octal sequence on many nodes").
//
//   sim_octal_cluster CODE N [SAMPLE] [LAG] [RANGE] [NODES...]
//
// computes G(0..N-1) with the sparse engine, then replays the last SAMPLE heaps (20,000) as a
// cluster would settle them: a master that knows every value, and worker nodes that know the
// values up to LAG heaps (4,096) behind the master's, the time the values take to reach them.
// Each worker marks, for every heap, RANGE pairs (256) of the proofs' middle-sized heaps, the
// workers' ranges spread over the pairs whose heaps they know. For each heap it counts the work that can only
// be the master's (the rare pairs whose other heap is newer than the workers' values, and the proof pairs
// that the workers' share did not settle) and the work the workers take (the other rare pairs, and a range of
// proof pairs each), and the bytes that cross the network. It times its own kernels for the cost of a pair
// marked in a block and of a pair scanned by a proof, and prints, for each number of nodes, the master's time
// per value, each worker's, and the values per second the slower of the two allows, beside the bytes per
// value each way.

#include <grundy/octal/code.hpp>
#include <grundy/octal/moves.hpp>
#include <grundy/octal/sparse.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using namespace grundy;
using clock_type = std::chrono::steady_clock;

struct work {
  double master_rare = 0, worker_rare = 0; // rare pairs
  double master_proof = 0;                 // proof pairs the master scans
  double worker_proof = 0;                 // proof pairs all workers mark together
  double settled_by_workers = 0;           // heaps whose proof the workers' pairs settled
  double wanted = 0;                       // values a proof had to find, after the rare pairs
};

// The pairs (a, r - a) of the proof ranges the workers mark: `nodes` ranges of `length`
// pairs spread evenly over [low, high), the first at low, the last ending at high.
std::vector<std::pair<std::size_t, std::size_t>> worker_ranges(std::size_t low, std::size_t high,
                                                               std::size_t nodes, std::size_t length) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  if (high <= low || nodes == 0) return out;
  const std::size_t span = high - low;
  if (span <= nodes * length) return {{low, high}};
  const std::size_t gap = (span - nodes * length) / std::max<std::size_t>(nodes - 1, 1);
  for (std::size_t k = 0; k < nodes; ++k) {
    const std::size_t from = low + k * (length + gap);
    out.emplace_back(from, std::min(from + length, high));
  }
  return out;
}

template <class F> double nanoseconds_per(std::size_t count, F&& f) {
  const auto t0 = clock_type::now();
  f();
  return std::chrono::duration<double, std::nano>(clock_type::now() - t0).count() /
         static_cast<double>(count);
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fmt::print(stderr, "usage: sim_octal_cluster CODE N [SAMPLE] [LAG] [RANGE] [NODES...]\n");
    return 2;
  }
  const auto code = octal_code::parse(argv[1]);
  const std::size_t n_values = std::stoull(argv[2]);
  const std::size_t sample = argc > 3 ? std::stoull(argv[3]) : 20'000;
  const std::size_t lag = argc > 4 ? std::stoull(argv[4]) : 4096;
  const std::size_t range_length = argc > 5 ? std::stoull(argv[5]) : 256;
  std::vector<std::size_t> node_counts;
  for (int i = 6; i < argc; ++i)
    node_counts.push_back(std::stoull(argv[i]));
  if (node_counts.empty()) node_counts = {1, 2, 4, 8, 16, 32, 64};
  const detail::octal_moves moves(code);
  if (moves.two_heaps.empty() || !moves.three_heaps.empty() || sample + lag >= n_values || n_values < 8192 ||
      node_counts[0] != 1) {
    fmt::print(stderr, "the code must split heaps in two (not three), N be at least 8192 and exceed SAMPLE + "
                       "LAG, and the first number of nodes be 1 (the reference)\n");
    return 2;
  }

  sparse_engine engine(code);
  grundy_sequence sequence;
  const auto t0 = clock_type::now();
  engine.extend(sequence, n_values);
  const double engine_seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
  std::vector<std::uint32_t> g(n_values);
  for (std::size_t h = 0; h < n_values; ++h)
    g[h] = sequence[h];
  const unsigned bits = std::max(1u, static_cast<unsigned>(std::bit_width(sequence.max_value())));
  std::vector<std::uint32_t> rare;
  for (std::size_t h = 1; h < n_values; ++h)
    if (engine.is_rare(h, g[h])) rare.push_back(static_cast<std::uint32_t>(h));
  const auto& st = engine.statistics();
  fmt::print("{}: {} values in {:.1f} s on one thread ({:.0f} proof pairs per heap), {} rare heaps, "
             "values of {} bits\n",
             argv[1], n_values, engine_seconds,
             static_cast<double>(st.proof_pairs) / static_cast<double>(n_values), rare.size(), bits);
  const auto below = [&](std::size_t limit) {
    return static_cast<std::size_t>(std::lower_bound(rare.begin(), rare.end(), limit) - rare.begin());
  };
  fmt::print("rare heaps below 1,000: {}, below {}: {}, largest: {}\n", below(1000), lag, below(lag),
             rare.empty() ? 0 : rare.back());

  const std::size_t first = n_values - sample;
  std::vector<std::uint8_t> seen(std::size_t{1} << bits);
  fmt::print("\n{:>5}  {:>9} {:>9} {:>9} {:>9}  {:>8}  {:>7}\n", "nodes", "m.rare", "m.proof", "w.rare",
             "w.proof", "settled", "wanted");
  std::vector<work> totals;
  for (const std::size_t nodes : node_counts) {
    work w;
    const std::size_t workers = nodes - 1; // node 0 is the master
    for (std::size_t h = first; h < n_values; ++h) {
      std::fill(seen.begin(), seen.end(), 0);
      if (moves.vanishes(h)) seen[0] = 1;
      for (auto n : moves.one_heap)
        if (n < h) seen[g[h - n]] = 1;
      // Rare pairs: the master's when the other heap is among the newest `lag` values.
      for (auto n : moves.two_heaps) {
        if (n + 2 > h) break;
        const std::size_t r = h - n;
        for (const std::uint32_t a : rare) {
          if (a >= r) break;
          seen[g[a] ^ g[r - a]] = 1;
          ((workers > 0 && r - a + lag < h) ? w.worker_rare : w.master_rare) += 1;
        }
      }
      std::vector<std::uint32_t> wanted;
      for (std::uint32_t v = 0; v < g[h]; ++v)
        if (!seen[v]) wanted.push_back(v);
      w.wanted += static_cast<double>(wanted.size());
      const auto settle = [&] {
        std::erase_if(wanted, [&](std::uint32_t v) { return seen[v] != 0; });
        return wanted.empty();
      };
      // The workers' proof ranges, in the pairs of the first splitting move whose two heaps
      // they know: a >= lag (the other heap r - a <= h - lag).
      const std::size_t n = moves.two_heaps.front();
      const std::size_t r = h > n ? h - n : 0;
      const std::size_t half = r / 2 + 1;
      const auto ranges = worker_ranges(std::min(lag, half), half, workers, range_length);
      for (const auto& [from, to] : ranges) {
        for (std::size_t a = from; a < to; ++a)
          seen[g[a] ^ g[r - a]] = 1;
        w.worker_proof += static_cast<double>(to - from);
      }
      if (settle()) {
        w.settled_by_workers += 1;
        continue;
      }
      // The master scans the rest, pairs of small heaps first (the newest values), skipping
      // the workers' ranges, until nothing is wanted; then the other moves' pairs.
      std::size_t next_range = 0;
      bool done = false;
      for (std::size_t a = 1; a < half && !done;) {
        if (next_range < ranges.size() && a >= ranges[next_range].first) {
          a = ranges[next_range++].second;
          continue;
        }
        const std::size_t end =
            std::min(next_range < ranges.size() ? ranges[next_range].first : half, a + 64);
        for (; a < end; ++a)
          seen[g[a] ^ g[r - a]] = 1;
        w.master_proof += 64;
        done = settle();
      }
      for (std::size_t k = 1; k < moves.two_heaps.size() && !done; ++k) {
        const std::size_t m = moves.two_heaps[k];
        if (m + 2 > h) break;
        for (std::size_t a = 1; a <= (h - m) / 2; ++a)
          seen[g[a] ^ g[h - m - a]] = 1;
        w.master_proof += static_cast<double>((h - m) / 2);
        done = settle();
      }
    }
    const double s = static_cast<double>(sample);
    w.master_rare /= s;
    w.worker_rare /= s;
    w.master_proof /= s;
    w.worker_proof /= s;
    w.wanted /= s;
    w.settled_by_workers /= s;
    totals.push_back(w);
    fmt::print("{:>5}  {:>9.0f} {:>9.0f} {:>9.0f} {:>9.0f}  {:>7.1f}%  {:>7.2f}\n", nodes, w.master_rare,
               w.master_proof, w.worker_rare, w.worker_proof, 100 * w.settled_by_workers, w.wanted);
  }

  // This machine's costs: a pair marked in a block (a row per heap, the other heaps contiguous:
  // the block pass's loop), and a pair scanned by a proof (one heap, its pairs in turn).
  constexpr std::size_t lanes = 64;
  const std::size_t row = std::size_t{1} << bits;
  std::vector<std::uint8_t> rows(lanes * row);
  const std::size_t top = n_values - lanes;
  std::size_t block_pairs = 0;
  std::uint64_t sink = 0;
  const double block_ns = nanoseconds_per(1,
                                          [&] {
                                            for (std::size_t rep = 0; rep < 64; ++rep) {
                                              const std::size_t start = top - (rep * 997) % (top / 2);
                                              for (const std::uint32_t a : rare) {
                                                if (a >= start)
                                                  break; // the rare heaps are in increasing order
                                                const std::uint32_t x = g[a];
                                                const std::uint32_t* other = g.data() + (start - a);
                                                for (std::size_t i = 0; i < lanes; ++i)
                                                  rows[i * row + (x ^ other[i])] = 1;
                                                block_pairs += lanes;
                                              }
                                              sink += rows[rep % rows.size()];
                                            }
                                          }) /
                          static_cast<double>(std::max<std::size_t>(block_pairs, 1));
  const std::size_t scan_pairs = 4096 * 2000;
  const double scan_ns = nanoseconds_per(scan_pairs, [&] {
    for (std::size_t rep = 0; rep < 4096; ++rep) {
      const std::size_t r = top - (rep * 131) % (top - 2001); // r > 2000
      for (std::size_t a = 1; a <= 2000; ++a)
        seen[g[a] ^ g[r - a]] = 1;
      sink += seen[rep % seen.size()];
    }
  });
  fmt::print("\nthis machine: {:.2f} ns a pair marked in a block, {:.2f} ns a pair scanned by a proof{}\n",
             block_ns, scan_ns, sink == 1 ? " " : "");

  // The bytes per value: each new value goes to every worker (down a tree, once per link:
  // bits / 8 bytes); each heap's marks come back as one bitmap of 2^bits bits (ORed up a tree).
  const double down = static_cast<double>(bits) / 8, up = static_cast<double>(row) / 8;
  fmt::print("messages per value: {:.2f} bytes to each worker, {:.0f} bytes of marks to the master\n\n", down,
             up);
  // Absolute rates follow the kernels above, simpler than the engine's; the speed-up over one
  // node, and the engine's own rate times it, are the figures to read.
  const double engine_rate = static_cast<double>(n_values) / engine_seconds;
  fmt::print("{:>5}  {:>10} {:>10}  {:>12}  {:>9}  {:>12}\n", "nodes", "master ns", "worker ns",
             "model val/s", "speed-up", "engine x it");
  double one = 0;
  for (std::size_t i = 0; i < node_counts.size(); ++i) {
    const auto& w = totals[i];
    const std::size_t workers = node_counts[i] - 1;
    const double master = block_ns * w.master_rare + scan_ns * w.master_proof;
    const double worker =
        workers ? (block_ns * (w.worker_rare + w.worker_proof)) / static_cast<double>(workers) : 0;
    const double per_value = std::max(master, worker);
    if (i == 0) one = per_value;
    fmt::print("{:>5}  {:>10.1f} {:>10.1f}  {:>12.3g}  {:>8.2f}x  {:>12.3g}\n", node_counts[i], master,
               worker, 1e9 / per_value, one / per_value, engine_rate * one / per_value);
  }
  return 0;
}
