// Long octal runs that stop and go on: the stop flag, checkpoints in memory and in their file
// format, and resumed runs that end exactly as runs that never stopped.
#define BOOST_TEST_MODULE octal_checkpoint
#include <boost/test/unit_test.hpp>

#include <grundy/games/octal.hpp>
#include <grundy/heap/analysis.hpp>
#include <grundy/octal/checkpoint.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/octal/survey.hpp>
#include <grundy/solve.hpp>

#include "stop_checks.hpp"
#include <atomic>
#include <sstream>
#include <string>
#include <vector>

using namespace grundy;

namespace {

std::string saved(const octal_checkpoint& c) {
  std::ostringstream out;
  write_checkpoint(out, c);
  return out.str();
}

octal_checkpoint read(const std::string& bytes) {
  std::istringstream in(bytes);
  return read_checkpoint(in);
}

// Every checkpoint of a run, as files.
std::vector<std::string> checkpoints_of(const octal_code& code, analysis_options options) {
  std::vector<std::string> files;
  options.checkpoint_seconds = 0;
  options.on_checkpoint = [&](const octal_checkpoint& c) { files.push_back(saved(c)); };
  analyse(code, options);
  return files;
}

void same_result(const heap_analysis& a, const heap_analysis& b) {
  BOOST_TEST((a.values == b.values));
  BOOST_TEST((a.period == b.period));
  BOOST_TEST((a.method == b.method));
  BOOST_TEST((a.split == b.split));
  BOOST_TEST(a.rare_count == b.rare_count);
  BOOST_TEST(!a.interrupted);
  BOOST_TEST(!b.interrupted);
}

octal_checkpoint small_run() {
  analysis_options o;
  o.max_values = 300;
  octal_checkpoint last;
  o.on_checkpoint = [&](const octal_checkpoint& c) { last = c; };
  analyse(octal_code::parse("0.137"), o);
  return last;
}

} // namespace

// Resumed from any of its checkpoints, a run gives what the run that never stopped gives: the
// values, the period and where it was proven, and the sparse engine's split, which is rebuilt
// from the values alone.
BOOST_AUTO_TEST_CASE(resumed_runs_end_as_uninterrupted_ones) {
  struct run {
    const char* code;
    std::size_t max;
    bool keep_going;
    octal_method method;
  };
  for (const auto& r :
       {run{"0.16", 40'000, false, octal_method::automatic},
        run{"0.6", 40'000, true, octal_method::automatic},
        run{"0.137", 40'000, false, octal_method::automatic}, run{"0.77", 3'000, true, octal_method::naive},
        run{"4.07", 5'000, true, octal_method::automatic}, run{"0.F", 300, true, octal_method::automatic}}) {
    BOOST_TEST_CONTEXT(r.code << " keep going " << r.keep_going) {
      const auto code = octal_code::parse(r.code);
      analysis_options o;
      o.max_values = r.max;
      o.keep_going = r.keep_going;
      o.method = r.method;
      const auto whole = analyse(code, o);
      const auto files = checkpoints_of(code, o);
      BOOST_TEST_REQUIRE(files.size() >= 2u); // at least one along the way, and the last
      for (std::size_t i = 0; i < files.size(); ++i)
        BOOST_TEST_CONTEXT("checkpoint " << i) { same_result(resume_octal(read(files[i])), whole); }
    }
  }
}

// Two threads on the sequence change nothing a run saves or ends with: a two-thread run, and
// two-thread resumptions of its checkpoints, end as the one-thread run does.
BOOST_AUTO_TEST_CASE(two_threads_save_and_resume_as_one) {
  for (const char* text : {"0.6", "0.16"}) {
    BOOST_TEST_CONTEXT(text) {
      const auto code = octal_code::parse(text);
      analysis_options one;
      one.max_values = 120'000;
      one.keep_going = std::string(text) == "0.6";
      const auto whole = analyse(code, one);
      analysis_options two = one;
      two.threads = 2;
      same_result(analyse(code, two), whole);
      const auto files = checkpoints_of(code, two);
      BOOST_TEST_REQUIRE(files.size() >= 3u);
      for (const std::size_t i : {std::size_t{0}, files.size() / 2})
        BOOST_TEST_CONTEXT("checkpoint " << i) { same_result(resume_octal(read(files[i]), two), whole); }
    }
  }
}

// A saved run carried further (a larger max) is the run asked for that far from the start.
BOOST_AUTO_TEST_CASE(a_larger_max_carries_a_run_further) {
  const auto code = octal_code::parse("0.16");
  analysis_options o;
  o.max_values = 5'000;
  const auto files = checkpoints_of(code, o);
  auto c = read(files.back());
  BOOST_TEST(c.values.size() == 5'000u);
  c.max_values = 12'000;
  o.max_values = 12'000;
  same_result(resume_octal(std::move(c)), analyse(code, o));
}

BOOST_AUTO_TEST_CASE(stop_flag_ends_a_run_with_a_checkpoint) {
  const auto code = octal_code::parse("0.16");
  std::atomic<bool> stop{false};
  analysis_options o;
  o.max_values = 200'000;
  o.method = octal_method::naive;
  o.on_progress = [&](const octal_progress& p) {
    if (p.values >= 2'000) stop = true; // as a signal handler would, between two chunks
  };
  o.stop = &stop;
  std::string last;
  o.checkpoint_seconds = 1e9; // only the one written at the end
  o.on_checkpoint = [&](const octal_checkpoint& c) { last = saved(c); };
  const auto a = analyse(code, o);
  BOOST_TEST(a.interrupted);
  BOOST_TEST(a.values.size() >= 2'000u);
  BOOST_TEST(a.values.size() < 200'000u);
  BOOST_TEST_REQUIRE(!last.empty());
  auto c = read(last);
  BOOST_TEST((c.values == a.values));
  c.max_values = 6'000;
  analysis_options whole;
  whole.max_values = 6'000;
  whole.method = octal_method::naive;
  same_result(resume_octal(std::move(c)), analyse(code, whole));
}

BOOST_AUTO_TEST_CASE(file_format_round_trip_at_every_width) {
  for (const grundy_value largest : {200u, 40'000u, 3'000'000u}) {
    octal_checkpoint c;
    c.code = octal_code::parse("4.377");
    c.method = octal_method::sparse;
    c.max_values = 777;
    c.keep_going = true;
    c.next_check = 321;
    c.seconds = 12.5;
    const std::vector<grundy_value> values{0, 1, largest, 7, largest - 1, 0};
    c.values = grundy_sequence(values);
    const auto bytes = saved(c);
    BOOST_TEST(bytes.rfind("grundy-octal-checkpoint 1\ncode 4.377\nmethod sparse\n", 0) == 0u);
    const auto d = read(bytes);
    BOOST_TEST((d.code == c.code));
    BOOST_TEST((d.method == c.method));
    BOOST_TEST(d.max_values == 777u);
    BOOST_TEST(d.keep_going);
    BOOST_TEST(d.next_check == 321u);
    BOOST_TEST(d.seconds == 12.5);
    BOOST_TEST(d.values.to_vector() == values, boost::test_tools::per_element());
    BOOST_TEST(saved(d) == bytes); // the width of the values comes back too
  }
}

// A file cut anywhere, or with any one byte changed, is refused with one clear error.
BOOST_AUTO_TEST_CASE(damaged_files_are_refused) {
  const auto bytes = saved(small_run());
  for (std::size_t n = 0; n < bytes.size(); ++n)
    BOOST_CHECK_THROW(read(bytes.substr(0, n)), invalid_checkpoint);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    auto damaged = bytes;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x10);
    BOOST_CHECK_THROW(read(damaged), invalid_checkpoint);
  }
  BOOST_CHECK_THROW(read(bytes + "x"), invalid_checkpoint);
  BOOST_CHECK_THROW(read(""), invalid_checkpoint);
  BOOST_CHECK_THROW(read(std::string(100'000, 'x')), invalid_checkpoint); // no newline in sight
}

// Every checkpoint read can be written back and read again, so the duration it claims is
// bounded: 1e200 seconds would be written as a line of over 200 digits (found by fuzzing).
BOOST_AUTO_TEST_CASE(an_impossible_duration_is_refused) {
  auto c = small_run();
  c.seconds = 1e11;
  BOOST_TEST(read(saved(c)).seconds == 1e11);
  c.seconds = 2e12;
  try {
    read(saved(c));
    BOOST_FAIL("read a checkpoint claiming 2e12 seconds");
  } catch (const invalid_checkpoint& e) {
    BOOST_TEST(std::string(e.what()).find("seconds") != std::string::npos, e.what());
  }
}

// A header claiming billions of values is refused from the file's size, before anything is
// reserved for them.
BOOST_AUTO_TEST_CASE(a_count_beyond_the_file_is_refused_at_once) {
  const std::string header = "grundy-octal-checkpoint 1\ncode 0.07\nmethod sparse\nmax-values 4294967295\n"
                             "keep-going 0\nnext-check 64\nseconds 0.000000\nvalues 4294967295 4\n";
  try {
    read(header + "abcd");
    BOOST_FAIL("read a file shorter than its values");
  } catch (const invalid_checkpoint& e) {
    BOOST_TEST(std::string(e.what()).find("shorter") != std::string::npos, e.what());
  }
}

// Values that are not the code's never reach an engine: another code's, and impossible ones.
BOOST_AUTO_TEST_CASE(values_of_another_game_are_refused) {
  auto c = small_run(); // 0.137
  c.code = octal_code::parse("0.77");
  BOOST_CHECK_THROW(resume_octal(c), std::invalid_argument);

  auto changed = small_run();
  auto v = changed.values.to_vector();
  v[100] ^= 1; // far from the end: caught by the bounds or not at all, but never a crash
  changed.values = grundy_sequence(v);
  try {
    resume_octal(changed);
  } catch (const std::invalid_argument&) {
  }

  // G(1) = 5 is impossible (a heap of 1 has at most one option), and G(2) = 2^31 would have an
  // engine allocate gigabytes.
  for (const std::vector<grundy_value>& impossible :
       {std::vector<grundy_value>{0, 5, 0, 1, 1, 0, 1},
        std::vector<grundy_value>{0, 1, 2'147'483'648u, 1, 0}}) {
    octal_checkpoint bad;
    bad.code = octal_code::parse("0.77");
    bad.values = grundy_sequence(impossible);
    bad.max_values = 100;
    BOOST_CHECK_THROW(resume_octal(bad), std::invalid_argument);
  }
  octal_checkpoint nonzero;
  nonzero.code = octal_code::parse("0.77");
  nonzero.values = grundy_sequence(std::vector<grundy_value>{1});
  BOOST_CHECK_THROW(resume_octal(nonzero), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_stopped_survey_returns_the_codes_it_finished) {
  std::atomic<bool> stop{false};
  survey_options o;
  o.digits = 2;
  o.max_values = 2'000;
  o.threads = 2;
  o.stop = &stop;
  const auto all = survey_octal(o);
  BOOST_TEST(all.size() == 56u);
  o.on_progress = [&](std::size_t done, std::size_t) {
    if (done == 10) stop = true;
  };
  const auto some = survey_octal(o);
  BOOST_TEST(some.size() >= 10u);
  BOOST_TEST(some.size() < all.size());
  // In order, and as the full survey has them.
  std::size_t j = 0;
  for (const auto& row : some) {
    while (j < all.size() && !(all[j].code == row.code))
      ++j;
    BOOST_TEST_REQUIRE(j < all.size());
    BOOST_TEST(row.values == all[j].values);
    BOOST_TEST((row.period == all[j].period));
  }
}

// Labelling a huge graph takes long enough for Ctrl-C to matter: a set flag stops it.
BOOST_AUTO_TEST_CASE(labelling_stops_on_the_flag) {
  std::atomic<bool> stop{true};
  const octal_game g(octal_code::parse("0.07"));
  const std::vector<heap_size> sizes{9, 7};
  const auto graph = build_graph(g, octal_game::position(sizes));
  BOOST_CHECK_EXCEPTION(label(g, graph, {.threads = 1, .stop = &stop}), grundy::stopped,
                        grundy::test::stopped_on_request);
  BOOST_CHECK_EXCEPTION(sprague_grundy_by_level(graph.graph, graph.level_starts, 1, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  stop = false;
  BOOST_TEST(label(g, graph, {.threads = 1, .stop = &stop}).values == sprague_grundy(graph.graph),
             boost::test_tools::per_element());
}
