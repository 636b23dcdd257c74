// grundy graph under mpirun against grundy graph as one process: the same output, byte for byte
// apart from times and memory, on several games and sizes; and failures that end every rank.
// The number of ranks comes after --: test_cli_mpi -- 3.
#define BOOST_TEST_MODULE cli_mpi
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

#ifndef GRUNDY_MPIEXEC
#error "GRUNDY_MPIEXEC must name mpiexec"
#endif
#ifndef GRUNDY_RANK_FAILURE
#error "GRUNDY_RANK_FAILURE must name the rank failure probe"
#endif

using grundy_test::cli_result;
using grundy_test::run_cli;

namespace {

int ranks() {
  auto& suite = boost::unit_test::framework::master_test_suite();
  return suite.argc > 1 ? std::atoi(suite.argv[suite.argc - 1]) : 2;
}

// Failures do not depend on the number of ranks: they run once, with two, to keep the
// tests quick (every mpiexec takes most of a second to start).
boost::test_tools::assertion_result with_two_ranks(boost::unit_test::test_unit_id) { return ranks() == 2; }

// `program args` under mpiexec with ranks() ranks, stopped after two minutes should it hang.
// -q keeps mpiexec's own notices about failed ranks off stderr, as docs/cluster.md advises;
// without a grace period before it kills the ranks of a failed job, a failure takes a moment
// rather than two seconds.
cli_result run_mpi(const std::string& program, const std::string& args) {
  static int calls = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("grundy-mpi-" + std::to_string(::getpid()) + "-" + std::to_string(calls++));
  std::filesystem::create_directories(dir);
  const auto out = dir / "out", err = dir / "err";
  const std::string command = "timeout 120 '" GRUNDY_MPIEXEC
                              "' -q --oversubscribe --mca odls_base_sigkill_timeout 0 -n " +
                              std::to_string(ranks()) + " '" + program + "' " + args + " </dev/null >'" +
                              out.string() + "' 2>'" + err.string() + "'";
  const int raw = std::system(command.c_str());
  cli_result r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = grundy_test::slurp(out);
  r.err = grundy_test::slurp(err);
  std::filesystem::remove_all(dir);
  return r;
}

cli_result run_grundy_mpi(const std::string& args) { return run_mpi(GRUNDY_CLI, args); }

// Times and memory differ from run to run; everything else must not.
std::string without_times(const std::string& text) {
  static const std::regex json(
      R"re(, "(seconds|explore_seconds|label_seconds|peak_memory_bytes)": [0-9.]+)re");
  static const std::regex lines(R"re((^|\n)(time|peak memory) [^\n]*)re");
  return std::regex_replace(std::regex_replace(text, json, ""), lines, "$1");
}

void same_output(const std::string& args) {
  const auto one = run_cli(args);
  const auto many = run_grundy_mpi(args);
  BOOST_TEST_REQUIRE(one.status == 0, "grundy " << args << ": " << one.err);
  BOOST_TEST(many.status == 0, "mpiexec grundy " << args << ": " << many.err);
  BOOST_TEST(many.err == "", "mpiexec grundy " << args);
  BOOST_TEST(without_times(many.out) == without_times(one.out), "grundy " << args);
}

void one_line_error(const cli_result& r, int status, const std::string& part) {
  BOOST_TEST(r.status == status, "status " << r.status << ", stderr: " << r.err);
  BOOST_TEST(r.err_lines() == 1u, "stderr: " << r.err);
  BOOST_TEST(r.err.rfind("grundy: ", 0) == 0u, "stderr: " << r.err);
  BOOST_TEST(r.err.find(part) != std::string::npos, "stderr: " << r.err);
  BOOST_TEST(r.out == "");
}

} // namespace

BOOST_AUTO_TEST_CASE(tablettes_as_one_process) {
  same_output("graph tablettes --colors 3 --tablets 3 --format json");
  same_output("graph tablettes --colors 3 --tablets 3");
  same_output("graph tablettes --colors 4 --tablets 4 --format json --quiet");
  same_output("graph tablettes --colors 3 --tablets 4 --misere --format json");
  same_output("graph tablettes --colors 3 --tablets 4 --no-edges --format json");
}

BOOST_AUTO_TEST_CASE(tablettes_with_symmetry_as_one_process) {
  same_output("graph tablettes --colors 4 --tablets 3 --symmetry --format json");
  same_output("graph tablettes --tablets 3,2,2 --symmetry --misere");
}

BOOST_AUTO_TEST_CASE(heap_games_as_one_process) {
  same_output("graph nim 3 3 4 --misere --format json");
  same_output("graph octal 0.07 10 7 --format json");
  same_output("graph moore 2 3 4 5 --misere --format json");
}

BOOST_AUTO_TEST_CASE(each_rank_figures) {
  const auto r = run_grundy_mpi("graph tablettes --colors 3 --tablets 4 --format json --rank-stats");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto o = boost::json::parse(r.out).as_object();
  const auto& list = o.at("ranks").as_array();
  BOOST_TEST_REQUIRE(list.size() == static_cast<std::size_t>(ranks()));
  std::int64_t states = 0, edges = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& rank = list[i].as_object();
    BOOST_TEST(rank.at("rank").to_number<std::size_t>() == i);
    states += rank.at("states").to_number<std::int64_t>();
    edges += rank.at("edges").to_number<std::int64_t>();
    BOOST_TEST(rank.at("peak_memory_bytes").to_number<std::int64_t>() > 0);
    for (auto key : {"bytes_sent", "bytes_received", "exchanges", "mpi_seconds"})
      BOOST_TEST(rank.contains(key), key);
  }
  BOOST_TEST(states == 4220);
  BOOST_TEST(edges == 23487);
  const auto text = run_grundy_mpi("graph nim 3 4 5 --rank-stats");
  BOOST_TEST(text.out.find("rank 0 ") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(bad_input_is_one_line, *boost::unit_test::precondition(with_two_ranks)) {
  one_line_error(run_grundy_mpi("graph tablettes --colors 0 --tablets 3"), 2, "--colors");
  one_line_error(run_grundy_mpi("graph nim 3 x"), 2, "heap size");
  one_line_error(run_grundy_mpi("graph nim 3 --dot out.dot"), 2, "without mpirun");
  one_line_error(run_grundy_mpi("graph nim 3 4 --no-edges"), 2, "graded");
  one_line_error(run_grundy_mpi("table"), 2, "only grundy graph");
  one_line_error(run_grundy_mpi("graph tablettes --colors 3 --tablets 3 --max-memory 12Q"), 2,
                 "--max-memory");
}

BOOST_AUTO_TEST_CASE(limits_stop_every_rank, *boost::unit_test::precondition(with_two_ranks)) {
  one_line_error(run_grundy_mpi("graph tablettes --colors 4 --tablets 4 --max-memory 1M"), 1,
                 "memory of rank 0 passed its limit of 1 MB");
  one_line_error(run_grundy_mpi("graph tablettes --colors 4 --tablets 4 --max-states 5000"), 1,
                 "more than the limit of 5000 positions");
}

BOOST_AUTO_TEST_CASE(a_rank_failing_alone_ends_the_job, *boost::unit_test::precondition(with_two_ranks)) {
  const auto r = run_mpi(GRUNDY_RANK_FAILURE, "");
  BOOST_TEST(r.status != 0);
  BOOST_TEST(r.status != 124, "the job hung");
  BOOST_TEST(r.err_lines() == 1u, "stderr: " << r.err);
  BOOST_TEST(r.err.find("cannot expand the heap of 20") != std::string::npos, r.err);
}
