// The breadth-first builder and the Sprague-Grundy labelling, on games written in the test.
#define BOOST_TEST_MODULE graph
#include <boost/test/unit_test.hpp>

#include "test_games.hpp"

#include <grundy/games/nim.hpp>
#include <grundy/solve.hpp>

#include <boost/graph/adjacency_list.hpp>

#include <string>
#include <vector>

namespace {

// A subtraction game: take 1 or 2 tokens from a single heap; value n mod 3.
struct subtract_one_or_two {
  using state_type = unsigned;
  state_type canonical(state_type s) const { return s; }
  void successors(state_type s, std::vector<state_type>& out) const {
    for (unsigned k = 1; k <= 2 && k <= s; ++k)
      out.push_back(s - k);
  }
  std::string format(state_type s) const { return std::to_string(s); }
};
static_assert(grundy::game<subtract_one_or_two>);

using grundy_test::loop;
using grundy_test::messy_pairs;

} // namespace

BOOST_AUTO_TEST_CASE(a_game_written_in_a_few_lines) {
  const auto solved = grundy::solve(subtract_one_or_two{}, 10u);
  BOOST_TEST(solved.statistics.vertices == 11u);
  BOOST_TEST(solved.statistics.edges == 19u); // 2 moves from each heap of 2 or more, 1 from heap 1
  for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v)
    BOOST_TEST(solved.values[v] == solved.graph.states[v] % 3);
  BOOST_TEST(solved.graph.states[0] == 10u);
}

BOOST_AUTO_TEST_CASE(breadth_first_levels) {
  const auto gg = grundy::build_graph(grundy::nim_game{}, grundy::heaps{2, 3, 4});
  std::vector<std::size_t> level(gg.vertex_count());
  for (std::size_t k = 0; k + 1 < gg.level_starts.size(); ++k)
    for (auto v = gg.level_starts[k]; v < gg.level_starts[k + 1]; ++v)
      level[v] = k;
  std::vector<bool> reached_from_previous(gg.vertex_count(), false);
  for (grundy::vertex_id u = 0; u < gg.vertex_count(); ++u)
    for (auto e : boost::make_iterator_range(out_edges(u, gg.graph))) {
      const auto v = target(e, gg.graph);
      BOOST_TEST(level[v] <= level[u] + 1);
      if (level[v] == level[u] + 1) reached_from_previous[v] = true;
    }
  for (grundy::vertex_id v = 1; v < gg.vertex_count(); ++v)
    BOOST_TEST(reached_from_previous[v]);
  BOOST_TEST(gg.depth() == 4u); // one heap emptied per level at the quickest
}

BOOST_AUTO_TEST_CASE(duplicate_and_non_canonical_moves_make_one_edge) {
  const auto solved = grundy::solve(messy_pairs{}, std::vector<int>{3, 2});
  // Positions are the unordered pairs {a, b} with a <= 2 and b <= 3 (or swapped): 3*4 minus
  // the pairs counted twice = 9; each vertex's edges go to distinct positions.
  BOOST_TEST(solved.statistics.vertices == 9u);
  for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v) {
    std::vector<grundy::vertex_id> targets;
    for (auto e : boost::make_iterator_range(out_edges(v, solved.graph.graph)))
      targets.push_back(target(e, solved.graph.graph));
    std::sort(targets.begin(), targets.end());
    BOOST_TEST((std::adjacent_find(targets.begin(), targets.end()) == targets.end()));
  }
  BOOST_TEST(solved.statistics.start_value == (3u ^ 2u)); // it is two-heap Nim
  BOOST_TEST(solved.statistics.edges == solved.graph.edge_count());
  BOOST_TEST(solved.statistics.edges == num_edges(solved.graph.graph));
}

BOOST_AUTO_TEST_CASE(exploration_stops_at_the_state_limit) {
  try {
    grundy::build_options options;
    options.max_states = 20;
    grundy::build_graph(grundy::nim_game{}, grundy::heaps{6, 6, 6}, options);
    BOOST_FAIL("the limit did not stop exploration");
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    BOOST_TEST(e.reached().states == 20u);
    BOOST_TEST(std::string(e.what()).find("20") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(cycles_are_reported) {
  const auto gg = grundy::build_graph(loop{}, 0u);
  BOOST_TEST(gg.vertex_count() == 3u);
  BOOST_CHECK_THROW(grundy::sprague_grundy(gg.graph), grundy::not_acyclic);
}

// The labelling is a Boost.Graph algorithm: it runs on any incidence graph, here an
// adjacency_list whose vertex order is not topological.
BOOST_AUTO_TEST_CASE(labelling_works_on_any_boost_graph) {
  using graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  graph g(5);
  // 0 is terminal; 1 -> 0; 2 -> 1, 0; 3 -> 2; 4 -> 3, 2, 1
  add_edge(1, 0, g), add_edge(2, 1, g), add_edge(2, 0, g), add_edge(3, 2, g);
  add_edge(4, 3, g), add_edge(4, 2, g), add_edge(4, 1, g);
  const auto values = grundy::sprague_grundy(g);
  BOOST_TEST((values == std::vector<grundy::grundy_value>{0, 1, 2, 0, 3}));
  BOOST_TEST(!grundy::edges_ascend(g)); // so the topological sort, not the fast path, ran
}

BOOST_AUTO_TEST_CASE(statistics_count_values_and_terminals) {
  const auto solved = grundy::solve(subtract_one_or_two{}, 7u);
  const auto& s = solved.statistics;
  BOOST_TEST(s.terminals == 1u);
  BOOST_TEST(s.depth == 5u); // 7 -> 5 -> 3 -> 1 -> 0 at the quickest: levels 0..4
  BOOST_TEST(s.max_value == 2u);
  BOOST_TEST((s.value_counts == std::vector<std::uint64_t>{3, 3, 2}));
  BOOST_TEST(s.start_value == 1u);
  BOOST_TEST(s.peak_memory_bytes > 0u);
}
