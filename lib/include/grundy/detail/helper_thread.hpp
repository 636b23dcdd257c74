#pragma once
// A second thread that runs tasks, in order, for the thread that owns it.

#include <grundy/detail/run_delay.hpp>
#include <grundy/memory_account.hpp>

#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif
#if defined(__linux__)
#include <linux/futex.h>
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace grundy::detail {

// A count raised by one thread at a time and awaited by another, with the waiting of
// helper_thread (its comment says why): a few microseconds of spinning, then a futex.
// The count wraps around: a target is reached when the count is at most half the range past it.
class handoff_counter {
public:
  using ticket = std::uint32_t;

  ticket load() const noexcept { return std::atomic_ref<ticket>(value_).load(std::memory_order_acquire); }
  static bool reached(ticket count, ticket t) noexcept { return static_cast<std::int32_t>(count - t) >= 0; }
  bool reached(ticket t) const noexcept { return reached(load(), t); }

  // The writer's side: a release store, then the sleeper's flag, read without a fence where
  // the sleeper makes the barrier for it.
  void raise_to(ticket count) noexcept {
    std::atomic_ref<ticket>(value_).store(count, std::memory_order_release);
    if (sleeper_barrier())
      std::atomic_signal_fence(std::memory_order_seq_cst); // the compiler keeps the order
    else
      std::atomic_thread_fence(std::memory_order_seq_cst);
    if (sleeping_.load(std::memory_order_relaxed)) wake();
  }
  void raise() noexcept { raise_to(std::atomic_ref<ticket>(value_).load(std::memory_order_relaxed) + 1); }

  // Returns once the count has reached `target`.
  void await(ticket target) noexcept {
    const auto look = [&] {
      for (int i = 0; i < pauses_per_look; ++i) {
        if (reached(load(), target)) return true;
        pause();
      }
      return false;
    };
    if (look()) return;
    for (const auto until = std::chrono::steady_clock::now() + spin_time;
         std::chrono::steady_clock::now() < until;)
      if (look()) return;
    sleeping_.store(true, std::memory_order_seq_cst);
    if (sleeper_barrier()) full_barrier_everywhere();
    for (;;) {
      const ticket now = std::atomic_ref<ticket>(value_).load(std::memory_order_seq_cst);
      if (reached(now, target)) break;
      sleep_while(now);
    }
    sleeping_.store(false, std::memory_order_relaxed);
  }

private:
  // Spinning covers the hand-overs of a busy pipeline (a task finishing while its owner
  // arrives) and no more: past that, the partner is away on long work or not running at all.
  static constexpr std::chrono::microseconds spin_time{4};
  static constexpr int pauses_per_look = 32; // between two readings of the clock (about 1 us)

  static void pause() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
  }

  // Whether sleepers make the barrier for writers: the kernel's expedited membarrier, which a
  // process must register for once (Linux 4.14 and later).
  static bool sleeper_barrier() noexcept {
#if defined(__linux__) && defined(SYS_membarrier)
    static const bool registered =
        syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
    return registered;
#else
    return false;
#endif
  }
  static void full_barrier_everywhere() noexcept {
#if defined(__linux__) && defined(SYS_membarrier)
    syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
#endif
  }

  // Sleeps while the count is `now`: until a writer wakes it, or the count has moved on (the
  // futex compares it first), or a signal comes.
  void sleep_while(ticket now) noexcept {
#if defined(__linux__)
    syscall(SYS_futex, &value_, FUTEX_WAIT_PRIVATE, now, nullptr, nullptr, 0);
#else
    (void)now;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
#endif
  }
  void wake() noexcept {
#if defined(__linux__)
    syscall(SYS_futex, &value_, FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
#endif
  }

  // A plain word reached through atomic_ref (mutable: read from const members too), so that
  // its address is the futex's; a cache line of its own with the flag.
  alignas(64) mutable ticket value_ = 0;
  std::atomic<bool> sleeping_{false};
};

// Why not run_on_threads: a pipeline that hands work over every few microseconds (a block of
// heaps in the sparse octal engine) can neither start a thread nor pay a futex wake-up each
// time: on a virtual machine either costs tens of microseconds. The owner posts tasks, a few
// ahead, and waits for each before it uses what that task wrote. A waiting side spins a few
// microseconds, then sleeps on a futex until woken: on a machine shared with other work, a
// thread spinning for a partner that is not running burns the core the partner needs (the
// octal engine on two threads, beside one busy process on two cores, ran 6 times slower than
// on one thread when each side spun a millisecond). A sleeper is woken only if it said it
// sleeps.
//
// Each counter has one writer, which raises it with a plain store: a locked add, or any
// fence, would stall the writer until the counter's cache line came back from the other core,
// which reads it all the time, at every task (half a microsecond for a round trip between the
// two cores of some virtual machines, against ten microseconds for a block of the octal
// engine). So that the raise still never misses a sleeper, the sleeper pays for both sides:
// between saying it sleeps and reading the count, it makes every running thread of the
// process pass a full barrier (membarrier), which orders the writer's store before its read of
// the flag. Where the kernel has no membarrier, the writer fences instead.
class helper_thread {
public:
  using task_function = void (*)(void*) noexcept;
  using ticket = handoff_counter::ticket;
  // Tasks posted and not yet finished, at most.
  static constexpr std::size_t capacity = 8;

  // The helper allocates for its owner's computation: charged to the owner's memory account.
  helper_thread()
      : thread_([this, account = current_memory_account()] {
          const memory_account_scope charged(account);
          id_.store(system_thread_id(), std::memory_order_relaxed);
          loop();
        }) {}
  helper_thread(const helper_thread&) = delete;
  helper_thread& operator=(const helper_thread&) = delete;
  ~helper_thread() {
    wait();
    post(nullptr, nullptr); // the stop task
    thread_.join();
  }

  // Queues f(argument) and returns its ticket; everything the owner wrote before is visible
  // to f. At most `capacity` tasks may be unfinished.
  ticket post(task_function f, void* argument) noexcept {
    const ticket t = posted_.load() + 1;
    assert(static_cast<ticket>(t - finished_.load()) <= capacity);
    tasks_[t % capacity] = {f, argument};
    posted_.raise();
    return t;
  }

  // True once task t has finished; everything it wrote is then visible.
  bool finished(ticket t) const noexcept { return finished_.reached(t); }
  // True once every task posted has finished.
  bool idle() const noexcept { return finished(posted_.load()); }

  // Waits for task t, or for every task posted.
  void wait(ticket t) noexcept { finished_.await(t); }
  void wait() noexcept { wait(posted_.load()); }

  // The helper's thread id for the kernel (see run_delay.hpp); 0 until it has started.
  int system_id() const noexcept { return id_.load(std::memory_order_relaxed); }

private:
  struct task {
    task_function run = nullptr;
    void* argument = nullptr;
  };

  void loop() noexcept {
    for (ticket done = 0;;) {
      posted_.await(done + 1);
      const task t = tasks_[(done + 1) % capacity];
      if (t.run) t.run(t.argument);
      done += 1;
      finished_.raise();
      if (!t.run) return;
    }
  }

  std::array<task, capacity> tasks_{};
  handoff_counter posted_;
  handoff_counter finished_;
  std::atomic<int> id_{0};
  std::thread thread_; // last: it starts once the rest is built
};

} // namespace grundy::detail
