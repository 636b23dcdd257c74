// grundy graph under mpirun against grundy graph as one process: the same output, byte for byte
// apart from times and memory, on several games and sizes; and failures that end every rank.
// The number of ranks comes after --: test_cli_mpi -- 3.
#define BOOST_TEST_MODULE cli_mpi
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
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

// grundy octal under mpirun: rank 0 settles the values, every rank proving batches in turn.
// Small batches (GRUNDY_OCTAL_MPI=batch,delay) give the workers many batches to prove even in
// short runs; the first 2^14 values are rank 0's alone, so every run goes past.
namespace {

std::string without_seconds(const std::string& json) {
  static const std::regex seconds(R"re("seconds": [0-9.]+)re");
  return std::regex_replace(json, seconds, "");
}

struct octal_env {
  explicit octal_env(const char* settings) { ::setenv("GRUNDY_OCTAL_MPI", settings, 1); }
  ~octal_env() { ::unsetenv("GRUNDY_OCTAL_MPI"); }
};

// `whole_report` false compares the values only: for a code whose split the one-process engine
// finds past the first 2^14 values, which the ranks keep fixed, the reports' rare_mask differ.
void same_octal_values(const std::string& args, bool whole_report = true) {
  const auto dir = std::filesystem::temp_directory_path() / ("grundy-octal-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto one = run_cli("octal " + args + " --format json --out '" + (dir / "one").string() + "'");
  const auto many =
      run_grundy_mpi("octal " + args + " --format json --out '" + (dir / "many").string() + "'");
  BOOST_TEST_REQUIRE(one.status == 0, "grundy octal " << args << ": " << one.err);
  BOOST_TEST(many.status == 0, "mpiexec grundy octal " << args << ": " << many.err);
  BOOST_TEST(many.err == "", "mpiexec grundy octal " << args);
  if (whole_report)
    BOOST_TEST(without_seconds(many.out) == without_seconds(one.out), "grundy octal " << args);
  const auto values = grundy_test::slurp(dir / "one");
  BOOST_TEST(values.size() > 0u);
  BOOST_TEST(grundy_test::slurp(dir / "many") == values, "grundy octal " << args);
  std::filesystem::remove_all(dir);
}

} // namespace

BOOST_AUTO_TEST_CASE(octal_values_as_one_process) {
  const octal_env small("64,1");                       // lag 128: the workers read nearly every pair
  same_octal_values("0.6 --max 40000 --keep-going");   // Officers: 1,583 rare heaps
  same_octal_values("0.165 --max 30000 --keep-going"); // a split with 358 rare heaps
  same_octal_values("0.34 --max 30000 --keep-going");  // a split with heap parity
  same_octal_values("0.04 --max 25000 --keep-going");  // no split: values past 512
  same_octal_values("4.7 --max 25000 --keep-going");   // heaps split without a token taken
  same_octal_values("0.356 --max 30000");              // periodic: ends at the proof
  same_octal_values("0.F --max 3000 --keep-going");    // three heaps: rank 0 alone
  same_octal_values("0.6 --max 20000 --keep-going --method naive"); // the naive engine: rank 0 alone
}

BOOST_AUTO_TEST_CASE(octal_values_with_measured_settings) {
  same_octal_values("0.6 --max 60000 --keep-going");
  const octal_env longer("96,3"); // a lag of 384, batches not a power of two
  same_octal_values("0.14 --max 30000 --keep-going");
}

// GRUNDY_OCTAL_MPI's third number: rank 0 proves one batch in that many.
BOOST_AUTO_TEST_CASE(octal_values_whoever_proves) {
  {
    const octal_env rank_0("40,3,1"); // every batch rank 0's, with values that keep growing
    same_octal_values("0.04 --max 60000 --keep-going", false);
  }
  const octal_env workers("7,2,3"); // batches shorter than the kernels' groups, mostly the workers'
  same_octal_values("0.6 --max 30000 --keep-going");
}

// A run saved by some ranks goes on with any number, or as one process, and the reverse.
BOOST_AUTO_TEST_CASE(octal_checkpoints_resume_with_any_ranks) {
  const octal_env small("64,2");
  const auto dir = std::filesystem::temp_directory_path() / ("grundy-octal-ck-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = [&](const char* name) {
    std::string quoted = "'";
    quoted += (dir / name).string();
    quoted += "'";
    return quoted;
  };
  const auto reference = run_cli("octal 0.6 --max 50000 --keep-going -q --out " + file("reference"));
  BOOST_TEST_REQUIRE(reference.status == 0, reference.err);
  auto r = run_grundy_mpi("octal 0.6 --max 30000 --keep-going -q --checkpoint " + file("many.ck"));
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  r = run_cli("octal --resume " + file("many.ck") + " --max 50000 -q --out " + file("one.out"));
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(grundy_test::slurp(dir / "one.out") == grundy_test::slurp(dir / "reference"));
  r = run_cli("octal 0.6 --max 25000 --keep-going -q --checkpoint " + file("one.ck"));
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  r = run_grundy_mpi("octal --resume " + file("one.ck") + " --max 50000 -q --out " + file("many.out"));
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(grundy_test::slurp(dir / "many.out") == grundy_test::slurp(dir / "reference"));
  std::filesystem::remove_all(dir);
}

// SIGTERM to the last rank started (a worker, with more than one) ends every rank, rank 0
// saving the run, which then resumes to the values of a run never stopped.
BOOST_AUTO_TEST_CASE(octal_a_signal_on_any_rank_ends_every_rank) {
  if (ranks() < 2) return;
  const auto dir =
      std::filesystem::temp_directory_path() / ("grundy-octal-sig-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto ck = (dir / "run.ck").string();
  const std::string script =
      "timeout 120 '" GRUNDY_MPIEXEC "' -q --oversubscribe -n " + std::to_string(ranks()) +
      " '" GRUNDY_CLI "' octal 0.6 --max 20000000 --keep-going -q --checkpoint '" + ck + "' </dev/null >'" +
      (dir / "out").string() + "' 2>'" + (dir / "err").string() +
      "' & job=$!; "
      // Once past rank 0's first values (a checkpoint is written only at the end), the ranks are
      // the processes of the grundy-mpi executable with this checkpoint on their command line.
      "sleep 4; last=; for p in $(pgrep -f '" +
      ck +
      "'); do "
      "case $(readlink /proc/$p/exe) in *grundy-mpi) last=$p;; esac; done; "
      "[ -n \"$last\" ] && kill -TERM $last; wait $job; echo $? >'" +
      (dir / "status").string() + "'";
  std::ofstream(dir / "run.sh") << script << "\n";
  BOOST_TEST_REQUIRE(std::system(("bash '" + (dir / "run.sh").string() + "'").c_str()) == 0);
  const auto status = std::stoi(grundy_test::slurp(dir / "status"));
  const auto err = grundy_test::slurp(dir / "err");
  BOOST_TEST(status == 128 + SIGTERM, "status " << status << ", stderr: " << err);
  BOOST_TEST(err.find("interrupted after") != std::string::npos, err);
  BOOST_TEST(err.find("saved in") != std::string::npos, err);
  // Carried on a little past what was saved, which depends on the machine's speed.
  std::ifstream saved(ck);
  std::string line;
  std::size_t count = 0;
  while (count == 0 && std::getline(saved, line))
    if (line.rfind("values ", 0) == 0) count = std::stoul(line.substr(7));
  BOOST_TEST_REQUIRE(count > 0u);
  const auto max = std::to_string(count + 20000);
  const auto resumed =
      run_cli("octal --resume '" + ck + "' --max " + max + " -q --out '" + (dir / "resumed").string() + "'");
  BOOST_TEST_REQUIRE(resumed.status == 0, resumed.err);
  const auto reference =
      run_cli("octal 0.6 --max " + max + " --keep-going -q --out '" + (dir / "reference").string() + "'");
  BOOST_TEST_REQUIRE(reference.status == 0, reference.err);
  BOOST_TEST(grundy_test::slurp(dir / "resumed") == grundy_test::slurp(dir / "reference"));
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(octal_bad_input_is_one_line, *boost::unit_test::precondition(with_two_ranks)) {
  one_line_error(run_grundy_mpi("octal 0.6 --survey 2 --max 100"), 2, "one octal code");
  one_line_error(run_grundy_mpi("octal 'S(1,2)' --max 100"), 2, "one octal code");
  one_line_error(run_grundy_mpi("octal 0.6 --max 0"), 2, "--max");
  one_line_error(run_grundy_mpi("octal --resume /nonexistent/run.ck"), 1, "cannot read");
}
