// Tablettes: the seed's examples (empile, coups, init, graphe) and its counts.
#define BOOST_TEST_MODULE games_tablettes
#include <boost/test/unit_test.hpp>

#include <grundy/games/tablettes.hpp>
#include <grundy/solve.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

using grundy::pile;
using grundy::tablettes_game;
using state = tablettes_game::state_type;

namespace {

// The seed writes positions as lists of [colour, height].
state make(std::initializer_list<std::pair<int, int>> piles) {
  state s;
  for (auto [c, h] : piles) s.push_back(pile{static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(h)});
  return s;
}

std::set<state> moves_of(const tablettes_game& g, const state& s) {
  std::vector<state> out;
  g.successors(s, out);
  std::set<state> r;
  for (auto& m : out) r.insert(g.canonical(m));
  return r;
}

} // namespace

BOOST_AUTO_TEST_CASE(empile_examples_of_the_seed) {
  const auto x = make({{0, 1}, {0, 1}, {1, 1}, {1, 1}});
  BOOST_TEST((tablettes_game::stack(x, 0, 1) == std::vector<state>{make({{0, 2}, {1, 1}, {1, 1}})}));
  BOOST_TEST((tablettes_game::stack(x, 0, 3) ==
              std::vector<state>{make({{0, 1}, {0, 2}, {1, 1}}), make({{0, 1}, {1, 1}, {1, 2}})}));
  BOOST_TEST(tablettes_game::stack(make({{0, 2}, {1, 1}, {1, 1}}), 0, 1).empty());
}

BOOST_AUTO_TEST_CASE(coups_examples_of_the_seed) {
  const tablettes_game g(2, 4);
  BOOST_TEST((moves_of(g, make({{0, 2}, {0, 3}, {1, 1}, {1, 2}})) ==
              std::set<state>{make({{0, 5}, {1, 1}, {1, 2}}), make({{0, 3}, {0, 4}, {1, 1}}),
                              make({{0, 3}, {1, 1}, {1, 4}}), make({{0, 2}, {0, 3}, {1, 3}})}));
  BOOST_TEST((moves_of(g, make({{0, 1}, {0, 1}, {1, 1}, {1, 1}})) ==
              std::set<state>{make({{0, 2}, {1, 1}, {1, 1}}), make({{0, 1}, {0, 2}, {1, 1}}),
                              make({{0, 1}, {1, 1}, {1, 2}}), make({{0, 1}, {0, 1}, {1, 2}})}));
}

BOOST_AUTO_TEST_CASE(successors_are_distinct_and_canonical) {
  const tablettes_game g(3, 3);
  std::vector<state> out;
  g.successors(g.start(), out);
  std::set<state> distinct(out.begin(), out.end());
  BOOST_TEST(distinct.size() == out.size());
  for (auto& s : out) BOOST_TEST(std::is_sorted(s.begin(), s.end()));
}

BOOST_AUTO_TEST_CASE(init_example_of_the_seed) {
  const tablettes_game g(3, 4);
  BOOST_TEST((g.start() == make({{0, 1}, {0, 1}, {0, 1}, {0, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {2, 1},
                                 {2, 1}, {2, 1}, {2, 1}})));
  BOOST_TEST(g.format(make({{0, 2}, {1, 1}})) == "[[0,2],[1,1]]");
}

// The seed's graphe(2, 2), every position with its successors.
BOOST_AUTO_TEST_CASE(graphe_example_of_the_seed) {
  const std::map<state, std::set<state>> seed{
      {make({{0, 1}, {0, 1}, {1, 1}, {1, 1}}),
       {make({{0, 2}, {1, 1}, {1, 1}}), make({{0, 1}, {0, 2}, {1, 1}}), make({{0, 1}, {1, 1}, {1, 2}}),
        make({{0, 1}, {0, 1}, {1, 2}})}},
      {make({{0, 2}, {1, 1}, {1, 1}}), {make({{0, 2}, {1, 2}})}},
      {make({{0, 1}, {0, 2}, {1, 1}}), {make({{0, 3}, {1, 1}}), make({{0, 2}, {0, 2}}), make({{0, 2}, {1, 2}})}},
      {make({{0, 1}, {1, 1}, {1, 2}}), {make({{0, 2}, {1, 2}}), make({{1, 2}, {1, 2}}), make({{0, 1}, {1, 3}})}},
      {make({{0, 1}, {0, 1}, {1, 2}}), {make({{0, 2}, {1, 2}})}},
      {make({{0, 2}, {1, 2}}), {make({{0, 4}}), make({{1, 4}})}},
      {make({{0, 3}, {1, 1}}), {}},
      {make({{0, 2}, {0, 2}}), {make({{0, 4}})}},
      {make({{1, 2}, {1, 2}}), {make({{1, 4}})}},
      {make({{0, 1}, {1, 3}}), {}},
      {make({{0, 4}}), {}},
      {make({{1, 4}}), {}},
  };
  const tablettes_game g(2, 2);
  const auto gg = grundy::build_graph(g, g.start());
  BOOST_TEST(gg.vertex_count() == seed.size());
  for (grundy::vertex_id v = 0; v < gg.vertex_count(); ++v) {
    std::set<state> succ;
    for (auto e : boost::make_iterator_range(out_edges(v, gg.graph))) succ.insert(gg.states[target(e, gg.graph)]);
    const auto it = seed.find(gg.states[v]);
    BOOST_TEST_REQUIRE((it != seed.end()), "unexpected position " << g.format(gg.states[v]));
    BOOST_TEST((succ == it->second), "successors of " << g.format(gg.states[v]));
  }
}

BOOST_AUTO_TEST_CASE(counts_of_the_seed_table) {
  struct cell {
    unsigned c, n;
    std::uint64_t vertices, edges;
  };
  // The two cells the seed gives (N1 = len(Graphe), N2 = number of moves).
  for (auto [c, n, vertices, edges] : {cell{2, 2, 12, 16}, cell{3, 4, 4220, 23487}}) {
    const tablettes_game g(c, n);
    const auto solved = grundy::solve(g, g.start());
    BOOST_TEST(solved.statistics.vertices == vertices);
    BOOST_TEST(solved.statistics.edges == edges);
  }
}

// With one colour every move stacks two piles of one colour, so the positions are the
// partitions of N tablets into piles and the game lasts exactly N - 1 moves.
BOOST_AUTO_TEST_CASE(one_colour_is_partitions) {
  const std::uint64_t partitions[] = {0, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42};
  for (unsigned n = 1; n <= 10; ++n) {
    const tablettes_game g(1, n);
    const auto solved = grundy::solve(g, g.start());
    BOOST_TEST(solved.statistics.vertices == partitions[n]);
    BOOST_TEST(solved.statistics.depth == n);
    BOOST_TEST(solved.statistics.start_value == (n - 1) % 2);
  }
}

BOOST_AUTO_TEST_CASE(every_move_merges_two_piles) {
  const tablettes_game g(3, 3);
  const auto gg = grundy::build_graph(g, g.start());
  for (grundy::vertex_id v = 0; v < gg.vertex_count(); ++v) {
    unsigned total = 0;
    for (auto p : gg.states[v]) total += p.height;
    BOOST_TEST(total == 9u);
    for (auto e : boost::make_iterator_range(out_edges(v, gg.graph)))
      BOOST_TEST(gg.states[target(e, gg.graph)].size() + 1 == gg.states[v].size());
  }
}

BOOST_AUTO_TEST_CASE(invalid_sizes_are_rejected) {
  BOOST_CHECK_THROW(tablettes_game(0, 3), std::invalid_argument);
  BOOST_CHECK_THROW(tablettes_game(3, 0), std::invalid_argument);
  BOOST_CHECK_THROW(tablettes_game(16, 16), std::invalid_argument);
}
