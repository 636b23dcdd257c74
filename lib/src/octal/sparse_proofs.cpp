// One sparse step: a heap's options through the rare heaps, its candidate, and the proof that
// the candidate is its value (every smaller value of the other parity reached).

#include "sparse_engine.hpp"
#include "sparse_kernels.hpp"

#include "pairs.hpp"
#include "steps.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <limits>

namespace grundy {

using namespace detail::sparse;

// Each heap's row marks row[v] = 1 for every value reached. It starts as a copy of
// pattern_[e]: 0 for the candidate values, those only pairs with a rare heap reach (known
// completely once those pairs are marked), 2 for the values of parity e, which pairs of two
// common heaps reach too and which are therefore known only once such a pair is found.
template <class T>
std::optional<grundy_value> sparse_engine::impl::step(const T* g, std::size_t h,
                                                      const std::atomic<bool>* stop) {
  if (split_.mask == 0 || bits_ > max_split_bits || moves_.two_heaps.empty() || !moves_.three_heaps.empty()) {
    ++statistics_.naive_steps;
    return detail::naive_step(g, h, moves_, seen_.data(), bits_, stop);
  }
  ++statistics_.sparse_steps;
  if (h < block().start || h >= block().end) next_block(g, h);
  const std::size_t lane = h - block().start;
  // In a block the helper prepared, this thread's row of the heap holds the pairs it marked
  // itself; the helper's marks join them from their packed copy, a cache line or two taken from
  // the other core instead of every line of the helper's row.
  const bool handed = helper_ && block().by_helper;
  std::uint8_t* seen = (handed ? aux_ : block().rows).data() + lane * row_;
  grundy_value proved = block_marks::none;
  if (handed) {
    // The helper may still be proving this block's last heaps: its candidate first, then the
    // bits, which hold the proof if the candidate says so.
    proved = std::atomic_ref<grundy_value>(block().proved[lane]).load(std::memory_order_acquire);
    std::uint64_t* bits = block().bits.data() + lane * words_;
    // The next heap's line is on the helper's core: it is fetched while this heap's proof runs.
    if (lane + 1 < lanes_) __builtin_prefetch(bits + words_);
    unpack_row(seen, bits, words_, options_.vector_proofs);
  }
  if (moves_.vanishes(h)) seen[0] = 1;
  for (auto n : moves_.one_heap)
    if (n < h) seen[g[h - n]] = 1;
  mark_recent(g, h, seen);
  const grundy_value candidate = first_candidate(seen, bits_);
  // The helper may have proved the candidate already: then every smaller value is reached.
  if (proved != block_marks::none && block().measured) {
    ++ahead_proved_;
    if (proved == candidate) ++ahead_used_;
  }
  // The proof counts as if this thread had run it (the reviews read the proofs' length).
  if (proved == candidate) {
    ++statistics_.helper_proofs;
    statistics_.proof_pairs += block().proof_pairs[lane];
  }
  const grundy_value x = proved == candidate ? candidate : prove(g, h, seen, candidate);
  // The values' storage is widened for x once it is returned: the helper must not read it then.
  if (x > std::numeric_limits<T>::max()) drain();
  return x;
}

// The rare pairs of heap h the block pass left out: rare heaps below its range (their
// partners may lie inside the block) and rare heaps found after the block was prepared.
template <class T>
void sparse_engine::impl::mark_recent(const T* g, std::size_t h, std::uint8_t* seen) const {
  for (std::size_t k = 0; k < moves_.two_heaps.size(); ++k) {
    const std::size_t n = moves_.two_heaps[k];
    if (n + 2 > h) break; // the lists are in increasing n
    mark_rare_outside(g, h - n, blocks_[current_].first[k], blocks_[current_].last[k], seen);
  }
}

// The candidate is h's value unless a value of the other parity below it is not reached.
// Those wanted values are listed, then sought in the pairs of the first splitting move,
// scanned from both ends of their range: pairs of small heaps, whose values vary little, and
// pairs of two middle-sized heaps reach different values. After the first first_budget pairs,
// an aimed witness is sought for each value still wanted (see find_witness), in games where
// those are usually found, then the scan goes on. If some value is still wanted once every
// pair has been scanned, the least of them is the mex.
template <class T>
grundy_value sparse_engine::impl::prove(const T* g, std::size_t h, std::uint8_t* seen,
                                        grundy_value candidate) {
  if ((wanted_count_ = list_wanted(wanted_.data(), seen, candidate)) == 0) return candidate;
  pair_range pairs = unscanned(g, h, seen);
  if (settled(seen) || seek(g, pairs, first_budget, seen)) return candidate;
  if ((aim(g, h, seen) && settled(seen)) || seek(g, pairs, pairs.high, seen)) return candidate;
  for (std::size_t k = 1; k < moves_.two_heaps.size(); ++k) {
    const std::size_t m = moves_.two_heaps[k];
    if (m + 2 > h) break;
    scan(g, h - m, 1, (h - m) / 2 + 1, seen);
    if (settled(seen)) return candidate;
  }
  ++statistics_.full_scans;
  return wanted_[0];
}

// Drops the values reached from the wanted list; true when none is left.
bool sparse_engine::impl::settled(const std::uint8_t* seen) noexcept {
  grundy_value* wanted = wanted_.data();
  const auto reached = [seen](grundy_value v) { return seen[v] == 1; };
  wanted_count_ = static_cast<std::size_t>(std::remove_if(wanted, wanted + wanted_count_, reached) - wanted);
  return wanted_count_ == 0;
}

// The pairs (a, r - a), a in [1, r / 2], of heap h and the first splitting move, less those
// the block pass marked ([done[0], done[1]) and [done[2], done[3])): the few at either end are
// marked here, the middle range is returned.
template <class T>
sparse_engine::impl::pair_range sparse_engine::impl::unscanned(const T* g, std::size_t h,
                                                               std::uint8_t* seen) {
  const std::size_t n = moves_.two_heaps.front();
  const std::size_t r = n + 2 <= h ? h - n : 0;
  const auto& done = block().scan_done;
  const std::size_t end = r / 2 + 1;
  scan(g, r, 1, std::min(done[0], end), seen);
  scan(g, r, std::min(done[3], end), end, seen);
  return {r, std::min(done[1], end), std::min(done[2], end)};
}

// Scans up to `budget` pairs of `pairs` for the wanted values, a chunk at each end in turn,
// shrinking the range; returns true when none is wanted any more. Every pair is marked, and
// the wanted list checked after each round.
template <class T>
bool sparse_engine::impl::seek(const T* g, pair_range& pairs, std::size_t budget, std::uint8_t* seen) {
  if constexpr (sizeof(T) <= 2)
    if (vector_proofs<T>()) return seek_vectors(g, pairs, budget, seen);
  for (std::size_t chunk = first_chunk; pairs.low < pairs.high && budget > 0;
       chunk = std::min(2 * chunk, last_chunk)) {
    const std::size_t up = std::min({chunk, pairs.high - pairs.low, budget});
    scan(g, pairs.r, pairs.low, pairs.low + up, seen);
    pairs.low += up;
    budget -= up;
    const std::size_t down = std::min({chunk, pairs.high - pairs.low, budget});
    scan(g, pairs.r, pairs.high - down, pairs.high, seen);
    pairs.high -= down;
    budget -= down;
    if (settled(seen)) return true;
  }
  return false;
}

// seek with the wanted values in a bitmap and the pairs looked up 32 at a time (see
// detail::find_wanted): the cost no longer grows with the number of values wanted.
template <class T>
bool sparse_engine::impl::seek_vectors(const T* g, pair_range& pairs, std::size_t budget,
                                       std::uint8_t* seen) {
#ifdef GRUNDY_PAIRS_AVX512
  detail::wanted_bits bits;
  for (std::size_t k = 0; k < wanted_count_; ++k)
    bits.add(wanted_[k]);
  statistics_.proof_pairs += seek_wanted(g, pairs.r, pairs.low, pairs.high, budget, bits, seen);
  return settled(seen);
#else
  return false;
#endif
}

// The helper's share of the proofs of a block it prepared: for each heap, the values its rows
// want (of the other parity, below the first value of the rare parity they do not reach) are
// sought in the pairs whose heaps it knows, a ≥ the first such, beyond the ranges the block
// marked, as seek_vectors does. The engine's thread marks more (the rare heaps too small for
// the helper, the first pairs of small heaps), which may raise the candidate and reach some
// of the values sought: the helper's proof is the heap's only when the engine's thread finds
// the same candidate (see step); every value below it is then reached. A proof the helper
// does not complete is dropped. Stops when the engine's thread arrives at the block and takes
// the rest (go_on).
template <class T> void sparse_engine::impl::prove_ahead(const T* g, block_marks& b) {
#ifdef GRUNDY_PAIRS_AVX512
  if constexpr (sizeof(T) <= 2) {
    if (!b.prove || !vector_proofs<T>() || b.start == 0) return;
    const std::size_t n = moves_.two_heaps.front();
    const std::size_t lead = b.start + lanes_ - b.known;
    const std::size_t least = std::max(lead > n ? lead - n : 1, b.scan_done[1]);
    for (std::size_t i = 0; i < lanes_; ++i) {
      const std::size_t pos = b.lanes_at() + i;
      if (!go_on(b, pos)) break;
      done_up_to(b, pos + 1); // the lane is begun: the engine's thread leaves it to the helper
      const std::size_t h = b.start + i;
      if (h < n + 2) continue;
      const std::size_t r = h - n;
      std::uint8_t* seen = b.rows.data() + i * row_;
      const grundy_value candidate = first_candidate(seen, bits_);
      detail::wanted_bits bits;
      wanted_from_row(bits, seen, std::min(candidate, detail::wanted_bits::limit));
      std::size_t low = least, high = std::min(b.scan_done[2], r / 2 + 1);
      const std::size_t pairs = seek_wanted(g, r, low, high, first_budget, bits, seen);
      if (bits.count > 0) continue;
      // The engine's thread may be reading the block: the row's bits go over in atomic words,
      // then the candidate, which says they hold the proof.
      std::array<std::uint64_t, 8> packed; // words_ <= 8 with vector proofs (bits_ <= 9)
      pack_row(packed.data(), seen, words_, true);
      std::uint64_t* words = b.bits.data() + i * words_;
      for (std::size_t w = 0; w < words_; ++w)
        std::atomic_ref<std::uint64_t>(words[w]).store(packed[w], std::memory_order_relaxed);
      b.proof_pairs[i] = static_cast<std::uint32_t>(pairs);
      std::atomic_ref<grundy_value>(b.proved[i]).store(candidate, std::memory_order_release);
    }
  }
#else
  (void)g, (void)b;
#endif
}

// Looks for an aimed witness of each wanted value in turn, marking those found in `seen`,
// and stops at the first that is not found (the scan will settle the rest). Where such
// witnesses are seldom found (their values drift), only a sample of heaps keeps measuring
// whether they pay. Returns true when it found any.
template <class T> bool sparse_engine::impl::aim(const T* g, std::size_t h, std::uint8_t* seen) {
  if (!witnesses_pay_ && h % 16 != 0) return false;
  ++witness_searches_;
  std::size_t found = 0;
  while (found < wanted_count_ && find_witness(g, h, wanted_[found], seen))
    ++found;
  if (found < wanted_count_) ++witness_failures_;
  return found > 0;
}

// A pair (a, r - a) of values x ^ y and y reaches v = x. Taking y among the most frequent
// values and a among the first heaps of value v ^ y, each try succeeds with about the
// frequency of y, where a pair taken in order reaches v only with the frequency of v among
// all pairs' values. That pays in games whose values settle into a few frequent ones
// (0.376), not in those where rare-parity values are reached by a few scattered pairs (0.6).
template <class T>
bool sparse_engine::impl::find_witness(const T* g, std::size_t h, grundy_value v, std::uint8_t* seen) {
  for (auto n : moves_.two_heaps) {
    if (n + 2 > h) break;
    const std::size_t r = h - n;
    for (const grundy_value y : frequent_) {
      const grundy_value x = y ^ v;
      if (x >= positions_.size()) continue;
      const auto& heaps = positions_[x];
      const std::size_t tries = std::min(heaps.size(), witness_tries);
      for (std::size_t k = 0; k < tries && heaps[k] < r; ++k)
        if (g[r - heaps[k]] == y) {
          statistics_.proof_pairs += k + 1;
          seen[v] = 1;
          return true;
        }
      statistics_.proof_pairs += tries;
    }
  }
  return false;
}

// Marks the pairs (a, r - a) for a in [from, to).
template <class T>
void sparse_engine::impl::scan(const T* g, std::size_t r, std::size_t from, std::size_t to,
                               std::uint8_t* seen) {
  statistics_.proof_pairs += to - from;
  const T* mirror = g + r;
  for (std::size_t a = from; a < to; ++a)
    seen[g[a] ^ mirror[-static_cast<std::ptrdiff_t>(a)]] = 1;
}

template std::optional<grundy_value> sparse_engine::impl::step(std::uint8_t const*, std::size_t,
                                                               const std::atomic<bool>*);
template std::optional<grundy_value> sparse_engine::impl::step(std::uint16_t const*, std::size_t,
                                                               const std::atomic<bool>*);
template std::optional<grundy_value> sparse_engine::impl::step(std::uint32_t const*, std::size_t,
                                                               const std::atomic<bool>*);
template void sparse_engine::impl::prove_ahead(std::uint8_t const*, block_marks&);
template void sparse_engine::impl::prove_ahead(std::uint16_t const*, block_marks&);
template void sparse_engine::impl::prove_ahead(std::uint32_t const*, block_marks&);

} // namespace grundy
