#include <grundy/octal/sparse.hpp>

#include <grundy/detail/helper_thread.hpp>
#include <grundy/detail/parallel.hpp>

#include "pairs.hpp"
#include "steps.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <tuple>
#include <utility>

namespace grundy {

namespace {

// The first split is chosen once this many values are known: before, naive steps are cheap
// and the counts too few to tell rare values from common ones.
constexpr std::size_t first_review = 2048;

// Values beyond 2^12 mean a game whose values keep growing, where no split of the values
// stays sparse; the engine stops counting them and takes naive steps.
constexpr unsigned max_split_bits = 12;

// A split pays when the rare heaps are at most this fraction of all heaps: a sparse step then
// enumerates at most a quarter of the pairs of a naive one before its (usually short) proof.
constexpr std::size_t max_rare_fraction = 4;

// A proof scans pairs in chunks, checking the values still wanted after each; the chunks
// grow so that the checks stay cheap beside the long scans a few heaps need.
constexpr std::size_t first_chunk = 128;
constexpr std::size_t last_chunk = 1024;
// Pairs scanned before aimed witnesses are tried: a scanned pair costs a fraction of an aimed
// try, so aiming is kept for the values a long scan has not found.
constexpr std::size_t first_budget = 4096;

// Pairs of small heaps, and as many of middle-sized heaps, that the block pass may mark for
// every heap before its proof (see mark_scan). It pays where the proofs need long scans
// (0.6: some two thousand pairs), not where a hundred pairs settle them (0.16); the engine
// turns it on when the proofs since the last review averaged long_proof pairs or more, and off
// when they averaged less than short_proof. Proofs of wide_proof pairs or more have a third
// range marked (until they average less than 2 * long_proof): Officers' proofs take some
// 1400 pairs beyond the block's, 0.376's 800 to 1200.
constexpr std::size_t block_scan = 256;
constexpr std::size_t long_proof = 512;
constexpr std::size_t short_proof = 192;
constexpr std::size_t wide_proof = 1280;

// Aimed witnesses pair one of this many most frequent values with one of the first heaps of
// the matching value, this many tries for each.
constexpr std::size_t frequent_values = 12;
constexpr std::size_t witness_tries = 32;
// Heaps remembered for each value, to pair with frequent ones.
constexpr std::size_t remembered_heaps = 1024;

// One row of marks per heap: every value below 2^bits, the mex 2^bits itself (no option
// reaches it, so it is where the search for the candidate stops at the latest), and slack
// for collect_wanted's eight-byte reads that keeps the rows whole cache lines.
constexpr std::size_t row_bytes(unsigned bits) { return (std::size_t{1} << bits) + 64; }

// Heaps marked together. The block pass stores into every row at once, so the rows must stay
// in the first-level cache beside the window of values the rare heaps read (about 40 KB for
// Officers, whose values take two bytes): sixteen rows of 576 bytes do, twenty already do
// not, and neither would sixteen of 2 KB. One-byte values go 32 to a block, half a cache line.
constexpr std::size_t lanes_for(unsigned bits) {
  return bits <= 8 ? 32 : bits <= 9 ? 16 : bits <= 11 ? 8 : 4;
}

unsigned parity(std::uint32_t x) noexcept { return static_cast<unsigned>(std::popcount(x)) & 1u; }

// In place: w[m] becomes the sum over v of w[v] * (-1)^popcount(v & m).
void walsh_hadamard(std::vector<std::int64_t>& w) {
  for (std::size_t len = 1; len < w.size(); len <<= 1)
    for (std::size_t i = 0; i < w.size(); i += 2 * len)
      for (std::size_t j = i; j < i + len; ++j) {
        const auto a = w[j], b = w[j + len];
        w[j] = a + b;
        w[j + len] = a - b;
      }
}

// GCC turns `base - heaps[j]` plus each lane's offset into one index register per lane, and
// narrows x ^ y back to the value type after the XOR: one or two extra instructions per
// option in the engine's hottest loops. Passing the pointer and the value through an empty
// asm statement hides where they come from and keeps the three-instruction form below.
template <class V> V opaque(V v) noexcept {
#if defined(__GNUC__)
  asm("" : "+r"(v));
#endif
  return v;
}

// The hot loop of the engine. Heap N+i (row i) and a heap a of value x leave the pair
// (a, N+i-n-a) whose value is x ^ other[i], other = g + N - n - a. For a fixed a the Lanes
// loads are contiguous and the stores go to Lanes different rows: three instructions per
// option (load, xor, store with the row's offset built in), against five when each heap walks
// the list on its own. Row and Lanes are constants so that the offsets are too.
template <std::size_t Row, std::size_t Lanes, class T>
void mark_lanes(std::uint8_t* rows, const T* other, std::uint32_t x) noexcept {
#pragma GCC unroll 32
  for (std::size_t i = 0; i < Lanes; ++i) {
    const std::uint32_t y = other[i];
    rows[i * Row + (x ^ y)] = 1;
  }
}

// The rare heaps' pairs for every heap of the block; base = g + N - n. Codes with two
// splitting moves (0.376: n = 2 and 3) have their pairs marked in the same pass: the second
// move reads the values next to those the first one just loaded.
template <std::size_t Row, std::size_t Lanes, class T>
void mark_rows(std::uint8_t* rows, const T* base, const T* second, const std::uint32_t* heaps,
               const grundy_value* values, std::size_t count) noexcept {
  for (std::size_t j = 0; j < count; ++j) {
    mark_lanes<Row, Lanes>(rows, opaque(base - heaps[j]), opaque(std::uint32_t{values[j]}));
    if (second) mark_lanes<Row, Lanes>(rows, opaque(second - heaps[j]), opaque(std::uint32_t{values[j]}));
  }
}

// The same for the pairs of the heaps a in [from, to), the proof's first pairs.
template <std::size_t Row, std::size_t Lanes, class T>
void mark_range(std::uint8_t* rows, const T* g, const T* base, std::size_t from, std::size_t to) noexcept {
  for (std::size_t a = from; a < to; ++a)
    mark_lanes<Row, Lanes>(rows, opaque(base - a), opaque(std::uint32_t{g[a]}));
}

// The least value v that neither row marks (seen[v] == 0 and extra[v] == 0), eight at a
// time; the rows end with the mex 2^bits, which is never marked.
std::size_t first_unmarked(const std::uint8_t* seen, const std::uint8_t* extra) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    for (std::size_t base = 0;; base += 8) {
      std::uint64_t a, b;
      std::memcpy(&a, seen + base, sizeof a);
      std::memcpy(&b, extra + base, sizeof b);
      const std::uint64_t x = a | b; // bytes below 0x80: the lowest flag below is exact
      const std::uint64_t zero = (x - 0x0101010101010101u) & ~x & 0x8080808080808080u;
      if (zero) return base + static_cast<std::size_t>(std::countr_zero(zero)) / 8;
    }
  } else {
    std::size_t v = 0;
    while (seen[v] != 0 || extra[v] != 0)
      ++v;
    return v;
  }
}

// Writes to `wanted` the values below the candidate marked 2 in `seen` (and, with an extra row,
// not marked in it), and returns how many. The marks are bytes 0, 1 or 2, so eight at a time,
// bit 1 of each byte says whether it is 2, bit 0 whether it is 1. One thread has no extra row:
// a second read per word would cost it a few per cent.
template <bool With_extra>
std::size_t list_wanted(grundy_value* wanted, const std::uint8_t* seen, const std::uint8_t* extra,
                        grundy_value candidate) noexcept {
  std::size_t count = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (grundy_value base = 0; base < candidate; base += 8) {
      std::uint64_t word;
      std::memcpy(&word, seen + base, sizeof word); // within the row: base < candidate < row_
      std::uint64_t twos = (word >> 1) & 0x0101010101010101u;
      if constexpr (With_extra) {
        std::uint64_t reached;
        std::memcpy(&reached, extra + base, sizeof reached);
        twos &= ~reached;
      }
      if (candidate - base < 8) twos &= (std::uint64_t{1} << (8 * (candidate - base))) - 1;
      for (; twos; twos &= twos - 1)
        wanted[count++] = base + static_cast<grundy_value>(std::countr_zero(twos) / 8);
    }
  } else {
    for (grundy_value v = 0; v < candidate; ++v) {
      wanted[count] = v;
      count += seen[v] == 2 && (!With_extra || extra[v] != 1);
    }
  }
  return count;
}

// Calls f(Row, Lanes) with the layout of rows for values below 2^bits as compile-time
// constants, so that the marking loops above are compiled once per layout.
template <class F> void with_layout(unsigned bits, F&& f) {
  using std::integral_constant;
  switch (bits) {
  case 6:
    return f(integral_constant<std::size_t, row_bytes(6)>{}, integral_constant<std::size_t, lanes_for(6)>{});
  case 7:
    return f(integral_constant<std::size_t, row_bytes(7)>{}, integral_constant<std::size_t, lanes_for(7)>{});
  case 8:
    return f(integral_constant<std::size_t, row_bytes(8)>{}, integral_constant<std::size_t, lanes_for(8)>{});
  case 9:
    return f(integral_constant<std::size_t, row_bytes(9)>{}, integral_constant<std::size_t, lanes_for(9)>{});
  case 10:
    return f(integral_constant<std::size_t, row_bytes(10)>{},
             integral_constant<std::size_t, lanes_for(10)>{});
  case 11:
    return f(integral_constant<std::size_t, row_bytes(11)>{},
             integral_constant<std::size_t, lanes_for(11)>{});
  default:
    return f(integral_constant<std::size_t, row_bytes(12)>{},
             integral_constant<std::size_t, lanes_for(12)>{});
  }
}

// Values to compute below which a second thread does not pay for its start (some tens of
// microseconds); whether a whole run is long enough to gain is the caller's choice.
constexpr std::size_t threaded_values = 4096;

// How many rare heaps per move the block passes move between the threads at each block, in
// the direction of the one that did not wait.
constexpr std::size_t share_step = 4;

} // namespace

sparse_engine::sparse_engine(const octal_code& code, const sparse_options& options)
    : moves_(code), options_(options) {
  if (!moves_.two_heaps.empty()) {
    split_parity_ = moves_.two_heaps.front() & 1u;
    parity_allowed_ = std::all_of(moves_.two_heaps.begin(), moves_.two_heaps.end(),
                                  [&](std::uint32_t n) { return (n & 1u) == split_parity_; });
  }
  for (auto& b : blocks_)
    b.first = b.split = b.last = std::vector<std::size_t>(moves_.two_heaps.size(), 0);
  lower_.assign(moves_.two_heaps.size(), 0);
  next_review_ = first_review;
  if (options_.fixed_split) {
    split_ = *options_.fixed_split;
    if (split_.heap_parity && !parity_allowed_) split_ = {};
    fit(split_.mask);
  }
  fit(0);
}

unsigned sparse_engine::expected_parity(std::size_t h) const noexcept {
  return split_.heap_parity ? static_cast<unsigned>((h - split_parity_) & 1u) : 0u;
}

bool sparse_engine::is_rare(std::size_t h, grundy_value g) const noexcept {
  return split_.mask != 0 && parity(g & split_.mask) == expected_parity(h);
}

void sparse_engine::fit(grundy_value largest) {
  const unsigned bits =
      std::max(detail::value_bits(largest), static_cast<unsigned>(std::bit_width(split_.mask)));
  if (bits <= bits_ && !seen_.empty()) return;
  bits_ = std::max(bits, bits_);
  seen_.assign(std::size_t{2} << bits_, 0);
  invalidate_blocks(); // the rows are laid out for the old width
  if (bits_ > max_split_bits) {
    counting_ = false;
    counts_[0] = {};
    counts_[1] = {};
    for (auto& b : blocks_)
      b.rows = {};
    aux_ = {};
    wanted_ = {};
    positions_ = {};
    frequent_.clear();
    row_ = lanes_ = 0;
  } else {
    counts_[0].resize(std::size_t{1} << bits_, 0);
    counts_[1].resize(std::size_t{1} << bits_, 0);
    row_ = row_bytes(bits_);
    lanes_ = lanes_for(bits_);
    for (auto& b : blocks_)
      b.rows.assign(lanes_ * row_, 0);
    aux_.assign(lanes_ * row_, 0);
    wanted_.assign(row_, 0);
  }
  build_patterns();
}

void sparse_engine::invalidate_blocks() noexcept {
  for (auto& b : blocks_)
    b.start = b.end = 0;
}

// Called before anything a block pass reads changes (the split, the width of the rows or of
// the values, what mark_scan marks): waits for the helper's task and forgets every block.
void sparse_engine::drain() noexcept {
  if (helper_) helper_->wait();
  posted_ = {};
  invalidate_blocks();
}

void sparse_engine::build_patterns() {
  invalidate_blocks();
  for (unsigned e = 0; e < 2; ++e) {
    pattern_[e].assign(row_, 0);
    if (split_.mask == 0 || row_ == 0) continue;
    for (std::size_t v = 0; v < row_; ++v)
      if (parity(static_cast<std::uint32_t>(v) & split_.mask) == e) pattern_[e][v] = 2;
    // Options' values are below 2^bits, so the mex is at most 2^bits, and 2^bits is a candidate
    // whatever its parity. Left at 2, a row whose candidate values below 2^bits were all reached
    // had no 0 at all when the mask has no bit below 64 (0.371: 448), and the search ran off it.
    pattern_[e][std::size_t{1} << bits_] = 0;
  }
}

// Each heap's row marks row[v] = 1 for every value reached. It starts as a copy of
// pattern_[e]: 0 for the candidate values, those only pairs with a rare heap reach (known
// completely once those pairs are marked), 2 for the values of parity e, which pairs of two
// common heaps reach too and which are therefore known only once such a pair is found.
template <class T> grundy_value sparse_engine::step(const T* g, std::size_t h) {
  if (split_.mask == 0 || bits_ > max_split_bits || moves_.two_heaps.empty() || !moves_.three_heaps.empty()) {
    ++statistics_.naive_steps;
    return detail::naive_step(g, h, moves_, seen_.data(), bits_);
  }
  ++statistics_.sparse_steps;
  if (h < block().start || h >= block().end) next_block(g, h);
  std::uint8_t* seen = block().rows.data() + (h - block().start) * row_;
  // With a helper, the rare pairs this thread marks go to a row of its own, which only rare
  // pairs reach: of the row the helper wrote, it then reads and writes the few cache lines
  // below the candidate, instead of taking every line of the block over from the other core.
  std::uint8_t* extra = helper_ ? aux_.data() + (h - block().start) * row_ : seen;
  if (moves_.vanishes(h)) seen[0] = 1;
  for (auto n : moves_.one_heap)
    if (n < h) seen[g[h - n]] = 1;
  mark_recent(g, h, extra);
  const auto candidate = static_cast<grundy_value>(
      extra == seen
          ? static_cast<const std::uint8_t*>(std::memchr(seen, 0, (std::size_t{1} << bits_) + 1)) - seen
          : first_unmarked(seen, extra));
  const grundy_value x = prove(g, h, seen, extra, candidate);
  // The values' storage is widened for x once it is returned: the helper must not read it then.
  if (x > std::numeric_limits<T>::max()) drain();
  return x;
}

// Makes the block of heap h ready. Alone, the engine prepares it here. With a helper thread,
// the helper has prepared most of it, from the values known when it was handed out, while this
// thread settled the blocks before: this thread hands out the block blocks_ahead further on,
// then marks the rare pairs the helper left (complete_block). How many it leaves follows which
// thread waited for the other, so that both stay busy; the values do not depend on it.
template <class T> void sparse_engine::next_block(const T* g, std::size_t h) {
  ++statistics_.blocks;
  const auto prepare_here = [&] {
    plan_block(block(), h, h, 0, rare_now());
    fill_block(g, block(), rare_now(), false);
  };
  if (!helper_) return prepare_here();
  const std::size_t next = (current_ + 1) % ring;
  std::memset(aux_.data(), 0, aux_.size());
  if (posted_[next].start == h) {
    // The helper should stay a block or two ahead: never so far behind that this thread
    // waits, nor so far ahead that it waits for a free block. Behind, this thread takes the
    // rare pairs it has not begun yet.
    const auto ticket = posted_[next].ticket;
    if (!helper_->finished(ticket)) {
      ++statistics_.helper_waits;
      share_ += share_step;
      steal(g, blocks_[next]);
    } else if (helper_->finished(ticket + 2)) {
      share_ -= std::min(share_, share_step);
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
void sparse_engine::post_block(const T* g, std::size_t slot, std::size_t start, std::size_t known) {
  // This thread appends the rare heaps it finds while the helper reads rare_: room is made
  // while the helper is idle, so that the arrays do not move under it.
  const std::size_t room = rare_.size() + 2 * ring * lanes_;
  if (rare_.capacity() < room || rare_values_.capacity() < room) {
    helper_->wait();
    rare_.reserve(2 * room);
    rare_values_.reserve(2 * room);
  }
  plan_block(blocks_[slot], start, known, share_, rare_now());
  tasks_[slot] = {this, g, &blocks_[slot], rare_now()};
  posted_[slot] = {start, helper_->post(&run_helper_task<T>, &tasks_[slot])};
}

template <class T> void sparse_engine::run_helper_task(void* task) noexcept {
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
// left to complete_block.
void sparse_engine::plan_block(block_marks& b, std::size_t start, std::size_t known, std::size_t share,
                               rare_prefix rare) const {
  b.start = start;
  b.end = start + lanes_;
  for (std::size_t k = 0; k < moves_.two_heaps.size(); ++k) {
    std::tie(b.first[k], b.last[k]) = rare_range(moves_.two_heaps[k], start, known, rare);
    b.split[k] = std::min(b.first[k] + share, b.last[k]);
  }
  b.rare_shared = moves_.two_heaps.size() == 1 && b.last[0] <= max_claim_index;
  b.claims = b.rare_shared ? claim_range(b.split[0], b.last[0]) : 0;
  plan_scan(b, known);
}

// Fills a planned block: patterns, the proofs' first pairs, then the rare pairs [split, last)
// of each move. Runs on either thread; `shared` says the helper runs it, and that the engine's
// thread may take the last chunks of a single move's rare heaps (see steal).
template <class T>
void sparse_engine::fill_block(const T* g, block_marks& b, rare_prefix rare, bool shared) const {
  for (std::size_t i = 0; i < lanes_; ++i)
    std::memcpy(b.rows.data() + i * row_, pattern_[expected_parity(b.start + i)].data(), row_);
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
}

// The engine's thread, arrived at a block the helper has not finished, takes what the helper
// has not begun (the proofs' first pairs, then rare heaps from the high end) into aux_, whose
// marks step and the proofs read beside the block's.
template <class T> void sparse_engine::steal(const T* g, block_marks& b) {
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
template <class T> void sparse_engine::complete_block(const T* g, block_marks& b) {
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
std::pair<std::size_t, std::size_t> sparse_engine::rare_range(std::size_t n, std::size_t start,
                                                              std::size_t known, rare_prefix rare) const {
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
void sparse_engine::mark_rare(const T* g, std::uint8_t* rows, std::size_t start, const std::size_t* first,
                              const std::size_t* last, rare_prefix rare) const {
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
void sparse_engine::mark_block(std::uint8_t* rows, const T* base, const T* second, rare_prefix rare,
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
void sparse_engine::plan_scan(block_marks& b, std::size_t known) const {
  const std::size_t start = b.start;
  const std::size_t n = moves_.two_heaps.front();
  const std::size_t lead = start + lanes_ - known;
  const std::size_t low = lead > n ? lead - n : 1;
  const std::size_t high = start > n ? (start - n) / 2 + 1 : 0; // a <= (h - n) / 2 for every heap h
  b.quarter = 0;
  if (!scan_in_blocks_ || high < 4 * (low + block_scan)) {
    constexpr auto none = std::numeric_limits<std::size_t>::max();
    b.scan_done = {1, 1, none, none}; // nothing marked: the proofs scan every pair themselves
    return;
  }
  b.scan_done = {low, low + block_scan, high - block_scan, high};
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
void sparse_engine::mark_scan(const T* g, std::uint8_t* rows, const block_marks& b, unsigned range) const {
  if (b.scan_done[1] <= b.scan_done[0]) return;
  const T* base = g + (b.start - moves_.two_heaps.front());
  const std::size_t quarter = b.quarter;
  with_layout(bits_, [&](auto row, auto lanes) {
    if (range == 0 || range == all_ranges)
      mark_range<row(), lanes()>(rows, g, base, b.scan_done[0], b.scan_done[1]);
    if (quarter && (range == 1 || range == all_ranges))
      mark_range<row(), lanes()>(rows, g, base, quarter - block_scan, quarter);
    if (range == 2 || range == all_ranges)
      mark_range<row(), lanes()>(rows, g, base, b.scan_done[2], b.scan_done[3]);
  });
}

// The rare pairs of heap h the block pass left out: rare heaps below its range (their
// partners may lie inside the block) and rare heaps found after the block was prepared.
template <class T> void sparse_engine::mark_recent(const T* g, std::size_t h, std::uint8_t* seen) const {
  for (std::size_t k = 0; k < moves_.two_heaps.size(); ++k) {
    const std::size_t n = moves_.two_heaps[k];
    if (n + 2 > h) break; // the lists are in increasing n
    const std::size_t limit = h - n - 1;
    const T* mirror = g + (h - n);
    const auto mark = [&](std::size_t j, std::size_t end) {
      for (; j < end && rare_[j] <= limit; ++j)
        seen[rare_values_[j] ^ mirror[-static_cast<std::ptrdiff_t>(rare_[j])]] = 1;
    };
    mark(0, blocks_[current_].first[k]);
    mark(blocks_[current_].last[k], rare_.size());
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
grundy_value sparse_engine::prove(const T* g, std::size_t h, std::uint8_t* seen, const std::uint8_t* extra,
                                  grundy_value candidate) {
  if (collect_wanted(seen, extra, candidate) == 0) return candidate;
  pair_range pairs = unscanned(g, h, seen);
  if (settled(seen) || seek(g, pairs, first_budget, seen)) return candidate;
  if ((aim(g, h) && settled(seen)) || seek(g, pairs, pairs.high, seen)) return candidate;
  for (std::size_t k = 1; k < moves_.two_heaps.size(); ++k) {
    const std::size_t m = moves_.two_heaps[k];
    if (m + 2 > h) break;
    scan(g, h - m, 1, (h - m) / 2 + 1, seen);
    if (settled(seen)) return candidate;
  }
  ++statistics_.full_scans;
  return wanted_[0];
}

// Lists the values below the candidate still wanted in wanted_ (see list_wanted; `extra` is
// `seen` itself without a helper) and returns how many.
std::size_t sparse_engine::collect_wanted(const std::uint8_t* seen, const std::uint8_t* extra,
                                          grundy_value candidate) noexcept {
  return wanted_count_ = extra == seen ? list_wanted<false>(wanted_.data(), seen, seen, candidate)
                                       : list_wanted<true>(wanted_.data(), seen, extra, candidate);
}

// Drops the values reached from the wanted list; true when none is left.
bool sparse_engine::settled(const std::uint8_t* seen) noexcept {
  grundy_value* wanted = wanted_.data();
  const auto reached = [seen](grundy_value v) { return seen[v] == 1; };
  wanted_count_ = static_cast<std::size_t>(std::remove_if(wanted, wanted + wanted_count_, reached) - wanted);
  return wanted_count_ == 0;
}

// The pairs (a, r - a), a in [1, r / 2], of heap h and the first splitting move, less those
// the block pass marked ([done[0], done[1]) and [done[2], done[3])): the few at either end are
// marked here, the middle range is returned.
template <class T>
sparse_engine::pair_range sparse_engine::unscanned(const T* g, std::size_t h, std::uint8_t* seen) {
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
bool sparse_engine::seek(const T* g, pair_range& pairs, std::size_t budget, std::uint8_t* seen) {
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

template <class T> bool sparse_engine::vector_proofs() const noexcept {
#ifdef GRUNDY_PAIRS_AVX512
  return sizeof(T) <= 2 && bits_ <= 9 && options_.vector_proofs && detail::has_avx512();
#else
  return false;
#endif
}

// seek with the wanted values in a bitmap and the pairs looked up 32 at a time (see
// detail::find_wanted): the cost no longer grows with the number of values wanted.
template <class T>
bool sparse_engine::seek_vectors(const T* g, pair_range& pairs, std::size_t budget, std::uint8_t* seen) {
#ifdef GRUNDY_PAIRS_AVX512
  detail::wanted_bits bits;
  for (std::size_t k = 0; k < wanted_count_; ++k)
    bits.add(wanted_[k]);
  // Pairs [from, to): 32 at a time, the last few one by one.
  const auto search = [&](std::size_t from, std::size_t to) {
    std::size_t a = detail::find_wanted(g, pairs.r, from, to, bits, seen);
    for (; a < to && bits.count > 0; ++a) {
      const grundy_value v = grundy_value{g[a]} ^ g[pairs.r - a];
      if (bits.take(v)) seen[v] = 1;
    }
    statistics_.proof_pairs += a - from;
    return bits.count == 0;
  };
  bool done = false;
  for (std::size_t chunk = first_chunk; !done && pairs.low < pairs.high && budget > 0;
       chunk = std::min(2 * chunk, last_chunk)) {
    const std::size_t up = std::min({chunk, pairs.high - pairs.low, budget});
    done = search(pairs.low, pairs.low + up);
    pairs.low += up;
    budget -= up;
    const std::size_t down = std::min({chunk, pairs.high - pairs.low, budget});
    done = done || search(pairs.high - down, pairs.high);
    pairs.high -= down;
    budget -= down;
  }
  return settled(seen);
#else
  return false;
#endif
}

// Looks for an aimed witness of each wanted value in turn, marking those found in `seen`,
// and stops at the first that is not found (the scan will settle the rest). Where such
// witnesses are seldom found (their values drift), only a sample of heaps keeps measuring
// whether they pay. Returns true when it found any.
template <class T> bool sparse_engine::aim(const T* g, std::size_t h) {
  if (!witnesses_pay_ && h % 16 != 0) return false;
  ++witness_searches_;
  std::size_t found = 0;
  while (found < wanted_count_ && find_witness(g, h, wanted_[found]))
    ++found;
  if (found < wanted_count_) ++witness_failures_;
  return found > 0;
}

// A pair (a, r - a) of values x ^ y and y reaches v = x. Taking y among the most frequent
// values and a among the first heaps of value v ^ y, each try succeeds with about the
// frequency of y, where a pair taken in order reaches v only with the frequency of v among
// all pairs' values. That pays in games whose values settle into a few frequent ones
// (0.376), not in those where rare-parity values are reached by a few scattered pairs (0.6).
template <class T> bool sparse_engine::find_witness(const T* g, std::size_t h, grundy_value v) {
  std::uint8_t* seen = block().rows.data() + (h - block().start) * row_;
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
void sparse_engine::scan(const T* g, std::size_t r, std::size_t from, std::size_t to, std::uint8_t* seen) {
  statistics_.proof_pairs += to - from;
  const T* mirror = g + r;
  for (std::size_t a = from; a < to; ++a)
    seen[g[a] ^ mirror[-static_cast<std::ptrdiff_t>(a)]] = 1;
}

template <class T> void sparse_engine::after(const T* g, std::size_t h, grundy_value x) {
  seen_values_ = h + 1;
  if (x >> bits_) {
    drain();
    fit(x);
  }
  if (h == 0) return;
  if (counting_) {
    ++counts_[h & 1u][x];
    if (x >= positions_.size()) positions_.resize(std::size_t{1} << bits_);
    if (positions_[x].size() < remembered_heaps) positions_[x].push_back(static_cast<std::uint32_t>(h));
  }
  if (split_.mask != 0 && is_rare(h, x)) {
    rare_.push_back(static_cast<std::uint32_t>(h));
    rare_values_.push_back(x);
  }
  // A split that was good can turn bad: review early when most new heaps are rare.
  const bool drifting =
      split_.mask != 0 && 2 * (rare_.size() - review_rare_) > (h + 1 - review_count_) + 1024;
  if (h + 1 >= next_review_ || (drifting && !options_.fixed_split)) {
    drain(); // a review may change the split, the patterns and what mark_scan marks
    review(g, h + 1);
  }
}

template <class T> void sparse_engine::review(const T* g, std::size_t count) {
  ++statistics_.reviews;
  next_review_ = count + std::max<std::size_t>(count / 4, 1);
  review_count_ = count;
  review_rare_ = rare_.size();
  const std::uint64_t steps = statistics_.sparse_steps - review_steps_;
  if (steps >= 1024) {
    const std::uint64_t mean = (statistics_.proof_pairs - review_pairs_) / steps;
    if (mean >= long_proof) scan_in_blocks_ = true;
    if (mean < short_proof) scan_in_blocks_ = false;
    if (mean >= wide_proof) scan_wide_ = true;
    if (mean < 2 * long_proof) scan_wide_ = false;
  }
  review_steps_ = statistics_.sparse_steps;
  review_pairs_ = statistics_.proof_pairs;
  if (witness_searches_ >= 64) {
    witnesses_pay_ = 2 * witness_failures_ < witness_searches_;
    witness_searches_ = witness_failures_ = 0;
  }
  if (counting_) choose_frequent();
  if (options_.fixed_split) return;
  if (!counting_ || moves_.two_heaps.empty() || !moves_.three_heaps.empty()) {
    use_split(g, count, {});
    return;
  }
  const std::size_t size = std::size_t{1} << bits_;
  std::array<std::vector<std::int64_t>, 2> w;
  for (unsigned q = 0; q < 2; ++q) {
    w[q].assign(counts_[q].begin(), counts_[q].begin() + static_cast<std::ptrdiff_t>(size));
    walsh_hadamard(w[q]);
  }
  // w[q][0] is the number of heaps of parity q; heaps 1..count-1 in all.
  const std::int64_t heaps = w[0][0] + w[1][0];
  rare_split best{};
  std::int64_t best_rare = std::numeric_limits<std::int64_t>::max();
  for (std::uint32_t m = 1; m < size; ++m) {
    // Plain split: rare heaps are those whose value has an even parity under m.
    const std::int64_t plain = (heaps + w[0][m] + w[1][m]) / 2;
    if (plain < best_rare) best = {m, false}, best_rare = plain;
    if (parity_allowed_) {
      // Heaps h with h - n even are rare at even parity, the others at odd parity.
      const auto& even = w[split_parity_];
      const auto& odd = w[split_parity_ ^ 1u];
      const std::int64_t mixed = (heaps + even[m] - odd[m]) / 2;
      if (mixed < best_rare) best = {m, true}, best_rare = mixed;
    }
  }
  if (best_rare * static_cast<std::int64_t>(max_rare_fraction) > heaps) best = {};
  use_split(g, count, best);
}

void sparse_engine::choose_frequent() {
  std::vector<std::pair<std::uint64_t, grundy_value>> by_count;
  for (std::size_t v = 0; v < counts_[0].size(); ++v)
    if (counts_[0][v] + counts_[1][v] > 0)
      by_count.emplace_back(counts_[0][v] + counts_[1][v], static_cast<grundy_value>(v));
  const auto top = std::min(by_count.size(), frequent_values);
  std::partial_sort(by_count.begin(), by_count.begin() + static_cast<std::ptrdiff_t>(top), by_count.end(),
                    std::greater<>());
  frequent_.clear();
  for (std::size_t k = 0; k < top; ++k)
    frequent_.push_back(by_count[k].second);
}

template <class T> void sparse_engine::use_split(const T* g, std::size_t count, rare_split split) {
  if (split == split_) return;
  ++statistics_.changes;
  split_ = split;
  rare_.clear();
  rare_values_.clear();
  for (std::size_t h = 1; h < count; ++h)
    if (is_rare(h, g[h])) {
      rare_.push_back(static_cast<std::uint32_t>(h));
      rare_values_.push_back(g[h]);
    }
  review_rare_ = rare_.size();
  build_patterns();
}

void sparse_engine::extend(grundy_sequence& values, std::size_t count) {
  if (values.size() >= count) return;
  values.reserve(count);
  invalidate_blocks(); // a block prepared in an earlier call may belong to other values
  if (seen_values_ < values.size()) {
    fit(values.max_value());
    values.visit([&](auto v) {
      for (std::size_t h = seen_values_; h < v.size(); ++h)
        after(v.data(), h, v[h]);
    });
  }
  std::optional<detail::helper_thread> helper;
  if (detail::thread_count(options_.threads) > 1 && count - values.size() >= threaded_values &&
      !moves_.two_heaps.empty() && moves_.three_heaps.empty())
    helper.emplace();
  helper_ = helper ? &*helper : nullptr;
  struct release { // the helper's task ends before the helper does, and before extend returns
    sparse_engine& engine;
    ~release() {
      engine.drain();
      engine.helper_ = nullptr;
    }
  } const released{*this};
  detail::run_steps(
      values, count, [&](const auto* g, std::size_t h) { return step(g, h); },
      [&](const auto* g, std::size_t h, grundy_value x) { after(g, h, x); });
}

// Resuming a saved run (see analysis.cpp). after() widens the buffers itself as values grow,
// so that the heaps are taken into account exactly as when they were computed.
void sparse_engine::catch_up(const grundy_sequence& values) {
  if (seen_values_ >= values.size()) return;
  invalidate_blocks();
  values.visit([&](auto v) {
    for (std::size_t h = seen_values_; h < v.size(); ++h)
      after(v.data(), h, v[h]);
  });
}

grundy_sequence sparse_values(const octal_code& code, std::size_t count, const sparse_options& options) {
  grundy_sequence values;
  sparse_engine(code, options).extend(values, count);
  return values;
}

} // namespace grundy
