// The digraph game: graphs read from DOT, GraphML and edge lists, sums of tokens by Smith's
// rule against the game graph of the sum, and the whole-graph export formats.
#define BOOST_TEST_MODULE digraph
#include <boost/test/unit_test.hpp>

#include "test_files.hpp"

#include <grundy/games/digraph.hpp>
#include <grundy/io/export.hpp>
#include <grundy/io/read_digraph.hpp>
#include <grundy/solve.hpp>
#include <grundy/strategy.hpp>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using grundy::digraph_game;
using grundy::outcome;

std::string write(const std::string& name, const std::string& text) {
  const auto path = grundy_test::scratch_directory("test-digraph") / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

std::vector<std::pair<std::string, std::string>> edges_of(const digraph_game& g) {
  std::vector<std::pair<std::string, std::string>> e;
  for (grundy::vertex_id v = 0; v < g.vertex_count(); ++v)
    for (auto w : g.moves_from(v))
      e.emplace_back(g.name(v), g.name(w));
  std::sort(e.begin(), e.end());
  return e;
}

// Move lists compared as sets: the strategies list them in different orders.
template <class T> std::vector<T> sorted(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  return v;
}

const std::vector<std::pair<std::string, std::string>> expected_edges{
    {"a", "b"}, {"b", "a"}, {"b", "c"}, {"c", "d"}};

} // namespace

BOOST_AUTO_TEST_CASE(the_three_formats_read_the_same_graph) {
  const auto list = grundy::io::read_digraph(write("g.txt", "# a comment\na b\nb a  # back\nb c\n\nc d\n"));
  const auto dot = grundy::io::read_digraph(write("g.dot", "digraph G { a -> b; b -> a; b -> c -> d; }"));
  const auto graphml = grundy::io::read_digraph(write("g.graphml", R"(<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <graph id="G" edgedefault="directed">
    <node id="d"/><node id="a"/><node id="b"/><node id="c"/>
    <edge source="a" target="b"/><edge source="b" target="a"/>
    <edge source="b" target="c"/><edge source="c" target="d"/>
  </graph>
</graphml>)"));
  for (const auto* g : {&list, &dot, &graphml}) {
    BOOST_TEST(g->vertex_count() == 4u);
    BOOST_TEST(g->edge_count() == 4u);
    BOOST_TEST((edges_of(*g) == expected_edges));
  }
  // d has no move (0) and c moves there (1). From b, moving to c lets the opponent win, and
  // moving to a forces the opponent back to b: a and b are draws.
  const auto solved = grundy::solve(dot, dot.position(std::vector<std::string>{"a"}));
  BOOST_TEST((solved.statistics.start_outcome() == outcome::d));
  BOOST_TEST(solved.statistics.draws == 2u);
}

// An undirected file is refused unless asked for (an edge's way would be a guess), and asked
// for, a token moves both ways along each edge.
BOOST_AUTO_TEST_CASE(undirected_graphs_move_both_ways_when_asked) {
  const auto path = write("u.dot", "graph { x -- y; y -- z }");
  BOOST_CHECK_THROW(grundy::io::read_digraph(path), grundy::undirected_digraph_error);
  const auto g = grundy::io::read_digraph(path, {.undirected = true});
  BOOST_TEST(g.edge_count() == 4u);
  BOOST_TEST(g.moves_from(*g.find("y")).size() == 2u);
}

BOOST_AUTO_TEST_CASE(bad_files_are_refused_with_one_line) {
  const auto refused = [](const std::string& path) {
    try {
      grundy::io::read_digraph(path);
    } catch (const grundy::digraph_error& e) {
      return std::string(e.what()).find('\n') == std::string::npos;
    }
    return false;
  };
  BOOST_TEST(refused("/nonexistent/graph.dot"));
  BOOST_TEST(refused(write("empty.txt", "# nothing\n")));
  BOOST_TEST(refused(write("three.txt", "a b c\n")));
  BOOST_TEST(refused(write("bad.dot", "digraph { a -> ")));
  BOOST_TEST(refused(write("bad.graphml", "<graphml><graph><node id=\"a\"/>")));
  const auto g = grundy::io::read_digraph(write("one.txt", "a b\n"));
  BOOST_CHECK_THROW(g.position(std::vector<std::string>{"q"}), grundy::digraph_error);
}

// Smith's rule in the strategy against the game graph of the sum, built and labelled whole.
BOOST_AUTO_TEST_CASE(token_sums_by_smiths_rule_equal_the_graph_of_the_sum) {
  std::mt19937 rng(14);
  std::size_t draws = 0;
  for (int i = 0; i < 60; ++i) {
    const unsigned n = std::uniform_int_distribution<unsigned>(2, 9)(rng);
    std::vector<std::string> names;
    // Appended rather than "v" + to_string(v), which GCC 12 wrongly warns about (-Wrestrict).
    for (unsigned v = 0; v < n; ++v)
      names.push_back(std::string("v").append(std::to_string(v)));
    std::vector<std::pair<grundy::vertex_id, grundy::vertex_id>> edges;
    for (unsigned e = std::uniform_int_distribution<unsigned>(0, 2 * n)(rng); e > 0; --e)
      edges.emplace_back(rng() % n, rng() % n);
    const auto g = digraph_game::from_edges(names, edges);
    const auto start =
        g.position(std::vector<std::string>{names[rng() % n], names[rng() % n], names[rng() % n]});
    const grundy::digraph_strategy by_rule(g, start);
    const grundy::graph_strategy<digraph_game> by_graph(g, start);
    const auto solved = grundy::solve(g, start);
    for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v) {
      const auto& s = solved.graph.states[v];
      BOOST_TEST((by_rule.outcome_of(s) == by_graph.outcome_of(s)));
      BOOST_TEST((by_rule.value(s).str() == solved.format_value(v)));
      BOOST_TEST((sorted(by_rule.winning_moves(s)) == sorted(by_graph.winning_moves(s))));
      BOOST_TEST((sorted(by_rule.drawing_moves(s)) == sorted(by_graph.drawing_moves(s))));
      draws += by_graph.outcome_of(s) == outcome::d;
    }
  }
  BOOST_TEST(draws > 50u);
}

BOOST_AUTO_TEST_CASE(exports_list_every_vertex_and_edge) {
  const auto g = grundy::io::read_digraph(write("e.txt", "a b\nb a\nb c\nc d\n"));
  const auto solved = grundy::solve(g, g.position(std::vector<std::string>{"a"}));
  std::ostringstream json, csv, graphml;
  grundy::write_labelled_graph(json, grundy::export_format::json, g, solved.graph, solved.values,
                               &solved.infinite);
  grundy::write_labelled_graph(csv, grundy::export_format::csv, g, solved.graph, solved.values,
                               &solved.infinite);
  grundy::write_labelled_graph(graphml, grundy::export_format::graphml, g, solved.graph, solved.values,
                               &solved.infinite);
  // a: ∞(∅) and b: ∞(1), draws (b's finite successor c is worth 1); c: 1; d: 0.
  BOOST_TEST(
      json.str().find(R"x({"id": 1, "state": "b", "value": "∞(1)", "grundy": null, "infinite_set": [1], )x"
                      R"x("outcome": "D"})x") != std::string::npos);
  // Every vertex has infinite_set, [] for a finite value (docs/cli-guide.md, "Export formats").
  BOOST_TEST(json.str().find(R"x({"id": 2, "state": "c", "value": "1", "grundy": 1, "infinite_set": [], )x"
                             R"x("outcome": "N"})x") != std::string::npos);
  BOOST_TEST(json.str().find("\"edges\": [\n  [0, 1],\n  [1, 0],\n  [1, 2],\n  [2, 3]]}") !=
             std::string::npos);
  BOOST_TEST(csv.str() == "id,state,value,grundy,infinite_set,outcome,successors\n"
                          "0,a,∞(∅),,,D,1\n1,b,∞(1),,1,D,0 2\n2,c,1,1,,N,3\n3,d,0,0,,P,\n");
  BOOST_TEST(graphml.str().find("attr.name=\"value\"") != std::string::npos);
  BOOST_CHECK_THROW(grundy::export_format_of("x.txt"), std::invalid_argument);
}
