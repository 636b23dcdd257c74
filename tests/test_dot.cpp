// DOT output: one node per vertex, one edge per edge, labels and styles as documented.
#define BOOST_TEST_MODULE dot
#include <boost/test/unit_test.hpp>

#include <grundy/games/digraph.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/io/export_dot.hpp>
#include <grundy/solve.hpp>

#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

struct dot_counts {
  std::size_t nodes = 0, edges = 0, terminals = 0, p_positions = 0;
};

dot_counts count(const std::string& dot) {
  dot_counts c;
  std::istringstream in(dot);
  const std::regex node(R"(^(\d+)\[label=.*\]\s*;?$)"), edge(R"(^(\d+)->(\d+)\s*;?$)");
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, node)) {
      ++c.nodes;
      if (line.find("#303030") != std::string::npos) ++c.terminals;
      if (line.find("\\ng=0\"") != std::string::npos) ++c.p_positions;
    } else if (std::regex_match(line, edge)) {
      ++c.edges;
    }
  }
  return c;
}

template <class Game>
std::string dot_of(const Game& g, const typename Game::state_type& start, grundy::graph_statistics& stats) {
  const auto solved = grundy::solve(g, start);
  stats = solved.statistics;
  std::ostringstream os;
  grundy::write_dot(os, g, solved.graph, solved.values);
  return os.str();
}

} // namespace

BOOST_AUTO_TEST_CASE(tablettes_two_by_two) {
  const grundy::tablettes_game g(2, 2);
  grundy::graph_statistics s;
  const auto dot = dot_of(g, g.start(), s);
  const auto c = count(dot);
  BOOST_TEST(c.nodes == 12u);
  BOOST_TEST(c.edges == 16u);
  BOOST_TEST(c.terminals == s.terminals);
  BOOST_TEST(c.p_positions == s.value_counts[0]);
  BOOST_TEST(dot.find("digraph") == 0u);
  BOOST_TEST(dot.find("[[0,1],[0,1],[1,1],[1,1]]\\ng=1") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(nim_graph) {
  grundy::graph_statistics s;
  const auto c = count(dot_of(grundy::nim_game{}, grundy::heaps{1, 2, 3}, s));
  BOOST_TEST(c.nodes == s.vertices);
  BOOST_TEST(c.edges == s.edges);
  BOOST_TEST(c.terminals == 1u);
  BOOST_TEST(c.p_positions == s.value_counts[0]);
}

// The pictures in docs/ rely on these styles: terminal positions dark, the other P-positions
// shaded, N-positions left white, whatever the game.
BOOST_AUTO_TEST_CASE(styles_mark_terminals_and_p_positions) {
  grundy::graph_statistics s;
  const auto dot = dot_of(grundy::nim_game{}, grundy::heaps{1, 2, 3}, s);
  std::map<std::string, std::string> nodes; // id -> the node's line
  std::set<std::string> with_moves;
  std::istringstream in(dot);
  const std::regex node(R"(^(\d+)\[label=.*\]\s*;?$)"), edge(R"(^(\d+)->(\d+)\s*;?$)");
  std::smatch m;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, m, node))
      nodes[m[1]] = line;
    else if (std::regex_match(line, m, edge))
      with_moves.insert(m[1]);
  }
  BOOST_TEST(nodes.size() == s.vertices);
  std::size_t dark = 0, shaded = 0;
  for (const auto& [id, line] : nodes) {
    const bool terminal = !with_moves.contains(id);
    const bool p_position = line.find("\\ng=0\"") != std::string::npos;
    const bool is_dark = line.find("fillcolor=\"#303030\"") != std::string::npos;
    const bool is_shaded = line.find("fillcolor=\"#b8d4f0\"") != std::string::npos;
    BOOST_TEST_INFO("node " << line);
    BOOST_TEST(is_dark == terminal);
    BOOST_TEST(is_shaded == (p_position && !terminal));
    dark += is_dark;
    shaded += is_shaded;
  }
  // [] is the only terminal position; [1,1], [2,2] and [1,2,3] are the other P-positions.
  BOOST_TEST(dark == 1u);
  BOOST_TEST(shaded == 3u);
}

// A position is drawn under the name every front end shows, its portable name (a backslash of
// the file's name doubled), and each backslash of that is doubled again in the label, so that
// Graphviz reads none of its escapes (\N, \n) in it; "\n" then starts the value's line.
BOOST_AUTO_TEST_CASE(backslashes_of_names_are_kept) {
  const auto g = grundy::digraph_game::from_edges({"x\\", "z\\N"}, {{0, 1}});
  const auto solved = grundy::solve(g, g.position(std::vector<std::string>{"x\\"}));
  std::ostringstream dot;
  grundy::write_dot(dot, g, solved.graph, solved.values, &solved.infinite);
  BOOST_TEST(dot.str().find(R"(label="x\\\\\ng=1")") != std::string::npos, dot.str());
  BOOST_TEST(dot.str().find(R"(label="z\\\\N\ng=0")") != std::string::npos, dot.str());
}
