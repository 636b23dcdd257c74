// The one labelling entry point, label(), and the one stop exception, grundy::stopped.
#define BOOST_TEST_MODULE label
#include <boost/test/unit_test.hpp>

#include <grundy/games/nim.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/label.hpp>
#include <grundy/solve.hpp>

#include <boost/graph/adjacency_list.hpp>

#include "stop_checks.hpp"
#include <atomic>
#include <string>
#include <vector>

namespace {

using grundy::outcome;
using digraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

// 0 is terminal; 1 -> 0; 2 -> 1, 0; 3 -> 2; 4 -> 3, 2, 1, in no topological vertex order.
digraph small_acyclic() {
  digraph g(5);
  add_edge(1, 0, g), add_edge(2, 1, g), add_edge(2, 0, g), add_edge(3, 2, g);
  add_edge(4, 3, g), add_edge(4, 2, g), add_edge(4, 1, g);
  return g;
}

// Two positions, each with one move, to the other: play never ends.
digraph two_cycle() {
  digraph g(2);
  add_edge(0, 1, g), add_edge(1, 0, g);
  return g;
}

} // namespace

// Worked by hand: mex of the successors' values, from the terminal up.
BOOST_AUTO_TEST_CASE(normal_play_values_and_outcomes) {
  const auto l = grundy::label(small_acyclic(), {.outcomes = true});
  BOOST_TEST((l.values == std::vector<grundy::grundy_value>{0, 1, 2, 0, 3}));
  BOOST_TEST(
      (l.outcomes == std::vector<outcome>{outcome::p, outcome::n, outcome::n, outcome::p, outcome::n}));
  BOOST_TEST(l.infinite.empty());
  BOOST_TEST(l.format_value(4) == "3");
  // Outcomes are filled only when asked for, and read off the values meanwhile.
  const auto plain = grundy::label(small_acyclic());
  BOOST_TEST(plain.outcomes.empty());
  BOOST_TEST((plain.outcome_of(3) == outcome::p));
}

// Misère by hand: the terminal 0 is won by its player to move (N, value 1); 1 can only move
// there (P, mex{1} = 0); 2 moves to 1 or 0 (N, mex{0, 1} = 2); 3 only to 2 (P, mex{2} = 0);
// 4 to 3, 2 or 1 (N, mex{0, 2, 0} = 1).
BOOST_AUTO_TEST_CASE(misere_play_gives_misere_values_and_outcomes) {
  const auto l = grundy::label(small_acyclic(), {.convention = grundy::play_convention::misere});
  BOOST_TEST(
      (l.outcomes == std::vector<outcome>{outcome::n, outcome::p, outcome::n, outcome::p, outcome::n}));
  BOOST_TEST((l.values == std::vector<grundy::grundy_value>{1, 0, 2, 0, 1}));
  BOOST_TEST((l.outcome_of(1) == outcome::p));
  BOOST_TEST(l.format_value(2) == "2");
}

// A cycle with no way out: ∞(∅) and a draw for both, unless cycles are refused.
BOOST_AUTO_TEST_CASE(cycles_generalized_or_refused) {
  const auto l = grundy::label(two_cycle(), {.outcomes = true});
  BOOST_TEST((l.values == std::vector<grundy::grundy_value>{grundy::infinity, grundy::infinity}));
  BOOST_TEST((l.outcomes == std::vector<outcome>{outcome::d, outcome::d}));
  BOOST_TEST(l.format_value(0) == "∞(∅)");
  BOOST_CHECK_THROW(grundy::label(two_cycle(), {.cycles = grundy::cycle_policy::refuse}),
                    grundy::not_acyclic);
  BOOST_CHECK_THROW(grundy::label(two_cycle(), {.convention = grundy::play_convention::misere}),
                    grundy::not_acyclic);
}

// Misère play on graphs with cycles, by hand. a <-> b, b -> c, c terminal: at c the player to
// move has won (1); moving from b to c loses, so b moves to a, a can only come back: a and b are
// draws, b's value ∞(1) and a's ∞(∅). Add d -> c: d must move to c and lose (0), so e -> d wins.
BOOST_AUTO_TEST_CASE(misere_values_with_cycles) {
  digraph g(5);
  add_edge(0, 1, g), add_edge(1, 0, g), add_edge(1, 2, g), add_edge(3, 2, g), add_edge(4, 3, g);
  const auto l = grundy::misere_values_with_cycles(g);
  BOOST_TEST(l.format_value(0) == "∞(∅)");
  BOOST_TEST(l.format_value(1) == "∞(1)");
  BOOST_TEST((l.values[2] == 1 && l.values[3] == 0 && l.values[4] == 1));
  BOOST_TEST(
      (l.outcomes == std::vector<outcome>{outcome::d, outcome::d, outcome::n, outcome::p, outcome::n}));
  // Without a cycle: misere_values and its outcomes.
  const auto acyclic = grundy::misere_values_with_cycles(small_acyclic());
  BOOST_TEST((acyclic.values == grundy::misere_values(small_acyclic())));
  BOOST_TEST(acyclic.infinite.empty());
  BOOST_TEST((acyclic.outcomes == grundy::misere_outcomes(small_acyclic())));
}

// A graded game's graph is labelled level by level, or, built without edges, by regenerating its
// moves: the values are those of the plain labelling of the graph with edges either way.
BOOST_AUTO_TEST_CASE(game_graphs_with_and_without_edges) {
  const grundy::tablettes_game game(3, 2);
  const auto with_edges = grundy::build_graph(game, game.start());
  const auto reference = grundy::sprague_grundy(with_edges.graph);
  BOOST_TEST(grundy::label(game, with_edges, {.threads = 2}).values == reference);
  BOOST_TEST(grundy::label(game, with_edges).values == grundy::label(with_edges.graph).values);
  grundy::build_options options;
  options.keep_edges = false;
  const auto without = grundy::build_graph(game, game.start(), options);
  BOOST_TEST(!without.has_edges());
  BOOST_TEST(grundy::label(game, without).values == reference);
  BOOST_CHECK_THROW(grundy::label(game, without, {.convention = grundy::play_convention::misere}),
                    std::invalid_argument);
  // The misère outcomes of the game graph are those of its Boost graph.
  const auto misere = grundy::label(game, with_edges, {.convention = grundy::play_convention::misere});
  BOOST_TEST((misere.outcomes == grundy::misere_outcomes(with_edges.graph)));
}

// The algorithms label() chooses between give what label() gives.
BOOST_AUTO_TEST_CASE(algorithms_agree_with_label) {
  const auto g = small_acyclic();
  BOOST_TEST((grundy::misere_outcomes(g) ==
              grundy::label(g, {.convention = grundy::play_convention::misere}).outcomes));
  BOOST_TEST(grundy::generalized_sprague_grundy(g).values == grundy::label(g).values);
  BOOST_TEST(grundy::generalized_sprague_grundy(two_cycle()).values == grundy::label(two_cycle()).values);
  const auto solved = grundy::solve(grundy::nim_game{}, grundy::heaps{3, 2});
  BOOST_TEST(solved.values == grundy::label(grundy::nim_game{}, solved.graph).values);
  BOOST_TEST(solved.format_value(0) == "1"); // 3 xor 2
}

// Every early stop is a grundy::stopped that says why and, for an exploration, how far it got.
BOOST_AUTO_TEST_CASE(one_stop_type_with_reason_and_figures) {
  grundy::build_options options;
  options.max_states = 20;
  try {
    grundy::build_graph(grundy::nim_game{}, grundy::heaps{6, 6, 6}, options);
    BOOST_FAIL("the limit did not stop exploration");
  } catch (const grundy::stopped& e) {
    BOOST_TEST((e.reason() == grundy::stop_reason::states));
    BOOST_TEST(e.by_limit());
    BOOST_TEST(e.reached().states == 20u);
    BOOST_TEST(std::string(e.what()) ==
               "exploration stopped: the graph has more than the limit of 20 positions");
    BOOST_TEST(e.has_figures());
  }
  std::atomic<bool> stop{true};
  options = {};
  options.stop = &stop;
  try {
    grundy::build_graph(grundy::nim_game{}, grundy::heaps{6, 6, 6}, options);
    BOOST_FAIL("the flag did not stop exploration");
  } catch (const grundy::stopped& e) {
    BOOST_TEST((e.reason() == grundy::stop_reason::interrupted));
    BOOST_TEST(!e.by_limit());
    BOOST_TEST(std::string(e.what()) == "interrupted");
    BOOST_TEST(e.has_figures());
  }
  const auto gg = grundy::build_graph(grundy::nim_game{}, grundy::heaps{6, 6, 6});
  try {
    grundy::label(gg.graph, {.stop = &stop});
    BOOST_FAIL("the flag did not stop labelling");
  } catch (const grundy::stopped& e) {
    BOOST_TEST((e.reason() == grundy::stop_reason::interrupted));
    BOOST_TEST(std::string(e.what()) == "labelling was stopped");
    // Not an exploration's stop: no figures, so that a front end shows the message alone.
    BOOST_TEST(!e.has_figures());
  }
  BOOST_CHECK_THROW(throw grundy::io::output_interrupted("interrupted: x was not written"), grundy::stopped);
}

BOOST_AUTO_TEST_CASE(colors_is_the_spelling_and_colours_its_alias) {
  const grundy::tablettes_game game(std::vector<unsigned>{3, 1});
  BOOST_TEST(game.colors() == 2u);
  BOOST_TEST(game.colors() == game.colors());
  BOOST_TEST((game.tablets_per_color() == std::vector<unsigned>{3, 1}));
  BOOST_TEST((game.tablets_per_color() == game.tablets_per_color()));
}

// solve() stopped by a limit during exploration throws the limit, and frees what it had built
// once (its result, a labelling with the graph beside it, is made after the graph).
BOOST_AUTO_TEST_CASE(solve_stops_cleanly_at_a_limit) {
  grundy::build_options options;
  options.max_states = 20;
  BOOST_CHECK_EXCEPTION(grundy::solve(grundy::nim_game{}, grundy::heaps{6, 6, 6}, options), grundy::stopped,
                        grundy::test::stopped_by_limit);
}
