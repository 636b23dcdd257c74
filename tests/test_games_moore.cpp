// Moore's Nim_k: moves, and Moore's rule for the P-positions against the labelled graph.
#define BOOST_TEST_MODULE games_moore
#include <boost/test/unit_test.hpp>

#include <grundy/games/moore.hpp>
#include <grundy/solve.hpp>
#include <grundy/strategy.hpp>

#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using grundy::heaps;
using grundy::moore_game;

BOOST_AUTO_TEST_CASE(moves_touch_one_to_k_heaps) {
  std::vector<heaps> out;
  moore_game(2).successors(heaps{1, 1, 1}, out);
  std::set<heaps> distinct;
  for (auto& m : out)
    distinct.insert(grundy::canonical_heaps(m));
  BOOST_TEST((distinct == std::set<heaps>{{1, 1}, {1}})); // not [] : three heaps at once is too many
  out.clear();
  moore_game(3).successors(heaps{1, 1, 1}, out);
  BOOST_TEST(std::set<heaps>(out.begin(), out.end()).count(heaps{}) == 1u);
  // Each position once, in canonical form: [1,1] and [1] (from one or two heaps) and [].
  BOOST_TEST(out.size() == 3u);
  BOOST_CHECK_THROW(moore_game(0), std::invalid_argument);
}

// The game checks its own k, so that every front end refuses the same values, with a message
// that names the range and the value and no front end's option.
BOOST_AUTO_TEST_CASE(k_from_1_to_64) {
  BOOST_CHECK_NO_THROW(moore_game(1));
  BOOST_TEST(moore_game(64).k() == 64u);
  for (unsigned k : {0u, 65u, 4'294'967'295u}) {
    try {
      [[maybe_unused]] const moore_game g(k);
      BOOST_ERROR("k = " << k << " accepted");
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      BOOST_TEST(what == "Moore's Nim needs k from 1 to 64 (the most heaps one move may take from), not " +
                             std::to_string(k));
    }
  }
}

// k = 1 is Nim: the same graph, the same values.
BOOST_AUTO_TEST_CASE(k_one_is_nim) {
  const auto moore = grundy::solve(moore_game(1), heaps{2, 3, 5});
  const auto nim = grundy::solve(grundy::nim_game{}, heaps{2, 3, 5});
  BOOST_TEST(moore.statistics.vertices == nim.statistics.vertices);
  BOOST_TEST(moore.statistics.edges == nim.statistics.edges);
  BOOST_TEST(moore.statistics.start_value == nim.statistics.start_value);
}

// Moore's theorem: every vertex of random graphs is a P-position exactly when each binary
// column's count of ones is a multiple of k + 1.
BOOST_AUTO_TEST_CASE(moore_rule_matches_the_graph) {
  std::mt19937 rng(1910);
  std::uniform_int_distribution<grundy::heap_size> size(0, 6);
  std::uniform_int_distribution<int> count(2, 5);
  for (unsigned k = 1; k <= 4; ++k)
    for (int trial = 0; trial < 8; ++trial) {
      heaps start;
      for (int n = count(rng); n > 0; --n)
        start.push_back(size(rng));
      const moore_game g(k);
      const auto solved = grundy::solve(g, start);
      for (std::size_t v = 0; v < solved.graph.vertex_count(); ++v)
        BOOST_TEST((solved.values[v] == 0) == grundy::moore_p_position(solved.graph.states[v], k),
                   "k " << k << " position " << g.format(solved.graph.states[v]));
    }
}

BOOST_AUTO_TEST_CASE(rule_examples) {
  BOOST_TEST(grundy::moore_p_position(heaps{1, 1, 1}, 2)); // three ones in column 0
  BOOST_TEST(!grundy::moore_p_position(heaps{1, 1}, 2));
  // 3, 5, 6 have two ones in each column: lost in Nim (k = 1), not when k = 2.
  BOOST_TEST(grundy::moore_p_position(heaps{3, 5, 6}, 1));
  BOOST_TEST(!grundy::moore_p_position(heaps{3, 5, 6}, 2));
  BOOST_TEST(grundy::moore_p_position(heaps{7, 7, 7}, 2));
  BOOST_TEST(grundy::moore_p_position(heaps{}, 3));
}
