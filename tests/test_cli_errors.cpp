// Every kind of mistake on the command line, as the table "Errors and exit codes" of
// docs/cli-guide.md lists it: its exit status, its one line on stderr, and nothing on stdout.
#define BOOST_TEST_MODULE cli_errors
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <grundy/detail/page_allocator.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/graph.hpp>

#include <string>
#include <vector>

using grundy_test::run_cli;

namespace {

using grundy::detail::address_sanitized;

// A refused command: `status`, stderr exactly `line` (and its newline), stdout empty.
void expect_line(const std::string& args, int status, const std::string& line) {
  BOOST_TEST_CONTEXT("grundy " << args) {
    const auto r = run_cli(args);
    BOOST_TEST(r.status == status);
    BOOST_TEST(r.err == "grundy: " + line + "\n");
    BOOST_TEST(r.out.empty(), "stdout: " << r.out);
  }
}

// A refused command whose line starts with `start`: the figures after it vary.
grundy_test::cli_result expect_start(const std::string& args, int status, const std::string& start) {
  const auto r = run_cli(args);
  BOOST_TEST_CONTEXT("grundy " << args) {
    BOOST_TEST(r.status == status);
    BOOST_TEST(r.err_lines() == 1u, "stderr: " << r.err);
    BOOST_TEST(r.err.rfind("grundy: " + start, 0) == 0u, "stderr: " << r.err);
    BOOST_TEST(r.out.empty(), "stdout: " << r.out);
  }
  return r;
}

// The command run with its address space limited to `kilobytes`, so that it runs out of memory.
grundy_test::cli_result run_in_little_memory(const std::string& args, unsigned kilobytes) {
  const auto dir = grundy_test::scratch_directory("grundy-cli-errors");
  const auto out = dir / "out", err = dir / "err";
  const std::string command = "ulimit -v " + std::to_string(kilobytes) + "; '" + GRUNDY_CLI + "' " + args +
                              " </dev/null >'" + out.string() + "' 2>'" + err.string() + "'";
  const int raw = std::system(command.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, grundy_test::slurp(out), grundy_test::slurp(err)};
}

} // namespace

// A misère hint explains misère play only: [1,1,1] is lost under misère play, and no normal-play
// move (emptying a heap of 1, as the parity table would) is suggested before saying so.
BOOST_AUTO_TEST_CASE(misere_hint_explains_misere_play) {
  const auto r = run_cli("hint nim 1 1 1 --misere");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err.empty());
  BOOST_TEST(r.out.find("parity") == std::string::npos, r.out);
  BOOST_TEST(r.out.find("leave 0") == std::string::npos, r.out);
  BOOST_TEST(r.out.find("Misère play") == 0u, r.out);
  BOOST_TEST(r.out.find("outcome   P") != std::string::npos, r.out);

  // Normal Nim would empty the heap of 4; misère Nim leaves 1 in it, and says so once.
  const auto m = run_cli("hint nim 1 1 4 --misere");
  BOOST_TEST(m.status == 0);
  BOOST_TEST(m.out.find("leave 1 in the heap of 4 (take 3)") != std::string::npos, m.out);
  BOOST_TEST(m.out.find("->  [1,1,1]") != std::string::npos, m.out);
  BOOST_TEST(m.out.find("leave 0") == std::string::npos, m.out);
}

// Every command reads positions alike: the same notations, and the same words for a mistake.
BOOST_AUTO_TEST_CASE(one_reader_of_positions_for_every_command) {
  for (const std::string heaps : {"3 4 5", "3,4,5", "[3,4,5]", "'[3, 4, 5]'"}) {
    for (const std::string command : {"graph", "hint"}) {
      const auto r = run_cli(command + " nim " + heaps);
      BOOST_TEST(r.status == 0, command << " nim " << heaps << ": " << r.err);
    }
    const auto play = run_cli("play nim " + heaps, "quit\n");
    BOOST_TEST(play.out.find("Position [3,4,5]:") != std::string::npos, heaps << ": " << play.out);
  }
  const auto tablettes = run_cli("graph tablettes --tablets 2,1 '[[0,2],[1,1]]' --format json");
  BOOST_TEST(tablettes.status == 0, tablettes.err);
  BOOST_TEST(tablettes.out.find("\"start\": \"[[0,2],[1,1]]\"") != std::string::npos, tablettes.out);
  for (const std::string command : {"graph", "hint", "play"}) {
    expect_line(command + " nim 3 x", 2, "a heap size must be a non-negative whole number, not 'x'");
    expect_line(command + " nim 3 -4", 2, "heap sizes cannot be negative, not '-4'");
    expect_line(command + " nim", 2, "give at least one heap size, as in: grundy " + command + " nim 3 4 5");
    expect_line(command + " octal 0.07", 2,
                "give at least one heap size, as in: grundy " + command + " octal 0.07 5 7");
    expect_line(command + " octal -0.7 5", 2,
                "an octal code has no sign: write it as 0.07, .07, 4.7 or 0.F, not '-0.7'");
    expect_line(command + " nim 3 --bogus", 2,
                "unknown option '--bogus' (see grundy " + command + " --help)");
    expect_line(command + " nim 3 --colors 2", 2, "--colors and --tablets are for tablettes only");
  }
}

BOOST_AUTO_TEST_CASE(octal_codes) {
  expect_line("octal -0.7", 2, "an octal code has no sign: write it as 0.07, .07, 4.7 or 0.F, not '-0.7'");
  expect_line("octal 0.G", 2, "invalid octal code '0.G': 'G' is not an octal or hexadecimal digit");
}

// The library says which limit was passed, in its own terms; the command line adds the option
// that raises it.
BOOST_AUTO_TEST_CASE(limits_name_the_options_of_the_command) {
  expect_start(
      "graph nim 5 6 7 --max-states 50", 1,
      "exploration stopped: the graph has more than the limit of 50 positions (raise --max-states if "
      "memory allows); reached 50 positions");
  expect_start(
      "hint tablettes -c 4 -n 4 --max-states 100", 1,
      "exploration stopped: the graph has more than the limit of 100 positions (raise --max-states if "
      "memory allows); reached 100 positions");
  expect_start(
      "graph tablettes -c 4 -n 4 --max-memory 1K -q", 1,
      "exploration stopped: memory passed the limit of 1024 bytes (raise --max-memory if the machine "
      "has more, or try --no-edges); reached");
  // The table's rows before the cell stopped are output, and stay.
  const auto table = run_cli("table -c 3 -n 1..4 --max-states 1000 --format csv");
  BOOST_TEST(table.status == 1);
  BOOST_TEST(table.err.find("(raise --max-states if memory allows)") != std::string::npos, table.err);
}

BOOST_AUTO_TEST_CASE(library_limit_messages_name_no_option) {
  grundy::build_options o;
  o.max_states = 20;
  try {
    grundy::build_graph(grundy::nim_game{}, grundy::heaps{6, 6, 6}, o);
    BOOST_FAIL("the state limit did not stop exploration");
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    BOOST_TEST((e.reason() == grundy::stop_reason::states));
    BOOST_TEST(std::string(e.what()) ==
               "exploration stopped: the graph has more than the limit of 20 positions");
    BOOST_TEST(e.reached().states == 20u);
  }
  o.max_states = 1'000'000;
  o.max_memory = 1; // any process is past it
  try {
    grundy::build_graph(grundy::nim_game{}, grundy::heaps{6, 6, 6}, o);
    BOOST_FAIL("the memory limit did not stop exploration");
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    BOOST_TEST((e.reason() == grundy::stop_reason::memory));
    BOOST_TEST(std::string(e.what()) == "exploration stopped: memory passed the limit of 1 bytes");
  }
}

// Out of memory, the advice names what governs the command's memory: --max for octal. An
// AddressSanitizer build reserves terabytes of shadow memory at start, which no address-space
// limit leaves room for: there the case says so and checks nothing.
BOOST_AUTO_TEST_CASE(out_of_memory_names_what_governs_it) {
  if (address_sanitized) {
    BOOST_TEST_MESSAGE("built with AddressSanitizer, which needs more address space than the limit: skipped");
    return;
  }
  const auto octal =
      run_in_little_memory("octal 0.376 --max 1000000000 --keep-going --method naive -q", 400000);
  BOOST_TEST(octal.status == 1);
  BOOST_TEST(
      octal.err ==
          "grundy: out of memory: lower --max, the number of values computed (with --survey, --threads "
          "codes hold that many at once)\n",
      octal.err);
  BOOST_TEST(octal.out.empty());
  // A survey goes on past a code out of memory, whose row says so in the same terms.
  const auto survey = run_in_little_memory("octal --survey 1 --max 200000000 -q", 400000);
  BOOST_TEST(survey.status == 1);
  BOOST_TEST(survey.out.find("| error |  |  | 0 | 0 | 0.000 | out of memory: lower --max or --threads |") !=
                 std::string::npos,
             survey.out);
  // graph's memory is governed by --max-memory: set above what the process may take, it is
  // the option to lower.
  const auto graph = run_in_little_memory("graph tablettes -c 6 -n 4 -q --max-memory 100G", 400000);
  BOOST_TEST(graph.status == 1);
  BOOST_TEST(graph.err.rfind("grundy: out of memory before the --max-memory limit was reached: set a lower "
                             "--max-memory",
                             0) == 0u,
             graph.err);
  BOOST_TEST(grundy_test::count_lines(graph.err) == 1u);
  BOOST_TEST(graph.out.empty());
}

// Every numeric option of every command, given nonsense: one line naming the option and the
// text, exit status 2, nothing on stdout (not even a table's header).
BOOST_AUTO_TEST_CASE(numeric_options_refuse_nonsense) {
  struct option {
    std::string before, name, after, takes;
  };
  const std::vector<option> options{
      {"graph nim 3", "--max-states", "", "takes a whole number from 1 to 4294967295"},
      {"graph nim 3", "--threads", "", "takes a whole number from 0 to 1024"},
      {"graph nim 3", "--max-memory", "", "takes a size such as 800M or 6G"},
      {"graph moore 3 4", "--k", "", "takes a whole number from 1 to 64"},
      {"graph tablettes -n 2", "--colors", "", "takes a whole number from 1 to 128"},
      {"graph tablettes -c 2", "--tablets", "", "takes a whole number from 1 to 63"},
      {"hint nim 3", "--max-states", "", "takes a whole number from 1 to 4294967295"},
      {"hint moore 3 4", "--k", "", "takes a whole number from 1 to 64"},
      {"hint tablettes -n 2", "--colors", "", "takes a whole number from 1 to 128"},
      {"play nim 3", "--max-states", "", "takes a whole number from 1 to 4294967295"},
      {"play nim 3", "--seed", "", "takes a whole number from 0 to 18446744073709551615"},
      {"table", "--colors", "", "takes a number or a range A..B, from 1 to 255"},
      {"table", "--tablets", "", "takes a number or a range A..B, from 1 to 255"},
      {"table", "--max-states", "", "takes a whole number from 1 to 4294967295"},
      {"table", "--max-memory", "", "takes a size such as 800M or 6G"},
      {"table", "--threads", "", "takes a whole number from 0 to 1024"},
      {"octal 0.07", "--max", "", "takes a whole number from 1 to 4294967295"},
      {"octal 0.07", "--threads", "", "takes a whole number from 1 to 1024"},
      {"octal 0.07", "--checkpoint-every", "", "takes seconds from 0 to 604800"},
      {"octal", "--survey", "--max 10", "takes a whole number from 1 to 8"},
  };
  for (const auto& o : options)
    for (const std::string value :
         {"-1", "nan", "inf", "1e400", "", "99999999999999999999999", "0x10", "1e3"}) {
      // A size may be written 1e3 (bytes), and seconds 1e3 are refused like the rest.
      if (value == "1e3" && o.name == "--max-memory") continue;
      expect_line(o.before + " " + o.name + " '" + value + "' " + o.after, 2,
                  o.name + " " + o.takes + ", not '" + value + "'");
    }
  // A plain number is bytes, and a fraction of a byte was surely meant as gigabytes.
  expect_line("graph nim 3 --max-memory 1.5", 2, "--max-memory takes a size such as 800M or 6G, not '1.5'");
  // The digraph game's own words: neither, both, or an empty file name.
  expect_line("graph digraph g.txt", 2, "digraph needs --start V (one token) or --tokens a,b,c (several)");
  expect_line("graph digraph g.txt --start a --tokens a,b", 2,
              "digraph takes --start V (one token) or --tokens a,b,c (several), not both");
  expect_line("graph digraph '' --start a", 2, "digraph needs a graph file name, not ''");
  // Empty names are refused, not read as the option left out.
  expect_line("graph nim 3 --dot ''", 2, "--dot needs a file name, not ''");
  expect_line("octal 0.07 --out ''", 2, "--out needs a file name, not ''");
  expect_line("graph nim 3 --export ''", 2, "--export needs a file name, not ''");
  expect_line("hint nim ''", 2, "a heap size cannot be blank: give sizes as in: grundy hint nim 3 4 5");
  expect_line("graph nim 3 ' '", 2, "a heap size cannot be blank: give sizes as in: grundy graph nim 3 4 5");
  expect_line("octal 0.07 --checkpoint ''", 2, "--checkpoint needs a file name, not ''");
}

// Mistakes CLI11 finds keep its words, with the command whose help says more.
BOOST_AUTO_TEST_CASE(parse_errors_point_to_the_command_help) {
  expect_line("graph nim 3 --format xml", 2, "--format: xml not in {text,json} (see grundy graph --help)");
  expect_line(
      "frobnicate", 2,
      "unknown command 'frobnicate': table, graph, hint, play, octal, misere, compound or serve (see grundy --help)");
  expect_line("", 2, "A subcommand is required (see grundy --help)");
}

// A position whose own moves cannot be held in --max-memory is refused before it is expanded:
// a game hands all of a position's moves over at once, where no limit can look.
BOOST_AUTO_TEST_CASE(a_position_too_wide_for_the_memory_limit) {
  for (const auto* args :
       {"graph nim 100000000 --max-memory 1G", "graph moore 2 100000 100000 --max-memory 1G",
        "graph octal 0.6 4294967295 --max-memory 1G"}) {
    const auto r = run_cli(args);
    BOOST_TEST(r.status == 1, args);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    BOOST_TEST(r.err.find("more than the memory limit of 1024 MB") != std::string::npos, r.err);
  }
}

// A result that cannot reach standard output is a failure, not a silent success.
BOOST_AUTO_TEST_CASE(a_full_standard_output_is_a_failure) {
  const auto status =
      std::system((std::string("'") + GRUNDY_CLI + "' octal 0.07 --max 10 >/dev/full 2>/dev/null").c_str());
  BOOST_TEST(WEXITSTATUS(status) == 1);
}

// hint --all once gathered every winning move before printing one: 3.8·10^8 for a heap of
// 2^32 - 1 in 0.07, tens of GB. Seven such heaps, all different, have 1.8·10^9 (over 100 GB).
BOOST_AUTO_TEST_CASE(regression_more_winning_moves_than_memory_holds) {
  std::string heaps;
  for (int i = 0; i < 7; ++i)
    heaps.append(" ").append(std::to_string(4294967295ull - static_cast<unsigned>(i)));
  expect_start("hint --all octal 0.07" + heaps, 2,
               "this position has 1768515936 winning moves, too many to list in");
  // Without --all, one move and their count.
  const auto r = run_cli("hint octal 0.07" + heaps);
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find("(1768515936 winning moves in all: --all lists them)") != std::string::npos, r.out);
}
