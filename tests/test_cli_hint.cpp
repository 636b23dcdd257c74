// grundy hint on large octal heaps, run as a separate process: the answer from the proven
// period at once, and a stop by SIGINT or SIGTERM within a second whatever the hint is doing.
#define BOOST_TEST_MODULE cli_hint
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <chrono>
#include <csignal>
#include <string>
#include <thread>
#include <vector>

namespace {

using grundy_test::slurp;
using result = grundy_test::cli_result;
using clock_type = std::chrono::steady_clock;

double since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

// Runs grundy with `args`; with a signal, sends it after `delay` seconds. Returns the result
// and the seconds from the signal (or the start) to the end of the process.
std::pair<result, double> run_grundy(const std::vector<std::string>& args, int signal = 0, double delay = 0) {
  const grundy_test::process p(args);
  auto from = clock_type::now();
  if (signal) {
    std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    from = clock_type::now();
    p.signal(signal);
  }
  auto r = p.wait();
  return {std::move(r), since(from)};
}

} // namespace

// Dawson's Kayles' period is proven after a couple of hundred values: a heap of 10^7 (or of
// 2^32 - 1) is answered from it, where every split used to be tried (702 s at 10^7). The
// bound is loose for a loaded machine; the answer takes milliseconds.
BOOST_AUTO_TEST_CASE(octal_hint_from_the_period) {
  for (const std::string heap : {"10000000", "4294967295"}) {
    const auto [r, seconds] = run_grundy({"hint", "octal", "0.07", heap});
    BOOST_TEST_MESSAGE("hint octal 0.07 " << heap << ": " << seconds << " s");
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(seconds < 5.0);
    BOOST_TEST(r.out.find("N: the player to move wins") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("take 2 from the heap of " + heap) != std::string::npos, r.out);
    BOOST_TEST(r.out.find("winning moves in all: --all lists them") != std::string::npos, r.out);
  }
}

// A stop 0.3 s in ends the hint within a second, with one line and the signal's exit status:
// while the values of a code with no period are computed (0.6), and while a long list of
// winning moves is made (--all from a heap of 3 x 10^7 tokens: about 1.8 million moves).
BOOST_AUTO_TEST_CASE(octal_hint_stops_on_a_signal) {
  const std::vector<std::vector<std::string>> commands{{"hint", "octal", "0.6", "3000000"},
                                                       {"hint", "octal", "0.07", "30000000", "--all"}};
  for (const auto& args : commands)
    for (const int number : {SIGTERM, SIGINT}) {
      const auto [r, seconds] = run_grundy(args, number, 0.3);
      BOOST_TEST_MESSAGE(args[2] << " " << args[3] << ", signal " << number << ": ended " << seconds
                                 << " s after it: " << r.err);
      BOOST_TEST(r.status == 128 + number, r.err);
      BOOST_TEST(seconds < 1.5);
      BOOST_TEST(r.err_lines() == 1u, r.err);
      BOOST_TEST(r.err.find("interrupted") != std::string::npos, r.err);
    }
}
