#pragma once
// How far a long computation got, and the one exception that stops it early: builders,
// labellings, graph readers and engines all throw grundy::stopped (or one of the older names
// below, all derived from it), so that a caller can catch one type and still tell why.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace grundy {

// How far an exploration has got: reported as it goes, and carried by the exceptions that
// stop it early so that the user still sees the figures reached.
struct build_progress {
  std::size_t levels = 0;   // levels begun
  std::uint64_t states = 0; // distinct positions found
  std::uint64_t edges = 0;  // edges out of the positions expanded so far
  double seconds = 0;
  std::uint64_t memory_bytes = 0; // resident memory of the process
  // Once exploration is over and a graph built without edges is labelled (which regenerates
  // its moves and can take as long): positions labelled so far, from the deepest level up.
  bool labelling = false;
  std::uint64_t labelled = 0;
};

// Why a computation stopped before its end.
enum class stop_reason : char {
  interrupted, // asked to: a stop flag was set (by Ctrl-C, say)
  states,      // more positions than build_options::max_states
  memory,      // resident memory past a limit (build_options::max_memory, a reader's max_memory)
  level_size,  // a level with more positions than 32-bit edges can number
};

// A computation stopped early. The message says why in neutral terms (a front end adds the
// advice in its own words: an option to raise, an argument to pass); reached() holds the
// figures reached, all zero where the computation had none to give (a labelling stopped).
class stopped : public std::runtime_error {
public:
  stopped(const std::string& what, stop_reason reason, build_progress reached = {})
      : std::runtime_error(what), reason_(reason), reached_(reached) {}
  stop_reason reason() const noexcept { return reason_; }
  const build_progress& reached() const noexcept { return reached_; }
  // A limit was passed, as opposed to a request to stop.
  bool by_limit() const noexcept { return reason_ != stop_reason::interrupted; }

private:
  stop_reason reason_;
  build_progress reached_;
};

// The older names, each a kind of stopped with the same messages as before.

// An exploration (or a graph file's reading) stopped: limit_exceeded or interrupted.
class exploration_stopped : public stopped {
public:
  exploration_stopped(const std::string& what, build_progress reached,
                      stop_reason reason = stop_reason::interrupted)
      : stopped(what, reason, reached) {}
  std::uint64_t states_reached() const noexcept { return reached().states; }
  std::size_t levels_reached() const noexcept { return reached().levels; }
};

// Which limit stopped an exploration: stop_reason without `interrupted`, same values.
enum class limit_kind : char {
  states = static_cast<char>(stop_reason::states),
  memory = static_cast<char>(stop_reason::memory),
  level_size = static_cast<char>(stop_reason::level_size),
};

// Exploration passed build_options::max_states or max_memory.
class limit_exceeded : public exploration_stopped {
public:
  limit_exceeded(const std::string& what, build_progress reached, limit_kind kind = limit_kind::states)
      : exploration_stopped(what, reached, static_cast<stop_reason>(kind)) {}
  limit_kind kind() const noexcept { return static_cast<limit_kind>(reason()); }
};

// Exploration was asked to stop (build_options::stop was set, by Ctrl-C for instance).
class interrupted : public exploration_stopped {
public:
  interrupted(const std::string& what, build_progress reached)
      : exploration_stopped(what, reached, stop_reason::interrupted) {}
};

// Thrown by the labelling functions given a stop flag, once the flag is true: labelling a
// graph of hundreds of millions of vertices takes long enough for Ctrl-C to matter.
class labelling_stopped : public stopped {
public:
  labelling_stopped() : stopped("labelling was stopped", stop_reason::interrupted) {}
};

// A memory limit as its messages write it: in MB, or in bytes below 1 MB, which would read 0 MB.
inline std::string memory_limit_text(std::uint64_t bytes) {
  return bytes < (1u << 20) ? std::to_string(bytes) + " bytes" : std::to_string(bytes >> 20) + " MB";
}

} // namespace grundy
