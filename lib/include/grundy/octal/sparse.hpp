#pragma once
// The sparse-space engine: options through rare values first, then a proof of the candidate.

#include <grundy/octal/code.hpp>
#include <grundy/octal/moves.hpp>
#include <grundy/octal/sequence.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace grundy {

namespace detail {
class helper_thread;
}

// How values are split into rare and common. The heap h, of value g, is rare when the
// parity of popcount(g & mask) is even; with heap_parity, when that parity equals the parity
// of h - n, n being the number of tokens the code's splitting moves remove (all of them must
// then have the same parity). mask 0 means no split: the engine takes naive steps.
struct rare_split {
  std::uint32_t mask = 0;
  bool heap_parity = false;

  friend bool operator==(const rare_split&, const rare_split&) = default;
};

struct sparse_options {
  // Keep this split from the first heap on instead of choosing one from the values computed
  // so far. The values do not depend on it, only the speed; tests use it to show exactly that.
  std::optional<rare_split> fixed_split;
  // Let the proofs use the processor's vector instructions (AVX-512) where it has them. The
  // values do not depend on it either; tests turn it off to check the portable code.
  bool vector_proofs = true;
  // Threads for one sequence, 0 for every core. With 2 or more, a second thread marks the rare
  // pairs of the next block of heaps while the first settles the current one. The values do
  // not depend on it.
  unsigned threads = 1;
};

// What the engine did, for benchmarks and for choosing thresholds.
struct sparse_statistics {
  std::uint64_t sparse_steps = 0;  // heaps settled from rare options and a proof
  std::uint64_t naive_steps = 0;   // heaps computed with every option
  std::uint64_t full_scans = 0;    // sparse steps whose proof went through every pair
  std::uint64_t proof_pairs = 0;   // pairs examined by the proofs
  std::uint64_t blocks = 0;        // groups of heaps whose rare options were marked together
  std::uint64_t helper_blocks = 0; // of those, blocks a second thread marked most of
  std::uint64_t helper_waits = 0;  // blocks the first thread had to wait for
  std::uint64_t reviews = 0;       // times the split was reconsidered
  std::uint64_t changes = 0;       // times it changed
};

// In most octal games that split heaps, a few values are rare and the rest common once the
// values are split by the parity of popcount(G & mask). That parity is linear, so the XOR of
// two common values or of two rare values has the parity of a rare value: the options of the
// other parity (candidate values) all come from pairs with a rare heap, and there are few of
// those. The engine enumerates exactly those pairs to find the candidate, the least candidate
// value not reached, then proves it: the heap's value is the candidate unless a value of the
// rare parity below it is not reached, so it scans the other pairs only until every such value
// has turned up, and through all of them otherwise. The result is therefore exact whatever
// the split; a poor split only costs time.
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
//   one thread, whatever the schedule.
//
// The split is chosen from the counts of the values computed so far (a Walsh-Hadamard
// transform scores every mask at once) and reconsidered as the sequence grows. Where no split
// makes the rare heaps few, or the code leaves three heaps (whose options the split does not
// make sparse), the engine takes naive steps.
class sparse_engine {
public:
  explicit sparse_engine(const octal_code& code, const sparse_options& options = {});

  const octal_code& code() const noexcept { return moves_.code; }

  // Appends G(values.size()), ..., G(count - 1). `values` must hold this code's first values
  // (or be empty); values the engine has not seen yet are taken into account first.
  void extend(grundy_sequence& values, std::size_t count);

  // Takes into account the values the engine has not seen yet, as extend does before its first
  // new value, one heap at a time in the order they were computed: an engine rebuilt from a
  // saved run's values is then in the state of the engine that computed them (its split and
  // rare heaps included), even when no value is left to compute.
  void catch_up(const grundy_sequence& values);

  // The split in use now.
  rare_split split() const noexcept { return split_; }

  // The heaps of size at least 1 that are rare under the current split (0 without a split).
  std::size_t rare_count() const noexcept { return rare_.size(); }

  // True when heap h, of value g, is rare under the current split.
  bool is_rare(std::size_t h, grundy_value g) const noexcept;

  const sparse_statistics& statistics() const noexcept { return statistics_; }

private:
  // The pairs (a, r - a) of one heap and its first splitting move a proof has still to scan.
  struct pair_range {
    std::size_t r, low, high; // a in [low, high)
  };

  // One heap: options, candidate, proof.
  template <class T> grundy_value step(const T* g, std::size_t h);
  template <class T> void mark_recent(const T* g, std::size_t h, std::uint8_t* seen) const;
  template <class T>
  grundy_value prove(const T* g, std::size_t h, std::uint8_t* seen, const std::uint8_t* extra,
                     grundy_value candidate);
  std::size_t collect_wanted(const std::uint8_t* seen, const std::uint8_t* extra,
                             grundy_value candidate) noexcept;
  bool settled(const std::uint8_t* seen) noexcept;
  template <class T> pair_range unscanned(const T* g, std::size_t h, std::uint8_t* seen);
  template <class T> bool seek(const T* g, pair_range& pairs, std::size_t budget, std::uint8_t* seen);
  template <class T> bool seek_vectors(const T* g, pair_range& pairs, std::size_t budget, std::uint8_t* seen);
  template <class T> bool vector_proofs() const noexcept;
  template <class T>
  void scan(const T* g, std::size_t r, std::size_t from, std::size_t to, std::uint8_t* seen);
  template <class T> bool aim(const T* g, std::size_t h);
  template <class T> bool find_witness(const T* g, std::size_t h, grundy_value v);

  // The marks of a block of heaps: a row per heap, and which pairs the block pass marked. Per
  // splitting move, the rare heaps [first, last) (indices into rare_): [split, last) marked by
  // fill_block, maybe on the helper thread, and [first, split) by complete_block.
  // A cache line or more each, and `claims` one of its own: the helper takes from it while
  // this thread reads the block in use and plans the next ones, in the lines beside it.
  struct alignas(64) block_marks {
    std::size_t start = 0, end = 0; // heaps start..end-1; end 0: not prepared
    std::vector<std::size_t> first, split, last;
    std::array<std::size_t, 4> scan_done{}; // pairs [0],[1]) and [2],[3]) marked by the block
    std::size_t quarter = 0;                // and pairs [quarter - block_scan, quarter) if not 0
    std::vector<std::uint8_t> rows;
    bool rare_shared = false;             // a single move whose rare heaps the threads take in chunks
    alignas(64) std::uint64_t claims = 0; // the work not yet taken from a shared block (see fill_block)
  };
  // The rare heaps a block pass reads: a prefix of rare_, as long as when the pass was handed out.
  struct rare_prefix {
    const std::uint32_t* heaps;
    const grundy_value* values;
    std::size_t count;
  };
  // What the helper thread is handed: fill `block`.
  struct helper_task {
    const sparse_engine* engine;
    const void* g;      // the values, of the storage's type T
    block_marks* block; // planned (plan_block) by this thread
    rare_prefix rare;
  };

  template <class T> void next_block(const T* g, std::size_t h);
  template <class T> void post_block(const T* g, std::size_t slot, std::size_t start, std::size_t known);
  template <class T> static void run_helper_task(void* task) noexcept;
  void plan_block(block_marks& b, std::size_t start, std::size_t known, std::size_t share,
                  rare_prefix rare) const;
  template <class T> void fill_block(const T* g, block_marks& b, rare_prefix rare, bool shared) const;
  template <class T> void steal(const T* g, block_marks& b);
  template <class T> void complete_block(const T* g, block_marks& b);
  std::pair<std::size_t, std::size_t> rare_range(std::size_t n, std::size_t start, std::size_t known,
                                                 rare_prefix rare) const;
  template <class T>
  void mark_rare(const T* g, std::uint8_t* rows, std::size_t start, const std::size_t* first,
                 const std::size_t* last, rare_prefix rare) const;
  template <class T>
  void mark_block(std::uint8_t* rows, const T* base, const T* second, rare_prefix rare, std::size_t first,
                  std::size_t last) const;
  void plan_scan(block_marks& b, std::size_t known) const;
  static constexpr unsigned all_ranges = 3;
  template <class T>
  void mark_scan(const T* g, std::uint8_t* rows, const block_marks& b, unsigned range = all_ranges) const;
  rare_prefix rare_now() const noexcept { return {rare_.data(), rare_values_.data(), rare_.size()}; }
  block_marks& block() noexcept { return blocks_[current_]; }
  void invalidate_blocks() noexcept;
  void drain() noexcept;

  // Bookkeeping as values arrive.
  template <class T> void after(const T* g, std::size_t h, grundy_value x);
  template <class T> void review(const T* g, std::size_t count);
  template <class T> void use_split(const T* g, std::size_t count, rare_split split);
  unsigned expected_parity(std::size_t h) const noexcept;
  void choose_frequent();
  void fit(grundy_value largest);
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
  struct posted_block {
    std::size_t start = 0;    // the first heap of the block handed to the helper; 0: none
    std::uint32_t ticket = 0; // its task
  };
  std::array<block_marks, ring> blocks_;
  std::size_t current_ = 0;                           // the block in use
  std::vector<std::size_t> lower_;                    // complete_block's first rare heaps, per move
  std::vector<std::uint8_t> aux_;                     // the rows of the rare pairs it marks
  detail::helper_thread* helper_ = nullptr;           // set while extend runs with a helper thread
  std::array<helper_task, ring> tasks_{};             // the helper's tasks, one per block
  std::array<posted_block, ring> posted_{};           // and what this thread knows of them
  std::size_t share_ = 0;                             // rare heaps per move left to complete_block
  std::vector<grundy_value> wanted_;                  // values a proof still has to reach,
  std::size_t wanted_count_ = 0;                      // in wanted_[0, wanted_count_)
  std::vector<std::uint32_t> rare_;                   // the rare heaps, increasing
  std::vector<grundy_value> rare_values_;             // their values
  std::array<std::vector<std::uint64_t>, 2> counts_;  // counts_[h & 1][g]: heaps h >= 1 of value g
  std::vector<std::vector<std::uint32_t>> positions_; // positions_[g]: the first heaps of value g
  std::vector<grundy_value> frequent_;                // the most frequent values, most first

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

// G(0), ..., G(count - 1) by the sparse engine.
grundy_sequence sparse_values(const octal_code& code, std::size_t count, const sparse_options& options = {});

} // namespace grundy
