#pragma once
// The one parallel primitive the builders need: run a task per thread and wait for all.

#include <grundy/memory_account.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <thread>
#include <vector>

namespace grundy::detail {

// Resolves a requested thread count: 0 means every core the machine has.
inline unsigned thread_count(unsigned requested) {
  if (requested != 0) return requested;
  return std::max(1u, std::thread::hardware_concurrency());
}

// Calls f(t) for t in [0, threads), each on its own thread (t = 0 on the caller's), and
// rethrows the first exception once all have finished.
template <class F> void run_on_threads(unsigned threads, F&& f) {
  if (threads <= 1) {
    f(0u);
    return;
  }
  std::vector<std::exception_ptr> errors(threads);
  // The workers allocate for the caller's computation: charged to its memory account.
  auto* const account = current_memory_account();
  {
    std::vector<std::jthread> workers;
    workers.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t)
      workers.emplace_back([&, t] {
        const memory_account_scope charged(account);
        try {
          f(t);
        } catch (...) {
          errors[t] = std::current_exception();
        }
      });
    try {
      f(0u);
    } catch (...) {
      errors[0] = std::current_exception();
    }
  }
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

// Calls f(i) for every i in [0, n) on `threads` threads, each taking the next i as it becomes
// free, so that a slow thread holds back no one. Whatever f(i) writes must depend on i alone,
// not on the thread that runs it: the result is then the same for every thread count and
// every schedule.
template <class F> void for_each_index(unsigned threads, std::size_t n, F&& f) {
  std::atomic<std::size_t> next{0};
  run_on_threads(std::min<std::size_t>(threads, n), [&](unsigned) {
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;)
      f(i);
  });
}

// [begin, end) of part t when n items are cut into `parts` contiguous parts.
inline std::pair<std::size_t, std::size_t> part_of(std::size_t n, unsigned parts, unsigned t) {
  return {n * t / parts, n * (t + 1) / parts};
}

} // namespace grundy::detail
