#pragma once
// What the master and the workers of a distributed octal sequence share: the messages, the
// values each knows, the split that makes pairs rare, and who marks which pairs.

#include <grundy/octal/moves.hpp>
#include <grundy/octal/sparse.hpp>

#include <mpi.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace grundy::distributed::octal_detail {

// The master computes this many values alone, with the one-process engine, and the split it
// has then is every rank's for the rest of the run: the values never depend on the split,
// and every rank must mark pairs under the same one. Officers' split is settled long before.
inline constexpr std::size_t prefix_values = std::size_t{1} << 14;

enum tag : int {
  init = 1,     // master -> worker: the code
  ping,         // master -> worker, and back: the round trip measured at the start
  segment,      // master -> worker: heaps [start, end) follow, with values the worker lacks
  values_batch, // master -> worker: one batch of values
  abort_segment,
  finish,
  bitmaps,      // worker -> master: a bitmap a heap of one batch
  stop_request, // worker -> master: its signal asked to stop
  acknowledge,  // worker -> master: bitmaps sent in the segment aborted
};

// The header of a segment message, before the values the worker has not been sent yet.
struct segment_header {
  std::uint64_t start, end, known, batch, delay, proof_pairs, master_share, ranks;
};

inline void check(int status, const char* what) {
  if (status != MPI_SUCCESS) throw std::runtime_error(std::string("MPI failed in ") + what);
}

// Waiting for a message: a few microseconds of polling for the fast case, then short sleeps,
// so that a rank waiting on an oversubscribed or shared machine gives its core away.
class backoff {
public:
  void pause() {
    if (++spins_ < 64) return;
    std::this_thread::sleep_for(std::chrono::microseconds(sleep_us_));
    sleep_us_ = std::min<unsigned>(sleep_us_ * 2, 500);
  }

private:
  unsigned spins_ = 0, sleep_us_ = 10;
};

inline unsigned parity(std::uint64_t v) noexcept { return static_cast<unsigned>(std::popcount(v) & 1); }

// Options of a heap are XORs of values no larger than `largest`: below 2^bit_width(largest).
// A bitmap row holds every one of them and the mex, which is at most that bound.
inline std::size_t row_words(std::uint64_t largest) noexcept {
  return ((std::uint64_t{1} << std::bit_width(largest)) >> 6) + 1;
}

inline void mark(std::uint64_t* row, std::uint64_t v) noexcept {
  row[v >> 6] |= std::uint64_t{1} << (v & 63);
}

// The values a rank knows, G(0..size-1), and the rare heaps among them under the fixed split.
struct known_values {
  explicit known_values(const octal_code& code) : moves(code) {}

  void append(std::uint32_t v) {
    const std::size_t h = g.size();
    g.push_back(v);
    largest = std::max(largest, v);
    if (splitter && h >= 1 && splitter->is_rare(h, v)) rare.push_back(static_cast<std::uint32_t>(h));
  }

  // The split of the engine that computed the first prefix_values values, every rank alike.
  void fix_split() {
    if (splitter || g.size() < prefix_values) return;
    std::vector<grundy_value> head(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(prefix_values));
    sparse_options options;
    options.threads = 1;
    splitter.emplace(moves.code, options);
    splitter->catch_up(grundy_sequence(std::span<const grundy_value>(head)));
    split = splitter->split();
    for (std::size_t h = 1; h < g.size(); ++h)
      if (splitter->is_rare(h, g[h])) rare.push_back(static_cast<std::uint32_t>(h));
  }

  // The parity of popcount(v & mask) that pairs of two rare or two common heaps give heap h:
  // values of the other parity (candidates) come only from pairs with one rare heap.
  unsigned pair_parity(std::size_t h) const noexcept {
    if (!split.heap_parity || moves.two_heaps.empty()) return 0;
    return static_cast<unsigned>((h - (moves.two_heaps.front() & 1u)) & 1u);
  }

  // Who marks the rare pairs whose heaps are both at least the lag: the rare heaps are dealt
  // round in turn to the workers, and to the master too when it has time to spare.
  static int owner(std::size_t index, int ranks, bool master_share) noexcept {
    return master_share ? static_cast<int>(index % static_cast<std::size_t>(ranks))
                        : 1 + static_cast<int>(index % static_cast<std::size_t>(ranks - 1));
  }

  detail::octal_moves moves;
  std::vector<std::uint32_t> g;
  std::vector<std::uint32_t> rare;
  std::uint32_t largest = 0;
  std::optional<sparse_engine> splitter;
  rare_split split;
};

// The batches of a segment [start, end), and the lag they imply: a worker marks batch k once it
// has the values of batches before k - delay, so it reads heaps below start(k - delay), and
// every pair it marks has both heaps at least lag = (delay + 1) * batch.
struct batches {
  std::size_t start, end, size, delay;
  std::size_t count() const noexcept { return (end - start + size - 1) / size; }
  std::size_t first(std::size_t k) const noexcept { return start + k * size; }
  std::size_t last(std::size_t k) const noexcept { return std::min(end, first(k + 1)); }
  std::size_t lag() const noexcept { return (delay + 1) * size; }
};

// The pairs a worker marks for the heaps [first, last): its share of the rare pairs with both
// heaps at least the lag, and its range of the proofs' pairs, from the middle down (rank 0, the
// master, marks its share of the rare pairs this way too, and no proof range). `rows` has
// `words` words a heap.
inline void mark_worker_pairs(const known_values& k, int rank, int ranks, bool master_share,
                              std::size_t proof_pairs, std::size_t lag, std::size_t first, std::size_t last,
                              std::uint64_t* rows, std::size_t words) {
  const std::uint32_t* g = k.g.data();
  for (const std::uint32_t n : k.moves.two_heaps) {
    if (last <= n + 2 * lag) continue; // no pair of these heaps has both heaps at least the lag
    const std::size_t top = last - 1 - n - lag;
    const auto begin = std::lower_bound(k.rare.begin(), k.rare.end(), static_cast<std::uint32_t>(lag));
    for (auto it = begin; it != k.rare.end() && *it <= top; ++it) {
      const auto index = static_cast<std::size_t>(it - k.rare.begin());
      if (known_values::owner(index, ranks, master_share) != rank) continue;
      const std::size_t x = *it;
      const std::uint32_t gx = g[x];
      for (std::size_t h = std::max(first, x + n + lag); h < last; ++h)
        mark(rows + (h - first) * words, gx ^ g[h - n - x]);
    }
    if (rank == 0) continue; // the master's proofs scan what the workers' ranges leave
    const auto slot = static_cast<std::size_t>(rank - 1);
    for (std::size_t h = first; h < last; ++h) {
      if (h < n + 2) continue;
      const std::size_t m = h - n, mid = m / 2;
      if (mid < lag + slot * proof_pairs) continue;
      const std::size_t high = mid - slot * proof_pairs;
      const std::size_t low = std::max(lag, high >= proof_pairs ? high - proof_pairs + 1 : std::size_t{0});
      std::uint64_t* row = rows + (h - first) * words;
      for (std::size_t a = low; a <= high; ++a)
        mark(row, g[a] ^ g[m - a]);
    }
  }
}

} // namespace grundy::distributed::octal_detail
