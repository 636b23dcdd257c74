// grundy graph, hint and play on the digraph game, run as a user would, and the GraphML it
// exports loaded back by networkx.
#define BOOST_TEST_MODULE cli_loopy
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <grundy/games/digraph.hpp>
#include <grundy/io/read_digraph.hpp>
#include <grundy/solve.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using grundy_test::run_cli;

const std::filesystem::path dir = grundy_test::scratch_directory("test-cli-loopy");

std::string file(const std::string& name, const std::string& text) {
  const auto path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// a <-> b, b -> c, c -> d: a and b are draws, c is 1, d is 0. e <-> f, f -> d: f wins by
// moving to d (1), and e, whose only move is to f, is lost (0).
const std::string graph_text = "a b\nb a\nb c\nc d\ne f\nf e\nf d\n";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

BOOST_AUTO_TEST_CASE(graph_json_reports_draws_and_infinite_values) {
  const auto g = file("g.txt", graph_text);
  const auto r = run_cli("graph digraph '" + g + "' --start a --format json");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(contains(r.out, R"("grundy": null, "infinite_set": [], "outcome": "D")"));
  BOOST_TEST(contains(r.out, R"("value_counts": [1, 1], "infinite": 2, "draws": 2)"));
  const auto e = run_cli("graph digraph '" + g + "' --start e --format json");
  BOOST_TEST(contains(e.out, R"("grundy": 0, "outcome": "P")"));
  // Two tokens: a draw plus a number is still a draw; the text names the draw.
  const auto sum = run_cli("graph digraph '" + g + "' --tokens a,c");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(contains(sum.out, "D: a draw"));
}

BOOST_AUTO_TEST_CASE(hint_keeps_the_draw_in_words) {
  const auto g = file("h.txt", graph_text);
  const auto r = run_cli("hint digraph '" + g + "' --start b");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(contains(r.out, "none wins; this one keeps the draw"));
  BOOST_TEST(contains(r.out, "move the token from b to a"));
  const auto w = run_cli("hint digraph '" + g + "' --start f");
  BOOST_TEST(contains(w.out, "move the token from f to d"));
  // Misère play of a graph with cycles is refused in one line.
  const auto m = run_cli("hint digraph '" + g + "' --start a --misere");
  BOOST_TEST(m.status == 2);
  BOOST_TEST(m.err == "grundy: misère play is for games without cycles: this graph has a cycle\n");
}

BOOST_AUTO_TEST_CASE(play_against_the_computer_on_a_graph) {
  const auto g = file("p.txt", graph_text);
  // From f the computer (moving first) wins at once by moving to d.
  const auto r = run_cli("play digraph '" + g + "' --start f --first computer");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(contains(r.out, "The computer plays: move the token from f to d."));
  BOOST_TEST(contains(r.out, "The computer wins!"));
  // A typed move FROM>TO.
  const auto t = run_cli("play digraph '" + g + "' --start c", "c>d\n");
  BOOST_TEST(t.status == 0);
  BOOST_TEST(contains(t.out, "You win!"));
}

BOOST_AUTO_TEST_CASE(bad_input_is_one_line_and_no_file) {
  const auto g = file("b.txt", graph_text);
  const auto out = (dir / "never.graphml").string();
  for (const std::string& args :
       {"graph digraph '" + (dir / "missing.txt").string() + "' --start a",
        "graph digraph '" + g + "' --start zz",
        "graph digraph '" + file("empty.txt", "# none\n") + "' --start a",
        "graph digraph '" + file("bad.dot", "digraph { a -> ") + "' --start a",
        "graph digraph '" + file("bad.graphml", "<graphml><graph>") + "' --start a",
        "graph digraph '" + g + "'", "graph digraph '" + g + "' --start a --tokens a,b",
        "graph digraph '" + g + "' --start a --export '" + (dir / "x.txt").string() + "'",
        "hint digraph '" + g + "' --start zz"}) {
    const auto r = run_cli(args + " --export '" + out + "'");
    BOOST_TEST(r.status != 0, args);
    BOOST_TEST(r.err_lines() == 1u, args << ": " << r.err);
    BOOST_TEST(r.out.empty(), args);
    BOOST_TEST(!std::filesystem::exists(out), args);
  }
}

BOOST_AUTO_TEST_CASE(exports_by_extension) {
  const auto g = file("x.dot", "digraph { a -> b; b -> a; b -> c; c -> d; }");
  for (const auto& ext : std::vector<std::string>{"graphml", "json", "csv"}) {
    const auto out = (dir / ("x." + ext)).string();
    const auto r = run_cli("graph digraph '" + g + "' --start a --export '" + out + "'");
    BOOST_TEST(r.status == 0);
    const auto text = grundy_test::slurp(out);
    BOOST_TEST(contains(text, ext == "csv"    ? "1,b,∞(1),,1,D,0 2"
                              : ext == "json" ? "\"value\": \"∞(1)\""
                                              : "∞(1)"),
               ext);
  }
  BOOST_TEST(!grundy_test::temporary_left(dir));
}

// GraphML written by grundy loads in networkx with the same vertices, edges, values and
// outcomes as the library's own labelling of the same game.
BOOST_AUTO_TEST_CASE(graphml_round_trips_through_networkx) {
  const std::string python = GRUNDY_SYSTEM_PYTHON;
  if (python.empty() || !std::filesystem::exists(python)) {
    BOOST_TEST_MESSAGE("skipped: no /usr/bin/python3 (scripts/setup.sh installs it with python3-networkx)");
    return;
  }
  const auto g = file("n.txt", graph_text + "d a\nc c\n");
  const auto out = (dir / "n.graphml").string();
  BOOST_TEST(run_cli("graph digraph '" + g + "' --tokens a,e --export '" + out + "'").status == 0);
  const auto script = file("load.py", "import sys, networkx\n"
                                      "g = networkx.read_graphml(sys.argv[1])\n"
                                      "print(g.number_of_nodes(), g.number_of_edges())\n"
                                      "for n, d in sorted(g.nodes(data=True), key=lambda x: x[1]['state']):\n"
                                      "    print(d['state'], d['value'], d['outcome'])\n");
  const auto listing = (dir / "listing.txt").string();
  const int status = std::system((python + " '" + script + "' '" + out + "' > '" + listing + "'").c_str());
  BOOST_TEST_REQUIRE(status == 0, "networkx could not load the file (is python3-networkx installed?)");

  const auto game = grundy::io::read_digraph(g);
  const auto solved = grundy::solve(game, game.position(std::vector<std::string>{"a", "e"}));
  std::vector<std::string> lines;
  for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v)
    lines.push_back(game.format(solved.graph.states[v]) + " " + solved.format_value(v) + " " +
                    grundy::to_char(solved.outcome_of(v)));
  std::sort(lines.begin(), lines.end());
  std::string expected =
      std::to_string(solved.graph.vertex_count()) + " " + std::to_string(solved.graph.edge_count()) + "\n";
  for (auto& l : lines)
    expected += l + "\n";
  BOOST_TEST(grundy_test::slurp(listing) == expected);
  BOOST_TEST(solved.statistics.infinite > 0u);
}

// Graph files the readers refuse, each as one line naming the file, with the exit status of a
// file that cannot be used (2); an undirected one is read when asked, in every command.
BOOST_AUTO_TEST_CASE(graph_files_refused_in_one_line_or_read_when_asked) {
  const auto undirected = file("u.dot", "graph { a -- b; b -- c }");
  const auto refused = run_cli("graph digraph '" + undirected + "' --start a");
  BOOST_TEST(refused.status == 2);
  BOOST_TEST(refused.err.find("is undirected") != std::string::npos, refused.err);
  BOOST_TEST(refused.err.find("give --undirected") != std::string::npos, refused.err);
  // Read both ways: a - b - c makes 4 edges.
  const auto read = run_cli("graph digraph '" + undirected + "' --start a --undirected --format json");
  BOOST_TEST(read.status == 0, read.err);
  BOOST_TEST(read.out.find("\"edges\": 4") != std::string::npos, read.out);
  BOOST_TEST(run_cli("hint digraph '" + undirected + "' --start a --undirected").status == 0);
  BOOST_TEST(run_cli("hint nim 3 --undirected").status == 2);

  const auto missing = run_cli("graph digraph '" + (dir / "missing.txt").string() + "' --start a");
  BOOST_TEST(missing.status == 2);
  BOOST_TEST(missing.err.find("No such file or directory") != std::string::npos, missing.err);
  const auto directory = run_cli("graph digraph '" + dir.string() + "' --start a");
  BOOST_TEST(directory.err.find("Is a directory") != std::string::npos, directory.err);
  const auto zero = run_cli("graph digraph /dev/zero --start a");
  BOOST_TEST(zero.status == 2);
  BOOST_TEST(zero.err.find("NUL byte") != std::string::npos, zero.err);
  std::string deep = "digraph {";
  for (int i = 0; i < 20'000; ++i)
    deep += "{";
  const auto nested = file("deep.dot", deep);
  const auto too_deep = run_cli("graph digraph '" + nested + "' --start a");
  BOOST_TEST(too_deep.status == 2);
  BOOST_TEST(too_deep.err.find("nests deeper than 1000 levels (line 1)") != std::string::npos, too_deep.err);
  for (const auto* r : {&refused, &missing, &directory, &zero, &too_deep})
    BOOST_TEST(std::count(r->err.begin(), r->err.end(), '\n') == 1, r->err);
}
