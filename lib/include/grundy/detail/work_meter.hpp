#pragma once
// How long loops decide when to look at the stop flag and the limits.

#include <atomic>
#include <cstdint>

namespace grundy::detail {

inline bool stop_requested(const std::atomic<bool>* stop) noexcept {
  return stop && stop->load(std::memory_order_relaxed);
}

// Long loops count the work they do (moves generated, edges read, states copied) and look at
// the stop flag once per `period` units of it. Counting work rather than vertices or levels
// keeps a stop prompt however the work is spread: one position of an octal game with a heap of
// 100,000 has tens of thousands of moves, and one level of a large graph holds most of it.
// A relaxed load every few thousand moves costs nothing measurable in the hottest loop.
class work_meter {
public:
  static constexpr std::int64_t period = std::int64_t{1} << 14;

  // Counts n units of work; true at the first call, then once every `period` units.
  bool due(std::uint64_t n = 1) noexcept {
    if ((left_ -= static_cast<std::int64_t>(n)) > 0) return false;
    left_ = period;
    return true;
  }

  // Counts n units of work; true when the stop flag, looked at once per `period`, is set.
  bool stop_due(const std::atomic<bool>* stop, std::uint64_t n = 1) noexcept {
    return due(n) && stop_requested(stop);
  }

private:
  std::int64_t left_ = 0;
};

} // namespace grundy::detail
