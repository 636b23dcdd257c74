// Nim positions: canonical form, moves, and Bouton's theorem against the labelled graph.
#define BOOST_TEST_MODULE games_nim
#include <boost/test/unit_test.hpp>

#include <grundy/games/nim.hpp>
#include <grundy/solve.hpp>

#include <random>
#include <set>
#include <vector>

using grundy::heaps;
using grundy::nim_game;

BOOST_AUTO_TEST_CASE(canonical_form_sorts_and_drops_empty_heaps) {
  const nim_game g;
  BOOST_TEST((g.canonical(heaps{5, 0, 3, 4, 0}) == heaps{3, 4, 5}));
  BOOST_TEST((g.canonical(heaps{0, 0}) == heaps{}));
  BOOST_TEST(g.format(heaps{3, 4, 5}) == "[3,4,5]");
  BOOST_TEST(g.format(heaps{}) == "[]");
}

BOOST_AUTO_TEST_CASE(moves_take_from_one_heap) {
  const nim_game g;
  std::vector<heaps> out;
  g.successors(heaps{2, 2}, out);
  std::set<heaps> distinct;
  for (auto& m : out) distinct.insert(g.canonical(m));
  BOOST_TEST((distinct == std::set<heaps>{{2}, {1, 2}}));
}

// A single heap of n: n + 1 positions, and every smaller heap is one move away.
BOOST_AUTO_TEST_CASE(single_heap_graph) {
  for (grundy::heap_size n = 0; n <= 12; ++n) {
    const auto solved = grundy::solve(nim_game{}, heaps{n});
    BOOST_TEST(solved.statistics.vertices == n + 1);
    BOOST_TEST(solved.statistics.edges == std::uint64_t{n} * (n + 1) / 2);
    BOOST_TEST(solved.statistics.start_value == n);
    BOOST_TEST(solved.statistics.terminals == 1u);
  }
}

// Bouton: a Nim position's value is the XOR of its heap sizes, at every vertex of the graph.
BOOST_AUTO_TEST_CASE(value_is_xor_of_heaps) {
  std::mt19937 rng(2024);
  std::uniform_int_distribution<grundy::heap_size> size(0, 9);
  std::uniform_int_distribution<int> count(1, 4);
  for (int trial = 0; trial < 25; ++trial) {
    heaps start;
    for (int k = count(rng); k > 0; --k) start.push_back(size(rng));
    const auto solved = grundy::solve(nim_game{}, start);
    for (std::size_t v = 0; v < solved.graph.vertex_count(); ++v) {
      grundy::grundy_value x = 0;
      for (auto h : solved.graph.states[v]) x ^= h;
      BOOST_TEST(solved.values[v] == x);
    }
  }
}

// The seed's examples: 7, 2, 6 has XOR 3 and 8, 6, 3 has XOR 13 (both wins for the mover);
// 4, 2, 6 has XOR 0 (a loss).
BOOST_AUTO_TEST_CASE(seed_positions) {
  BOOST_TEST(grundy::solve(nim_game{}, heaps{7, 2, 6}).statistics.start_value == 3u);
  BOOST_TEST(grundy::solve(nim_game{}, heaps{8, 6, 3}).statistics.start_value == 13u);
  BOOST_TEST((grundy::solve(nim_game{}, heaps{4, 2, 6}).statistics.start_outcome() == grundy::outcome::p));
}
