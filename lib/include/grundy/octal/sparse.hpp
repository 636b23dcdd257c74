#pragma once
// The sparse-space engine: options through rare values first, then a proof of the candidate.

#include <grundy/octal/code.hpp>
#include <grundy/octal/sequence.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace grundy {

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
  // Let the proofs, and the hand-over of marks between threads, use the processor's vector
  // instructions (AVX-512) where it has them. The values do not depend on it either; tests turn
  // it off to check the portable code.
  bool vector_proofs = true;
  // Threads for one sequence, 0 for every core. With 2 or more, two threads take the next
  // block of heaps whenever they are free, each proving its block from the values a few
  // blocks before it, and the blocks are settled in order; where aimed witnesses pay (they
  // read lists that change as values arrive), a second thread marks the rare pairs of the
  // next blocks instead, and goes on with their proofs, while the first settles the current
  // one. The values do not depend on it.
  unsigned threads = 1;
  // With two threads, take whole blocks where the code allows; false keeps the second
  // thread on the next blocks' marks (tests use it to check both). Not the values either.
  bool paired_blocks = true;
  // With a second thread, the engine looks every few thousand heaps at whether other work
  // keeps the threads from running (their time waiting for a processor) and runs on one thread
  // for a while when it does, or, where their waits were many and short, when a probe on one
  // thread computes faster: the threads asked for are the most it runs. Set, this answers in
  // its place (for tests: a switch at a heap chosen in advance): called at each look with the
  // values computed so far, true runs on one thread until a look answers false. The values do
  // not depend on it.
  std::function<bool(std::size_t values)> busy_cores;
};

// What the engine did, for benchmarks and for choosing thresholds.
struct sparse_statistics {
  std::uint64_t sparse_steps = 0;   // heaps settled from rare options and a proof
  std::uint64_t naive_steps = 0;    // heaps computed with every option
  std::uint64_t full_scans = 0;     // sparse steps whose proof went through every pair
  std::uint64_t proof_pairs = 0;    // pairs examined by the proofs
  std::uint64_t blocks = 0;         // groups of heaps whose rare options were marked together
  std::uint64_t helper_blocks = 0;  // of those, blocks a second thread marked most of
  std::uint64_t helper_waits = 0;   // blocks the first thread had to wait for
  std::uint64_t helper_proofs = 0;  // heaps whose proof the second thread had completed
  std::uint64_t helper_pauses = 0;  // times the second thread was set aside, the cores busy
  std::uint64_t paired_heaps = 0;   // heaps of blocks the two threads took as they came
  std::uint64_t paired_waits = 0;   // times a thread had nothing to do but wait for the other
  std::uint64_t paired_retaken = 0; // blocks a thread began again, the other being late with them
  std::uint64_t pairing_trials = 0; // where aimed witnesses pay: paired runs timed against them
  std::uint64_t reviews = 0;        // times the split was reconsidered
  std::uint64_t changes = 0;        // times it changed
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
// The split is chosen from the counts of the values computed so far (a Walsh-Hadamard
// transform scores every mask at once) and reconsidered as the sequence grows. Where no split
// makes the rare heaps few, or the code leaves three heaps (whose options the split does not
// make sparse), the engine takes naive steps.
class sparse_engine {
public:
  explicit sparse_engine(const octal_code& code, const sparse_options& options = {});
  sparse_engine(const sparse_engine& other);
  sparse_engine(sparse_engine&&) noexcept;
  sparse_engine& operator=(const sparse_engine& other);
  sparse_engine& operator=(sparse_engine&&) noexcept;
  ~sparse_engine();

  const octal_code& code() const noexcept;

  // Appends G(values.size()), ..., G(count - 1). `values` must hold this code's first values
  // (or be empty); values the engine has not seen yet are taken into account first. Once
  // *stop is true it returns within a few milliseconds, keeping the values finished: a later
  // call goes on from there.
  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop = nullptr);

  // Takes into account the values the engine has not seen yet, as extend does before its first
  // new value, one heap at a time in the order they were computed: an engine rebuilt from a
  // saved run's values is then in the state of the engine that computed them (its split and
  // rare heaps included), even when no value is left to compute. Millions of values take
  // seconds: once *stop is true it returns within milliseconds, and a later call goes on.
  void catch_up(const grundy_sequence& values, const std::atomic<bool>* stop = nullptr);

  // The threads the next calls of extend run with (sparse_options::threads): a run may change
  // them between chunks, the values never depend on them.
  void set_threads(unsigned threads) noexcept;

  // The split in use now.
  rare_split split() const noexcept;

  // The heaps of size at least 1 that are rare under the current split (0 without a split).
  std::size_t rare_count() const noexcept;

  // True when heap h, of value g, is rare under the current split.
  bool is_rare(std::size_t h, grundy_value g) const noexcept;

  const sparse_statistics& statistics() const noexcept;

private:
  // The state (buffers, rare heaps, blocks, the second thread's tasks) and the algorithm, in
  // lib/src/octal/: a call crosses over once, the loops over heaps and pairs run inside.
  class impl;
  std::unique_ptr<impl> impl_;
};

// G(0), ..., G(count - 1) by the sparse engine.
grundy_sequence sparse_values(const octal_code& code, std::size_t count, const sparse_options& options = {});

} // namespace grundy
