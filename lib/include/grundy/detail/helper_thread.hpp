#pragma once
// A second thread that runs tasks, in order, for the thread that owns it.

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
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace grundy::detail {

// Why not run_on_threads: a pipeline that hands work over every few microseconds (a block of
// heaps in the sparse octal engine) can neither start a thread nor pay a futex wake-up each
// time: on a virtual machine either costs tens of microseconds. The owner posts tasks, a few
// ahead, and waits for each before it uses what that task wrote. Both sides spin a little
// before they sleep, so a busy pipeline makes no system call, and an idle one (the owner away
// on other work) does not keep a core busy. A sleeper is woken only if it said it sleeps.
//
// Each counter has one writer, which raises it with a plain store: a locked add, or any
// fence, would stall the writer until the counter's cache line came back from the other core,
// which reads it all the time, at every task (half a microsecond for a round trip between the
// two cores of some virtual machines, against ten microseconds for a block of the octal
// engine). Without the fence, a raise may miss a sleeper that is just going to sleep; the
// sleeper therefore naps at most a millisecond before it looks again.
class helper_thread {
public:
  using task_function = void (*)(void*) noexcept;
  using ticket = std::uint32_t;
  // Tasks posted and not yet finished, at most.
  static constexpr std::size_t capacity = 8;

  // The helper allocates for its owner's computation: charged to the owner's memory account.
  helper_thread()
      : thread_([this, account = current_memory_account()] {
          const memory_account_scope charged(account);
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
    raise(posted_);
    return t;
  }

  // True once task t has finished; everything it wrote is then visible.
  bool finished(ticket t) const noexcept { return reached(finished_.load(), t); }
  // True once every task posted has finished.
  bool idle() const noexcept { return finished(posted_.load()); }

  // Waits for task t, or for every task posted.
  void wait(ticket t) noexcept { await(finished_, t); }
  void wait() noexcept { wait(posted_.load()); }

private:
  // A millisecond of spinning before sleeping. On a virtual machine a sleeper runs again some
  // 80 microseconds after it is woken (measured: the octal engine's owner waited that long at
  // a block whose helper had slept), and the owner of a busy pipeline may stay away longer
  // than the 20 microseconds that 2,048 pauses take (a long proof): a helper that slept then
  // woke late after each. A millisecond is short beside the time an idle owner stays away.
  static constexpr std::chrono::microseconds spin_time{1000};
  static constexpr int pauses_per_look = 256; // between two readings of the clock

  struct task {
    task_function run = nullptr;
    void* argument = nullptr;
  };
  // A ticket count and whether its reader sleeps. The value is a plain word reached through
  // atomic_ref (mutable: read from const members too), so that its address is the futex's.
  struct alignas(64) counter {
    mutable ticket value = 0;
    std::atomic<bool> sleeping{false};

    ticket load() const noexcept { return std::atomic_ref<ticket>(value).load(std::memory_order_acquire); }
  };

  // Tickets wrap around: t is reached when the count is at most half the range past it.
  static bool reached(ticket count, ticket t) noexcept { return static_cast<std::int32_t>(count - t) >= 0; }

  static void pause() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
  }

  // The writer's side: a release store, then the sleeper's flag, read without a fence.
  static void raise(counter& c) noexcept {
    const std::atomic_ref<ticket> value(c.value);
    value.store(value.load(std::memory_order_relaxed) + 1, std::memory_order_release);
    if (c.sleeping.load(std::memory_order_relaxed)) wake(c);
  }
  static void await(counter& c, ticket target) noexcept {
    const auto look = [&] {
      for (int i = 0; i < pauses_per_look; ++i) {
        if (reached(c.load(), target)) return true;
        pause();
      }
      return false;
    };
    if (look()) return;
    for (const auto until = std::chrono::steady_clock::now() + spin_time;
         std::chrono::steady_clock::now() < until;)
      if (look()) return;
    for (;;) {
      c.sleeping.store(true, std::memory_order_seq_cst);
      const ticket now = std::atomic_ref<ticket>(c.value).load(std::memory_order_seq_cst);
      if (reached(now, target)) break;
      nap(c, now);
    }
    c.sleeping.store(false, std::memory_order_relaxed);
  }

  // Sleeps while the count is `now`, a millisecond at most (see the class comment).
  static void nap(counter& c, ticket now) noexcept {
#if defined(__linux__)
    const timespec most{0, 1000000};
    syscall(SYS_futex, &c.value, FUTEX_WAIT_PRIVATE, now, &most, nullptr, 0);
#else
    (void)c, (void)now;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
#endif
  }
  static void wake(counter& c) noexcept {
#if defined(__linux__)
    syscall(SYS_futex, &c.value, FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
#else
    (void)c;
#endif
  }

  void loop() noexcept {
    for (ticket done = 0;;) {
      await(posted_, done + 1);
      const task t = tasks_[(done + 1) % capacity];
      if (t.run) t.run(t.argument);
      done += 1;
      raise(finished_);
      if (!t.run) return;
    }
  }

  std::array<task, capacity> tasks_{};
  counter posted_;
  counter finished_;
  std::thread thread_; // last: it starts once the rest is built
};

} // namespace grundy::detail
