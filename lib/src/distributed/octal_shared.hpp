#pragma once
// What the master and the workers of a distributed octal sequence share: the messages, the
// values each knows, the split that makes pairs rare, and who marks which pairs.

#include <grundy/octal/moves.hpp>
#include <grundy/octal/sparse.hpp>

#include "../octal/sparse_engine.hpp"
#include "../octal/sparse_kernels.hpp"

#include <mpi.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
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
  bitmaps,      // worker -> master: one bitmap per heap of one batch
  stop_request, // worker -> master: its signal asked to stop
  acknowledge,  // worker -> master: bitmaps sent in the segment aborted
};

// The header of a segment message, before the values the worker has not been sent yet.
struct segment_header {
  std::uint64_t start, end, known, batch, delay, ranks, cycle;
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

// Options of a heap are XORs of values no larger than `largest`: below 2^bit_width(largest).
// A bitmap row, as the ranks send it, holds every one of them and the mex, which is at most
// that bound.
inline std::size_t row_words(std::uint64_t largest) noexcept {
  return ((std::uint64_t{1} << std::bit_width(largest)) >> 6) + 1;
}

// While marking, a rank keeps a heap's row as bytes, row[v] = 1 for a value reached, as the
// one-process engine does: a mark is one store, where a bit would be a load and a store that
// the next mark of the same word waits for. Rows of 2^bits values and the mex, laid out as the
// engine's (detail::sparse::row_bytes), so that its block kernel marks them.
inline unsigned row_bits(std::uint32_t largest) noexcept {
  return std::max(6u, static_cast<unsigned>(std::bit_width(largest)));
}

// The values a rank knows, G(0..size-1), and the rare heaps among them under the fixed split.
struct known_values {
  explicit known_values(const octal_code& code) : moves(code) {}

  void append(std::uint32_t v) {
    const std::size_t h = g.size();
    g.push_back(v);
    largest = std::max(largest, v);
    if (splitter && h >= 1 && splitter->is_rare(h, v)) add_rare(h);
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
      if (splitter->is_rare(h, g[h])) add_rare(h);
  }

  // The parity of popcount(v & mask) that pairs of two rare or two common heaps give heap h:
  // values of the other parity (candidates) come only from pairs with one rare heap.
  unsigned pair_parity(std::size_t h) const noexcept {
    if (!split.heap_parity || moves.two_heaps.empty()) return 0;
    return static_cast<unsigned>((h - (moves.two_heaps.front() & 1u)) & 1u);
  }

  detail::octal_moves moves;
  std::vector<std::uint32_t> g;
  std::vector<std::uint32_t> rare;       // the rare heaps, in order
  std::vector<grundy_value> rare_values; // and their values, as the block kernel reads them

private:
  void add_rare(std::size_t h) {
    rare.push_back(static_cast<std::uint32_t>(h));
    rare_values.push_back(g[h]);
  }

public:
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

// The rank that proves the heaps of batch k: rank 0 one batch in `cycle`, the workers the others
// in turn. A worker knows the values only a lag behind, so it proves a heap from the pairs
// whose heaps are both at least the lag, against the candidate those pairs give (the pairs it
// cannot read seldom move it); rank 0 then adds the pairs of small heaps, and in the rare heap
// where the candidate moved or a value is still wanted, goes on with the proof itself.
inline int prover(std::size_t k, int ranks, std::size_t cycle) noexcept {
  if (ranks == 1 || k % cycle == 0) return 0;
  const std::size_t before = k - k / cycle - 1; // the workers' batches before k
  return 1 + static_cast<int>(before % static_cast<std::size_t>(ranks - 1));
}

// The rows before any pair is marked (detail::sparse::fill_pattern), for heaps whose pairs of two
// rare or two common heaps give `pairs_parity`, for the row size and split in use.
class row_patterns {
public:
  const std::uint8_t* get(unsigned bits, unsigned pairs_parity, std::uint32_t mask) {
    if (bits != bits_ || mask != mask_) {
      for (unsigned p = 0; p < 2; ++p) {
        rows_[p].resize(detail::sparse::row_bytes(bits));
        detail::sparse::fill_pattern(rows_[p].data(), bits, mask, p);
      }
      bits_ = bits;
      mask_ = mask;
    }
    return rows_[pairs_parity].data();
  }

private:
  std::array<std::vector<std::uint8_t>, 2> rows_;
  unsigned bits_ = 0;
  std::uint32_t mask_ = 0;
};

// The rare pairs of the heaps [first, last) whose heaps are both at least the lag, into byte
// rows of row_bytes(bits) bytes (bits = row_bits of the largest value read). Where a group of
// consecutive heaps all pair with a rare heap, the engine's block kernel marks them together
// (contiguous loads, a store per pair); the pairs near the lag, heap by heap.
inline void mark_rare_pairs(const known_values& k, std::size_t lag, std::size_t first, std::size_t last,
                            std::uint8_t* rows, unsigned bits) {
  namespace kernels = detail::sparse;
  const std::uint32_t* g = k.g.data();
  const std::size_t stride = kernels::row_bytes(bits);
  for (const std::uint32_t n : k.moves.two_heaps) {
    if (last <= n + 2 * lag) continue; // no pair of these heaps has both heaps at least the lag
    const std::size_t top = last - 1 - n - lag;
    const auto begin = std::lower_bound(k.rare.begin(), k.rare.end(), static_cast<std::uint32_t>(lag));
    const auto end = std::upper_bound(begin, k.rare.end(), static_cast<std::uint32_t>(top));
    const std::span<const std::uint32_t> heaps(begin, end);
    const grundy_value* values = k.rare_values.data() + (begin - k.rare.begin());
    // Heap by heap: the rare heaps from index `from` on, for the heaps [low, high).
    const auto one_by_one = [&](std::size_t from, std::size_t low, std::size_t high) {
      for (std::size_t j = from; j < heaps.size(); ++j) {
        const std::size_t x = heaps[j];
        for (std::size_t h = std::max(low, x + n + lag); h < high; ++h)
          rows[(h - first) * stride + (values[j] ^ g[h - n - x])] = 1;
      }
    };
    if (bits > 12) {
      one_by_one(0, first, last);
      continue;
    }
    kernels::with_layout(bits, [&](auto row, auto lanes) {
      for (std::size_t start = first; start < last; start += lanes) {
        if (start + lanes > last || start < n + lag) {
          one_by_one(0, start, std::min(last, start + lanes));
          continue;
        }
        // Rare heaps x <= start - n - lag pair with every heap of the group.
        const auto whole = static_cast<std::size_t>(
            std::upper_bound(heaps.begin(), heaps.end(), static_cast<std::uint32_t>(start - n - lag)) -
            heaps.begin());
        kernels::mark_rows<row, lanes>(rows + (start - first) * stride, g + start - n,
                                       static_cast<const std::uint32_t*>(nullptr), heaps.data(), values,
                                       whole);
        one_by_one(whole, start, start + lanes);
      }
    });
  }
}

// The proofs' first pairs of the first splitting move n, marked for a group of heaps from
// `start` (a block of the engine's kernels) as the one-process engine's block pass marks them:
// block_scan pairs from `low` up, as many below a = (start - n) / 4 and below the middle,
// at the cost of a rare pair each. `high` bounds the middle of every heap of the group; a
// proof then scans [low + block_scan, high - block_scan) from both ends and the few pairs from
// `high` to its own middle. The caller sees to it that the pairs read known values: those of
// the heaps below start - n - low + lanes.
struct group_scan {
  std::size_t low = 0, high = 0;
  bool marked = false;
};

inline group_scan mark_group_scan(const std::uint32_t* g, std::size_t n, std::size_t start, std::size_t low,
                                  std::uint8_t* rows, unsigned bits) {
  constexpr std::size_t scan = detail::sparse::block_scan;
  group_scan s{low, start > n ? (start - n) / 2 + 1 : 0, false};
  if (bits > 12 || s.high < 4 * (low + scan)) return s;
  detail::sparse::with_layout(bits, [&](auto row, auto lanes) {
    const std::uint32_t* base = g + (start - n);
    detail::sparse::mark_range<row, lanes>(rows, g, base, low, low + scan);
    detail::sparse::mark_range<row, lanes>(rows, g, base, s.high / 2 - scan, s.high / 2);
    detail::sparse::mark_range<row, lanes>(rows, g, base, s.high - scan, s.high);
  });
  s.marked = true;
  return s;
}

// Whether a rank marks the proofs' first pairs by groups: where proofs are long (Officers: some
// two thousand pairs), not where a hundred settle them, the engine's rule (long_proof,
// short_proof), from the pairs the last batch's proofs scanned a heap beyond those the groups
// marked: once on, the proofs of Officers still scan some 1,500 of their own.
class scan_choice {
public:
  bool on() const noexcept { return on_; }
  void record(std::size_t pairs, std::size_t heaps) noexcept {
    if (heaps == 0) return;
    const std::size_t average = pairs / heaps;
    if (average >= detail::sparse::long_proof)
      on_ = true;
    else if (average < detail::sparse::short_proof)
      on_ = false;
  }

private:
  bool on_ = false;
};

using proof = detail::sparse::pair_proof;

// proof::seek over the pairs (a, h - n - a) of heap h with a in [from, to), for every splitting
// move n; where the group's scan marked the first move's first pairs, around them.
inline std::size_t seek_heap(proof& wanted, const std::uint32_t* g,
                             const std::vector<std::uint32_t>& two_heaps, std::size_t h, std::size_t from,
                             std::size_t to, const group_scan& scan, std::uint8_t* seen) {
  constexpr std::size_t marked = detail::sparse::block_scan;
  std::size_t pairs = 0;
  for (const std::uint32_t n : two_heaps) {
    if (h < n + 2 || !wanted.open()) continue;
    const std::size_t m = h - n, top = std::min(to, m / 2 + 1);
    if (scan.marked && n == two_heaps.front()) {
      pairs += wanted.seek(g, m, from, std::min(top, scan.low), seen);
      pairs += wanted.seek(g, m, std::max(from, scan.high), top, seen);
      pairs += wanted.seek(g, m, std::max(from, scan.low + marked), std::min(top, scan.high - marked), seen);
    } else {
      pairs += wanted.seek(g, m, from, top, seen);
    }
  }
  return pairs;
}

} // namespace grundy::distributed::octal_detail
