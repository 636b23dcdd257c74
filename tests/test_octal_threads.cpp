// One thread or two for a sequence: the run's choice (grundy/detail/thread_choice.hpp), the
// helper's share of the proofs, and the values, which never depend on either, even when the
// choice changes between chunks.

#define BOOST_TEST_MODULE octal_threads
#include <boost/test/unit_test.hpp>

#include <grundy/detail/helper_thread.hpp>
#include <grundy/detail/load_watch.hpp>
#include <grundy/detail/run_delay.hpp>
#include <grundy/detail/thread_choice.hpp>
#include <grundy/heap/analysis.hpp>
#include <grundy/octal/code.hpp>
#include <grundy/octal/sparse.hpp>

#if defined(__linux__)
#include <sched.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <string_view>
#include <thread>

using namespace grundy;
using detail::thread_choice;

namespace {
// Work the second thread took part in: blocks whose marks it made, or heaps of blocks the two
// threads took whole.
std::uint64_t on_two_threads(const sparse_statistics& s) { return s.helper_blocks + s.paired_heaps; }
} // namespace

namespace {

bool avx512() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#else
  return false;
#endif
}

// Runs one sample (four chunks) at `one` and `two` values per second, a tenth of a second each,
// as the run would, and returns the threads chosen.
// `two_later`, if given, is two threads' rate in the second half of the sample (two, then one).
unsigned sample(thread_choice& c, double one, double two, double two_later = 0) {
  BOOST_TEST_REQUIRE(c.sampling());
  const unsigned expected[] = {1, 2, 2, 1};
  for (unsigned i = 0; i < 4; ++i) {
    BOOST_TEST(c.threads() == expected[i]);
    const double rate = c.threads() == 1 ? one : i >= 2 && two_later > 0 ? two_later : two;
    c.ran(static_cast<std::size_t>(rate * 0.1), 0.1);
  }
  BOOST_TEST(!c.sampling());
  return c.threads();
}

// Runs chunks of a tenth of a second at the chosen threads until the next sample starts;
// returns the seconds that took.
double hold(thread_choice& c) {
  double seconds = 0;
  while (!c.sampling() && seconds < 100) {
    c.ran(1000, 0.1);
    seconds += 0.1;
  }
  return seconds;
}

} // namespace

BOOST_AUTO_TEST_CASE(threads_asked_for_are_kept) {
  thread_choice two(2, 8), one(1, 8);
  for (int i = 0; i < 20; ++i) {
    BOOST_TEST(two.threads() == 2u);
    BOOST_TEST(one.threads() == 1u);
    two.ran(1000, 0.2);
    one.ran(1000, 0.2);
    BOOST_TEST(!two.sampling());
  }
  // On one core there is nothing to choose.
  thread_choice alone(0, 1);
  alone.ran(1000, 0.2);
  BOOST_TEST(alone.threads() == 1u);
  BOOST_TEST(!alone.sampling());
}

BOOST_AUTO_TEST_CASE(the_faster_choice_is_kept_by_a_margin) {
  thread_choice c(0, 2);
  // Short chunks measure overheads: one thread, unsampled, until a chunk lasts long enough.
  for (int i = 0; i < 5; ++i) {
    c.ran(100, 0.001);
    BOOST_TEST(c.threads() == 1u);
    BOOST_TEST(!c.sampling());
  }
  c.ran(100'000, 0.06);
  // A sample runs short chunks: an eighth of the usual ones.
  BOOST_TEST(c.chunk(4000) == 500u);
  BOOST_TEST(sample(c, 1e6, 1.1e6) == 2u); // two threads, narrowly
  BOOST_TEST(c.chunk(4000) == 4000u);
  // A new choice is sampled again soon: a sample lasts tens of milliseconds, and a wrong one
  // held long costs more than a few samples do.
  const double first = hold(c);
  BOOST_TEST(first < 0.75);
  // The same choice again, by a narrow margin: held twice as long before the next sample.
  BOOST_TEST(sample(c, 1e6, 1.1e6) == 2u);
  const double second = hold(c);
  BOOST_TEST(second > 1.5 * first);
  BOOST_TEST(second < 2.5 * first);
  // By a clear one (a quarter faster or more): four times as long.
  BOOST_TEST(sample(c, 1e6, 1.6e6) == 2u);
  BOOST_TEST(hold(c) > 3 * second);
  // Two threads 1% faster do not pay for their core; 30% slower, still less.
  BOOST_TEST(sample(c, 1e6, 1.01e6) == 1u);
  // A new choice holds as long as the first one did.
  BOOST_TEST(hold(c) < 1.2 * first);
  // One thread again, clearly: held four times as long, as a clear gain of two threads is.
  BOOST_TEST(sample(c, 1e6, 0.5e6) == 1u);
  BOOST_TEST(hold(c) > 3 * first);
  // And when the sequence makes two threads pay, the run follows.
  BOOST_TEST(sample(c, 1e6, 1.2e6) == 2u);
  BOOST_TEST(hold(c) < 1.2 * first);
  // Two threads clearly faster in both halves (Officers-like) are held four times as long even
  // as a new choice: the block pass, the second thread's share, grows with the sequence.
  BOOST_TEST(sample(c, 1e6, 0.5e6) == 1u);
  hold(c);
  BOOST_TEST(sample(c, 1e6, 1.6e6) == 2u);
  BOOST_TEST(hold(c) > 3 * first);
}

BOOST_AUTO_TEST_CASE(an_early_choice_holds_no_longer_than_the_run_has_lasted) {
  thread_choice c(0, 2);
  c.ran(100'000, 0.06);
  // A sample of four chunks of 10 ms, 0.1 s into the run: one thread clearly faster.
  const unsigned expected[] = {1, 2, 2, 1};
  for (unsigned i = 0; i < 4; ++i) {
    BOOST_TEST_REQUIRE(c.threads() == expected[i]);
    c.ran(c.threads() == 1 ? 10'000 : 5'000, 0.01);
  }
  BOOST_TEST(!c.sampling());
  BOOST_TEST(c.threads() == 1u);
  // Held 0.1 s (the run so far), not half a second.
  c.ran(10'000, 0.05);
  BOOST_TEST(!c.sampling());
  c.ran(10'000, 0.05);
  BOOST_TEST(c.sampling());
  // Two threads faster by a quarter in one half only: a new choice, held as long as the run.
  const unsigned again[] = {1, 2, 2, 1};
  const std::size_t values[] = {10'000, 20'000, 10'500, 10'000};
  for (unsigned i = 0; i < 4; ++i) {
    BOOST_TEST_REQUIRE(c.threads() == again[i]);
    c.ran(values[i], 0.01);
  }
  BOOST_TEST(c.threads() == 2u);
  double held = 0;
  for (; !c.sampling() && held < 10; held += 0.05)
    c.ran(10'000, 0.05);
  BOOST_TEST(held > 0.2);
  BOOST_TEST(held < 0.35);
}

BOOST_AUTO_TEST_CASE(a_run_that_ends_within_a_stretch_is_not_sampled_again) {
  thread_choice c(0, 2);
  c.ran(100'000, 0.06);
  BOOST_TEST(sample(c, 1e6, 1.1e6) == 2u);
  // Chunks of 1,000 values in a tenth of a second: 4,000 values left are 0.4 s, less than a
  // new choice would be held, and no sample starts however long the stretch has run.
  for (int i = 0; i < 30; ++i) {
    c.ran(1000, 0.1, 4000);
    BOOST_TEST(!c.sampling());
  }
  // With more to go, the overdue sample starts at once.
  c.ran(1000, 0.1, 6000);
  BOOST_TEST(c.sampling());
}

BOOST_AUTO_TEST_CASE(a_sample_whose_halves_disagree_changes_nothing) {
  thread_choice c(0, 2);
  c.ran(100'000, 0.06);
  BOOST_TEST(sample(c, 1e6, 1.1e6) == 2u);
  const double first = hold(c);
  BOOST_TEST(sample(c, 1e6, 1.6e6) == 2u);
  const double confirmed = hold(c);
  BOOST_TEST(confirmed > 3 * first);
  // One half says two threads, the other one thread (a chunk slowed by other work, say): the
  // run keeps two threads, and samples again as soon as after a new choice.
  BOOST_TEST(sample(c, 1e6, 1.6e6, 0.7e6) == 2u);
  BOOST_TEST(hold(c) < 1.2 * first);
  // The same the other way round: one thread kept.
  BOOST_TEST(sample(c, 1e6, 0.5e6) == 1u);
  hold(c);
  BOOST_TEST(sample(c, 1e6, 0.5e6, 1.6e6) == 1u);
  BOOST_TEST(hold(c) < 1.2 * first);
  // Two sure samples in a row grow the stretch again.
  BOOST_TEST(sample(c, 1e6, 0.5e6) == 1u);
  BOOST_TEST(hold(c) > 3 * first);
}

BOOST_AUTO_TEST_CASE(changing_threads_between_chunks_keeps_the_values) {
  // The run may switch between one thread and two at every chunk: the values are those of one
  // thread, however the switches fall.
  const auto code = octal_code::parse("0.6");
  const std::size_t count = 120'000;
  const auto expected = sparse_values(code, count);
  sparse_options options;
  options.busy_cores = [](std::size_t) { return false; }; // a loaded machine would set it aside
  sparse_engine e(code, options);
  grundy_sequence values;
  unsigned threads = 1;
  for (std::size_t part = 5000; values.size() < count; part += 9000) {
    e.set_threads(threads);
    e.extend(values, std::min(part, count));
    threads = 3 - threads;
  }
  BOOST_TEST_REQUIRE((values == expected));
  BOOST_TEST(on_two_threads(e.statistics()) > 0u);
}

BOOST_AUTO_TEST_CASE(a_copied_engine_runs_its_own_helper) {
  // The helper thread outlives a call of extend; a copy of the engine, and the engine copied
  // over, go on with a helper of their own, each giving the values of one thread.
  const auto code = octal_code::parse("0.6");
  const auto expected = sparse_values(code, 90'000);
  sparse_options options;
  options.threads = 2;
  options.busy_cores = [](std::size_t) { return false; };
  sparse_engine e(code, options);
  grundy_sequence values;
  for (std::size_t part = 4000; part <= 40'000; part += 4000)
    e.extend(values, part);
  sparse_engine copy(e);
  grundy_sequence copied = values;
  sparse_engine assigned(code, options);
  grundy_sequence other;
  assigned.extend(other, 10'000);
  assigned = e;
  other = values;
  const auto blocks = on_two_threads(copy.statistics());
  e.extend(values, 90'000);
  copy.extend(copied, 90'000);
  assigned.extend(other, 90'000);
  BOOST_TEST_REQUIRE((values == expected));
  BOOST_TEST_REQUIRE((copied == expected));
  BOOST_TEST_REQUIRE((other == expected));
  BOOST_TEST(on_two_threads(copy.statistics()) > blocks); // its own helper ran
}

// Threads 2, the cores busy (as the hook says) from one heap to another within one call: the
// helper is set aside there and taken back after, the values those of one thread. The helper
// marks the blocks ahead here (whole blocks are looked at between their runs, below).
std::uint64_t helper_blocks_busy_from(std::size_t from, std::size_t to, std::uint64_t& pauses) {
  const auto code = octal_code::parse("0.6");
  const std::size_t count = 120'000;
  sparse_options options;
  options.threads = 2;
  options.paired_blocks = false;
  std::size_t looks = 0;
  options.busy_cores = [&](std::size_t values) {
    ++looks;
    return values >= from && values < to;
  };
  sparse_engine e(code, options);
  grundy_sequence values;
  e.extend(values, count);
  BOOST_TEST_REQUIRE((values == sparse_values(code, count)));
  BOOST_TEST(looks > 100u); // a look every few thousand heaps at most
  pauses = e.statistics().helper_pauses;
  return e.statistics().helper_blocks;
}

BOOST_AUTO_TEST_CASE(the_helper_is_set_aside_and_taken_back_mid_run) {
  std::uint64_t pauses = 0;
  const auto never = helper_blocks_busy_from(0, 0, pauses);
  BOOST_TEST(pauses == 0u);
  const auto to_the_end = helper_blocks_busy_from(30'000, 1'000'000, pauses);
  BOOST_TEST(pauses == 1u);
  const auto for_a_while = helper_blocks_busy_from(30'000, 60'000, pauses);
  BOOST_TEST(pauses == 1u);
  // Blocks before the switch, none while busy, more again after it.
  BOOST_TEST(to_the_end > 0u);
  BOOST_TEST(to_the_end < for_a_while);
  BOOST_TEST(for_a_while < never);
}

BOOST_AUTO_TEST_CASE(whole_blocks_are_set_aside_while_the_cores_are_busy) {
  // 0.6 is proved by two threads taking whole blocks; the load is looked at between two runs
  // of blocks, which end at the reviews of the split at the latest (a quarter more values
  // each): busy from 100,000 on, one thread goes on alone from the next run.
  const auto code = octal_code::parse("0.6");
  const std::size_t count = 300'000;
  const auto expected = sparse_values(code, count);
  const auto paired_heaps = [&](std::size_t busy_from, std::uint64_t& pauses) {
    sparse_options options;
    options.threads = 2;
    options.busy_cores = [&](std::size_t values) { return values >= busy_from; };
    sparse_engine e(code, options);
    grundy_sequence values;
    e.extend(values, count);
    BOOST_TEST_REQUIRE((values == expected));
    pauses = e.statistics().helper_pauses;
    return e.statistics().paired_heaps;
  };
  std::uint64_t pauses = 0;
  const auto never = paired_heaps(count, pauses);
  BOOST_TEST(pauses == 0u);
  BOOST_TEST(never > count / 2);
  const auto busy = paired_heaps(100'000, pauses);
  BOOST_TEST(pauses == 1u);
  BOOST_TEST(busy > 0u);
  BOOST_TEST(busy < never - 100'000);
}

#if defined(__linux__)
BOOST_AUTO_TEST_CASE(a_late_threads_block_is_begun_again_by_the_other) {
  // Both threads on one processor, as a virtual processor taken away by its host for
  // milliseconds: each time slice leaves one thread in the middle of a block, which the other,
  // with every other block handed out, begins again rather than wait for it. The values stay
  // those of one thread.
  const auto code = octal_code::parse("0.6");
  const std::size_t count = 300'000;
  const auto expected = sparse_values(code, count);
  cpu_set_t all, one;
  BOOST_TEST_REQUIRE(sched_getaffinity(0, sizeof all, &all) == 0);
  CPU_ZERO(&one);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &all)) {
      CPU_SET(cpu, &one);
      break;
    }
  BOOST_TEST_REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0); // the helper started below inherits it
  sparse_options options;
  options.threads = 2;
  options.busy_cores = [](std::size_t) { return false; }; // two threads, whatever the load
  sparse_engine e(code, options);
  grundy_sequence values;
  e.extend(values, count);
  sched_setaffinity(0, sizeof all, &all);
  BOOST_TEST_REQUIRE((values == expected));
  BOOST_TEST(e.statistics().paired_heaps > count / 2);
  BOOST_TEST(e.statistics().paired_retaken > 0u);
}
#endif

BOOST_AUTO_TEST_CASE(whole_blocks_are_timed_against_aimed_witnesses) {
  // Officers' aimed witnesses pay once one thread has taken its first 100,000 heaps (as the
  // run's choice of threads starts): whole blocks, which cannot aim, are then timed against
  // the blocks marked ahead with them, whichever wins, and the values stay those of one thread.
  const auto code = octal_code::parse("0.6");
  const std::size_t count = 400'000;
  const auto expected = sparse_values(code, count);
  sparse_options options;
  options.threads = 2;
  options.busy_cores = [](std::size_t) { return false; };
  sparse_engine e(code, options);
  grundy_sequence values;
  e.set_threads(1);
  e.extend(values, 100'000);
  BOOST_TEST(e.statistics().paired_heaps == 0u);
  e.set_threads(2);
  while (values.size() < count)
    e.extend(values, std::min(count, values.size() + 50'000));
  BOOST_TEST_REQUIRE((values == expected));
  BOOST_TEST(e.statistics().pairing_trials > 0u);
  BOOST_TEST(e.statistics().paired_heaps > 0u);
}

BOOST_AUTO_TEST_CASE(whole_blocks_stop_and_resume) {
  // A stop mid-run keeps the values settled so far, each that of one thread, and a later call
  // goes on from there; and so does a copy of the engine taken then.
  const auto code = octal_code::parse("0.6");
  const std::size_t count = 2'000'000;
  const auto expected = sparse_values(code, count);
  // The stop comes a little after the engine has passed 300,000 values (the looks at the load
  // say when), however fast the machine.
  std::atomic<bool> stop{false}, under_way{false};
  sparse_options options;
  options.threads = 2;
  options.busy_cores = [&](std::size_t values) {
    if (values >= 300'000) under_way = true;
    return false;
  };
  sparse_engine e(code, options);
  grundy_sequence values;
  std::thread stopper([&] {
    while (!under_way)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    stop = true;
  });
  e.extend(values, count, &stop);
  stopper.join();
  BOOST_TEST(values.size() < count);
  BOOST_TEST(values.size() >= 300'000u);
  for (std::size_t h = 0; h < values.size(); ++h)
    BOOST_TEST_REQUIRE(values[h] == expected[h]);
  sparse_engine copy(e);
  grundy_sequence copied = values;
  e.extend(values, count);
  copy.extend(copied, count);
  BOOST_TEST_REQUIRE((values == expected));
  BOOST_TEST_REQUIRE((copied == expected));
  BOOST_TEST(e.statistics().paired_heaps > count / 2);
}

BOOST_AUTO_TEST_CASE(the_choice_follows_the_load_across_calls) {
  // The hook's answer holds from one call of extend to the next, as a measured one does.
  const auto code = octal_code::parse("0.6");
  const std::size_t count = 100'000;
  sparse_options options;
  options.threads = 2;
  options.busy_cores = [](std::size_t values) { return (values / 20'000) % 2 == 1; };
  sparse_engine e(code, options);
  grundy_sequence values;
  for (std::size_t part = 7000; values.size() < count; part += 7000)
    e.extend(values, std::min(part, count));
  BOOST_TEST_REQUIRE((values == sparse_values(code, count)));
  BOOST_TEST(e.statistics().helper_pauses == 2u); // busy from 20,000 and from 60,000
  BOOST_TEST(on_two_threads(e.statistics()) > 0u);
}

BOOST_AUTO_TEST_CASE(a_busy_window_backs_off_doubling_while_the_load_stays) {
  detail::load_policy p;
  BOOST_TEST(p.two(0));
  // Waits of a few percent of the window are the quiet machine's: two threads go on.
  BOOST_TEST(p.observed(0.5, 0.5, 0.01));
  BOOST_TEST(p.two(0.5));
  // Half the window waiting: one thread for 2 s, then two again.
  BOOST_TEST(!p.observed(1.0, 0.5, 0.25));
  BOOST_TEST(!p.two(2.9));
  BOOST_TEST(p.two(3.0));
  // Still busy: 4 s, then 8 s...
  BOOST_TEST(!p.observed(3.5, 0.5, 0.25));
  BOOST_TEST(!p.two(7.4));
  BOOST_TEST(p.two(7.5));
  BOOST_TEST(!p.observed(8.0, 0.5, 0.25));
  BOOST_TEST(!p.two(15.9));
  BOOST_TEST(p.two(16.0));
  // ... to 32 s at most.
  double now = 16.5;
  for (int i = 0; i < 6; ++i) {
    BOOST_TEST(!p.observed(now, 0.5, 0.25));
    now += p.backoff() / 2 + 0.5; // the back-off just given, and a window
  }
  BOOST_TEST(p.backoff() == detail::load_policy::max_backoff);
  // Many short waits are wake-ups (a helper sleeping between tasks), not busy cores: 0.25 s in
  // 10,000 turns, 25 us each.
  BOOST_TEST(p.observed(now, 0.5, 0.25, 10'000));
  BOOST_TEST(!p.observed(now + 0.5, 0.5, 0.25, 1'000)); // 250 us each: the cores are taken
  BOOST_TEST(!p.two(now + 2.4));
  BOOST_TEST(p.two(now + 2.5));
  now += 2.5;
  // A clean window brings the back-off down to 2 s again.
  BOOST_TEST(p.observed(now, 0.5, 0.0));
  BOOST_TEST(!p.observed(now + 0.5, 0.5, 0.3));
  BOOST_TEST(!p.two(now + 2.4));
  BOOST_TEST(p.two(now + 2.5));
}

// 0.1777 beside one busy process on two cores: the helper, handed tiny blocks, woke 45,000
// times in a half second and waited 5 us each, 0.22 s in all, while the two threads ran 2.2
// times slower than one. Short waits are no verdict: one thread runs a probe, and the faster
// of the two is kept.
BOOST_AUTO_TEST_CASE(a_window_of_short_waits_is_settled_by_a_probe_on_one_thread) {
  detail::load_policy p;
  constexpr double probe = detail::load_policy::probe;
  // Two threads computed 660,000 values in the window; one computes 360,000 in the probe's
  // quarter second: 1.44 million a second against 1.32.
  BOOST_TEST(!p.observed(0.5, 0.5, 0.22, 45'000, 660'000));
  BOOST_TEST(p.probing());
  BOOST_TEST(!p.two(0.6));
  BOOST_TEST(!p.probed(0.5 + probe, probe, 360'000));
  BOOST_TEST(!p.probing());
  // Set aside for the back-off, then two threads again, doubling while one thread wins.
  BOOST_TEST(!p.two(2.5 + probe - 0.01));
  BOOST_TEST(p.two(2.5 + probe));
  double now = 3.5;
  BOOST_TEST(!p.observed(now, 0.5, 0.22, 45'000, 660'000));
  BOOST_TEST(!p.probed(now + probe, probe, 360'000));
  BOOST_TEST(!p.two(now + probe + 3.99));
  BOOST_TEST(p.two(now + probe + 4.0));
  // Two threads faster than one (Officers, a helper woken often on a quiet machine): kept,
  // and not probed again for 2 s, then 4 s while the probes keep them.
  now = 10;
  BOOST_TEST(!p.observed(now, 0.5, 0.22, 45'000, 800'000));
  BOOST_TEST(p.probed(now + probe, probe, 250'000));
  BOOST_TEST(p.two(now + probe));
  now += probe;
  BOOST_TEST(p.observed(now + 0.5, 0.5, 0.22, 45'000, 800'000));
  BOOST_TEST(p.observed(now + 1.9, 0.5, 0.22, 45'000, 800'000));
  BOOST_TEST(!p.observed(now + 2.0, 0.5, 0.22, 45'000, 800'000));
  BOOST_TEST(p.probed(now + 2.0 + probe, probe, 250'000));
  now += 2.0 + probe;
  BOOST_TEST(p.observed(now + 3.9, 0.5, 0.22, 45'000, 800'000));
  BOOST_TEST(!p.observed(now + 4.0, 0.5, 0.22, 45'000, 800'000));
  BOOST_TEST(p.probed(now + 4.0 + probe, probe, 250'000));
  // A clean window: a load that comes after it is probed at once.
  now += 4.0 + probe;
  BOOST_TEST(p.observed(now + 0.5, 0.5, 0.01, 45'000, 800'000));
  BOOST_TEST(!p.observed(now + 1.0, 0.5, 0.22, 45'000, 660'000));
  BOOST_TEST(p.probing());
  // Where the values are not known, short waits go on as wake-ups.
  detail::load_policy blind;
  BOOST_TEST(blind.observed(0.5, 0.5, 0.22, 45'000));
  BOOST_TEST(!blind.probing());
}

// 0.106 on two threads on a quiet machine: the helper, handed blocks of a few microseconds,
// finishes each just after the first thread stops spinning for it, the first thread pays a
// system call for nearly every block, and the two threads ran 2.3 times slower than one,
// though neither waited for a processor. A window spent that much in the kernel is probed
// even when quiet.
BOOST_AUTO_TEST_CASE(a_quiet_window_spent_in_the_kernel_is_probed_too) {
  detail::load_policy p;
  constexpr double probe = detail::load_policy::probe;
  // 0.5 s, 2 ms waiting for a processor, 500 turns, 1.6 million values, 0.1 s in the kernel.
  BOOST_TEST(!p.observed(0.5, 0.5, 0.002, 500, 1'600'000, 0.1));
  BOOST_TEST(p.probing());
  BOOST_TEST(!p.probed(0.5 + probe, probe, 2'000'000)); // one thread: 8 million a second
  BOOST_TEST(!p.two(2.5 + probe - 0.01));
  BOOST_TEST(p.two(2.5 + probe));
  // Two threads that win the probe are kept, and not probed again for 2 s.
  double now = 2.5 + probe + 0.5;
  BOOST_TEST(!p.observed(now, 0.5, 0.002, 500, 1'600'000, 0.1));
  BOOST_TEST(p.probed(now + probe, probe, 100'000));
  BOOST_TEST(p.observed(now + probe + 1.9, 0.5, 0.002, 500, 1'600'000, 0.1));
  // Officers on two threads: 0.5% of the window in the kernel, no probe, two threads go on.
  detail::load_policy q;
  BOOST_TEST(q.observed(0.5, 0.5, 0.002, 150, 800'000, 0.0025));
  BOOST_TEST(!q.probing());
}

BOOST_AUTO_TEST_CASE(the_run_delay_of_a_thread_is_read) {
  BOOST_TEST(!detail::read_run_delay(-1));
  detail::helper_thread helper;
  const auto nothing = [](void*) noexcept {};
  helper.wait(helper.post(nothing, nullptr));
  const int mine = detail::system_thread_id();
#if defined(__linux__)
  BOOST_TEST(mine > 0);
  BOOST_TEST(helper.system_id() > 0); // known once a task has run
  BOOST_TEST(helper.system_id() != mine);
  if (!std::filesystem::exists("/proc/self/task")) return; // the kernel's figures are not to be had
  const auto before = detail::read_run_delay(mine);
  BOOST_TEST_REQUIRE(before.has_value());
  const auto helpers = detail::read_run_delay(helper.system_id());
  BOOST_TEST_REQUIRE(helpers.has_value());
  BOOST_TEST(helpers->turns >= 1u);                          // it has run
  std::this_thread::sleep_for(std::chrono::milliseconds(2)); // a sleep ends in a new turn
  const auto after = detail::read_run_delay(mine);
  BOOST_TEST_REQUIRE(after.has_value());
  BOOST_TEST(after->ns >= before->ns);
  BOOST_TEST(after->turns > before->turns);
#else
  BOOST_TEST(mine == 0);
#endif
}

BOOST_AUTO_TEST_CASE(the_helper_proves_heaps_ahead) {
  // With two threads the helper goes on with the proofs of its blocks from the values it knows
  // (prove_ahead); the first thread takes a proof as done when the helper proved the candidate
  // it finds itself. In 0.1046 (208 rare heaps, proofs of some 400 pairs) the helper proves a
  // good part of the heaps; in 0.106 (15 rare heaps, short proofs) it is mostly busy marking.
  // Either way the values are those of one thread.
  for (const char* text : {"0.1046", "0.106"}) {
    BOOST_TEST_CONTEXT(text) {
      const auto code = octal_code::parse(text);
      const std::size_t count = 300'000;
      const auto expected = sparse_values(code, count);
      sparse_options two;
      two.threads = 2;
      two.paired_blocks = false;
      two.busy_cores = [](std::size_t) { return false; };
      sparse_engine e(code, two);
      grundy_sequence values;
      e.extend(values, count);
      BOOST_TEST_REQUIRE((values == expected));
      // Some of them at least, whatever the schedule (a busy machine may starve the helper),
      // where the proofs look pairs up 32 at a time, as the helper's need.
      if (std::string_view(text) == "0.1046" && avx512()) BOOST_TEST(e.statistics().helper_proofs > 0u);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_default_run_gives_the_values_of_one_thread) {
  analysis_options one;
  one.threads = 1;
  one.max_values = 400'000;
  one.keep_going = true;
  analysis_options chosen = one;
  chosen.threads = 0;
  const auto code = octal_code::parse("0.6");
  const auto a = analyse(code, one), b = analyse(code, chosen);
  BOOST_TEST_REQUIRE((a.values == b.values));
  BOOST_TEST(a.rare_count == b.rare_count);
}

// Either side spins a few microseconds before it sleeps: left waiting far longer, it must still be
// woken by the other's next step.
BOOST_AUTO_TEST_CASE(a_sleeping_helper_or_owner_is_woken) {
  using namespace std::chrono_literals;
  detail::helper_thread helper;
  std::atomic<int> done{0};
  const auto count = [](void* p) noexcept { static_cast<std::atomic<int>*>(p)->fetch_add(1); };
  const auto slow = [](void* p) noexcept {
    std::this_thread::sleep_for(30ms); // the owner, waiting, goes to sleep meanwhile
    static_cast<std::atomic<int>*>(p)->fetch_add(1);
  };
  helper.wait(helper.post(count, &done));
  BOOST_TEST(done.load() == 1);
  std::this_thread::sleep_for(30ms); // the helper, idle, goes to sleep meanwhile
  const auto t = helper.post(count, &done);
  helper.wait(t);
  BOOST_TEST(helper.finished(t));
  BOOST_TEST(done.load() == 2);
  helper.wait(helper.post(slow, &done));
  BOOST_TEST(done.load() == 3);
  BOOST_TEST(helper.idle());
}

// Wake-ups are never lost: hand-overs timed so that one side often goes to sleep just as the
// other raises its count. A lost one would leave a side asleep for good (sleeps have no time-out),
// and the test would never end.
BOOST_AUTO_TEST_CASE(no_wake_up_is_lost) {
  detail::helper_thread helper;
  std::atomic<std::uint64_t> done{0};
  struct work {
    std::atomic<std::uint64_t>* done;
    unsigned spins;
  };
  const auto run = [](void* p) noexcept {
    auto& w = *static_cast<work*>(p);
    for (unsigned i = 0; i < w.spins; ++i)
      asm volatile("" ::: "memory");
    w.done->fetch_add(1);
  };
  constexpr unsigned rounds = 20'000;
  work w{&done, 0};
  for (unsigned round = 0; round < rounds; ++round) {
    // Spins of 0 to a few thousand iterations: around the few microseconds a side spins. Each
    // task is waited for before the next, so one work item serves them all.
    w.spins = (round * 2654435761u) % 6000;
    helper.wait(helper.post(run, &w));
    for (unsigned i = 0; i < (round * 40503u) % 6000; ++i)
      asm volatile("" ::: "memory");
  }
  BOOST_TEST(done.load() == rounds);
}

// A waiting side sleeps rather than spins: the owner, waiting 200 ms for a task, uses a few
// milliseconds of processor at most.
BOOST_AUTO_TEST_CASE(waiting_costs_no_processor) {
  using namespace std::chrono_literals;
  const auto thread_cpu = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
  };
  detail::helper_thread helper;
  const auto slow = [](void*) noexcept { std::this_thread::sleep_for(200ms); };
  const auto before = thread_cpu();
  helper.wait(helper.post(slow, nullptr));
  const auto used = thread_cpu() - before;
  BOOST_TEST_MESSAGE("the owner used " << used.count() / 1000 << " us of processor in a 200 ms wait");
  BOOST_TEST(used < 20ms);
}
