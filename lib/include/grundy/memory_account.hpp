#pragma once
// The memory of one computation, in a process that runs several at once (a server answering
// many pages): the bytes its threads allocate, so that its limit is its own, not the process's.

#include <atomic>
#include <cstdint>

namespace grundy {

// Why count allocations rather than read the process's resident memory: with two computations
// in one process, the resident memory is their sum, and a limit on it would stop the small
// one because of the large one. An account is charged by the allocation hooks of the process
// (the page allocator of the builders, and operator new where a front end replaces it to charge
// the current account: the web server does) for the threads that run under it.
//
// Frees are counted against the account current on the freeing thread, so memory allocated
// under an account and freed elsewhere stays charged, and memory allocated elsewhere and freed
// under an account never takes it below zero: an account only ever overstates.
class memory_account {
public:
  // Past `limit` bytes (0: none), *stop is set (when given): the computation's own loops, which
  // poll it, then end within a second, and exceeded() tells why they did.
  explicit memory_account(std::uint64_t limit = 0, std::atomic<bool>* stop = nullptr) noexcept
      : limit_(limit), stop_(stop) {}
  memory_account(const memory_account&) = delete;
  memory_account& operator=(const memory_account&) = delete;

  // Bytes held now, and at most so far.
  std::uint64_t bytes() const noexcept {
    const auto held = held_.load(std::memory_order_relaxed);
    return held > 0 ? static_cast<std::uint64_t>(held) : 0;
  }
  std::uint64_t peak() const noexcept { return peak_.load(std::memory_order_relaxed); }
  std::uint64_t limit() const noexcept { return limit_; }
  // The bytes held passed the limit at some point.
  bool exceeded() const noexcept { return exceeded_.load(std::memory_order_relaxed); }

  // Adds (or, negative, removes) bytes. Never throws and never allocates: it runs inside
  // operator new.
  void charge(std::int64_t bytes) noexcept {
    const auto held = held_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
    if (bytes <= 0 || held <= 0) return;
    const auto now = static_cast<std::uint64_t>(held);
    auto peak = peak_.load(std::memory_order_relaxed);
    while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
    if (limit_ != 0 && now > limit_ && !exceeded_.exchange(true, std::memory_order_relaxed) && stop_)
      stop_->store(true, std::memory_order_relaxed);
  }

private:
  std::atomic<std::int64_t> held_{0};
  std::atomic<std::uint64_t> peak_{0};
  std::atomic<bool> exceeded_{false};
  std::uint64_t limit_;
  std::atomic<bool>* stop_;
};

// The account this thread's allocations are charged to (null: none, the process's memory).
memory_account* current_memory_account() noexcept;

// While alive, this thread's allocations are charged to `account` (null: to none), and
// current_memory_bytes() and peak_memory_bytes() (grundy/memory.hpp) read it instead of the
// process. Scopes nest; the threads a computation starts take its account with them.
class memory_account_scope {
public:
  explicit memory_account_scope(memory_account* account) noexcept;
  ~memory_account_scope();
  memory_account_scope(const memory_account_scope&) = delete;
  memory_account_scope& operator=(const memory_account_scope&) = delete;

private:
  memory_account* previous_;
};

namespace detail {

// Charges `bytes` (negative: gives them back) to this thread's account, if it has one.
inline void charge_memory(std::int64_t bytes) noexcept {
  if (auto* account = current_memory_account()) account->charge(bytes);
}

} // namespace detail

} // namespace grundy
