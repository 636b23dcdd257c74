#pragma once
// The sparse engine's state and the parts that share it: the heap's step and its proof
// (sparse_proofs.cpp), the block pass and the second thread (sparse_blocks.cpp), the choice
// of the split (sparse_split.cpp), the driver (sparse.cpp). The hot loops are in
// sparse_kernels.hpp, the sizes and thresholds they share in sparse_tuning.hpp.
//
// Where the time goes, and what is done about it (Officers, 0.6, as the example: 1583 rare
// heaps, and some sixty values of the rare parity below a typical candidate):
// - The rare pairs of a few consecutive heaps are marked together: for heaps N..N+B-1 and a
//   rare heap r far enough from N, the other heaps of the pairs, N+i-n-r, are B consecutive
//   values already known, so one pass over the rare heaps marks the options of all B heaps
//   with contiguous loads, three instructions per option (see fill_block). Pairs whose
//   other heap lies inside the group are added heap by heap.
// - A proof needs about two thousand pairs in Officers, each reaching one value, because a
//   few of the values wanted are reached by one pair in a thousand at that heap. The pairs
//   are scanned from both ends of their range (pairs of small heaps and pairs of two
//   middle-sized heaps reach different values); where the proofs are long, the block pass
//   marks the first few hundred of them too; the rest are looked up 32 at a time in a bitmap
//   of the values still wanted, with AVX-512 where the processor has it.
// - In games whose values settle into a few frequent ones (0.376), a wanted value is reached
//   faster by aiming: pairing a heap of a frequent value y with the first heaps of value
//   v ^ y. The engine aims where that has paid lately.
// - With sparse_options::threads above 1, the block pass, two thirds of the work in Officers,
//   moves to a second thread a few blocks ahead (next_block): a block only reads values from
//   before it. What the helper cannot mark yet, or is left to balance the two, this thread
//   marks in rows of its own, so that the cores share few cache lines. The values are those of
//   one thread, whatever the schedule. The helper hands each row over packed to bits, a cache
//   line where the row takes nine, which this thread ORs into a row of its own. With time to
//   spare, the helper goes on with the proofs of its block from the values it knows
//   (prove_ahead): a proof needs values from before the block only for most of its pairs, and
//   its candidate is seldom moved by the rare pairs the helper cannot mark. Its positions in
//   the block's work (progress, limit) let this thread take what it has not begun, through a
//   release store and relaxed loads (plain moves on x86): a locked exchange would wait for
//   thousands of stored marks.

#include <grundy/octal/moves.hpp>
#include <grundy/octal/sparse.hpp>

#include <grundy/detail/helper_thread.hpp>
#include <grundy/detail/load_watch.hpp>

#include "pairs.hpp"
#include "sparse_kernels.hpp"
#include "sparse_tuning.hpp"

#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace grundy {

class sparse_engine::impl {
public:
  impl(const octal_code& code, const sparse_options& options);

  const octal_code& code() const noexcept { return moves_.code; }
  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop);
  void catch_up(const grundy_sequence& values, const std::atomic<bool>* stop);
  rare_split split() const noexcept { return split_; }
  void set_threads(unsigned threads) noexcept { options_.threads = threads; }
  std::size_t rare_count() const noexcept { return rare_.size(); }
  bool is_rare(std::size_t h, grundy_value g) const noexcept {
    return split_.mask != 0 && detail::sparse::parity(g & split_.mask) == expected_parity(h);
  }
  const sparse_statistics& statistics() const noexcept { return statistics_; }

  // The parts below are templates over the values' storage type T (std::uint8_t, std::uint16_t
  // or std::uint32_t); those called from another file are instantiated for all three in theirs.
private:
  // counts[h & 1][g]: the heaps h >= 1 of value g
  using value_counts = std::array<std::vector<std::uint64_t>, 2>;

  // The pairs (a, r - a) of one heap and its first splitting move a proof has still to scan.
  struct pair_range {
    std::size_t r, low, high; // a in [low, high)
  };

  // One heap: options, candidate, proof (sparse_proofs.cpp); nothing when a naive step saw *stop.
  template <class T>
  std::optional<grundy_value> step(const T* g, std::size_t h, const std::atomic<bool>* stop);
  template <class T> void mark_recent(const T* g, std::size_t h, std::uint8_t* seen) const;
  // Marks the pairs (r, m - r) of the rare heaps r < m outside rare_[from, to): those a pass
  // over that part of the list left out. Both paths of one heap's rare pairs use it.
  template <class T>
  void mark_rare_outside(const T* g, std::size_t m, std::size_t from, std::size_t to,
                         std::uint8_t* seen) const noexcept {
    const auto mark = [&](std::size_t j, std::size_t end) {
      for (; j < end && rare_[j] < m; ++j)
        seen[rare_values_[j] ^ g[m - rare_[j]]] = 1;
    };
    mark(0, from);
    mark(to, rare_.size());
  }
  template <class T>
  grundy_value prove(const T* g, std::size_t h, std::uint8_t* seen, grundy_value candidate);
  bool settled(const std::uint8_t* seen) noexcept;
  template <class T> pair_range unscanned(const T* g, std::size_t h, std::uint8_t* seen);
  template <class T> bool seek(const T* g, pair_range& pairs, std::size_t budget, std::uint8_t* seen);
  template <class T> bool seek_vectors(const T* g, pair_range& pairs, std::size_t budget, std::uint8_t* seen);
  // Whether the proofs look pairs up 32 at a time (see seek_vectors), which the helper's
  // proofs need.
  template <class T> bool vector_proofs() const noexcept {
#ifdef GRUNDY_PAIRS_AVX512
    return sizeof(T) <= 2 && bits_ <= 9 && options_.vector_proofs && detail::has_avx512();
#else
    return false;
#endif
  }
  template <class T>
  void scan(const T* g, std::size_t r, std::size_t from, std::size_t to, std::uint8_t* seen);
  template <class T> bool aim(const T* g, std::size_t h, std::uint8_t* seen);
  template <class T> bool find_witness(const T* g, std::size_t h, grundy_value v, std::uint8_t* seen);

  // The marks of a block of heaps: a row per heap, and which pairs the block pass marked. Per
  // splitting move, the rare heaps [first, last) (indices into rare_): [split, last) marked by
  // fill_block, maybe on the helper thread, and [first, split) by complete_block.
  // A cache line or more each, and `progress` and `limit` one of their own: the helper writes
  // one and reads the other while this thread reads the block in use and plans the next ones,
  // in the lines beside them.
  struct alignas(64) block_marks {
    std::size_t start = 0, end = 0; // heaps start..end-1; end 0: not prepared
    std::size_t known = 0;          // the values G(0..known-1) it was prepared from
    std::vector<std::size_t> first, split, last;
    std::array<std::size_t, 4> scan_done{};        // pairs [0],[1]) and [2],[3]) marked by the block
    std::size_t quarter = 0;                       // and pairs [quarter - scan, quarter) if not 0
    std::size_t scan = detail::sparse::block_scan; // pairs in each of those ranges
    std::vector<std::uint8_t> rows;
    std::vector<std::uint64_t> bits; // with a helper: the rows' marks packed (pack_row), row by row
    bool by_helper = false;          // prepared by the helper: read packed, completed by this thread
    bool prove = false;              // the helper goes on with the proofs (prove_ahead)
    bool measured = false;           // with every rare heap it could mark: a fair test of them
    // The helper's work in order, as positions: the rare heaps [rare_from, rare_to) of a single
    // move (empty with several, whose rare pairs it marks first), then the pieces of the ranges
    // of the proofs' first pairs (rare_to + piece, see mark_scan), the packing of the rows, then
    // the proofs of the lanes (from lanes_at() on, one a lane). Once the rows are packed, the
    // engine's thread reads the block while the helper goes on with its proofs.
    std::size_t rare_from = 0, rare_to = 0;
    std::size_t pieces = 0; // of the ranges of the proofs' first pairs, scan_piece pairs each
    std::size_t lanes_at() const noexcept { return rare_to + pieces + 1; }
    // Per lane, the candidate whose proof the helper completed (prove_ahead), published after
    // the row's packed bits and the pairs the proof scanned; none: not proved.
    static constexpr grundy_value none = ~grundy_value{0};
    std::array<grundy_value, detail::sparse::max_lanes> proved{};
    std::array<std::uint32_t, detail::sparse::max_lanes> proof_pairs{};
    alignas(64) std::size_t progress = 0; // the helper has done the work before this position
    std::size_t limit = 0;                // and stops at this one, which the engine's thread lowers
  };
  static constexpr std::size_t scan_ranges = 3;
  // Pairs in a piece of those ranges: short enough that the engine's thread, arrived at a block
  // whose ranges the helper is marking, seldom waits long for the piece the helper is on.
  static constexpr std::size_t scan_piece = 64;
  // How the engine's thread found a block the helper prepared (see steal).
  enum class arrival { finished, marking, proving };
  // On the helper: whether the work at `pos` is still its own (the engine's thread takes the
  // rest when it arrives first, see steal), and telling that the work before `pos` is done.
  static bool go_on(block_marks& b, std::size_t pos) noexcept {
    return pos < std::atomic_ref<std::size_t>(b.limit).load(std::memory_order_relaxed);
  }
  static void done_up_to(block_marks& b, std::size_t pos) noexcept {
    std::atomic_ref<std::size_t>(b.progress).store(pos, std::memory_order_release);
  }
  // The rare heaps a block pass reads: a prefix of rare_, as long as when the pass was handed out.
  struct rare_prefix {
    const std::uint32_t* heaps;
    const grundy_value* values;
    std::size_t count;
  };
  // What the helper thread is handed: fill `block`.
  struct helper_task {
    impl* engine;
    const void* g;      // the values, of the storage's type T
    block_marks* block; // planned (plan_block) by this thread
    rare_prefix rare;
  };

  // The block pass and the second thread (sparse_blocks.cpp).
  template <class T> void next_block(const T* g, std::size_t h);
  template <class T> void post_block(const T* g, std::size_t slot, std::size_t start, std::size_t known);
  template <class T> static void run_helper_task(void* task) noexcept;
  void plan_block(block_marks& b, std::size_t start, std::size_t known, std::size_t share, std::size_t scan,
                  rare_prefix rare) const;
  template <class T> void fill_block(const T* g, block_marks& b, rare_prefix rare, bool shared);
  template <class T> void prove_ahead(const T* g, block_marks& b);
  template <class T> arrival steal(const T* g, block_marks& b);
  void start_rows(std::uint8_t* rows, std::size_t start) const noexcept;
  void pack_block(block_marks& b) const noexcept;
  template <class T> std::size_t complete_block(const T* g, block_marks& b);
  std::pair<std::size_t, std::size_t> rare_range(std::size_t n, std::size_t start, std::size_t known,
                                                 rare_prefix rare) const;
  template <class T>
  void mark_rare(const T* g, std::uint8_t* rows, std::size_t start, const std::size_t* first,
                 const std::size_t* last, rare_prefix rare) const;
  template <class T>
  void mark_block(std::uint8_t* rows, const T* base, const T* second, rare_prefix rare, std::size_t first,
                  std::size_t last) const;
  void plan_scan(block_marks& b, std::size_t known) const;
  template <class T>
  void mark_scan(const T* g, std::uint8_t* rows, const block_marks& b, std::size_t from,
                 std::size_t to) const;
  rare_prefix rare_now() const noexcept { return {rare_.data(), rare_values_.data(), rare_.size()}; }
  block_marks& block() noexcept { return blocks_[current_]; }

  // Two threads taking blocks as they come (sparse_pairs.cpp).
  // A block between its two parts: its rows, the candidates proved (block_marks::none: not),
  // how many of rare_ its first part read, and which block the slot holds complete (its
  // number + 1, published last; another number: none).
  struct paired_slot {
    std::vector<std::uint8_t> rows;
    std::array<grundy_value, detail::sparse::max_lanes> proved{};
    std::size_t rare_known = 0;
    std::size_t done = 0;
  };
  struct paired_thread {
    std::array<paired_slot, detail::sparse::paired_window> slots; // block k in slot k % window
    detail::sparse::pair_proof proof;                             // the proof under way
#ifdef GRUNDY_PAIRS_AVX512
    detail::wanted_bits bits; // the same values, for the proofs that look pairs up 32 at a time
#endif
    // The values it settled, added to counts_ after the run (the reviews read them, between
    // runs): counts_, written by both threads, had its lines moving between the cores at every
    // block (count_value took 5% of two threads' time in Officers, 0.5% of one thread's).
    value_counts counts;
    grundy_value largest = 0;
    std::uint64_t steps = 0, pairs = 0, full_scans = 0, waits = 0, retaken = 0;
  };
  struct paired_run;
  template <class T> grundy_value paired(std::vector<T>& v, std::size_t count, const std::atomic<bool>* stop);
  bool pairs_ready(std::size_t h) const noexcept;
  template <class T>
  grundy_value run_paired(std::vector<T>& v, std::size_t end, const std::atomic<bool>* stop);
  template <class T> void paired_blocks(paired_run& run, unsigned t) noexcept;
  std::pair<std::size_t, std::size_t> paired_range(std::size_t n, std::size_t start,
                                                   std::size_t known_rare) const noexcept;
  template <std::size_t Row, std::size_t Lanes, class T, class Poll>
  bool prove_block(const T* g, std::size_t start, paired_thread& self, paired_slot& slot, Poll&& poll);
  template <class T>
  bool seek_pairs(const T* g, std::size_t m, std::size_t low, std::size_t high, std::uint8_t* seen,
                  paired_thread& self);
  template <std::size_t Row, std::size_t Lanes, class T>
  void settle_block(T* g, std::size_t start, paired_thread& self, paired_slot& slot, paired_run& run);
  std::size_t next_paired_ = 0; // the heap at which a paired run is next considered
  // Where aimed witnesses pay, paired runs, which cannot aim (a witness pairs a small heap
  // with one just below the heap, which a block's first part cannot read), are timed against
  // the split now and then (see paired): Officers' aims pay, and its blocks run 1.15 times as
  // fast as the split with them; 0.376's proofs without aims are three times as long.
  bool pairing_wins_ = false;
  std::size_t next_trial_ = 0; // the heap from which the split is timed for the next trial
  std::size_t trial_gap_ = 0;  // heaps between two trials
  std::size_t timed_from_ = 0; // the heap at which the split's timing began; 0: not timing
  std::chrono::steady_clock::time_point timed_since_{};
  std::uint64_t timed_reviews_ = 0; // the reviews made when the timing began

  // Bookkeeping as values arrive (sparse.cpp).
  template <class T> void after(const T* g, std::size_t h, grundy_value x);
  void count_value(std::size_t h, grundy_value x, value_counts& counts);
  bool drifting(std::size_t h, std::size_t rare) const noexcept;
  void fit(grundy_value largest);
  void invalidate_blocks() noexcept;
  void drain() noexcept;
  void look_at_load(std::size_t h);

  // The choice of the split (sparse_split.cpp).
  template <class T> void review(const T* g, std::size_t count);
  template <class T> void use_split(const T* g, std::size_t count, rare_split split);
  unsigned expected_parity(std::size_t h) const noexcept {
    return split_.heap_parity ? static_cast<unsigned>((h - split_parity_) & 1u) : 0u;
  }
  void choose_frequent();
  void build_patterns();

  detail::octal_moves moves_;
  sparse_options options_;
  rare_split split_;
  bool parity_allowed_ = false; // every splitting move removes a number of the same parity
  unsigned split_parity_ = 0;   // that parity
  unsigned bits_ = 0;           // every value so far is below 2^bits_
  bool counting_ = true;        // histograms kept (values small enough for a split to pay)

  std::vector<std::uint8_t> seen_;                   // 2^(bits_+1) marks for one naive step
  std::size_t row_ = 0;                              // bytes per heap in rows_ and pattern_
  std::size_t lanes_ = 0;                            // heaps per block
  std::array<std::vector<std::uint8_t>, 2> pattern_; // pattern_[e][v]: 2 where v's parity is e
  // The block in use and, with a helper, the next blocks_ahead ones, which it prepares
  // meanwhile: a few blocks of slack absorb the heaps whose proofs take long.
  static constexpr std::size_t blocks_ahead = 4;
  static constexpr std::size_t ring = blocks_ahead + 1;
  // The helper thread, kept from one call of extend to the next: on a busy machine a thread
  // started anew waits a scheduler period or more for its first turn (a new thread queues
  // behind those already waiting), 7 to 15 ms on two cores beside other work, which was most
  // of a short call (the thread choice's samples: two threads then looked slower than one where
  // they were faster). A thread woken from sleep gets a core at once. It is started anew only
  // for another memory account, which its allocations are charged to.
  struct kept_helper {
    std::unique_ptr<detail::helper_thread> thread;
    memory_account* account = nullptr;
    kept_helper() = default;
    kept_helper(const kept_helper&) noexcept {} // a copy of the engine starts its own
    kept_helper& operator=(const kept_helper&) noexcept { return *this; }
    kept_helper(kept_helper&&) noexcept = default;
    kept_helper& operator=(kept_helper&&) noexcept = default;
    detail::helper_thread& get() {
      if (!thread || account != current_memory_account()) {
        thread.reset();
        thread = std::make_unique<detail::helper_thread>();
        account = current_memory_account();
      }
      return *thread;
    }
  };
  struct posted_block {
    std::size_t start = 0;    // the first heap of the block planned in this slot; 0: none
    std::uint32_t ticket = 0; // with the helper: its task
  };
  std::array<block_marks, ring> blocks_;
  std::size_t current_ = 0;                           // the block in use
  std::vector<std::size_t> lower_;                    // complete_block's first rare heaps, per move
  std::vector<std::uint8_t> aux_;                     // with a helper, the rows this thread reads
  std::size_t words_ = 0;                             // words of a packed row
  kept_helper kept_;                                  // the helper thread, between calls too
  detail::helper_thread* helper_ = nullptr;           // set while extend runs with a helper thread
  detail::helper_thread* available_ = nullptr;        // the helper extend started, used or set aside
  detail::load_watch load_;                           // whether it pays, the machine as it is now
  bool busy_ = false;                                 // options_.busy_cores's last answer
  std::size_t next_look_ = 0;                         // the heap of the next look at the load
  std::array<helper_task, ring> tasks_{};             // the helper's tasks, one per block
  std::array<posted_block, ring> posted_{};           // and what this thread knows of them
  std::size_t share_ = 0;                             // rare heaps per move left to complete_block
  std::size_t scan_ = detail::sparse::block_scan;     // pairs per range the block pass marks
  std::vector<grundy_value> wanted_;                  // values a proof still has to reach,
  std::size_t wanted_count_ = 0;                      // in wanted_[0, wanted_count_)
  std::vector<std::uint32_t> rare_;                   // the rare heaps, increasing
  std::vector<grundy_value> rare_values_;             // their values
  value_counts counts_;                               // the heaps of each value, by parity
  std::vector<std::vector<std::uint32_t>> positions_; // positions_[g]: the first heaps of value g
  std::vector<grundy_value> frequent_;                // the most frequent values, most first

  // The helper's proofs pay where the candidate it proves is the heap's (the rare heaps it
  // cannot mark seldom move it): counted over the heaps it proved, and tried on one block in
  // ahead_sample while they do not pay.
  static constexpr std::size_t ahead_sample = 16;
  bool ahead_pays_ = true;
  std::uint64_t ahead_proved_ = 0, ahead_used_ = 0;
  std::size_t ahead_blocks_ = 0;

  bool witnesses_pay_ = true;          // aimed witnesses settle most proofs they are tried on
  std::uint64_t witness_searches_ = 0; // since the last review
  std::uint64_t witness_failures_ = 0;

  bool scan_in_blocks_ = false;    // the block pass marks the proofs' first pairs
  bool scan_wide_ = false;         // and a third range of them
  std::uint64_t review_steps_ = 0; // sparse steps at the last review
  std::uint64_t review_pairs_ = 0; // proof pairs then
  std::size_t seen_values_ = 0;    // values taken into account
  std::size_t next_review_ = 0;
  std::size_t review_count_ = 0; // values at the last review
  std::size_t review_rare_ = 0;  // rare heaps then
  sparse_statistics statistics_;
};

} // namespace grundy
