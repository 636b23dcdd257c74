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
// the helper has prepared most of it a few blocks ahead, from the values known when it was
// handed out, and gone on with the proofs as far as those values allow (prove_ahead), while
// this thread settled the blocks before: this thread hands out the block blocks_ahead further
// on, then marks the rare pairs the helper left (complete_block). How many it leaves follows
// which thread waited for the other, so that both stay busy; the values do not depend on it.
template <class T> void sparse_engine::impl::next_block(const T* g, std::size_t h) {
  ++statistics_.blocks;
  const auto prepare_here = [&] {
    plan_block(block(), h, h, 0, block_scan, rare_now());
    block().by_helper = false;
    fill_block(g, block(), rare_now(), false);
  };
  if (!helper_) return prepare_here();
  const std::size_t next = (current_ + 1) % ring;
  if (posted_[next].start == h) {
    current_ = next;
    start_rows(aux_.data(), h); // this thread's rows start as the helper's do
    // The helper should stay just ahead. Arrived during its proofs, this thread takes those it
    // has not begun, without waiting: the rows are packed. Arrived before them, it takes what
    // the helper has not begun, waits for the rest, and takes a larger share of the next
    // blocks' rare heaps (or, if the helper marks longer ranges of the proofs' first pairs,
    // shorter ones). Arrived after two more blocks, it gives the helper more: rare heaps back,
    // then, once it marks them all, the proofs (prove_ahead) or, where it cannot take those
    // (values of more than nine bits: 0.146), longer ranges of their first pairs, for a
    // fraction of what the proofs would pay. The helper proves only blocks whose rare heaps it
    // marks all: without this thread's share, its candidates would often be wrong.
    const auto ticket = posted_[next].ticket;
    const arrival found = helper_->finished(ticket) ? arrival::finished : steal(g, block());
    // The pairs the helper left need nothing more from it: marked while it finishes.
    const std::size_t small_pairs = complete_block(g, block());
    if (found == arrival::marking) {
      ++statistics_.helper_waits;
      if (scan_ > block_scan)
        scan_ -= block_scan_step;
      else
        share_ = std::min(share_ + share_step, rare_.size());
      helper_->wait(ticket);
    } else if (found == arrival::finished && helper_->finished(ticket + 2)) {
      if (share_ > 0)
        share_ -= std::min(share_, share_step);
      else if (scan_in_blocks_ && !vector_proofs<T>())
        scan_ = std::min(scan_ + block_scan_step, max_block_scan);
    }
    block().scan_done[0] = small_pairs; // read by the helper until it has marked its pairs
    ++statistics_.helper_blocks;
    if (ahead_proved_ >= 16 * lanes_) {
      ahead_pays_ = 2 * ahead_used_ >= ahead_proved_;
      ahead_proved_ = ahead_used_ = 0;
    }
  } else {
    drain();
    current_ = next;
    prepare_here();
  }
  posted_[current_] = {};
  // The helper reads no value of the cache line this thread writes the block's first values
  // into: the line would go back and forth between the cores.
  const std::size_t known = h - reinterpret_cast<std::uintptr_t>(g + h) % 64 / sizeof(T);
  for (std::size_t d = 1; d <= blocks_ahead; ++d) {
    const std::size_t slot = (current_ + d) % ring;
    if (posted_[slot].start != h + d * lanes_) post_block(g, slot, h + d * lanes_, known);
  }
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
  // The slot held the block this thread has just left, which it may have left while the helper
  // was proving it (see steal). The helper has finished with it all the same: this thread
  // reached the next block only once the helper's task for it had begun, and tasks run in order.
  // While the helper's proofs do not pay, one block in ahead_sample tries them, all its rare
  // heaps marked by the helper: they are measured on such blocks only (see step).
  const bool sample = !ahead_pays_ && ++ahead_blocks_ % ahead_sample == 0;
  plan_block(blocks_[slot], start, known, sample ? 0 : share_, scan_, rare_now());
  blocks_[slot].by_helper = true;
  blocks_[slot].prove = (ahead_pays_ && share_ == 0) || sample;
  blocks_[slot].measured = sample || share_ == 0;
  tasks_[slot] = {this, g, &blocks_[slot], rare_now()};
  posted_[slot] = {start, helper_->post(&run_helper_task<T>, &tasks_[slot])};
}

template <class T> void sparse_engine::impl::run_helper_task(void* task) noexcept {
  const auto& t = *static_cast<const helper_task*>(task);
  t.engine->fill_block(static_cast<const T*>(t.g), *t.block, t.rare, true);
}

namespace {

// Rare heaps the helper marks between two looks at its limit: 16 options a heap of the block
// (256 in Officers), long enough for the look to cost nothing (chunks of 64 measured no
// faster), short enough that the engine's thread seldom waits for the helper's last chunk. Its
// progress is a release store and its limit a relaxed load, plain moves on x86: no locked
// instruction, which would wait for the thousands of marks stored before it.
constexpr std::size_t claim_chunk = 16;

} // namespace

// What the block starting at `start` will hold, from the values G(0..known-1) and the rare
// heaps `rare`: for each move, its rare heaps [first, last), of which the first `share` are
// left to complete_block, and ranges of `scan` of the proofs' first pairs (see plan_scan).
void sparse_engine::impl::plan_block(block_marks& b, std::size_t start, std::size_t known, std::size_t share,
                                     std::size_t scan, rare_prefix rare) const {
  b.start = start;
  b.end = start + lanes_;
  b.known = known;
  for (std::size_t k = 0; k < moves_.two_heaps.size(); ++k) {
    std::tie(b.first[k], b.last[k]) = rare_range(moves_.two_heaps[k], start, known, rare);
    b.split[k] = std::min(b.first[k] + share, b.last[k]);
  }
  b.scan = scan;
  const bool single = moves_.two_heaps.size() == 1;
  b.rare_from = single ? b.split[0] : 0;
  b.rare_to = single ? b.last[0] : 0;
  b.progress = b.rare_from;
  b.limit = std::numeric_limits<std::size_t>::max();
  b.proved.fill(block_marks::none);
  plan_scan(b, known);
}

// Fills a planned block: patterns, the proofs' first pairs, then the rare pairs [split, last)
// of each move. Runs on either thread; `shared` says the helper runs it, in the order of the
// block's positions, so that the engine's thread may take what it has not begun (see steal),
// and goes on with the proofs as far as its values allow (prove_ahead).
template <class T>
void sparse_engine::impl::fill_block(const T* g, block_marks& b, rare_prefix rare, bool shared) {
  start_rows(b.rows.data(), b.start);
  if (!shared) {
    mark_scan(g, b.rows.data(), b, 0, b.pieces);
    mark_rare(g, b.rows.data(), b.start, b.split.data(), b.last.data(), rare);
    return;
  }
  if (b.rare_to == 0) mark_rare(g, b.rows.data(), b.start, b.split.data(), b.last.data(), rare);
  // The chunks in one call of the kernel's layout: a call per chunk through mark_rare and its
  // dispatch cost the helper 7% of its time in Officers.
  if (b.rare_from < b.rare_to) {
    const T* base = g + (b.start - moves_.two_heaps.front()); // the range is empty for smaller starts
    with_layout(bits_, [&](auto row, auto lanes) {
      for (std::size_t from = b.rare_from; from < b.rare_to && go_on(b, from);) {
        const std::size_t to = std::min(from + claim_chunk, b.rare_to);
        mark_rows<row(), lanes()>(b.rows.data(), base, static_cast<const T*>(nullptr), rare.heaps + from,
                                  rare.values + from, to - from);
        done_up_to(b, from = to);
      }
    });
  }
  for (std::size_t piece = 0; piece < b.pieces && go_on(b, b.rare_to + piece); ++piece) {
    mark_scan(g, b.rows.data(), b, piece, piece + 1);
    done_up_to(b, b.rare_to + piece + 1);
  }
  pack_block(b);
  done_up_to(b, b.lanes_at());
  prove_ahead(g, b);
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

// The engine's thread, arrived at a block the helper has not finished, takes the work the
// helper has not begun, from the position after the one it is at: the rest of the rare heaps
// and of the ranges of the proofs' first pairs, into aux_, whose marks step and the proofs read
// beside the block's, and the proofs. The helper may have begun the position it is told to stop
// at before it sees the limit: both threads then do the same work, which is harmless.
template <class T> sparse_engine::impl::arrival sparse_engine::impl::steal(const T* g, block_marks& b) {
  const std::size_t at = std::atomic_ref<std::size_t>(b.progress).load(std::memory_order_acquire);
  if (at >= b.lanes_at()) {
    // Proving: the helper finishes the lane it is on, this thread proves the others.
    std::atomic_ref<std::size_t>(b.limit).store(at, std::memory_order_relaxed);
    return arrival::proving;
  }
  // Rare heaps: the chunk after the one the helper marks. Ranges: the piece after.
  const std::size_t from = at < b.rare_to ? std::min(at + claim_chunk, b.rare_to) : at + 1;
  std::atomic_ref<std::size_t>(b.limit).store(from, std::memory_order_relaxed);
  if (from < b.rare_to) mark_rare(g, aux_.data(), b.start, &from, &b.rare_to, rare_now());
  if (b.rare_to + b.pieces > from)
    mark_scan(g, aux_.data(), b, std::max(from, b.rare_to) - b.rare_to, b.pieces);
  return arrival::marking;
}

// Marks, into aux_ (see step), the pairs of a block the helper prepared that it left to this
// thread, which knows every value before the block: the first `share` of the helper's rare
// heaps, the rare heaps too small for the helper's values, and the proofs' first pairs of small
// heaps below the helper's range, whose first pair it returns (the block's scan_done[0] once the
// helper is done with it).
template <class T> std::size_t sparse_engine::impl::complete_block(const T* g, block_marks& b) {
  const rare_prefix rare = rare_now();
  for (std::size_t k = 0; k < moves_.two_heaps.size(); ++k)
    lower_[k] = rare_range(moves_.two_heaps[k], b.start, b.start, rare).first; // <= b.first[k]
  mark_rare(g, aux_.data(), b.start, lower_.data(), b.split.data(), rare);
  std::copy(lower_.begin(), lower_.end(), b.first.begin());
  if (b.scan_done[1] <= b.scan_done[0]) return b.scan_done[0]; // the proofs scan every pair
  // Pairs (a, h - n - a) whose other heap lies before the block for every heap h of it.
  const std::size_t n = moves_.two_heaps.front();
  const std::size_t from = lanes_ > n + 1 ? lanes_ - n : 1;
  if (from >= b.scan_done[0]) return b.scan_done[0];
  const T* base = g + (b.start - n);
  with_layout(bits_, [&](auto row, auto lanes) {
    mark_range<row(), lanes()>(aux_.data(), g, base, from, b.scan_done[0]);
  });
  return from;
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
    b.pieces = 0;
    return;
  }
  b.scan_done = {low, low + b.scan, high - b.scan, high};
  b.pieces = scan_ranges * ((b.scan + scan_piece - 1) / scan_piece);
  // Where the proofs are longest, a third range, around a = (h - n) / 4, reaches yet other
  // values: in Officers (0.6) it leaves a fifth fewer values for the proofs to find, which
  // pays; in 0.376, whose proofs are shorter, it does not. It lies well inside the range
  // the proofs scan from both ends, which seldom get that far: its pairs are not recorded as
  // done, at worst they are scanned twice.
  if (scan_wide_) b.quarter = high / 2;
}

// Marks the pieces [from, to) of the pairs plan_scan chose into `rows`, the block's or aux_:
// the three ranges one after the other, scan_piece pairs a piece.
template <class T>
void sparse_engine::impl::mark_scan(const T* g, std::uint8_t* rows, const block_marks& b, std::size_t from,
                                    std::size_t to) const {
  if (b.pieces == 0) return;
  const T* base = g + (b.start - moves_.two_heaps.front());
  const std::size_t per_range = b.pieces / scan_ranges;
  const std::array<std::pair<std::size_t, std::size_t>, scan_ranges> ranges{
      std::pair{b.scan_done[0], b.scan_done[1]},
      b.quarter ? std::pair{b.quarter - b.scan, b.quarter} : std::pair{std::size_t{0}, std::size_t{0}},
      std::pair{b.scan_done[2], b.scan_done[3]}};
  with_layout(bits_, [&](auto row, auto lanes) {
    for (std::size_t piece = from; piece < to; ++piece) {
      const auto [low, high] = ranges[piece / per_range];
      const std::size_t first = low + piece % per_range * scan_piece;
      if (first < high) mark_range<row(), lanes()>(rows, g, base, first, std::min(first + scan_piece, high));
    }
  });
}

template void sparse_engine::impl::next_block(std::uint8_t const*, std::size_t);
template void sparse_engine::impl::next_block(std::uint16_t const*, std::size_t);
template void sparse_engine::impl::next_block(std::uint32_t const*, std::size_t);

} // namespace grundy
