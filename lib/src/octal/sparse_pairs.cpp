// Two threads proving whole blocks of a run, each taking the next block when it is free. A
// block of heaps is worked on in two parts. The first needs only the values paired_lag blocks
// before it: the rare pairs of those heaps, the proofs' first pairs, the candidate those give
// and its proof from the pairs a >= (paired_lag + 1) * lanes, where nearly all the time goes.
// The second, the settling, waits for the block just before it, then marks what the first
// could not read (the moves to one heap, the rare heaps of the last few blocks and the first
// few, the pairs of small heaps a) and takes the candidate: where it is the one the first part
// proved, as in 98% of Officers' heaps, that is the value; else the heap's proof is made again
// from every pair. So the threads do one thread's work (Officers to 2^24: 1.03 times one
// thread's processor time), where the block split of sparse_blocks.cpp hands the marks over
// between the threads and lets the helper prove only what it can before the first thread
// arrives (1.1 to 1.4 times).
// The blocks are settled in a chain, each after the one before, by whichever thread finds the
// block's first part done, between the proofs of a heap and the next, so that a thread seldom
// waits for a whole proof. A thread with nothing left to take (the blocks handed out reach
// paired_lag past the one to settle next) begins the other's late block again rather than
// sleep: on a shared host a virtual processor may be away for milliseconds, and the first of
// the two to finish the block is used. The values are those of one thread: each is the mex
// of all its options, whichever thread takes it.

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
  // The blocks settled, in order: raised by the thread holding `settling`.
  detail::handoff_counter settled;
  alignas(64) std::atomic<std::size_t> taken{0}; // the blocks handed out: [0, taken)
  // Held by the thread settling the next block. Beside it, rare_'s heaps once that block is
  // settled (a first part reads rare_ up to there), published before `settled` is raised.
  alignas(64) std::atomic<bool> settling{false};
  std::atomic<std::size_t> rare_known{0};
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
// and long proofs (scan_in_blocks_: 512 pairs a heap or more at the last review): where the
// proofs are short, a block is a few microseconds of work, and the chain of settled blocks, a
// hand-over between the cores each, would be most of it. It was measured where proofs are long
// (Officers); elsewhere the helper marking ahead stays. Where aimed witnesses pay, a trial
// decides (see paired).
bool sparse_engine::impl::pairs_ready(std::size_t h) const noexcept {
  if (!helper_ || !options_.paired_blocks || split_.mask == 0 || bits_ > max_split_bits || !counting_ ||
      moves_.two_heaps.empty() || !moves_.three_heaps.empty() || !scan_in_blocks_)
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
  if (!pairs_ready(h) || next_review_ <= h + 1) {
    timed_from_ = 0;
    return 0;
  }
  const std::size_t end = std::min({count, next_review_ - 1, h + paired_span});
  if (!witnesses_pay_) return run_paired(v, end, stop);
  // The split's heaps and a paired run's, timed in turn over trial_heaps each, on the same
  // threads (the values' cost grows slowly enough with the heap to compare neighbours). A
  // review of the split within the split's stretch starts its timing again: it takes time
  // the blocks' heaps do not.
  using clock = std::chrono::steady_clock;
  if (h >= next_trial_ && (timed_from_ == 0 || timed_reviews_ != statistics_.reviews)) {
    timed_from_ = h;
    timed_since_ = clock::now();
    timed_reviews_ = statistics_.reviews;
  }
  if (timed_from_ == 0) return pairing_wins_ ? run_paired(v, end, stop) : 0;
  if (h < timed_from_ + trial_heaps) return 0;
  const auto now = clock::now();
  const double split =
      static_cast<double>(h - timed_from_) / std::chrono::duration<double>(now - timed_since_).count();
  const grundy_value largest = run_paired(v, std::min(end, h + trial_heaps), stop);
  timed_from_ = 0;
  // A run cut short (a value needing wider rows, a drifting split, the end of the call) says
  // too little: the next heaps take the trial again.
  if (v.size() - h < trial_heaps / 2) return largest;
  const double pairs = static_cast<double>(v.size() - h) /
                       std::max(std::chrono::duration<double>(clock::now() - now).count(), 1e-9);
  const bool wins = pairs > split;
  // A lost trial costs most (0.376: whole blocks three times as slow), so the gap after a
  // clear loss is a paired run's span at least. A close one says little: a trial lasts a few
  // milliseconds, and in Officers the two stay within a tenth of each other up to a million
  // heaps or more, so that the noise of the machine decided early trials either way, and a
  // lost one held the split for the span, then four spans. Its gap is a span at most.
  const bool clear = pairs > clear_trial * split || clear_trial * pairs < split;
  const bool stands = trial_gap_ != 0 && wins == pairing_wins_;
  std::size_t gap = stands ? std::min(4 * trial_gap_, max_trial_gap) : first_trial_gap;
  if (!wins) gap = clear ? std::max(gap, paired_span) : std::min(gap, paired_span);
  trial_gap_ = gap;
  pairing_wins_ = wins;
  ++statistics_.pairing_trials;
  next_trial_ = v.size() + trial_gap_;
  return largest;
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
    for (unsigned q = 0; q < 2; ++q)
      t.counts[q].assign(counts_[q].size(), 0);
  }
  run.rare_known.store(rare_.size(), std::memory_order_relaxed);
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
    for (unsigned q = 0; q < 2; ++q)
      for (std::size_t x = 0; x < counts_[q].size(); ++x)
        counts_[q][x] += t.counts[q][x];
    largest = std::max(largest, t.largest);
    statistics_.sparse_steps += t.steps;
    statistics_.proof_pairs += t.pairs;
    statistics_.full_scans += t.full_scans;
    statistics_.paired_heaps += t.steps;
    statistics_.paired_waits += t.waits;
    statistics_.paired_retaken += t.retaken;
  }
  statistics_.blocks += (kept - first) / lanes_;
  return largest;
}

// Thread `t`'s share of the run, until every block is settled or the run is cut. In turn, as
// each is possible: it settles the next block, takes the next one to prove, or begins again
// the block to settle next, which the other thread has not finished.
template <class T> void sparse_engine::impl::paired_blocks(paired_run& run, unsigned t) noexcept {
  paired_thread& self = run.threads[t];
  paired_thread& other = run.threads[t ^ 1u];
  T* g = static_cast<T*>(run.g);
  const auto done = [](const paired_slot& slot, std::size_t k) {
    return std::atomic_ref<const std::size_t>(slot.done).load(std::memory_order_acquire) == k + 1;
  };
  const auto settled = [&] { return static_cast<std::size_t>(run.settled.load()); };
  with_layout(bits_, [&](auto row, auto lanes) {
    const auto ended = [&](std::size_t k) {
      return k >= run.blocks || run.first + k * lanes >= run.cut.load(std::memory_order_relaxed);
    };
    // Block k's first part, complete in a slot of either thread; nullptr: not yet.
    const auto first_part = [&](std::size_t k) -> paired_slot* {
      if (done(self.slots[k % paired_window], k)) return &self.slots[k % paired_window];
      if (done(other.slots[k % paired_window], k)) return &other.slots[k % paired_window];
      return nullptr;
    };
    // Settles the next block if its first part is done and no thread is settling. A block past
    // the run's cut is left: the run ends before it.
    const auto settle_next = [&] {
      const std::size_t k = settled();
      if (ended(k)) return false;
      paired_slot* slot = first_part(k);
      // Acquire and release both ways: a thread that finds the flag held may go to sleep on
      // `settled`, and its saying so must come after the holder's waking from its own last
      // sleep (handoff_counter has one sleeper at a time).
      if (!slot || run.settling.load(std::memory_order_acquire) ||
          run.settling.exchange(true, std::memory_order_acq_rel))
        return false;
      const bool now = settled() == k; // else the other thread settled it meanwhile
      if (now) {
        settle_block<row(), lanes()>(g, run.first + k * lanes, self, *slot, run);
        run.rare_known.store(rare_.size(), std::memory_order_release);
        run.settled.raise_to(static_cast<detail::handoff_counter::ticket>(k + 1));
      }
      run.settling.store(false, std::memory_order_release);
      return now;
    };
    // The first part of block k in this thread's slot, given up when the block is settled, cut
    // off, or done by the other thread.
    const auto prove = [&](std::size_t k) {
      paired_slot& slot = self.slots[k % paired_window];
      slot.rare_known = run.rare_known.load(std::memory_order_acquire);
      const bool complete = prove_block<row(), lanes()>(g, run.first + k * lanes, self, slot, [&] {
        settle_next();
        return settled() <= k && !ended(k) && !done(other.slots[k % paired_window], k);
      });
      if (complete) std::atomic_ref<std::size_t>(slot.done).store(k + 1, std::memory_order_release);
    };
    for (;;) {
      const std::size_t k = settled();
      if (ended(k)) break;
      if (settle_next()) continue;
      std::size_t next = run.taken.load(std::memory_order_relaxed);
      if (next <= k + paired_lag && !ended(next)) {
        // Claimed before the stop is looked at: a cut at a block another thread had claimed
        // could fall below blocks it has settled since.
        if (run.taken.compare_exchange_strong(next, next + 1, std::memory_order_relaxed)) {
          if (detail::stop_requested(run.stop))
            run.cut_at(run.first + next * lanes);
          else
            prove(next);
        }
        continue;
      }
      // Every block that may be proved is handed out, and block k's first part is not done:
      // the other thread is on it, late, or not running at all.
      if (!first_part(k)) {
        ++self.retaken;
        prove(k);
        continue;
      }
      // The other thread is settling block k.
      ++self.waits;
      run.settled.await(static_cast<detail::handoff_counter::ticket>(k + 1));
    }
  });
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
// slot.proved[i]: the candidate of lane i whose proof it completed, or none. Before each heap,
// poll() says whether to go on; returns whether the block was done.
template <std::size_t Row, std::size_t Lanes, class T, class Poll>
bool sparse_engine::impl::prove_block(const T* g, std::size_t start, paired_thread& self, paired_slot& slot,
                                      Poll&& poll) {
  std::uint8_t* rows = slot.rows.data();
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
    if (!poll()) return false;
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
  return true;
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
      count_value(h, x, self.counts);
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
}

template grundy_value sparse_engine::impl::paired(std::vector<std::uint8_t>&, std::size_t,
                                                  const std::atomic<bool>*);
template grundy_value sparse_engine::impl::paired(std::vector<std::uint16_t>&, std::size_t,
                                                  const std::atomic<bool>*);
template grundy_value sparse_engine::impl::paired(std::vector<std::uint32_t>&, std::size_t,
                                                  const std::atomic<bool>*);

} // namespace grundy
