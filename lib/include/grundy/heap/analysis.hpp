#pragma once
// A heap game computed until its periodicity is proven: what a researcher asks for first. The
// rule chooses the engine: octal and hexadecimal codes run the octal engines (naive or sparse,
// with checkpoints and the distributed engine), any other rule the engine of its kind.

#include <grundy/heap/rule.hpp>
#include <grundy/octal/code.hpp>
#include <grundy/octal/sequence.hpp>
#include <grundy/octal/sparse.hpp>
#include <grundy/periodicity.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace grundy {

// The engine of an octal code's run (other rules have one engine each).
enum class octal_method {
  automatic, // sparse for codes that split heaps in two, naive for the others
  naive,
  sparse
};

std::string_view to_string(octal_method m) noexcept;

// Sent between chunks of a long run.
struct octal_progress {
  std::size_t values = 0; // G(0..values-1) known
  double seconds = 0;
  std::size_t rare_count = 0;
};

struct octal_checkpoint;

// An engine an octal code's run may be given in place of its own sparse engine: the distributed
// one (grundy/distributed/octal.hpp), which shares each heap's pairs among the ranks of an MPI
// job. extend has sparse_engine::extend's contract; split and rare_count are reported at the end.
class octal_extender {
public:
  virtual ~octal_extender() = default;
  virtual void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) = 0;
  virtual rare_split split() const = 0;
  virtual std::size_t rare_count() const = 0;
};

struct analysis_options {
  // Values at most when max_values is empty: for octal codes, enough to settle 0.376 (4,536,507
  // values), one of the longest known preperiods; for the other rules fewer (Grundy's game and
  // take-a-square are not known to be periodic, so they run to the end).
  static constexpr std::size_t default_max_values = 10'000'000;
  static constexpr std::size_t default_max_values_other_rules = 1'000'000;

  std::optional<std::size_t> max_values;
  bool keep_going = false; // compute all max_values values even once a period is proven
  // Octal codes only: the engine.
  octal_method method = octal_method::automatic;
  // Octal codes' sparse engine only: with 2 threads, a second thread does part of each heap's
  // work; more do not help; it runs on one thread while other work keeps the cores busy (see
  // sparse_options::busy_cores). 0: the run chooses one or two, chunk by chunk, by measuring
  // which is faster (grundy/detail/thread_choice.hpp). The values, the checks and where the run
  // ends do not depend on it.
  unsigned threads = 0;
  // Octal codes' sparse runs only: computes the values instead of the run's own engine
  // (threads then unused); the checks, checkpoints and where the run ends stay the run's. Not
  // owned.
  octal_extender* engine = nullptr;
  std::function<void(const octal_progress&)> on_progress;
  // Once *stop is true (a signal handler sets it, say), the run ends within a fraction of a
  // second, even in the middle of one heap's options or of the search for a period, with
  // `interrupted` set in its result and the values finished so far (their periodicity then not
  // looked for).
  const std::atomic<bool>* stop = nullptr;
  // Octal codes only: called with the run's state every checkpoint_seconds and once more when
  // the run ends, finished or interrupted: what it saves lets resume_octal continue the run
  // exactly.
  std::function<void(const octal_checkpoint&)> on_checkpoint;
  double checkpoint_seconds = 300;
};

// An octal code's run between two chunks: everything needed to continue it with the very
// results of a run that never stopped (octal/checkpoint.hpp keeps it in a file). The
// periodicity checks are part of it, since where they fall decides where a run that proves its
// period ends.
struct octal_checkpoint {
  octal_code code;
  octal_method method = octal_method::naive; // the engine: naive or sparse, never automatic
  std::size_t max_values = analysis_options::default_max_values;
  bool keep_going = false;
  std::size_t next_check = 64; // the number of values at which periodicity is checked next
  double seconds = 0;          // computing time so far
  grundy_sequence values;      // G(0..n-1)
};

struct heap_analysis {
  heap_rule rule = octal_code{};
  grundy_sequence values;
  std::optional<periodicity> period;
  // The values the theorem about this kind of rule needs to prove `period`; empty when none
  // applies (see values_to_prove in grundy/periodicity.hpp).
  std::optional<std::size_t> values_to_prove;
  std::string method; // the engine that ran: naive, sparse, subtraction, all-but, squares, ...
  rare_split split;   // octal codes' sparse engine: its split at the end
  std::size_t rare_count = 0;
  double seconds = 0;
  bool interrupted = false; // stopped through analysis_options::stop before the end
  // False when a stop came before the periodicity of the values was looked for (on millions of
  // values the search takes seconds): `period` and `values_to_prove` are then empty, which says
  // nothing of the values.
  bool periodicity_checked = true;
};

// Computes G(0), G(1), ... in increasing heap size until a periodicity is proven (checking at
// points about 1/8 apart, so a few more values than the theorem needs are computed) or until
// max_values values; with keep_going, all max_values values. `period` is then the best
// periodicity the values show, proven or not.
heap_analysis analyse(const heap_rule& rule, const analysis_options& options = {});

// Continues the octal run saved in `from` as if it had never stopped: same values, same checks,
// same end. The run's own settings (engine, max_values, keep_going) are the saved ones, so a
// caller carrying a run further raises from.max_values first; of `options`, only threads,
// engine, on_progress, stop and the checkpoint settings are used. The engine is rebuilt from
// the saved values, and the last few of them are recomputed first: values that are not this
// code's (another code's file, a damaged one) throw std::invalid_argument instead of silently
// spoiling the rest. A stop during that check or that rebuilding ends the run there,
// interrupted, with the saved values.
heap_analysis resume_octal(octal_checkpoint from, const analysis_options& options = {});

// G(n) of a single heap of n tokens: from the periodicity once it is proven, which needs only
// a bounded number of values however large n is; otherwise from G(0..n), computed.
grundy_value octal_value(const octal_code& code, std::uint64_t n);

} // namespace grundy
