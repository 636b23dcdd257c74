// Misère outcomes from the game graph: misère Nim's rule, Fort Boyard, and small graphs by hand.
#define BOOST_TEST_MODULE misere
#include <boost/test/unit_test.hpp>

#include <grundy/games/nim.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/graph.hpp>
#include <grundy/misere.hpp>
#include <grundy/strategy.hpp>

#include <boost/graph/adjacency_list.hpp>

#include "stop_checks.hpp"
#include <atomic>
#include <random>
#include <vector>

using grundy::heaps;
using grundy::outcome;
using grundy::play_convention;

// A path a -> b -> c: c has no move, so under misère play its player to move has won (N);
// b must move to c and loses (P); a moves to b and wins.
BOOST_AUTO_TEST_CASE(path_by_hand) {
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> g(3);
  add_edge(0, 1, g);
  add_edge(1, 2, g);
  const auto o = grundy::misere_outcomes(g);
  BOOST_TEST((o == std::vector<outcome>{outcome::n, outcome::p, outcome::n}));
  const auto normal = grundy::label(g, {.outcomes = true}).outcomes;
  BOOST_TEST((normal == std::vector<outcome>{outcome::p, outcome::n, outcome::p}));
  BOOST_TEST(grundy::count_p_positions(o) == 1u);
}

BOOST_AUTO_TEST_CASE(cycles_are_refused) {
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> g(2);
  add_edge(0, 1, g);
  add_edge(1, 0, g);
  BOOST_CHECK_THROW(grundy::misere_outcomes(g), grundy::not_acyclic);
}

// Misère Nim: every vertex of random Nim graphs is labelled as the rule says.
BOOST_AUTO_TEST_CASE(misere_nim_rule_matches_the_graph) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<grundy::heap_size> size(0, 7);
  std::uniform_int_distribution<int> count(1, 4);
  for (int trial = 0; trial < 30; ++trial) {
    heaps start;
    for (int k = count(rng); k > 0; --k)
      start.push_back(size(rng));
    const auto gg = grundy::build_graph(grundy::nim_game{}, start);
    const auto o = grundy::misere_outcomes(gg.graph);
    for (std::size_t v = 0; v < gg.vertex_count(); ++v) {
      const bool p = grundy::nim_p_position(gg.states[v], play_convention::misere);
      BOOST_TEST((o[v] == outcome::p) == p, "position " << grundy::format_heaps(gg.states[v]));
    }
  }
}

// Fort Boyard (0.333, take 1 to 3): a multiple of 4 loses in normal play; in misère play the
// losing heaps are those of 4k + 1 tokens, found with no code for that game.
BOOST_AUTO_TEST_CASE(fort_boyard_both_ways) {
  const grundy::octal_game g(grundy::octal_code::parse("0.333"));
  for (grundy::heap_size n = 0; n <= 40; ++n) {
    const heaps h = n ? heaps{n} : heaps{};
    BOOST_TEST((grundy::position_outcome(g, h) == outcome::p) == (n % 4 == 0), "heap " << n);
    BOOST_TEST((grundy::position_outcome(g, h, play_convention::misere) == outcome::p) == (n % 4 == 1),
               "misère heap " << n);
  }
  // The winning move from 21 takes 1 and leaves 20; under misère play it takes 0 mod 4: leaves 17.
  BOOST_TEST((grundy::winning_moves(g, heaps{21}) == std::vector<heaps>{{20}}));
  BOOST_TEST((grundy::winning_moves(g, heaps{20}, play_convention::misere) == std::vector<heaps>{{17}}));
  BOOST_TEST(grundy::winning_moves(g, heaps{20}).empty());
}

// A stop flag already set stops the labelling at its first check; clear, it changes nothing.
BOOST_AUTO_TEST_CASE(misere_labelling_stops_on_the_flag) {
  const auto graph = grundy::build_graph(grundy::nim_game{}, heaps{3, 4, 5});
  std::atomic<bool> stop{true};
  BOOST_CHECK_EXCEPTION(grundy::misere_outcomes(graph.graph, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  stop = false;
  BOOST_TEST((grundy::misere_outcomes(graph.graph, &stop) == grundy::misere_outcomes(graph.graph)));
}

// Misère values of every position of random Nim graphs against misère Nim's theory: the XOR of
// the heaps, unless every heap is 0 or 1, then 1 XOR that XOR (Bouton; Conway's G⁻).
BOOST_AUTO_TEST_CASE(misere_values_of_nim_follow_the_theory) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<grundy::heap_size> size(0, 6);
  std::uniform_int_distribution<int> count(1, 4);
  for (int trial = 0; trial < 30; ++trial) {
    heaps start;
    for (int k = count(rng); k > 0; --k)
      start.push_back(size(rng));
    const auto gg = grundy::build_graph(grundy::nim_game{}, start);
    const auto values = grundy::misere_values(gg.graph);
    const auto labelled = grundy::label(gg.graph, {.convention = play_convention::misere});
    BOOST_TEST(labelled.values == values);
    BOOST_TEST((labelled.outcomes == grundy::misere_outcomes(gg.graph)));
    for (std::size_t v = 0; v < gg.vertex_count(); ++v) {
      grundy::grundy_value x = 0;
      bool small = true;
      for (auto h : gg.states[v]) {
        x ^= h;
        small = small && h <= 1;
      }
      BOOST_TEST(values[v] == (small ? 1 ^ x : x), "position " << grundy::format_heaps(gg.states[v]));
    }
  }
}

// Misère values refuse a graph with a cycle, as misère outcomes do, and stop on the flag.
BOOST_AUTO_TEST_CASE(misere_values_refuse_cycles_and_stop) {
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> g(2);
  add_edge(0, 1, g);
  add_edge(1, 0, g);
  BOOST_CHECK_THROW(grundy::misere_values(g), grundy::not_acyclic);
  const auto graph = grundy::build_graph(grundy::nim_game{}, heaps{3, 4, 5});
  std::atomic<bool> stop{true};
  BOOST_CHECK_EXCEPTION(grundy::misere_values(graph.graph, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
}
