#pragma once
// How long a thread of this process has waited for a processor while it could have run: the
// scheduler's run-queue delay. A thread that waits for work sleeps and does not count; a thread
// ready to run while the cores serve other processes does. That tells a partner thread "busy
// elsewhere" from "not running", which neither its CPU time nor the time its partner waited
// for it can.
//
// The core knows nothing of files, and this is no file it reads: on Linux the kernel hands its
// per-thread scheduler counters out as /proc/self/task/<tid>/schedstat (run time, run-queue
// delay, time slices, in nanoseconds and counts), generated at each read, and these few system
// calls are how a thread asks for them, as it would ask getrusage. No format of the project's,
// no path the user gives. Where that is missing (/proc not mounted), the calling thread's
// involuntary context switches (getrusage(RUSAGE_THREAD)) give an estimate; elsewhere, nothing.

#include <cstdint>
#include <optional>

#if defined(__linux__)
#include <charconv>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace grundy::detail {

// The calling thread's id for the kernel (0 where there is none to give).
inline int system_thread_id() noexcept {
#if defined(__linux__) && defined(SYS_gettid)
  return static_cast<int>(syscall(SYS_gettid));
#else
  return 0;
#endif
}

// What a thread has waited for a processor since it started: nanoseconds runnable and not
// running, over how many turns on a processor (each wake-up from sleep is one, and waits a
// little even on an idle machine: the time for a core to take it).
struct run_delay {
  std::uint64_t ns = 0;
  std::uint64_t turns = 0;
};

// The thread `tid` of this process's run delay; nothing where the kernel does not say (no
// /proc, no schedstat, the thread gone).
inline std::optional<run_delay> read_run_delay(int tid) noexcept {
#if defined(__linux__)
  if (tid <= 0) return std::nullopt;
  char path[64] = "/proc/self/task/";
  char* end = std::to_chars(path + 16, path + sizeof path - 12, tid).ptr;
  const char tail[] = "/schedstat";
  for (const char c : tail)
    *end++ = c;
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  char text[96];
  const ssize_t got = ::read(fd, text, sizeof text);
  ::close(fd);
  if (got <= 0) return std::nullopt;
  // "<run time> <run-queue delay> <slices>\n"
  const char* p = text;
  const char* const stop = text + got;
  std::uint64_t run = 0;
  run_delay d;
  auto r = std::from_chars(p, stop, run);
  if (r.ec != std::errc{} || r.ptr == stop || *r.ptr != ' ') return std::nullopt;
  r = std::from_chars(r.ptr + 1, stop, d.ns);
  if (r.ec != std::errc{} || r.ptr == stop || *r.ptr != ' ') return std::nullopt;
  r = std::from_chars(r.ptr + 1, stop, d.turns);
  if (r.ec != std::errc{}) return std::nullopt;
  return d;
#else
  (void)tid;
  return std::nullopt;
#endif
}

// The calling thread's time in the kernel so far, in seconds: a thread that computes spends
// next to none there, one that hands work over through system calls all of its waits.
inline std::optional<double> system_seconds() noexcept {
#if defined(__linux__) && defined(RUSAGE_THREAD)
  rusage usage{};
  if (getrusage(RUSAGE_THREAD, &usage) != 0) return std::nullopt;
  return static_cast<double>(usage.ru_stime.tv_sec) + 1e-6 * static_cast<double>(usage.ru_stime.tv_usec);
#else
  return std::nullopt;
#endif
}

// The calling thread's involuntary context switches so far: each is a slice of time given to
// another thread while this one could have run.
inline std::optional<std::uint64_t> involuntary_switches() noexcept {
#if defined(__linux__) && defined(RUSAGE_THREAD)
  rusage usage{};
  if (getrusage(RUSAGE_THREAD, &usage) != 0) return std::nullopt;
  return static_cast<std::uint64_t>(usage.ru_nivcsw);
#else
  return std::nullopt;
#endif
}

} // namespace grundy::detail
