#pragma once
// The options every exploring command shares (threads, limits, progress) and what they need
// at run time: a progress line on stderr and a clean stop on Ctrl-C.

#include <grundy/graph.hpp>
#include <grundy/io/report.hpp>

#include <CLI/CLI.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy::cli {

struct exploration_flags {
  std::uint64_t max_states = build_options{}.max_states;
  std::string max_memory; // "6G", "800M", bytes; empty: default_memory_limit()
  unsigned threads = 0;
  bool no_edges = false;
  bool quiet = false;

  void add_to(CLI::App& command);
  // Resolves the limits; throws usage_error for a malformed --max-memory.
  std::uint64_t memory_limit() const;
};

// One line on stderr, rewritten in place a few times a second while a long exploration runs;
// silent when stderr is not a terminal or with --quiet.
class progress_line {
public:
  explicit progress_line(bool quiet);
  ~progress_line();
  progress_line(const progress_line&) = delete;
  progress_line& operator=(const progress_line&) = delete;

  void show(const build_progress& p);
  void clear();

private:
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_{};
};

// While alive, SIGINT and SIGTERM ask the running command to stop instead of killing the
// process, so that what was reached can be reported (a second signal kills it). One at a time.
class interruption {
public:
  interruption();
  ~interruption();
  interruption(const interruption&) = delete;
  interruption& operator=(const interruption&) = delete;
  const std::atomic<bool>* flag() const noexcept;
  bool requested() const noexcept;
  // A stop asked from elsewhere, as `signal` would ask it (another rank of an MPI job got it):
  // the same flag, and the same exit status. Nothing if a stop was asked already.
  void request(int signal) const noexcept;
};

// The signal that last asked to stop (SIGINT when none did): the exit status is 128 + it.
int stop_signal() noexcept;

// The build options for these flags, reporting to `line` and stopping on `stop`.
build_options make_build_options(const exploration_flags& flags, progress_line& line,
                                 const interruption& stop);

using io::describe_stop;
using io::with_thousands;

} // namespace grundy::cli
