#pragma once
// Whether a second thread pays on the machine as it is now: re-decided during a run, so that a
// load that comes or goes mid-run is followed.
//
// Why: two threads that hand work over every few microseconds gain only while both run. Beside
// other work on too few cores, each waits for the other to be scheduled again, and the run is
// slower than on one thread (the sparse octal engine, one busy process beside it on two cores:
// 1.36 times the one-thread time). The signal is the threads' run-queue delay (run_delay.hpp):
// the time they were ready to run and did not, which a partner waiting for work (asleep) does
// not add to. The partner's waits, which the engine sees, cannot tell the two apart: letting the
// helper go when the first thread waited for it more than a scheduler slice fired on a quiet
// machine too, where two threads then ran 17 to 25% slower.
//
// While two threads run, their delays are summed over windows of half a second of run time;
// a window in which they waited more than `busy_share` of it, and longer than a wake-up takes
// on an idle core for each turn on a processor (a helper that sleeps and wakes thousands of
// times a second waits that long on a quiet machine too), sets the helper aside, and the run
// goes on on one thread for a back-off, 2 s at first, doubling (to 32 s) each time two threads
// are tried again and find the cores still busy, back to 2 s once a window is clean. A look
// costs a clock reading; a window's end, a few system calls: microseconds a second.

#include <grundy/detail/run_delay.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>

namespace grundy::detail {

// The decision alone, from figures given: what the tests drive.
class load_policy {
public:
  // Share of a window the two threads may wait for a processor, both together, and still run
  // on: beside other work on two cores they waited 30 to 75% of it (three threads or more ready
  // for two cores); on a quiet machine, only the odd system task takes a core from them.
  static constexpr double busy_share = 0.15;
  // Seconds a turn may wait on average and count as a wake-up, not as a core taken by others:
  // a waker's partner gets a core within some microseconds when one is idle, and within a
  // scheduler slice (milliseconds) when none is.
  static constexpr double wake_up = 50e-6;
  static constexpr double first_backoff = 2.0; // seconds on one thread after a busy window
  static constexpr double max_backoff = 32.0;

  // Whether two threads run at `now` (seconds, any steady origin).
  bool two(double now) const noexcept { return now >= resume_at_; }

  // A window of two threads ended at `now`: `wall` seconds in which they waited `delay` seconds
  // for a processor over `turns` turns on one (0: not known). Returns whether two threads go on.
  bool observed(double now, double wall, double delay, double turns = 0) noexcept {
    if (delay <= busy_share * wall || delay <= wake_up * turns) {
      backoff_ = first_backoff;
      return true;
    }
    resume_at_ = now + backoff_;
    backoff_ = std::min(2 * backoff_, max_backoff);
    return false;
  }

  // The back-off the next busy window gets.
  double backoff() const noexcept { return backoff_; }

private:
  double resume_at_ = 0;
  double backoff_ = first_backoff;
};

// The measurement around it, for the thread that owns a helper. The helper is named by its
// system thread id (system_thread_id(); 0 while not yet known: its delay then counts from its
// start). A stretch is the time two threads run without a break (a call of the engine, or part
// of one); a window gathers stretches until it holds `window` seconds.
class load_watch {
public:
  static constexpr double window = 0.5;

  // Whether two threads run now.
  bool two_now() const noexcept { return policy_.two(seconds()); }

  // Two threads start running: this one and `partner`.
  void begin(int partner) noexcept {
    owner_ = system_thread_id();
    since_ = seconds();
    owner_delay_ = delay_of(owner_, true);
    partner_delay_ = partner ? delay_of(partner, false) : waited{};
  }

  // While two threads run, every few thousand values: whether they go on. When they do not,
  // the stretch has ended; when they do after a window's end, a new one has begun.
  bool go_on(int partner) noexcept {
    const double now = seconds();
    if (wall_ + (now - since_) < window) return true;
    close(partner, now);
    const bool two = policy_.observed(now, wall_, delay_, turns_);
    wall_ = delay_ = turns_ = 0;
    if (two) begin(partner);
    return two;
  }

  // The stretch ends without a decision (the call returns): its figures join the window.
  void end(int partner) noexcept { close(partner, seconds()); }

  const load_policy& policy() const noexcept { return policy_; }

private:
  struct waited {
    double seconds = 0, turns = 0;
  };
  // A thread's delay so far, from the kernel's counter, or estimated from the calling thread's
  // involuntary switches, each taken as a scheduler slice lost (another thread's turn, some
  // milliseconds; its turns then unknown, 0); nothing where neither can be had.
  static waited delay_of(int tid, bool calling) noexcept {
    if (const auto d = read_run_delay(tid))
      return {static_cast<double>(d->ns) * 1e-9, static_cast<double>(d->turns)};
    if (!calling) return {};
    if (const auto n = involuntary_switches()) return {static_cast<double>(*n) * slice, 0};
    return {};
  }
  static constexpr double slice = 0.003;

  static double seconds() noexcept {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }

  void close(int partner, double now) noexcept {
    wall_ += now - since_;
    add(delay_of(owner_, true), owner_delay_);
    if (partner) add(delay_of(partner, false), partner_delay_);
    since_ = now;
  }
  void add(waited now, waited start) noexcept {
    delay_ += std::max(0.0, now.seconds - start.seconds);
    turns_ += std::max(0.0, now.turns - start.turns);
  }

  load_policy policy_;
  int owner_ = 0;
  double since_ = 0; // the stretch's start, and the threads' delays then
  waited owner_delay_, partner_delay_;
  double wall_ = 0, delay_ = 0, turns_ = 0; // the window's stretches so far
};

} // namespace grundy::detail
