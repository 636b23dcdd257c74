// The block pass: the rare pairs of a few consecutive heaps marked together, by this thread
// or a few blocks ahead by a second one, and the proofs' first pairs with them.

#include "sparse_engine.hpp"
#include "sparse_kernels.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <limits>
#include <tuple>
#include <utility>

namespace grundy {

using namespace detail::sparse;

// Makes the block of heap h ready. Alone, the engine prepares it here. With a helper thread,
// the helper has prepared most of it, from the values known when it was handed out, while this
// thread settled the blocks before: this thread hands out the block blocks_ahead further on,
// then marks the rare pairs the helper left (complete_block). How many it leaves follows which
// thread waited for the other, so that both stay busy; the values do not depend on it.
template <class T> void sparse_engine::impl::next_block(const T* g, std::size_t h) {
  ++statistics_.blocks;
  const auto prepare_here = [&] {
    plan_block(block(), h, h, 0, block_scan, rare_now());
    fill_block(g, block(), rare_now(), false);
    if (helper_) pack_block(block());
  };
  if (!helper_) return prepare_here();
  const std::size_t next = (current_ + 1) % ring;
  start_rows(aux_.data(), h); // this thread's rows start as the helper's do
  if (posted_[next].start == h) {
    // The helper should stay a block or two ahead: never so far behind that this thread
    // waits, nor so far ahead that it waits for a free block. Behind, this thread takes the
    // rare pairs it has not begun yet, and a larger share of the next blocks'. Ahead with no
    // share left to give back (long proofs, few rare heaps: 0.1666), the helper marks longer
    // ranges of the proofs' first pairs, a block at a time, for a fraction of what the proofs
    // would pay for them; those shrink first when this thread waits.
    const auto ticket = posted_[next].ticket;
    if (!helper_->finished(ticket)) {
      ++statistics_.helper_waits;
      if (scan_ > block_scan)
        scan_ -= block_scan_step;
      else
        share_ += share_step;
      steal(g, blocks_[next]);
    } else if (helper_->finished(ticket + 2)) {
      if (share_ > 0)
        share_ -= std::min(share_, share_step);
      else if (scan_in_blocks_)
        scan_ = std::min(scan_ + block_scan_step, max_block_scan);
    }
    helper_->wait(ticket);
    ++statistics_.helper_blocks;
    current_ = next;
  } else {
    drain();
    current_ = next;
    prepare_here();
  }
  posted_[current_] = {};
  for (std::size_t d = 1; d <= blocks_ahead; ++d) {
    const std::size_t slot = (current_ + d) % ring;
    if (posted_[slot].start != h + d * lanes_) post_block(g, slot, h + d * lanes_, h);
  }
  complete_block(g, block());
}

// Hands the helper the block starting at `start`, to prepare into blocks_[slot] from the values
// G(0..known-1).
template <class T>
void sparse_engine::impl::post_block(const T* g, std::size_t slot, std::size_t start, std::size_t known) {
  // This thread appends the rare heaps it finds while the helper reads rare_: room is made
  // while the helper is idle, so that the arrays do not move under it.
  const std::size_t room = rare_.size() + 2 * ring * lanes_;
  if (rare_.capacity() < room || rare_values_.capacity() < room) {
    helper_->wait();
    rare_.reserve(2 * room);
    rare_values_.reserve(2 * room);
  }
  plan_block(blocks_[slot], start, known, share_, scan_, rare_now());
  tasks_[slot] = {this, g, &blocks_[slot], rare_now()};
  posted_[slot] = {start, helper_->post(&run_helper_task<T>, &tasks_[slot])};
}

template <class T> void sparse_engine::impl::run_helper_task(void* task) noexcept {
  const auto& t = *static_cast<const helper_task*>(task);
  t.engine->fill_block(static_cast<const T*>(t.g), *t.block, t.rare, true);
}

namespace {

// A shared block's work not yet taken, in one word: its rare heaps [low, high), which the
// helper takes in chunks from the low end and the engine's thread from the high end, and which
// of the three ranges of the proofs' first pairs (mark_scan) are taken, by whichever thread
// gets there first. Rare heaps are shared only while their indices fit in index_bits.
constexpr unsigned index_bits = 29;
constexpr std::size_t max_claim_index = (std::size_t{1} << index_bits) - 1;
constexpr std::uint64_t scan_flags = std::uint64_t{7} << 61;
constexpr std::uint64_t scan_flag(unsigned range) noexcept { return std::uint64_t{1} << (61 + range); }
constexpr std::uint64_t claim_range(std::size_t low, std::size_t high, std::uint64_t flags = 0) noexcept {
  return std::uint64_t{low} | std::uint64_t{high} << index_bits | (flags & scan_flags);
}
constexpr std::size_t claim_low(std::uint64_t c) noexcept { return c & max_claim_index; }
constexpr std::size_t claim_high(std::uint64_t c) noexcept { return (c >> index_bits) & max_claim_index; }
bool take_scan(std::atomic_ref<std::uint64_t> claims, unsigned range) noexcept {
  return !(claims.fetch_or(scan_flag(range), std::memory_order_acq_rel) & scan_flag(range));
}

// Rare heaps taken at a time from a shared block: about a thousand options, long enough for
// the exchange to cost little, short enough that the engine's thread seldom waits for the
// helper's last chunk.
constexpr std::size_t claim_chunk = 64;

// Takes the next chunk of rare heaps not yet taken, from the low end (the helper) or the high
// end (the engine's thread), into [from, to); false once none is left.
bool take_rare(std::atomic_ref<std::uint64_t> claims, bool low_end, std::size_t& from,
               std::size_t& to) noexcept {
  for (std::uint64_t c = claims.load(std::memory_order_acquire); claim_low(c) < claim_high(c);) {
    const std::size_t low = claim_low(c), high = claim_high(c), chunk = std::min(claim_chunk, high - low);
    std::tie(from, to) = low_end ? std::pair{low, low + chunk} : std::pair{high - chunk, high};
    const std::uint64_t rest = low_end ? claim_range(to, high, c) : claim_range(low, from, c);
    if (claims.compare_exchange_weak(c, rest, std::memory_order_acq_rel)) return true;
  }
  return false;
}

} // namespace

// What the block starting at `start` will hold, from the values G(0..known-1) and the rare
// heaps `rare`: for each move, its rare heaps [first, last), of which the first `share` are
// left to complete_block, and ranges of `scan` of the proofs' first pairs (see plan_scan).
void sparse_engine::impl::plan_block(block_marks& b, std::size_t start, std::size_t known, std::size_t share,
                                     std::size_t scan, rare_prefix rare) const {
  b.start = start;
  b.end = start + lanes_;
  for (std::size_t k = 0; k < moves_.two_heaps.size(); ++k) {
    std::tie(b.first[k], b.last[k]) = rare_range(moves_.two_heaps[k], start, known, rare);
    b.split[k] = std::min(b.first[k] + share, b.last[k]);
  }
  b.rare_shared = moves_.two_heaps.size() == 1 && b.last[0] <= max_claim_index;
  b.claims = b.rare_shared ? claim_range(b.split[0], b.last[0]) : 0;
  b.scan = scan;
  plan_scan(b, known);
}

// Fills a planned block: patterns, the proofs' first pairs, then the rare pairs [split, last)
// of each move. Runs on either thread; `shared` says the helper runs it, and that the engine's
// thread may take the last chunks of a single move's rare heaps (see steal).
template <class T>
void sparse_engine::impl::fill_block(const T* g, block_marks& b, rare_prefix rare, bool shared) const {
  start_rows(b.rows.data(), b.start);
  if (!shared) {
    mark_scan(g, b.rows.data(), b);
    mark_rare(g, b.rows.data(), b.start, b.split.data(), b.last.data(), rare);
    return;
  }
  std::atomic_ref<std::uint64_t> claims(b.claims);
  if (!b.rare_shared) mark_rare(g, b.rows.data(), b.start, b.split.data(), b.last.data(), rare);
  for (std::size_t from, to; take_rare(claims, true, from, to);)
    mark_rare(g, b.rows.data(), b.start, &from, &to, rare);
  for (unsigned range = 0; range < 3; ++range)
    if (take_scan(claims, range)) mark_scan(g, b.rows.data(), b, range);
  pack_block(b);
}

// Sets the rows of the block starting at `start` to their patterns: nothing reached yet.
void sparse_engine::impl::start_rows(std::uint8_t* rows, std::size_t start) const noexcept {
  for (std::size_t i = 0; i < lanes_; ++i)
    std::memcpy(rows + i * row_, pattern_[expected_parity(start + i)].data(), row_);
}

// Packs the rows of a block prepared for this thread while a helper runs: it reads them packed
// (see step), so that the rows stay in the cache of the core that marked them.
void sparse_engine::impl::pack_block(block_marks& b) const noexcept {
  for (std::size_t i = 0; i < lanes_; ++i)
    pack_row(b.bits.data() + i * words_, b.rows.data() + i * row_, words_, options_.vector_proofs);
}

// The engine's thread, arrived at a block the helper has not finished, takes what the helper
// has not begun (the proofs' first pairs, then rare heaps from the high end) into aux_, whose
// marks step and the proofs read beside the block's.
template <class T> void sparse_engine::impl::steal(const T* g, block_marks& b) {
  const rare_prefix rare = rare_now();
  std::atomic_ref<std::uint64_t> claims(b.claims);
  for (unsigned range = 3; range-- > 0;)
    if (take_scan(claims, range)) mark_scan(g, aux_.data(), b, range);
  for (std::size_t from, to; take_rare(claims, false, from, to);)
    mark_rare(g, aux_.data(), b.start, &from, &to, rare);
}

// Marks the rare pairs of a block the helper prepared that it left to this thread, which
// knows every value before the block: the first `share` of the helper's range, and the rare
// heaps too small for the helper's values. They go to aux_ (see step).
template <class T> void sparse_engine::impl::complete_block(const T* g, block_marks& b) {
  const rare_prefix rare = rare_now();
  for (std::size_t k = 0; k < moves_.two_heaps.size(); ++k)
    lower_[k] = rare_range(moves_.two_heaps[k], b.start, b.start, rare).first; // <= b.first[k]
  mark_rare(g, aux_.data(), b.start, lower_.data(), b.split.data(), rare);
  std::copy(lower_.begin(), lower_.end(), b.first.begin());
}

// The rare heaps r (indices into `rare`) whose pairs with the move removing n have their
// partners among the values G(0..known-1) for every heap of the block starting at `start`:
// start + lanes_ - n - known <= r <= start - n - 1. The others (r too small, or a rare heap
// found since) are left to mark_recent.
std::pair<std::size_t, std::size_t>
sparse_engine::impl::rare_range(std::size_t n, std::size_t start, std::size_t known, rare_prefix rare) const {
  const std::size_t lead = start + lanes_ - known; // lanes_ or more
  const std::uint32_t least = n < lead ? static_cast<std::uint32_t>(lead - n) : 1u;
  const std::uint32_t* heaps = rare.heaps;
  const std::uint32_t* end = heaps + rare.count;
  const auto first = static_cast<std::size_t>(std::lower_bound(heaps, end, least) - heaps);
  if (start <= n + 1 || known == 0) return {first, first};
  const auto last = static_cast<std::size_t>(std::upper_bound(heaps, end, start - n - 1) - heaps);
  return {first, std::max(first, last)};
}

// Marks the pairs of the rare heaps [first[k], last[k]) of each splitting move k for every
// heap of the block starting at `start`.
template <class T>
void sparse_engine::impl::mark_rare(const T* g, std::uint8_t* rows, std::size_t start,
                                    const std::size_t* first, const std::size_t* last,
                                    rare_prefix rare) const {
  const auto& moves = moves_.two_heaps;
  // A block starting below a move's removal count has no pair of it (rare_range is empty), and
  // g + (start - n) would point before the values, which UBSan rightly reports.
  const auto base = [&](std::size_t k) { return start >= moves[k] ? g + (start - moves[k]) : nullptr; };
  constexpr const T* none = nullptr;
  if (moves.size() != 2) {
    for (std::size_t k = 0; k < moves.size(); ++k)
      mark_block(rows, base(k), none, rare, first[k], last[k]);
    return;
  }
  // Both moves in one pass where their ranges overlap, the ends apart.
  const std::size_t from = std::max(first[0], first[1]);
  const std::size_t to = std::max(from, std::min(last[0], last[1]));
  mark_block(rows, base(0), base(1), rare, from, to);
  for (std::size_t k = 0; k < 2; ++k) {
    mark_block(rows, base(k), none, rare, first[k], std::min(from, last[k]));
    mark_block(rows, base(k), none, rare, std::max(to, first[k]), last[k]);
  }
}

template <class T>
void sparse_engine::impl::mark_block(std::uint8_t* rows, const T* base, const T* second, rare_prefix rare,
                                     std::size_t first, std::size_t last) const {
  if (last <= first) return;
  with_layout(bits_, [&](auto row, auto lanes) {
    mark_rows<row(), lanes()>(rows, base, second, rare.heaps + first, rare.values + first, last - first);
  });
}

// Chooses, for the heaps of the block, the first pairs of the first splitting move the proofs
// would scan, for the block pass to mark: block_scan pairs of small heaps and as many of two
// middle-sized heaps, at the cost of a rare pair each. Most values the proofs want turn up
// there, and each of those the proofs would have to find themselves costs them a few dozen
// cycles. Only pairs of the values G(0..known-1): a from start + lanes_ - n - known on.
void sparse_engine::impl::plan_scan(block_marks& b, std::size_t known) const {
  const std::size_t start = b.start;
  const std::size_t n = moves_.two_heaps.front();
  const std::size_t lead = start + lanes_ - known;
  const std::size_t low = lead > n ? lead - n : 1;
  const std::size_t high = start > n ? (start - n) / 2 + 1 : 0; // a <= (h - n) / 2 for every heap h
  b.quarter = 0;
  if (!scan_in_blocks_ || high < 4 * (low + b.scan)) {
    constexpr auto none = std::numeric_limits<std::size_t>::max();
    b.scan_done = {1, 1, none, none}; // nothing marked: the proofs scan every pair themselves
    return;
  }
  b.scan_done = {low, low + b.scan, high - b.scan, high};
  // Where the proofs are longest, a third range, around a = (h - n) / 4, reaches yet other
  // values: in Officers (0.6) it leaves a fifth fewer values for the proofs to find, which
  // pays; in 0.376, whose proofs are shorter, it does not. It lies well inside the range
  // the proofs scan from both ends, which seldom get that far: its pairs are not recorded as
  // done, at worst they are scanned twice.
  if (scan_wide_) b.quarter = high / 2;
}

// Marks the pairs plan_scan chose into `rows`, the block's or aux_: one of the three ranges,
// or all of them.
template <class T>
void sparse_engine::impl::mark_scan(const T* g, std::uint8_t* rows, const block_marks& b,
                                    unsigned range) const {
  if (b.scan_done[1] <= b.scan_done[0]) return;
  const T* base = g + (b.start - moves_.two_heaps.front());
  const std::size_t quarter = b.quarter;
  with_layout(bits_, [&](auto row, auto lanes) {
    if (range == 0 || range == all_ranges)
      mark_range<row(), lanes()>(rows, g, base, b.scan_done[0], b.scan_done[1]);
    if (quarter && (range == 1 || range == all_ranges))
      mark_range<row(), lanes()>(rows, g, base, quarter - b.scan, quarter);
    if (range == 2 || range == all_ranges)
      mark_range<row(), lanes()>(rows, g, base, b.scan_done[2], b.scan_done[3]);
  });
}

template void sparse_engine::impl::next_block(std::uint8_t const*, std::size_t);
template void sparse_engine::impl::next_block(std::uint16_t const*, std::size_t);
template void sparse_engine::impl::next_block(std::uint32_t const*, std::size_t);

} // namespace grundy
