// Two threads proving whole blocks in turn: thread 0 the even blocks of a run, thread 1 the
// odd ones. A block of heaps is worked on in two parts. The first needs only the values
// paired_lag blocks before it: the rare pairs of those heaps, the proofs' first pairs, the
// candidate those give and its proof from the pairs a >= (paired_lag + 1) * lanes, where
// nearly all the time goes. The second waits for the block just before it, settled by the
// other thread, then marks what the first could not read (the moves to one heap, the rare
// heaps of the last few blocks and the first few, the pairs of small heaps a) and takes the
// candidate: where it is the one the first part proved, as in 98% of Officers' heaps, that is
// the value; else the heap's proof is made again from every pair. So each thread does one
// thread's work on its blocks (Officers to 2^24: 1.03 times one thread's processor time),
// where the block split of sparse_blocks.cpp hands the marks over between the threads and
// lets the helper prove only what it can before the first thread arrives (1.1 to 1.4 times).
// The blocks are settled in a chain, each after the one before, between the proofs of a heap
// and the next, so that the partner seldom waits. The values are those of one thread: each is
// the mex of all its options, whichever thread takes it.

#include "sparse_engine.hpp"
#include "sparse_kernels.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <limits>

namespace grundy {

using namespace detail::sparse;

// What the two threads of a paired run share.
struct sparse_engine::impl::paired_run {
  std::size_t first = 0;  // the first heap of block 0
  std::size_t blocks = 0; // blocks in the run
  // settled[t]: the blocks thread t has settled, raised past the run's blocks when it stops
  std::array<detail::handoff_counter, 2> settled;
  alignas(64) std::atomic<std::size_t> cut{0}; // the first heap not kept: the run's end, or less
  const std::atomic<bool>* stop = nullptr;
  void* g = nullptr; // the values, of the storage's type T (written past the known ones)
  std::array<paired_thread, 2> threads;

  void cut_at(std::size_t h) noexcept {
    std::size_t now = cut.load(std::memory_order_relaxed);
    while (h < now && !cut.compare_exchange_weak(now, h, std::memory_order_relaxed)) {
    }
  }
};

// Whether the next heaps can go to a paired run: two threads, a split, rows the kernels lay out,
// no aimed witnesses (their lists change as values arrive, and a proof on the other thread
// would read them), and long proofs (scan_in_blocks_: 512 pairs a heap or more at the last
// review): where the proofs are short, a block is a few microseconds of work, and the chain
// of settled blocks, a hand-over between the cores each, would be most of it. It was measured
// where proofs are long (Officers); elsewhere the helper marking ahead stays.
bool sparse_engine::impl::pairs_ready(std::size_t h) const noexcept {
  if (!helper_ || !options_.paired_blocks || split_.mask == 0 || bits_ > max_split_bits || !counting_ ||
      moves_.two_heaps.empty() || !moves_.three_heaps.empty() || witnesses_pay_ || !scan_in_blocks_)
    return false;
  return h >= 4 * (moves_.two_heaps.back() + (paired_lag + 1) * lanes_) && h >= first_review;
}

// Called before each heap the engine steps: from heap v.size() on, a paired run where one can
// go, until the next review of the split, look at the load, or `count`. Returns the largest
// value it appended.
template <class T>
grundy_value sparse_engine::impl::paired(std::vector<T>& v, std::size_t count,
                                         const std::atomic<bool>* stop) {
  const std::size_t h = v.size();
  if (h < next_paired_) return 0;
  next_paired_ = h + 64; // what stops a run now seldom changes sooner
  if (available_ && h >= next_look_) look_at_load(h);
  if (!pairs_ready(h) || next_review_ <= h + 1) return 0;
  return run_paired(v, std::min({count, next_review_ - 1, h + paired_span}), stop);
}

// Computes the heaps [v.size(), end) that whole blocks cover, or fewer if a value needs wider
// rows or storage, the split is to be reviewed, or *stop is set; the values are appended to v
// and taken into account (counts, rare heaps) as after() does. Returns the largest.
template <class T>
grundy_value sparse_engine::impl::run_paired(std::vector<T>& v, std::size_t end,
                                             const std::atomic<bool>* stop) {
  const std::size_t first = v.size();
  const std::size_t blocks = (end - first) / lanes_;
  if (blocks < 4) return 0;
  drain();
  end = first + blocks * lanes_;
  // The rare heaps found meanwhile are appended while the other thread reads the list: room is
  // made now, so that it does not move.
  rare_.reserve(rare_.size() + (end - first));
  rare_values_.reserve(rare_.size() + (end - first));
  v.resize(end); // written heap by heap; the kernels read only the values settled before
  paired_run run;
  run.first = first;
  run.blocks = blocks;
  run.cut.store(end, std::memory_order_relaxed);
  run.stop = stop;
  run.g = v.data();
  // What the threads use is allocated here, where a refusal is reported as anywhere else.
  for (auto& t : run.threads) {
    for (auto& slot : t.slots)
      slot.rows.resize(lanes_ * row_);
    t.proof.start(pattern_[0].data(), bits_, 0); // sizes its list of wanted values
    t.rare_known = rare_.size();
  }
  struct task {
    impl* engine;
    paired_run* run;
  } helper_task{this, &run};
  const auto ticket = helper_->post(
      [](void* p) noexcept {
        auto* t = static_cast<task*>(p);
        t->engine->template paired_blocks<T>(*t->run, 1);
      },
      &helper_task);
  paired_blocks<T>(run, 0);
  helper_->wait(ticket);
  const std::size_t kept = run.cut.load(std::memory_order_relaxed);
  v.resize(kept);
  seen_values_ = kept;
  grundy_value largest = 0;
  for (const auto& t : run.threads) {
    largest = std::max(largest, t.largest);
    statistics_.sparse_steps += t.steps;
    statistics_.proof_pairs += t.pairs;
    statistics_.full_scans += t.full_scans;
    statistics_.paired_heaps += t.steps;
    statistics_.paired_waits += t.waits;
  }
  statistics_.blocks += (kept - first) / lanes_;
  return largest;
}

// Thread `t`'s blocks of the run, in order, until the run ends or is cut. It keeps one block
// proved ahead of the one it settles next, and where that one must wait for the partner's
// block before it, proves one more instead, up to paired_slots (see paired_lag).
template <class T> void sparse_engine::impl::paired_blocks(paired_run& run, unsigned t) noexcept {
  paired_thread& self = run.threads[t];
  T* g = static_cast<T*>(run.g);
  auto& other = run.settled[t ^ 1u];
  // Whether the partner has settled the block before k (its ((k - 1) / 2 + 1)-th).
  const auto before = [](std::size_t k) {
    return static_cast<detail::handoff_counter::ticket>((k - 1) / 2 + 1);
  };
  with_layout(bits_, [&](auto row, auto lanes) {
    std::size_t proved = t, settled = t; // the next block to prove, to settle
    // Settles the next block if the partner's block before it is settled: the blocks are
    // settled in a chain, one thread's after the other's, so each is settled as soon as it can
    // be, between two heaps' proofs of the block being proved.
    // A block past the run's cut is dropped at once: the partner's before it may never be
    // settled. The count is raised all the same, for the partner's next block.
    const auto settle_ready = [&](std::size_t last) {
      if (settled >= last) return false;
      const std::size_t begin = run.first + settled * lanes;
      const bool dropped = begin >= run.cut.load(std::memory_order_relaxed);
      if (!dropped && settled > 0 && !other.reached(before(settled))) return false;
      if (!dropped) settle_block<row(), lanes()>(g, begin, self, self.slots[settled / 2 % paired_slots], run);
      run.settled[t].raise_to(static_cast<detail::handoff_counter::ticket>(settled / 2 + 1));
      settled += 2;
      return true;
    };
    for (bool more = true;;) {
      if (settle_ready(proved)) continue;
      if (more && (proved - settled) / 2 < paired_slots) {
        const std::size_t start = run.first + proved * lanes;
        more = proved < run.blocks && start < run.cut.load(std::memory_order_relaxed);
        if (more && detail::stop_requested(run.stop)) {
          run.cut_at(start);
          more = false;
        }
        if (more) {
          const std::size_t last = proved;
          prove_block<row(), lanes()>(g, start, self, self.slots[proved / 2 % paired_slots],
                                      [&] { settle_ready(last); });
          proved += 2;
          continue;
        }
      }
      if (settled >= proved) break;
      ++self.waits;
      other.await(before(settled));
    }
  });
  // The partner may wait for a block this thread will not settle: it finds the run cut.
  run.settled[t].raise_to(static_cast<detail::handoff_counter::ticket>(run.blocks + 2));
}

// The rare heaps r (indices into rare_, of its first known_rare) whose pairs with the move
// removing n the first part marks for the block starting at `start`: r >= paired_low - n (the
// other heap, start + i - n - r, is then below start - paired_lag * lanes for every lane i),
// r < start - paired_lag * lanes (known), r <= start - n - 1.
std::pair<std::size_t, std::size_t> sparse_engine::impl::paired_range(std::size_t n, std::size_t start,
                                                                      std::size_t known_rare) const noexcept {
  const std::size_t low = (paired_lag + 1) * lanes_;
  const auto least = static_cast<std::uint32_t>(low > n ? low - n : 1);
  const auto bound =
      static_cast<std::uint32_t>(std::min(start - paired_lag * lanes_, start - n)); // r < bound
  const std::uint32_t* heaps = rare_.data();
  const auto from = static_cast<std::size_t>(std::lower_bound(heaps, heaps + known_rare, least) - heaps);
  const auto to = static_cast<std::size_t>(std::lower_bound(heaps, heaps + known_rare, bound) - heaps);
  return {from, std::max(from, to)};
}

// The first part of a block: every mark and proof that reads values a block before it.
// slot.proved[i]: the candidate of lane i whose proof it completed, or none.
template <std::size_t Row, std::size_t Lanes, class T, class Poll>
void sparse_engine::impl::prove_block(const T* g, std::size_t start, paired_thread& self, paired_slot& slot,
                                      Poll&& poll) {
  std::uint8_t* rows = slot.rows.data();
  slot.rare_known = self.rare_known;
  start_rows(rows, start);
  for (const std::uint32_t n : moves_.two_heaps) {
    const auto [from, to] = paired_range(n, start, slot.rare_known);
    mark_rows<Row, Lanes>(rows, g + (start - n), static_cast<const T*>(nullptr), rare_.data() + from,
                          rare_values_.data() + from, to - from);
  }
  // The first move's first pairs, for all lanes at once, as the block pass marks them.
  const std::size_t n = moves_.two_heaps.front();
  const std::size_t low = (paired_lag + 1) * Lanes, high = (start - n) / 2 + 1;
  const bool marked = scan_in_blocks_ && high >= 4 * (low + block_scan);
  if (marked) {
    const T* base = g + (start - n);
    mark_range<Row, Lanes>(rows, g, base, low, low + block_scan);
    if (scan_wide_) mark_range<Row, Lanes>(rows, g, base, high / 2 - block_scan, high / 2);
    mark_range<Row, Lanes>(rows, g, base, high - block_scan, high);
  }
  for (std::size_t i = 0; i < Lanes; ++i) {
    poll();
    std::uint8_t* seen = rows + i * Row;
    const std::size_t m = start + i - n, top = m / 2 + 1;
    const grundy_value candidate = first_candidate(seen, bits_);
    const auto seek = [&](std::size_t a, std::size_t b) {
      return seek_pairs(g, m, a, std::min(b, top), seen, self);
    };
    bool open = self.proof.start(seen, bits_, candidate);
    if (open && vector_proofs<T>()) {
#ifdef GRUNDY_PAIRS_AVX512
      if constexpr (sizeof(T) <= 2) {
        self.bits = {};
        wanted_from_row(self.bits, seen, std::min(candidate, detail::wanted_bits::limit));
      }
#endif
    }
    if (open) open = marked ? seek(low + block_scan, high - block_scan) && seek(high, top) : seek(low, top);
    slot.proved[i] = open ? block_marks::none : candidate;
  }
}

// Looks for the proof's wanted values in the pairs (a, m - a), a in [low, high): 32 at a time
// where the values allow, else one by one. Returns whether some value is still wanted.
template <class T>
bool sparse_engine::impl::seek_pairs(const T* g, std::size_t m, std::size_t low, std::size_t high,
                                     std::uint8_t* seen, paired_thread& self) {
  if (low >= high) return vector_proofs<T>() ? self.bits.count > 0 : self.proof.open();
#ifdef GRUNDY_PAIRS_AVX512
  if constexpr (sizeof(T) <= 2)
    if (vector_proofs<T>()) {
      self.pairs += seek_wanted(g, m, low, high, ~std::size_t{0}, self.bits, seen);
      return self.bits.count > 0;
    }
#endif
  self.pairs += self.proof.seek(g, m, low, high, seen);
  return self.proof.open();
}

// The second part of a block, once every heap before it is settled: the marks the first part
// could not make, each heap's candidate, its value, and the value taken into account. Cuts the
// run at a heap whose value the rows or the storage cannot hold, or after which one thread
// would review the split: the steps of one thread take those.
template <std::size_t Row, std::size_t Lanes, class T>
void sparse_engine::impl::settle_block(T* g, std::size_t start, paired_thread& self, paired_slot& slot,
                                       paired_run& run) {
  std::uint8_t* rows = slot.rows.data();
  const auto& moves = moves_.two_heaps;
  for (std::size_t i = 0; i < Lanes; ++i) {
    const std::size_t h = start + i;
    std::uint8_t* seen = rows + i * Row;
    if (moves_.vanishes(h)) seen[0] = 1;
    for (const auto n : moves_.one_heap)
      if (n < h) seen[g[h - n]] = 1;
    for (const std::uint32_t n : moves) {
      const auto [from, to] = paired_range(n, start, slot.rare_known);
      mark_rare_outside(g, h - n, from, to, seen);
    }
    const std::size_t m = h - moves.front(), top = m / 2 + 1;
    const std::size_t low = std::min((paired_lag + 1) * Lanes, top);
    for (std::size_t a = 1; a < low; ++a)
      seen[g[a] ^ g[m - a]] = 1;
    self.pairs += low;
    ++self.steps;
    const grundy_value candidate = first_candidate(seen, bits_);
    grundy_value x = candidate;
    if (candidate != slot.proved[i] && self.proof.start(seen, bits_, candidate)) {
      // The first part proved another candidate, or none: every pair, as a proof that found no
      // witness does (see prove).
      ++self.full_scans;
      for (const std::uint32_t n : moves)
        if (n + 2 <= h && self.proof.open())
          self.pairs += self.proof.seek(g, h - n, 1, (h - n) / 2 + 1, seen);
      if (self.proof.open()) x = self.proof.least();
    }
    if ((x >> bits_) != 0 || x > std::numeric_limits<T>::max()) {
      run.cut_at(h); // after() widens the rows or the storage: heap h is computed again, alone
      return;
    }
    // A heap after which one thread would review the split (see after) is left to it.
    const bool rare = is_rare(h, x);
    if (drifting(h, rare_.size() + rare)) {
      run.cut_at(h);
      return;
    }
    // The one allocation here: where the memory account refuses it, one thread's steps take
    // the heap again and report it.
    try {
      count_value(h, x);
    } catch (...) {
      run.cut_at(h);
      return;
    }
    g[h] = static_cast<T>(x);
    self.largest = std::max(self.largest, x);
    seen_values_ = h + 1;
    if (rare) {
      rare_.push_back(static_cast<std::uint32_t>(h));
      rare_values_.push_back(x);
    }
  }
  self.rare_known = rare_.size();
}

template grundy_value sparse_engine::impl::paired(std::vector<std::uint8_t>&, std::size_t,
                                                  const std::atomic<bool>*);
template grundy_value sparse_engine::impl::paired(std::vector<std::uint16_t>&, std::size_t,
                                                  const std::atomic<bool>*);
template grundy_value sparse_engine::impl::paired(std::vector<std::uint32_t>&, std::size_t,
                                                  const std::atomic<bool>*);

} // namespace grundy
