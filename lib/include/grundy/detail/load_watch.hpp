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
// are tried again and find the cores still busy, back to 2 s once a window is clean. A window
// whose waits were long in all but short each (many quick wake-ups: a quiet machine's hand-overs
// or a busy one's, see load_policy::probe), or in which the first thread spent more than a few
// percent in the kernel however little it waited (restless_system), is settled by measuring: a
// quarter second on one thread, and the faster of the two runs on. A look costs a clock
// reading; a window's end, a few system calls: microseconds a second.

#include <grundy/detail/run_delay.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
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
  // A busy window of short waits is no verdict: a helper handed tiny blocks (0.1777, a dozen
  // rare heaps) sleeps and wakes some 90,000 times a second, and beside one busy process on two
  // cores each turn waited 5 us on average (the woken thread takes the core at once) while the
  // two threads, waiting for each other, ran 2.2 times slower than one. So such a window is
  // followed by a probe: `probe` seconds on one thread, two threads kept only if they computed
  // values faster. A probe that keeps them is taken again no sooner than `first_backoff`
  // later, doubling while probes keep confirming them.
  static constexpr double probe = 0.25;
  // Share of a window the first thread may spend in the kernel and still be left alone: a
  // thread that computes spends next to none there (Officers, 0.166, 0.146: 0 to 1.5%), one
  // whose waits for its partner outlast the spin pays a system call each (the barrier before
  // sleeping), and most of its partner's blocks then go to handing them over. On a quiet
  // machine too, where the delays show nothing: 0.106 and 0.1626 (15 and 27 rare heaps) spent
  // 4 to 25% of each window there, and two threads forced ran 2.3 times slower than one. Such a
  // window is probed as one of short waits is.
  static constexpr double restless_system = 0.03;

  // Whether two threads run at `now` (seconds, any steady origin).
  bool two(double now) const noexcept { return !probing_ && now >= resume_at_; }
  // Whether one thread runs to measure itself against the two's last window.
  bool probing() const noexcept { return probing_; }

  // A window of two threads ended at `now`: `wall` seconds in which they waited `delay` seconds
  // for a processor over `turns` turns on one (0: not known), computed `values` values (0: not
  // known, no probe), and the first thread spent `system` seconds in the kernel. Returns
  // whether two threads go on.
  bool observed(double now, double wall, double delay, double turns = 0, double values = 0,
                double system = 0) noexcept {
    const bool quiet = delay <= busy_share * wall;
    if (quiet && system <= restless_system * wall) {
      backoff_ = probe_backoff_ = first_backoff;
      next_probe_ = 0; // a load that comes later is probed at once
      return true;
    }
    if (quiet || delay <= wake_up * turns) {
      if (values <= 0 || now < next_probe_) {
        backoff_ = first_backoff;
        return true;
      }
      probing_ = true;
      two_rate_ = values / wall;
      return false;
    }
    set_aside(now);
    return false;
  }

  // The probe ended at `now`: one thread computed `values` values in `wall` seconds. Returns
  // whether two threads run again.
  bool probed(double now, double wall, double values) noexcept {
    probing_ = false;
    if (wall > 0 && two_rate_ > values / wall) {
      backoff_ = first_backoff;
      next_probe_ = now + probe_backoff_;
      probe_backoff_ = std::min(2 * probe_backoff_, max_backoff);
      return true;
    }
    probe_backoff_ = first_backoff;
    set_aside(now);
    return false;
  }

  // The back-off the next busy window gets.
  double backoff() const noexcept { return backoff_; }

private:
  void set_aside(double now) noexcept {
    resume_at_ = now + backoff_;
    backoff_ = std::min(2 * backoff_, max_backoff);
  }

  double resume_at_ = 0;
  double backoff_ = first_backoff;
  bool probing_ = false;
  double two_rate_ = 0;   // values a second of the window that called the probe
  double next_probe_ = 0; // no probe before
  double probe_backoff_ = first_backoff;
};

// The measurement around it, for the thread that owns a helper. The helper is named by its
// system thread id (system_thread_id(); 0 while not yet known: its delay then counts from its
// start). A stretch is the time the engine runs without a break (a call of the engine, or part
// of one), on two threads or on one for a probe; a window gathers stretches until it holds
// `window` seconds, a probe until it holds load_policy::probe. Heaps are counted by the
// engine's position in the sequence.
class load_watch {
public:
  static constexpr double window = 0.5;

  // The engine starts running at heap `h`, its helper `partner`: whether on two threads.
  bool begin(int partner, std::size_t h) noexcept {
    const bool two = policy_.two(seconds());
    if (two || policy_.probing()) start(partner, h, two);
    return two;
  }

  // Every few thousand heaps, at heap `h`, running on two threads or not (`two`): whether two
  // threads run the next heaps. A window's or a probe's end starts the next one.
  bool go_on(int partner, std::size_t h, bool two) noexcept {
    const double now = seconds();
    if (!two && !policy_.probing()) {
      if (!policy_.two(now)) return false;
      start(partner, h, true);
      return true;
    }
    if (wall_ + (now - since_) < (two ? window : load_policy::probe)) return two;
    close(partner, h, now, two);
    const bool next = two ? policy_.observed(now, wall_, delay_, turns_, values_, system_)
                          : policy_.probed(now, wall_, values_);
    wall_ = delay_ = turns_ = values_ = system_ = 0;
    if (next || policy_.probing()) start(partner, h, next);
    return next;
  }

  // The engine stops at heap `h` (the call returns): the stretch's figures join the window.
  void end(int partner, std::size_t h, bool two) noexcept {
    if (two || policy_.probing()) close(partner, h, seconds(), two);
  }

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

  void start(int partner, std::size_t h, bool two) noexcept {
    since_ = seconds();
    from_ = h;
    if (!two) return; // a probe counts values and time only
    owner_ = system_thread_id();
    owner_delay_ = delay_of(owner_, true);
    owner_system_ = system_seconds().value_or(0);
    partner_delay_ = partner ? delay_of(partner, false) : waited{};
  }
  void close(int partner, std::size_t h, double now, bool two) noexcept {
    wall_ += now - since_;
    values_ += h > from_ ? static_cast<double>(h - from_) : 0.0;
    since_ = now;
    from_ = h;
    if (!two) return;
    add(delay_of(owner_, true), owner_delay_);
    system_ += std::max(0.0, system_seconds().value_or(0) - owner_system_);
    if (partner) add(delay_of(partner, false), partner_delay_);
  }
  void add(waited now, waited start) noexcept {
    delay_ += std::max(0.0, now.seconds - start.seconds);
    turns_ += std::max(0.0, now.turns - start.turns);
  }

  load_policy policy_;
  int owner_ = 0;
  double since_ = 0; // the stretch's start, and the threads' delays and the heap then
  std::size_t from_ = 0;
  waited owner_delay_, partner_delay_;
  double owner_system_ = 0, system_ = 0;
  double wall_ = 0, delay_ = 0, turns_ = 0, values_ = 0; // the window's stretches so far
};

} // namespace grundy::detail
