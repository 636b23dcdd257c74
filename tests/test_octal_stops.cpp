// Stops in what a run does besides computing values: the search for a period (seconds for some
// hexadecimal codes), and a resumed run's checks of its saved values. Each ends soon after the
// flag, and a result stopped before its periodicity was looked for says so.
#define BOOST_TEST_MODULE octal_stops
#include <boost/test/unit_test.hpp>

#include <grundy/heap/analysis.hpp>
#include <grundy/io/sequence_report.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/periodicity.hpp>

#include "stop_checks.hpp"
#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <thread>

using namespace grundy;

namespace {

using clock_type = std::chrono::steady_clock;

// 0.E7 at 922 values (one of the checks analyse makes of an octal code) shows an arithmetic
// period 453, saltus 256, from heap 1, whose test reads every option of the heaps up to about a
// thousand: a second or more, where the values took a tenth of one.
const octal_code slow_code = octal_code::parse("0.E7");
constexpr std::size_t slow_check = 922;

grundy_sequence slow_values() {
  grundy_sequence values;
  naive_engine(slow_code).extend(values, slow_check);
  return values;
}

// Sets a flag from another thread, some time after it is started.
class delayed_stop {
public:
  explicit delayed_stop(std::atomic<bool>& flag) : flag_(flag) {}
  delayed_stop(const delayed_stop&) = delete;
  delayed_stop& operator=(const delayed_stop&) = delete;
  ~delayed_stop() {
    if (thread_.joinable()) thread_.join();
  }

  void start(std::chrono::milliseconds delay) {
    if (thread_.joinable()) return; // started already
    thread_ = std::thread([this, delay] {
      std::this_thread::sleep_for(delay);
      set_at_ = clock_type::now();
      flag_ = true;
    });
  }

  // Seconds from the flag to `end`; negative when `end` came first (the work did not wait for it).
  double seconds_to(clock_type::time_point end) {
    thread_.join();
    return std::chrono::duration<double>(end - set_at_).count();
  }

private:
  std::atomic<bool>& flag_;
  std::thread thread_;
  clock_type::time_point set_at_;
};

constexpr double prompt = 0.5; // seconds: loose, for a loaded machine

// Options of a run of 0.E7 to 2·10^6 values whose flag `stopper` sets 20 ms after the values
// reach the slow check, which comes next: the octal analysis's options or the heap rules'.
template <class Options> Options stopped_in_the_slow_check(std::atomic<bool>& stop, delayed_stop& stopper) {
  Options o;
  o.max_values = 2'000'000;
  o.stop = &stop;
  o.on_progress = [&stopper](const octal_progress& p) {
    if (p.values == slow_check) stopper.start(std::chrono::milliseconds(20));
  };
  return o;
}

} // namespace

BOOST_AUTO_TEST_CASE(the_search_for_a_period_stops_promptly) {
  const auto values = slow_values();
  std::atomic<bool> stop{false};
  delayed_stop stopper(stop);
  stopper.start(std::chrono::milliseconds(20));
  BOOST_CHECK_EXCEPTION(find_periodicity(values, slow_code, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  const double took = stopper.seconds_to(clock_type::now());
  BOOST_TEST_MESSAGE("the search ended " << took << " s after the flag");
  BOOST_TEST(took >= 0);
  BOOST_TEST(took < prompt);

  // A flag already set stops every search and test before it starts, as the one stop exception.
  const periodicity arithmetic{1, 453, false, 256};
  BOOST_CHECK_THROW(find_periodicity(values, slow_code, &stop), stopped);
  BOOST_CHECK_EXCEPTION(arithmetic_values_to_prove(slow_code, values, arithmetic, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  BOOST_CHECK_EXCEPTION(find_periodicity(values, heap_rule(slow_code), &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  BOOST_CHECK_EXCEPTION(find_periodicity(values, periodicity_prover{}, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  const heap_rule all_but = heap_rule::parse("allbut(1,2)");
  BOOST_CHECK_EXCEPTION(values_to_prove(all_but, values, periodicity{0, 3, false, 1}, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  // Without a flag the search finds what it always found.
  const auto p = find_periodicity(values, slow_code);
  BOOST_TEST_REQUIRE(p.has_value());
  BOOST_TEST((*p == arithmetic));
}

// A stop in the middle of the check at 922 values: the run ends soon after, interrupted, and
// its result does not pass an unfinished search off as "no period"; resumed, it makes that
// check again and ends as the run that never stopped.
BOOST_AUTO_TEST_CASE(an_analysis_stopped_in_its_search_says_it_did_not_look) {
  std::atomic<bool> stop{false};
  delayed_stop stopper(stop);
  auto o = stopped_in_the_slow_check<analysis_options>(stop, stopper);
  std::optional<octal_checkpoint> last;
  o.checkpoint_seconds = 1e9; // only the one written at the end
  o.on_checkpoint = [&](const octal_checkpoint& c) { last = c; };
  const auto a = analyse(slow_code, o);
  const double took = stopper.seconds_to(clock_type::now());
  BOOST_TEST_MESSAGE("the run ended " << took << " s after the flag");
  BOOST_TEST(took >= 0);
  BOOST_TEST(took < prompt);
  BOOST_TEST(a.interrupted);
  BOOST_TEST(!a.periodicity_checked);
  BOOST_TEST(!a.period.has_value());
  BOOST_TEST(a.values.size() == slow_check);
  const auto json = io::sequence_json(a);
  BOOST_TEST(json.find("\"period\": null") != std::string::npos, json);
  BOOST_TEST(json.find("\"periodicity_checked\": false") != std::string::npos, json);

  BOOST_TEST_REQUIRE(last.has_value());
  BOOST_TEST(last->next_check == slow_check); // the check cut short is made again
  auto resumed_from = *last;
  resumed_from.max_values = 1'100;
  const auto resumed = resume_octal(std::move(resumed_from));
  analysis_options whole;
  whole.max_values = 1'100;
  const auto b = analyse(slow_code, whole);
  BOOST_TEST(!resumed.interrupted);
  BOOST_TEST(resumed.periodicity_checked);
  BOOST_TEST((resumed.values == b.values));
  BOOST_TEST((resumed.period == b.period));
  BOOST_TEST(io::sequence_json(b).find("\"periodicity_checked\": true") != std::string::npos);
}

// The same through the heap rules' analysis, which runs the octal engine for codes and its own
// loop for the other rules.
BOOST_AUTO_TEST_CASE(a_heap_analysis_stopped_in_its_search_says_it_did_not_look) {
  std::atomic<bool> stop{false};
  delayed_stop stopper(stop);
  const auto o = stopped_in_the_slow_check<analysis_options>(stop, stopper);
  const auto a = analyse(heap_rule(slow_code), o);
  const double took = stopper.seconds_to(clock_type::now());
  BOOST_TEST(took >= 0);
  BOOST_TEST(took < prompt);
  BOOST_TEST(a.interrupted);
  BOOST_TEST(!a.periodicity_checked);
  BOOST_TEST(!a.period.has_value());
  BOOST_TEST(!a.values_to_prove.has_value());

  // Take-a-square has no theorem and runs to its end: a flag set as its last values come stops
  // the final search, which then is not looked for either.
  std::atomic<bool> late{false};
  analysis_options s;
  s.max_values = 5'000;
  s.keep_going = true;
  s.stop = &late;
  s.on_progress = [&](const octal_progress& p) {
    if (p.values == 5'000) late = true;
  };
  const auto squares = analyse(heap_rule::parse("squares"), s);
  BOOST_TEST(squares.values.size() == 5'000u);
  BOOST_TEST(squares.interrupted);
  BOOST_TEST(!squares.periodicity_checked);
  BOOST_TEST(io::sequence_json(squares).find("\"periodicity_checked\": false") != std::string::npos);
  s.stop = nullptr;
  const auto finished = analyse(heap_rule::parse("squares"), s);
  BOOST_TEST(!finished.interrupted);
  BOOST_TEST(finished.periodicity_checked);
}

// A resumed run checks its saved values and rebuilds its engine before its first new value: a
// stop then ends it at once, with the saved values, unused and their periodicity not looked for.
BOOST_AUTO_TEST_CASE(a_resumed_run_stops_in_its_checks) {
  for (const auto* text : {"0.376", "0.E7"}) { // the sparse engine's rebuilding, the naive one's
    const auto code = octal_code::parse(text);
    std::optional<octal_checkpoint> last;
    analysis_options o;
    o.max_values = 900;
    o.keep_going = true;
    o.checkpoint_seconds = 1e9;
    o.on_checkpoint = [&](const octal_checkpoint& c) { last = c; };
    analyse(code, o);
    BOOST_TEST_REQUIRE(last.has_value());
    const auto saved_values = last->values;
    last->max_values = 2'000'000;
    std::atomic<bool> stop{true};
    analysis_options resumed;
    resumed.stop = &stop;
    const auto t0 = clock_type::now();
    const auto a = resume_octal(*last, resumed);
    BOOST_TEST(std::chrono::duration<double>(clock_type::now() - t0).count() < prompt, text);
    BOOST_TEST(a.interrupted, text);
    BOOST_TEST(!a.periodicity_checked, text);
    BOOST_TEST((a.values == saved_values), text);
  }
}
