// The grundy command line, run as a user runs it: outputs, JSON keys, and every kind of bad input.
#define BOOST_TEST_MODULE cli
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>

using grundy_test::run_cli;
namespace json = boost::json;

namespace {

json::value parse(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  BOOST_TEST_REQUIRE(!ec, "invalid JSON: " << text);
  return v;
}

std::int64_t integer(const json::object& o, const char* key) { return o.at(key).to_number<std::int64_t>(); }

std::filesystem::path scratch(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("grundy-cli-files-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir / name;
}

void expect_error(const std::string& args, int status = 2) {
  const auto r = run_cli(args);
  BOOST_TEST(r.status == status, "exit status of: grundy " << args);
  BOOST_TEST(r.err_lines() == 1u, "stderr of: grundy " << args << " was: " << r.err);
  BOOST_TEST(r.err.rfind("grundy: ", 0) == 0u, "stderr of: grundy " << args);
}

} // namespace

BOOST_AUTO_TEST_CASE(default_table_has_sixteen_cells) {
  const auto r = run_cli("table --format json");
  BOOST_TEST_REQUIRE(r.status == 0);
  const auto cells = parse(r.out).as_array();
  BOOST_TEST_REQUIRE(cells.size() == 16u);
  for (auto& v : cells) {
    const auto& cell = v.as_object();
    for (auto key :
         {"colors", "tablets", "vertices", "edges", "terminals", "depth", "grundy", "outcome", "seconds"})
      BOOST_TEST(cell.contains(key), "missing key " << key);
    const auto c = integer(cell, "colors"), n = integer(cell, "tablets");
    if (c == 2 && n == 2) BOOST_TEST((integer(cell, "vertices") == 12 && integer(cell, "edges") == 16));
    if (c == 3 && n == 4) BOOST_TEST((integer(cell, "vertices") == 4220 && integer(cell, "edges") == 23487));
    const bool p = integer(cell, "grundy") == 0;
    BOOST_TEST(cell.at("outcome").as_string() == (p ? "P" : "N"));
  }
}

BOOST_AUTO_TEST_CASE(table_formats_and_ranges) {
  const auto md = run_cli("table --colors 2 --tablets 1..3");
  BOOST_TEST_REQUIRE(md.status == 0);
  BOOST_TEST(md.out.find("| 2 | 2 | 12 | 16 |") != std::string::npos, md.out);
  const auto csv = run_cli("table --colors 3 --tablets 4 --format csv");
  BOOST_TEST_REQUIRE(csv.status == 0);
  BOOST_TEST(csv.out.find("3,4,4220,23487,") != std::string::npos, csv.out);
}

BOOST_AUTO_TEST_CASE(graph_json_for_each_game) {
  const auto t = parse(run_cli("graph tablettes --colors 2 --tablets 2 --format json").out).as_object();
  BOOST_TEST(integer(t, "vertices") == 12);
  BOOST_TEST(integer(t, "edges") == 16);
  BOOST_TEST(integer(t, "terminals") == 4);
  BOOST_TEST(integer(t, "depth") == 4);
  BOOST_TEST(t.contains("seconds"));
  const auto nim = parse(run_cli("graph nim 3 4 5 --format json").out).as_object();
  BOOST_TEST(integer(nim, "grundy") == (3 ^ 4 ^ 5));
  BOOST_TEST(nim.at("outcome").as_string() == "N");
  const auto lost = parse(run_cli("graph nim 1 2 3 --format json").out).as_object();
  BOOST_TEST(lost.at("outcome").as_string() == "P");
  // 0.07 values of 10 and 7 are 3 and 1 (Dawson's Kayles), so the sum is worth 2.
  const auto octal = parse(run_cli("graph octal 0.07 10 7 --format json").out).as_object();
  BOOST_TEST(integer(octal, "grundy") == 2);
}

BOOST_AUTO_TEST_CASE(dot_file_matches_the_graph) {
  const auto path = scratch("nim.dot");
  const auto r = run_cli("graph nim 2 3 --dot '" + path.string() + "'");
  BOOST_TEST_REQUIRE(r.status == 0);
  const auto dot = grundy_test::slurp(path);
  std::size_t nodes = 0, edges = 0;
  std::istringstream in(dot);
  for (std::string line; std::getline(in, line);) {
    if (line.find("[label=") != std::string::npos) ++nodes;
    if (line.find("->") != std::string::npos) ++edges;
  }
  // [] [1] [2] [3] [1,1] [1,2] [1,3] [2,2] [2,3]: the multisets reached from heaps 2 and 3.
  BOOST_TEST(nodes == 9u);
  const auto stats = parse(run_cli("graph nim 2 3 --format json").out).as_object();
  BOOST_TEST(nodes == static_cast<std::size_t>(integer(stats, "vertices")));
  BOOST_TEST(edges == static_cast<std::size_t>(integer(stats, "edges")));
}

BOOST_AUTO_TEST_CASE(render_draws_a_picture_when_graphviz_is_there) {
  if (std::system("command -v dot >/dev/null 2>&1") != 0) return;
  const auto path = scratch("t22.dot");
  const auto r = run_cli("graph tablettes -c 2 -n 2 --dot '" + path.string() + "' --render svg");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto svg = grundy_test::slurp(std::filesystem::path(path).replace_extension("svg"));
  BOOST_TEST(svg.find("<svg") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_input_gets_one_line_and_a_failure_status) {
  for (auto code : {"0.", "abc", "''", "0.G", "1.7", "0.7.7"})
    expect_error(std::string("graph octal ") + code + " 5");
  expect_error("graph octal");
  expect_error("graph nim 3 -4 5");
  expect_error("graph nim 3 four");
  expect_error("graph nim");
  expect_error("graph nim 99999999999");
  expect_error("graph tablettes --colors 0 --tablets 2");
  expect_error("graph tablettes --colors 2 --tablets 0");
  expect_error("graph tablettes --colors 2");
  expect_error("graph tablettes --colors 16 --tablets 16");
  expect_error("graph tablettes --colors x --tablets 2");
  expect_error("graph chess");
  expect_error("graph nim 3 --format xml");
  expect_error("graph nim 3 --render svg");
  expect_error("table --colors 0");
  expect_error("table --colors 4..1");
  expect_error("table --tablets 1..");
  expect_error("table --bogus");
  expect_error("");
  expect_error("frobnicate");
}

BOOST_AUTO_TEST_CASE(limits_stop_cleanly) {
  expect_error("graph tablettes --colors 4 --tablets 4 --max-states 1000", 1);
  expect_error("graph nim 3 --max-states 0");
  // A table stops at the first cell past the limit, after printing the cells before it.
  const auto r = run_cli("table --colors 3 --tablets 1..4 --format json --max-states 1000");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err_lines() == 1u);
  BOOST_TEST(parse(r.out).as_array().size() == 3u); // 4220 positions do not fit in 1000
}

BOOST_AUTO_TEST_CASE(failed_writes_leave_no_file) {
  const auto dir = scratch("sub").parent_path();
  expect_error("graph nim 3 --dot /nonexistent/dir/g.dot", 1);
  const auto path = scratch("limited.dot");
  expect_error("graph tablettes -c 4 -n 4 --max-states 100 --dot '" + path.string() + "'", 1);
  BOOST_TEST(!std::filesystem::exists(path));
  for (auto& f : std::filesystem::directory_iterator(dir))
    BOOST_TEST(f.path().filename().string().find(".tmp-") == std::string::npos);
}

// A directory typed where a file is expected: one line that names the option and the directory,
// and never the temporary file the output would have gone through.
BOOST_AUTO_TEST_CASE(a_directory_is_refused_where_a_file_is_expected) {
  const auto dir = scratch("as-file");
  std::filesystem::create_directories(dir);
  std::string quoted = dir.string();
  quoted.insert(quoted.begin(), '\'');
  quoted.push_back('\'');
  const std::pair<std::string, std::string> commands[] = {
      {"graph nim 3 4 --dot " + quoted, "--dot"},
      {"graph nim 3 4 --export " + quoted, "--export"},
      {"octal 0.07 --max 100 --out " + quoted, "--out"},
      {"octal 0.07 --max 100 --checkpoint " + quoted, "--checkpoint"},
      {"octal --resume " + quoted, "--resume"},
  };
  for (const auto& [args, option] : commands) {
    const auto r = run_cli(args);
    BOOST_TEST(r.status == 2, "exit status of: grundy " << args);
    BOOST_TEST(r.err_lines() == 1u, "stderr of: grundy " << args << " was: " << r.err);
    BOOST_TEST(r.err.find(option) != std::string::npos, r.err);
    BOOST_TEST(r.err.find("is a directory") != std::string::npos, r.err);
    BOOST_TEST(r.err.find(".tmp-") == std::string::npos, r.err);
    BOOST_TEST(r.out.empty(), "grundy " << args << " printed: " << r.out);
  }
  BOOST_TEST(std::filesystem::is_empty(dir));
}

BOOST_AUTO_TEST_CASE(help_and_version) {
  const auto help = run_cli("--help");
  BOOST_TEST(help.status == 0);
  BOOST_TEST(help.out.find("table") != std::string::npos);
  BOOST_TEST(run_cli("--version").status == 0);
}

// Colour symmetry reports the raw counts; 5 colours of 4 tablets have 5,021,330 positions and
// 67,292,185 moves.
BOOST_AUTO_TEST_CASE(symmetry_reports_raw_counts) {
  const auto r = run_cli("graph tablettes --colors 5 --tablets 4 --symmetry --format json -q");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto o = parse(r.out).as_object();
  BOOST_TEST(integer(o, "vertices") == 5021330);
  BOOST_TEST(integer(o, "edges") == 67292185);
  BOOST_TEST(integer(o, "classes") < integer(o, "vertices"));
  BOOST_TEST(o.contains("class_edges"));
  const auto plain = parse(run_cli("table --colors 3 --tablets 1..4 --format json").out).as_array();
  const auto reduced =
      parse(run_cli("table --colors 3 --tablets 1..4 --format json --symmetry").out).as_array();
  BOOST_TEST_REQUIRE(plain.size() == reduced.size());
  for (std::size_t k = 0; k < plain.size(); ++k)
    for (auto key : {"vertices", "edges", "terminals", "grundy"})
      BOOST_TEST(integer(plain[k].as_object(), key) == integer(reduced[k].as_object(), key));
}

BOOST_AUTO_TEST_CASE(tablets_per_colour) {
  const auto o = parse(run_cli("graph tablettes --tablets 1,3 --format json").out).as_object();
  BOOST_TEST(integer(o, "colors") == 2);
  BOOST_TEST(o.at("outcome").as_string() == "N"); // the smaller count is 1
  expect_error("graph tablettes --colors 3 --tablets 1,3");
  expect_error("graph tablettes --tablets 2,0");
  expect_error("graph tablettes --tablets 2,,3");
}

BOOST_AUTO_TEST_CASE(memory_and_edge_options) {
  expect_error("graph tablettes -c 4 -n 4 --max-memory 1K -q", 1);
  expect_error("graph tablettes -c 2 -n 2 --max-memory lots");
  expect_error("graph tablettes -c 2 -n 2 --no-edges --dot x.dot");
  const auto with = parse(run_cli("graph tablettes -c 4 -n 3 --format json").out).as_object();
  const auto without =
      parse(run_cli("graph tablettes -c 4 -n 3 --format json --no-edges --threads 2").out).as_object();
  for (auto key : {"vertices", "edges", "terminals", "grundy", "max_value"})
    BOOST_TEST(integer(with, key) == integer(without, key));
}

// Ctrl-C (or SIGTERM) stops a long exploration with the figures reached, on one line.
BOOST_AUTO_TEST_CASE(interrupting_prints_what_was_reached) {
  const auto out = scratch("interrupted.out"), err = scratch("interrupted.err");
  const std::string command = std::string("'") + GRUNDY_CLI +
                              "' graph tablettes --colors 6 --tablets 4 -q >'" + out.string() + "' 2>'" +
                              err.string() + "' </dev/null & pid=$!; sleep 1; kill -INT $pid; wait $pid";
  const int raw = std::system(command.c_str());
  BOOST_TEST((WIFEXITED(raw) && WEXITSTATUS(raw) == 130));
  const auto message = grundy_test::slurp(err);
  BOOST_TEST(std::count(message.begin(), message.end(), '\n') == 1);
  BOOST_TEST(message.find("interrupted; reached") != std::string::npos, message);
  BOOST_TEST(grundy_test::slurp(out).empty());
}
