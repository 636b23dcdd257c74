#define BOOST_TEST_MODULE cli outputs
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using grundy_test::run_cli;

// What the CLI's outputs (--out, --export, --dot, --render, --checkpoint) may and may not do
// to the files around them, run as a user runs the tool.

namespace fs = std::filesystem;
using grundy_test::put;
using grundy_test::slurp;
using grundy_test::temporary_left;

namespace {

fs::path folder(const std::string& name) { return grundy_test::fresh_directory("grundy-cli-outputs", name); }

std::string cli() { return std::string("'") + GRUNDY_CLI + "'"; }

// Runs a shell script in `dir`; its exit status.
int shell(const fs::path& dir, const std::string& script) {
  const std::string command = "cd '" + dir.string() + "' && " + script;
  const int raw = std::system(command.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

// G(0..49) of 0.07, one a line, computed apart from the tool by the mex of each heap's moves.
std::string dawsons_kayles(int count) {
  std::vector<unsigned> g;
  std::string text;
  for (int n = 0; n < count; ++n) {
    std::vector<bool> seen(64);
    // 0.07: remove two tokens, leaving zero, one or two heaps.
    for (int a = 0; n >= 2 && a <= n - 2; ++a)
      seen[g[a] ^ g[n - 2 - a]] = true;
    unsigned m = 0;
    while (seen[m])
      ++m;
    g.push_back(m);
    text += std::to_string(m) + "\n";
  }
  return text;
}

} // namespace

// The reported hole: a link planted under the temporary's old name NAME.tmp-PID made the run
// overwrite the file it pointed to.
BOOST_AUTO_TEST_CASE(a_planted_link_is_not_written_through) {
  const auto d = folder("planted");
  put(d / "victim", "precious\n");
  BOOST_TEST(shell(d, "sh -c 'ln -s victim out.txt.tmp-$$; exec " + cli() +
                          " octal 0.07 --max 50 --keep-going --quiet --out out.txt' >/dev/null 2>&1") == 0);
  BOOST_TEST(slurp(d / "victim") == "precious\n");
  BOOST_TEST(slurp(d / "out.txt") == dawsons_kayles(50));
}

BOOST_AUTO_TEST_CASE(dash_is_standard_output) {
  const auto d = folder("dash");
  BOOST_TEST(shell(d, cli() + " octal 0.07 --max 50 --keep-going --quiet --out - >values 2>summary") == 0);
  // The values alone on standard output, for a pipe; the summary on standard error.
  BOOST_TEST(slurp(d / "values") == dawsons_kayles(50));
  BOOST_TEST(slurp(d / "summary").find("code       0.07") != std::string::npos, slurp(d / "summary"));
  BOOST_TEST(!fs::exists(d / "-"));
  BOOST_TEST(shell(d, cli() + " graph nim 1 2 --dot - >g.dot 2>summary") == 0);
  const auto dot = slurp(d / "g.dot");
  BOOST_TEST(dot.rfind("digraph G {\n", 0) == 0u, dot);
  BOOST_TEST(dot.substr(dot.size() - 2) == "}\n", dot);
  BOOST_TEST(slurp(d / "summary").find("vertices     5") != std::string::npos, slurp(d / "summary"));
}

BOOST_AUTO_TEST_CASE(pipes_devices_and_links_are_kept) {
  const auto d = folder("kinds");
  BOOST_TEST(shell(d, "mkfifo pipe && (cat pipe > copy &) && " + cli() +
                          " octal 0.07 --max 50 --keep-going --quiet --out pipe >/dev/null && sleep 0.2") ==
             0);
  BOOST_TEST(fs::is_fifo(d / "pipe"));
  BOOST_TEST(slurp(d / "copy") == dawsons_kayles(50));

  fs::create_directories(d / "keep");
  fs::create_symlink("keep/values.txt", d / "link");
  BOOST_TEST(shell(d, cli() + " octal 0.07 --max 50 --keep-going --quiet --out link >/dev/null") == 0);
  BOOST_TEST(fs::is_symlink(d / "link"));
  BOOST_TEST(slurp(d / "keep" / "values.txt") == dawsons_kayles(50));

  BOOST_TEST(shell(d, cli() + " octal 0.07 --max 50 --quiet --out /dev/null >/dev/null") == 0);
  BOOST_TEST(fs::is_character_file("/dev/null"));
  BOOST_TEST(!temporary_left(d));
}

BOOST_AUTO_TEST_CASE(an_input_is_never_overwritten) {
  const auto d = folder("input");
  put(d / "in.csv", "a b\nb c\n");
  for (const auto& args : {std::string("graph digraph in.csv --start a --export in.csv"),
                           std::string("graph digraph in.csv --start a --dot in.csv"),
                           std::string("graph digraph in.csv --start a --export ./in.csv")}) {
    const int status = shell(d, cli() + " " + args + " >out 2>err");
    BOOST_TEST(status == 2, args);
    BOOST_TEST(grundy_test::count_lines(slurp(d / "err")) == 1u, slurp(d / "err"));
    BOOST_TEST(slurp(d / "err").find("in.csv") != std::string::npos, slurp(d / "err"));
    BOOST_TEST(slurp(d / "in.csv") == "a b\nb c\n");
  }
  // Two outputs under one name: the second would replace the first.
  BOOST_TEST(shell(d, cli() + " graph nim 1 2 --dot g.json --export g.json >out 2>err") == 2);
  BOOST_TEST(slurp(d / "err").find("--dot and --export") != std::string::npos, slurp(d / "err"));
  BOOST_TEST(!fs::exists(d / "g.json"));
}

// A checkpoint that cannot be written costs the run its checkpoint only: a warning, and the
// values still reach --out. /dev/full fails every write as a full disk does.
BOOST_AUTO_TEST_CASE(a_checkpoint_that_fails_is_a_warning) {
  const auto d = folder("checkpoint");
  BOOST_TEST(shell(d, cli() + " octal 0.07 --max 50 --keep-going --quiet --checkpoint /dev/full "
                              "--checkpoint-every 0 --out values >out 2>err") == 0);
  const auto err = slurp(d / "err");
  BOOST_TEST(err.find("warning: --checkpoint '/dev/full' was not saved") != std::string::npos, err);
  BOOST_TEST(grundy_test::count_lines(err) == 1u, err);
  BOOST_TEST(slurp(d / "values") == dawsons_kayles(50));
}

BOOST_AUTO_TEST_CASE(a_directory_or_socket_is_refused_before_any_work) {
  const auto d = folder("refused");
  fs::create_directories(d / "sub");
  BOOST_TEST(shell(d, cli() + " octal 0.07 --max 50 --out sub >out 2>err") == 2);
  BOOST_TEST(slurp(d / "err").find("--out: 'sub' is a directory") != std::string::npos, slurp(d / "err"));
  BOOST_TEST(slurp(d / "out").empty());
}

// A DOT file whose name starts with '-' is still drawn: dot reads it on its standard input, never
// as one of its options; and --render needs --dot to name a file.
BOOST_AUTO_TEST_CASE(render_takes_any_file_name) {
  const auto d = folder("render");
  if (shell(d, "command -v dot >/dev/null") != 0) return;
  BOOST_TEST(shell(d, cli() + " graph nim 1 2 --dot -g.dot --render svg >out 2>err") == 0, slurp(d / "err"));
  BOOST_TEST(slurp(d / "-g.svg").find("<svg") != std::string::npos);
  BOOST_TEST(shell(d, cli() + " graph nim 1 2 --dot - --render svg >out 2>err") == 2);
  BOOST_TEST(slurp(d / "err").find("--render needs --dot to name a file") != std::string::npos,
             slurp(d / "err"));
  // A picture that cannot be written is found before any work.
  fs::create_directories(d / "p.svg");
  BOOST_TEST(shell(d, cli() + " graph nim 1 2 --dot p.dot --render svg >out 2>err") == 2);
  BOOST_TEST(slurp(d / "err").find("--render: 'p.svg' is a directory") != std::string::npos,
             slurp(d / "err"));
  BOOST_TEST(!fs::exists(d / "p.dot"));
}

// grundy graph nim ... --misere --export writes each position's misère value beside its misère
// outcome: misère Nim's theory says the XOR of the heaps, unless every heap is 0 or 1, then 1
// XOR that. Read back from the CSV, row by row.
BOOST_AUTO_TEST_CASE(misere_values_of_nim_in_the_csv_export) {
  const auto d = folder("misere-values");
  BOOST_TEST_REQUIRE(shell(d, cli() + " graph nim 1 2 3 --misere -q --export nim.csv") == 0);
  std::istringstream in(slurp(d / "nim.csv"));
  std::string line;
  std::getline(in, line);
  BOOST_TEST(line == "id,state,value,grundy,infinite_set,outcome,misere_outcome,misere_value,successors");
  int rows = 0;
  while (std::getline(in, line)) {
    // id,"[a,b,c]",value,grundy,,outcome,misere_outcome,misere_value,successors
    const auto open = line.find('['), close = line.find(']');
    BOOST_TEST_REQUIRE((open != std::string::npos && close != std::string::npos), line);
    unsigned x = 0;
    bool small = true;
    std::istringstream heaps(line.substr(open + 1, close - open - 1));
    for (std::string h; std::getline(heaps, h, ',');) {
      const unsigned n = static_cast<unsigned>(std::stoul(h));
      x ^= n;
      small = small && n <= 1;
    }
    std::vector<std::string> fields;
    std::istringstream rest(line.substr(close + 3)); // past the state's closing quote and comma
    for (std::string f; std::getline(rest, f, ',');)
      fields.push_back(f);
    BOOST_TEST_REQUIRE(fields.size() >= 6u, line);
    // value, grundy, infinite_set, outcome, misere_outcome, misere_value
    const unsigned expected = small ? 1 ^ x : x;
    BOOST_TEST(fields[5] == std::to_string(expected), line);
    BOOST_TEST(fields[4] == (expected == 0 ? "P" : "N"), line);
    ++rows;
  }
  // One row per position: the heaps a <= 1, b <= 2, c <= 3 in any order, zeros dropped.
  std::set<std::vector<unsigned>> positions;
  for (unsigned a = 0; a <= 1; ++a)
    for (unsigned b = 0; b <= 2; ++b)
      for (unsigned c = 0; c <= 3; ++c) {
        std::vector<unsigned> p;
        for (unsigned h : {a, b, c})
          if (h) p.push_back(h);
        std::sort(p.begin(), p.end());
        positions.insert(p);
      }
  BOOST_TEST(rows == static_cast<int>(positions.size()));
  // Without --misere the export has neither column.
  BOOST_TEST_REQUIRE(shell(d, cli() + " graph nim 1 2 3 -q --export plain.csv") == 0);
  BOOST_TEST(slurp(d / "plain.csv").find("misere") == std::string::npos);
}

// grundy graph --remoteness: the start's remoteness in the report, every vertex's in the export.
// A Nim heap is taken whole in one move; S(1,2) from n lasts 2(n/3) moves, one more when 3 does
// not divide n (the winner restores a multiple of 3, the loser takes 1).
BOOST_AUTO_TEST_CASE(remoteness_in_the_report_and_the_export) {
  for (unsigned n = 1; n <= 9; ++n) {
    const auto nim = run_cli("graph nim " + std::to_string(n) + " --remoteness --format json -q");
    BOOST_TEST(nim.out.find("\"remoteness\": 1}") != std::string::npos, nim.out);
    const auto s12 = run_cli("graph heap 'S(1,2)' " + std::to_string(n) + " --remoteness --format json -q");
    const auto expected = 2 * (n / 3) + (n % 3 != 0 ? 1 : 0);
    BOOST_TEST(s12.out.find("\"remoteness\": " + std::to_string(expected) + "}") != std::string::npos,
               s12.out);
  }
  const auto text = run_cli("graph heap 'S(1,2)' 9 --remoteness -q");
  BOOST_TEST(text.out.find("\nremoteness   6 (the player to move loses in 6 moves)\n") != std::string::npos,
             text.out);
  const auto d = folder("remoteness");
  BOOST_TEST_REQUIRE(shell(d, cli() + " graph heap 'S(1,2)' 4 --remoteness -q --export s.csv") == 0);
  // Heaps 4, 3, 2, 1, 0 in the order of exploration: 3, 2, 1, 1, 0.
  BOOST_TEST(slurp(d / "s.csv") == "id,state,value,grundy,infinite_set,outcome,remoteness,successors\n"
                                   "0,[4],1,1,,N,3,1 2\n"
                                   "1,[3],0,0,,P,2,2 3\n"
                                   "2,[2],2,2,,N,1,3 4\n"
                                   "3,[1],1,1,,N,1,4\n"
                                   "4,[],0,0,,P,0,\n");
  const auto refused = run_cli("graph nim 3 --remoteness --no-edges");
  BOOST_TEST(refused.status == 2);
  BOOST_TEST(refused.err == "grundy: --remoteness needs the edges: drop --no-edges\n", refused.err);
}
