#pragma once
// How far a long computation got, and the one exception that stops it early: builders,
// labellings, graph readers and engines all throw grundy::stopped, whose reason() tells a
// limit passed from a request to stop.

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
// advice in its own words: an option to raise, an argument to pass). An exploration, or a
// reader, gives the figures it reached (reached(), has_figures()); other computations (a
// labelling, a search for a period, a misère quotient) have none to give: reached() is then all
// zero and a front end shows the message alone.
class stopped : public std::runtime_error {
public:
  stopped(const std::string& what, stop_reason reason) : std::runtime_error(what), reason_(reason) {}
  stopped(const std::string& what, stop_reason reason, build_progress reached)
      : std::runtime_error(what), reason_(reason), reached_(reached), has_figures_(true) {}
  stop_reason reason() const noexcept { return reason_; }
  const build_progress& reached() const noexcept { return reached_; }
  bool has_figures() const noexcept { return has_figures_; }
  // A limit was passed, as opposed to a request to stop.
  bool by_limit() const noexcept { return reason_ != stop_reason::interrupted; }

private:
  stop_reason reason_;
  build_progress reached_;
  bool has_figures_ = false;
};

namespace detail {

// What every labelling throws once its stop flag is set, and the search for a period likewise:
// one sentence each wherever the flag is read.
inline stopped labelling_interrupted() { return {"labelling was stopped", stop_reason::interrupted}; }
inline stopped period_search_interrupted() {
  return {"the search for a periodicity was stopped", stop_reason::interrupted};
}

} // namespace detail

// A memory limit as its messages write it: in MB, or in bytes below 1 MB, which would read 0 MB.
inline std::string memory_limit_text(std::uint64_t bytes) {
  return bytes < (1u << 20) ? std::to_string(bytes) + " bytes" : std::to_string(bytes >> 20) + " MB";
}

} // namespace grundy
