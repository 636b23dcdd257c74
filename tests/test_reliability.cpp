// The command line under stress, run as a separate process: interrupted by a signal (what was
// reached is printed, the exit status says which signal, and no output file is left half
// written), limits that trip cleanly, octal runs saved and resumed, and the same output from
// the same command whatever the run and the thread count.
#define BOOST_TEST_MODULE reliability
#include <boost/test/unit_test.hpp>

#include <boost/json/src.hpp>

#include "cli_runner.hpp"

#include <grundy/detail/page_allocator.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <regex>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

extern char** environ;

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

using grundy_test::slurp;
using grundy_test::temporary_left;
using result = grundy_test::cli_result;

fs::path scratch() {
  static const fs::path dir = grundy_test::scratch_directory("grundy-reliability");
  return dir;
}

using grundy_test::process;

result run(const std::vector<std::string>& args) { return process(args).wait(); }

// Starts a long command, lets it get well into its work, and sends it `number`.
result interrupt(const std::vector<std::string>& args, int number, double seconds = 1.5) {
  const process p(args);
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  p.signal(number);
  return p.wait();
}

// The same, also giving the seconds from the signal to the end of the process.
std::pair<result, double> timed_interrupt(const std::vector<std::string>& args, int number, double seconds) {
  const process p(args);
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  const auto sent = std::chrono::steady_clock::now();
  p.signal(number);
  auto r = p.wait();
  return {std::move(r), std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count()};
}

std::pair<result, double> timed_run(const std::vector<std::string>& args) {
  const auto started = std::chrono::steady_clock::now();
  auto r = run(args);
  return {std::move(r), std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()};
}

// The memory figure of a stopped exploration's report ("..., 412.3 MB of memory"), in MB.
double reported_megabytes(const std::string& err) {
  std::smatch m;
  if (!std::regex_search(err, m, std::regex(R"(([0-9.]+) (KB|MB|GB) of memory)"))) return -1;
  const double x = std::stod(m[1]);
  return m[2] == "KB" ? x / 1024 : m[2] == "GB" ? x * 1024 : x;
}

// A run refused on its memory limit of `limit` MB: the line names the limit, and the memory the
// process reached (the line's figure and the kernel's peak) is within a tenth over it. A step
// refused before it is made reports the memory held before it, below the limit.
void check_memory_refusal(const result& r, std::uint64_t limit) {
  const std::string limit_text = "limit of " + std::to_string(limit) + " MB";
  BOOST_TEST((r.err.find("memory passed the " + limit_text) != std::string::npos ||
              r.err.find("past the " + limit_text) != std::string::npos),
             r.err);
  const double cap = static_cast<double>(limit) * 1.1;
  const double peak = static_cast<double>(r.peak_bytes) / (1 << 20);
  BOOST_TEST_MESSAGE("limit " << limit << " MB: peak " << peak << " MB resident: " << r.err);
  // Under AddressSanitizer the resident set holds its shadow and quarantine besides: the
  // process may start past a small limit.
  if (grundy::detail::address_sanitized) return;
  BOOST_TEST(reported_megabytes(r.err) < cap, r.err);
  BOOST_TEST(peak < cap, "peak " << peak << " MB: " << r.err);
}

json::value parse(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  BOOST_TEST_REQUIRE(!ec, "invalid JSON: " << text);
  return v;
}

// The output without what measures the run rather than the game: times and memory.
json::value without_measurements(json::value v) {
  if (auto* o = v.if_object()) {
    for (auto key : {"seconds", "explore_seconds", "label_seconds", "peak_memory_bytes"})
      o->erase(key);
    for (auto& [key, value] : *o)
      value = without_measurements(value);
  } else if (auto* a = v.if_array()) {
    for (auto& x : *a)
      x = without_measurements(x);
  }
  return v;
}

std::string normalised(const std::string& text) { return json::serialize(without_measurements(parse(text))); }

std::string path(const std::string& name) { return (scratch() / name).string(); }

} // namespace

// SIGTERM during a graph build that would write a DOT file: the figures reached on one line,
// status 128 + 15, and neither the file nor a temporary one.
BOOST_AUTO_TEST_CASE(terminated_graph_leaves_no_file) {
  const auto dir = scratch() / "graph";
  fs::create_directories(dir);
  const auto dot = (dir / "big.dot").string();
  const auto r =
      interrupt({"graph", "tablettes", "--colors", "6", "--tablets", "4", "-q", "--dot", dot}, SIGTERM);
  BOOST_TEST(r.status == 128 + SIGTERM, r.err);
  BOOST_TEST(r.err_lines() == 1u, r.err);
  BOOST_TEST(r.err.find("interrupted; reached ") != std::string::npos, r.err);
  BOOST_TEST(r.err.find(" positions and ") != std::string::npos, r.err);
  BOOST_TEST(r.out.empty());
  BOOST_TEST(!fs::exists(dot));
  BOOST_TEST(!temporary_left(dir));
}

// A stop arriving in the middle of one huge level takes effect within a second or so, with the
// figures reached: a heap of 100,000 in 0.07 explored as a graph (the second level alone is
// about 10^9 moves, tens of thousands per position), and the middle levels of tablettes with 7
// colours (tens of millions of positions each). The bound is loose, for a loaded machine;
// the log gives the figures (--log_level=message).
BOOST_AUTO_TEST_CASE(stops_mid_level_are_prompt) {
  const std::vector<std::vector<std::string>> commands{
      {"graph", "octal", "0.07", "100000", "-q"},
      {"graph", "tablettes", "--colors", "7", "--tablets", "4", "--threads", "2", "-q"}};
  for (const auto& args : commands)
    for (const int number : {SIGINT, SIGTERM}) {
      const auto [r, seconds] = timed_interrupt(args, number, 2.5);
      BOOST_TEST_MESSAGE(args[1] << ", signal " << number << ": ended " << seconds
                                 << " s after it: " << r.err);
      BOOST_TEST(r.status == 128 + number, r.err);
      BOOST_TEST(seconds < 5.0);
      BOOST_TEST(r.err_lines() == 1u, r.err);
      BOOST_TEST(r.err.find("interrupted; reached ") != std::string::npos, r.err);
      BOOST_TEST(r.err.find(" positions and ") != std::string::npos, r.err);
      BOOST_TEST(r.out.empty());
    }
}

// A stop in a hexadecimal run takes effect inside the heap being computed: each heap of a code
// that leaves three heaps costs h^2/12 triples per digit, and when the stop was looked at only
// between chunks of 64 heaps or more it came seconds late (6 s after a signal 30 s into 0.FFFF).
BOOST_AUTO_TEST_CASE(hexadecimal_stops_are_prompt) {
  for (const auto& [number, seconds_in] :
       {std::pair{SIGINT, 2.0}, std::pair{SIGTERM, 2.0}, std::pair{SIGINT, 6.0}}) {
    const auto [r, seconds] =
        timed_interrupt({"octal", "0.FFFF", "--max", "1000000", "-q"}, number, seconds_in);
    BOOST_TEST_MESSAGE("0.FFFF, signal " << number << " at " << seconds_in << " s: ended " << seconds
                                         << " s after it: " << r.err);
    BOOST_TEST(r.status == 128 + number, r.err);
    BOOST_TEST(seconds < 1.0);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    BOOST_TEST(r.err.find("interrupted after ") != std::string::npos, r.err);
  }
}

// A stop in the search for a period: 0.E7 resumed at 922 values makes its check there first, a
// test of an arithmetic period that reads every option of a thousand heaps (seconds on a loaded
// machine, when it did not look at the flag). The signal lands in it on most machines; wherever
// it lands, the run ends within a second and says that it did not look for a period, rather
// than that it saw none.
BOOST_AUTO_TEST_CASE(stops_in_the_search_for_a_period_are_prompt) {
  const auto dir = scratch() / "search";
  fs::create_directories(dir);
  const auto checkpoint = (dir / "run.checkpoint").string();
  const auto first = run({"octal", "0.E7", "--max", "922", "--checkpoint", checkpoint, "-q"});
  BOOST_TEST_REQUIRE(first.status == 0, first.err);
  for (const std::string format : {"text", "json"}) {
    const auto [r, seconds] = timed_interrupt(
        {"octal", "--resume", checkpoint, "--max", "2000000", "-q", "--format", format}, SIGINT, 0.3);
    BOOST_TEST_MESSAGE("0.E7 resumed at 922 values, " << format << ": ended " << seconds
                                                      << " s after the signal: " << r.err);
    BOOST_TEST(r.status == 128 + SIGINT, r.err);
    BOOST_TEST(seconds < 1.0);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    BOOST_TEST(r.err.find("interrupted after ") != std::string::npos, r.err);
    if (format == "text")
      BOOST_TEST(r.out.find("period     not looked for: the run was stopped first\n") != std::string::npos,
                 r.out);
    else
      BOOST_TEST(parse(r.out).as_object().at("periodicity_checked") == json::value(false), r.out);
  }
}

// --max-states and --max-memory stop the same huge levels as soon as they are passed: the
// positions reached are exactly the limit, the memory reported is near its limit, and the runs
// take seconds where the memory limit once went unnoticed until the level ended (minutes).
BOOST_AUTO_TEST_CASE(limits_mid_level_are_prompt) {
  const auto [states, states_seconds] =
      timed_run({"graph", "octal", "0.07", "100000", "--max-states", "1000000"});
  BOOST_TEST_MESSAGE("--max-states 1000000: " << states_seconds << " s: " << states.err);
  BOOST_TEST(states.status == 1, states.err);
  BOOST_TEST(states.err_lines() == 1u, states.err);
  BOOST_TEST(states.err.find("reached 1,000,000 positions") != std::string::npos, states.err);
  BOOST_TEST(states_seconds < 60.0);

  const std::vector<std::vector<std::string>> commands{
      {"graph", "octal", "0.07", "100000", "-q", "--max-memory", "300M"},
      {"graph", "tablettes", "--colors", "7", "--tablets", "4", "--threads", "2", "-q", "--max-memory",
       "300M"}};
  for (const auto& args : commands) {
    const auto [r, seconds] = timed_run(args);
    BOOST_TEST_MESSAGE(args[1] << " --max-memory 300M: " << seconds << " s: " << r.err);
    BOOST_TEST(r.status == 1, r.err);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    check_memory_refusal(r, 300);
    BOOST_TEST(seconds < 60.0);
  }
}

// A memory limit holds for the whole process at its peak, whatever step would pass it: a level's
// states or edges appended at once, a vector moving to a block twice its size, the graph a
// misère hint builds when the quotient cannot answer. Those steps came between two readings of
// the memory and passed limits by 13% (graph wythoff, 100 MB) to 48% (hint 0.137, 50 MB).
BOOST_AUTO_TEST_CASE(memory_limits_hold_at_the_peak) {
  const std::vector<std::pair<std::vector<std::string>, std::uint64_t>> runs{
      {{"hint", "octal", "0.137", "5000", "5000", "--misere", "--max-memory", "50M"}, 50},
      {{"graph", "wythoff", "2000", "3236", "--misere", "-q", "--max-memory", "100M"}, 100},
      {{"hint", "wythoff", "2000", "3236", "--misere", "--max-memory", "300M"}, 300}};
  for (const auto& [args, limit] : runs) {
    const auto r = run(args);
    BOOST_TEST(r.status == 1, r.err);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    check_memory_refusal(r, limit);
  }
}

// Ctrl-C in a long octal run: the partial analysis on stdout, a checkpoint, no --out file.
// Resumed, the run ends exactly as one that was never interrupted.
BOOST_AUTO_TEST_CASE(interrupted_octal_run_resumes_to_the_same_result) {
  const auto dir = scratch() / "octal";
  fs::create_directories(dir);
  const auto checkpoint = (dir / "run.checkpoint").string(), values = (dir / "values.txt").string();
  const auto r = interrupt({"octal", "0.16", "--max", "200000000", "--keep-going", "--format", "json",
                            "--checkpoint", checkpoint, "--out", values},
                           SIGINT);
  BOOST_TEST_REQUIRE(r.status == 128 + SIGINT, r.err);
  BOOST_TEST(r.err_lines() == 1u, r.err);
  BOOST_TEST(r.err.find("interrupted after ") != std::string::npos, r.err);
  BOOST_TEST(r.err.find("--resume") != std::string::npos, r.err);
  const auto partial = parse(r.out).as_object();
  const auto reached = partial.at("values").to_number<std::int64_t>();
  BOOST_TEST_REQUIRE(reached > 0);
  BOOST_TEST(reached < 200'000'000);
  BOOST_TEST(!fs::exists(values));
  BOOST_TEST_REQUIRE(fs::exists(checkpoint));
  BOOST_TEST(!temporary_left(dir));

  const auto max = std::to_string(reached + 20'000);
  const auto resumed_values = (dir / "resumed.txt").string(), whole_values = (dir / "whole.txt").string();
  const auto resumed =
      run({"octal", "--resume", checkpoint, "--max", max, "--format", "json", "--out", resumed_values});
  BOOST_TEST_REQUIRE(resumed.status == 0, resumed.err);
  const auto whole =
      run({"octal", "0.16", "--max", max, "--keep-going", "--format", "json", "--out", whole_values});
  BOOST_TEST_REQUIRE(whole.status == 0, whole.err);
  BOOST_TEST(normalised(resumed.out) == normalised(whole.out));
  BOOST_TEST((slurp(resumed_values) == slurp(whole_values)));
  BOOST_TEST(!temporary_left(dir));
}

// Without a signal: a run saved at its end and carried further is the longer run, in text as
// in JSON; resumed as it is, it gives its own result again.
BOOST_AUTO_TEST_CASE(saved_runs_carry_further) {
  const auto checkpoint = path("0.6.checkpoint");
  const auto first =
      run({"octal", "0.6", "--max", "30000", "--checkpoint", checkpoint, "--checkpoint-every", "0"});
  BOOST_TEST_REQUIRE(first.status == 0, first.err);
  const auto again = run({"octal", "--resume", checkpoint, "--checkpoint", path("other.checkpoint")});
  BOOST_TEST_REQUIRE(again.status == 0, again.err);
  const auto strip_time = [](std::string text) { // "in 0.123 s" is the one line that differs
    const auto in = text.find(" in "), s = text.find(" s,", in);
    return text.erase(in, s - in);
  };
  BOOST_TEST(strip_time(again.out) == strip_time(first.out));
  const auto further = run({"octal", "--resume", checkpoint, "--max", "90000", "--format", "json"});
  BOOST_TEST_REQUIRE(further.status == 0, further.err);
  const auto whole = run({"octal", "0.6", "--max", "90000", "--format", "json"});
  BOOST_TEST(normalised(further.out) == normalised(whole.out));
  BOOST_TEST(parse(whole.out).as_object().at("values").to_number<std::int64_t>() == 90'000);
}

BOOST_AUTO_TEST_CASE(resume_refuses_what_does_not_match) {
  const auto checkpoint = path("0.07.checkpoint");
  BOOST_TEST_REQUIRE(run({"octal", "0.07", "--max", "100", "--checkpoint", checkpoint}).status == 0);
  auto damaged = slurp(checkpoint);
  damaged[damaged.size() / 2] ^= 1;
  const auto damaged_path = path("damaged.checkpoint");
  std::ofstream(damaged_path, std::ios::binary) << damaged;
  struct bad {
    std::vector<std::string> args;
    int status;
  };
  for (const auto& b :
       {bad{{"octal", "0.6", "--resume", checkpoint}, 2},
        bad{{"octal", "--resume", checkpoint, "--method", "naive"}, 2},
        bad{{"octal", "--resume", checkpoint, "--max", "10"}, 2}, bad{{"octal", "--resume", damaged_path}, 2},
        bad{{"octal", "--resume", path("missing.checkpoint")}, 1},
        bad{{"octal", "--survey", "1", "--max", "10", "--resume", checkpoint}, 2},
        bad{{"octal", "0.07", "--threads", "0"}, 2}}) {
    const auto r = run(b.args);
    BOOST_TEST(r.status == b.status, r.err);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    BOOST_TEST(r.err.rfind("grundy: ", 0) == 0u, r.err);
    BOOST_TEST(r.out.empty());
  }
}

// An interrupted table and survey keep the rows they finished, as valid output.
BOOST_AUTO_TEST_CASE(interrupted_tables_keep_finished_rows) {
  const auto table =
      interrupt({"table", "--colors", "3..6", "--tablets", "4", "--format", "json", "-q"}, SIGINT);
  BOOST_TEST(table.status == 128 + SIGINT, table.err);
  BOOST_TEST(table.err.find("interrupted") != std::string::npos, table.err);
  BOOST_TEST(table.err_lines() == 1u);
  const auto rows = parse(table.out).as_array();
  BOOST_TEST(rows.size() >= 1u); // 3 colours of 4 tablets take a few milliseconds
  BOOST_TEST(rows.size() < 4u);

  const auto survey = interrupt(
      {"octal", "--survey", "4", "--max", "200000", "--format", "csv", "--threads", "2", "-q"}, SIGINT);
  BOOST_TEST(survey.status == 128 + SIGINT, survey.err);
  BOOST_TEST(survey.err.find("interrupted after ") != std::string::npos, survey.err);
  BOOST_TEST(survey.err.find(" of 3584 codes") != std::string::npos, survey.err);
  BOOST_TEST(survey.out.rfind("code,status,", 0) == 0u);
}

// hint builds the whole game graph of a tablettes position: long for six colours.
BOOST_AUTO_TEST_CASE(interrupted_hint) {
  const auto r = interrupt({"hint", "tablettes", "--colors", "6", "--tablets", "4"}, SIGINT);
  BOOST_TEST(r.status == 128 + SIGINT, r.err);
  BOOST_TEST(r.err_lines() == 1u, r.err);
  BOOST_TEST(r.err.find("interrupted") != std::string::npos, r.err);
}

// Each limit stops the command with status 1 and the figures reached on one line.
BOOST_AUTO_TEST_CASE(limits_trip_cleanly) {
  const auto states = run({"graph", "tablettes", "-c", "4", "-n", "4", "--max-states", "1000"});
  BOOST_TEST(states.status == 1);
  BOOST_TEST(states.err_lines() == 1u);
  BOOST_TEST(states.err.find("more than the limit of 1000 positions") != std::string::npos, states.err);
  BOOST_TEST(states.err.find("reached 1,000 positions") != std::string::npos, states.err);
  BOOST_TEST(states.out.empty());

  const auto hint = run({"hint", "tablettes", "-c", "4", "-n", "4", "--max-states", "1000"});
  BOOST_TEST(hint.status == 1);
  BOOST_TEST(hint.err.find("limit of 1000 positions") != std::string::npos, hint.err);

  // A table whose last cell needs much more memory than the cells before it: those are
  // printed, the last one stops on the limit. The limit is set from this build's own figures
  // (a sanitized build uses several times the memory).
  const auto small = run({"graph", "tablettes", "-c", "4", "-n", "4", "--format", "json", "-q"});
  BOOST_TEST_REQUIRE(small.status == 0, small.err);
  const auto peak = parse(small.out).as_object().at("peak_memory_bytes").to_number<std::int64_t>();
  const auto limit = std::to_string(2 * peak);
  const auto table =
      run({"table", "--colors", "3..5", "--tablets", "4", "--format", "json", "-q", "--max-memory", limit});
  BOOST_TEST(table.status == 1, table.err);
  BOOST_TEST((table.err.find("memory passed the limit") != std::string::npos ||
              table.err.find("would take memory to") != std::string::npos),
             table.err);
  BOOST_TEST(table.err.find("reached") != std::string::npos, table.err);
  BOOST_TEST(parse(table.out).as_array().size() == 2u); // 3 and 4 colours, not 5

  // --max for an octal game that does not settle: the values computed, no period claimed.
  const auto octal = run({"octal", "0.16", "--max", "3000", "--format", "json"});
  BOOST_TEST(octal.status == 0);
  BOOST_TEST(parse(octal.out).as_object().at("values").to_number<std::int64_t>() == 3000);
}

// The same command prints the same thing (times and memory aside) on every run and with any
// thread count, and writes the same DOT file.
BOOST_AUTO_TEST_CASE(output_does_not_depend_on_runs_or_threads) {
  const std::vector<std::vector<std::string>> commands{
      {"graph", "tablettes", "--colors", "4", "--tablets", "3", "--format", "json"},
      {"graph", "tablettes", "--tablets", "3,2,2,1", "--symmetry", "--misere", "--format", "json"},
      {"graph", "tablettes", "--colors", "3", "--tablets", "3", "--no-edges", "--format", "json"},
      {"graph", "moore", "2", "3", "4", "5", "--format", "json"},
      {"table", "--colors", "1..3", "--tablets", "1..4", "--format", "json"},
      {"table", "--colors", "4", "--tablets", "1..3", "--symmetry", "--format", "json"},
  };
  for (const auto& command : commands) {
    std::string first;
    for (const char* threads : {"1", "2", "3", "2"}) {
      auto args = command;
      args.insert(args.end(), {"--threads", threads, "-q"});
      const auto r = run(args);
      BOOST_TEST_REQUIRE(r.status == 0, r.err);
      const auto text = normalised(r.out);
      if (first.empty()) first = text;
      BOOST_TEST(text == first, command[0] << " " << command[2] << " with --threads " << threads);
    }
  }
  std::string first_dot;
  for (const char* threads : {"1", "2", "3"}) {
    const auto dot = path(std::string("t33-") + threads + ".dot");
    BOOST_TEST_REQUIRE(
        run({"graph", "tablettes", "-c", "3", "-n", "3", "--dot", dot, "--threads", threads}).status == 0);
    if (first_dot.empty()) first_dot = slurp(dot);
    BOOST_TEST((slurp(dot) == first_dot), "DOT file with --threads " << threads);
  }
  for (const auto& command :
       std::vector<std::vector<std::string>>{{"octal", "0.16", "--max", "30000", "--format", "json"},
                                             {"octal", "0.137", "--format", "json"},
                                             {"octal", "0.F", "--max", "300", "--format", "json"}}) {
    const auto a = run(command), b = run(command);
    BOOST_TEST_REQUIRE((a.status == 0 && b.status == 0));
    BOOST_TEST(normalised(a.out) == normalised(b.out), command[1]);
  }
  std::string survey;
  for (const char* threads : {"1", "2", "3"}) {
    const auto r = run({"octal", "--survey", "2", "--max", "3000", "--format", "json", "--threads", threads});
    BOOST_TEST_REQUIRE(r.status == 0, r.err);
    if (survey.empty()) survey = normalised(r.out);
    BOOST_TEST(normalised(r.out) == survey, "survey with --threads " << threads);
  }
}

BOOST_AUTO_TEST_CASE(clean_up) { fs::remove_all(scratch()); }
