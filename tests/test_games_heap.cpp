// Heap games under any heap rule: the game graph of sums of heaps against the XOR of the
// single-heap values, published values of Grundy's game, S(1,3,4) and take-a-square, and the
// XOR rule's winning moves against the graph.
#define BOOST_TEST_MODULE games_heap
#include <boost/test/unit_test.hpp>

#include <grundy/games/heap.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/heap/sequence.hpp>
#include <grundy/solve.hpp>
#include <grundy/strategy.hpp>

#include "stop_checks.hpp"
#include <algorithm>
#include <cstdint>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

using grundy::heap_game;
using grundy::heap_rule;
using grundy::heaps;

namespace {

std::set<heaps> moves_of(const heap_game& g, const heaps& s) {
  std::vector<heaps> out;
  g.successors(s, out);
  std::set<heaps> r;
  for (auto& m : out)
    r.insert(g.canonical(m));
  return r;
}

// The value of a single heap from its own game graph, independent of heap_values.
grundy::grundy_value graph_value(const heap_game& g, grundy::heap_size n) {
  return grundy::solve(g, heaps{n}).statistics.start_value;
}

const char* const rules[] = {"S(1,3,4)", "allbut(2,3)", "grundy", "squares", "0.07", "4.7", "S(2,5,7)"};

} // namespace

BOOST_AUTO_TEST_CASE(moves_follow_the_rule) {
  const heap_game s134(heap_rule::parse("S(1,3,4)"));
  BOOST_TEST((moves_of(s134, heaps{4}) == std::set<heaps>{{3}, {1}, {}}));
  BOOST_TEST((moves_of(s134, heaps{2, 2}) == std::set<heaps>{{1, 2}}));
  const heap_game grundys(heap_rule::grundys_game());
  BOOST_TEST((moves_of(grundys, heaps{6}) == std::set<heaps>{{1, 5}, {2, 4}})); // not 3 + 3
  BOOST_TEST(moves_of(grundys, heaps{2, 2}).empty());
  const heap_game squares(heap_rule::take_a_square());
  BOOST_TEST((moves_of(squares, heaps{9}) == std::set<heaps>{{8}, {5}, {}}));
  const heap_game all_but(heap_rule::parse("allbut(1)"));
  BOOST_TEST((moves_of(all_but, heaps{3}) == std::set<heaps>{{1}, {}}));
}

// Published values: Grundy's game (OEIS A002188), take-a-square (A014586), S(1,3,4) (period 7:
// 0,1,0,1,2,3,2, Winning Ways), each against the game graph of a single heap.
BOOST_AUTO_TEST_CASE(published_values) {
  const std::vector<grundy::grundy_value> grundys{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0,
                                                  2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
  const std::vector<grundy::grundy_value> squares{0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0,
                                                  1, 0, 1, 2, 0, 1, 0, 1, 2, 0};
  const std::vector<grundy::grundy_value> s134{0, 1, 0, 1, 2, 3, 2};
  const heap_game g(heap_rule::grundys_game()), sq(heap_rule::take_a_square()),
      sub(heap_rule::parse("S(1,3,4)"));
  for (grundy::heap_size n = 0; n < grundys.size(); ++n) {
    BOOST_TEST(graph_value(g, n) == grundys[n], "Grundy's game, heap " << n);
    BOOST_TEST(graph_value(sq, n) == squares[n], "take-a-square, heap " << n);
    BOOST_TEST(graph_value(sub, n) == s134[n % 7], "S(1,3,4), heap " << n);
  }
}

// Sprague-Grundy: every vertex of the graph of a sum of heaps has the XOR of heap_values.
BOOST_AUTO_TEST_CASE(value_of_a_sum_is_the_xor_of_heap_values) {
  for (const char* text : rules) {
    const heap_game g(heap_rule::parse(text));
    const auto single = grundy::heap_values(g.rule(), 14);
    const auto solved = grundy::solve(g, heaps{5, 9, 13});
    BOOST_TEST(solved.graph.vertex_count() > 20u);
    for (std::size_t v = 0; v < solved.graph.vertex_count(); ++v) {
      grundy::grundy_value x = 0;
      for (auto h : solved.graph.states[v])
        x ^= single[h];
      BOOST_TEST(solved.values[v] == x, text << " at " << g.format(solved.graph.states[v]));
    }
  }
}

// An octal code as a heap rule is the octal game: the same graph and the same values.
BOOST_AUTO_TEST_CASE(octal_rule_is_the_octal_game) {
  for (const char* code : {"0.07", "0.137", "4.7"}) {
    const auto a = grundy::solve(heap_game(heap_rule::parse(code)), heaps{6, 11});
    const auto b = grundy::solve(grundy::octal_game(grundy::octal_code::parse(code)), heaps{6, 11});
    BOOST_TEST(a.statistics.vertices == b.statistics.vertices);
    BOOST_TEST(a.statistics.edges == b.statistics.edges);
    BOOST_TEST(a.values == b.values);
  }
}

// The XOR rule's outcomes and winning moves are the game graph's, at every vertex of a sum.
BOOST_AUTO_TEST_CASE(strategy_agrees_with_the_graph) {
  for (const char* text : rules) {
    const heap_game g(heap_rule::parse(text));
    const heaps start{4, 7, 10};
    const auto strategy = grundy::make_strategy(g, start);
    const grundy::graph_strategy<heap_game> reference(g, start);
    const auto solved = grundy::solve(g, start);
    for (const auto& s : solved.graph.states) {
      BOOST_TEST((strategy.outcome_of(s) == reference.outcome_of(s)), text << " at " << g.format(s));
      auto mine = strategy.winning_moves(s), theirs = reference.winning_moves(s);
      BOOST_TEST(strategy.winning_move_count(s) == mine.size());
      std::sort(mine.begin(), mine.end());
      std::sort(theirs.begin(), theirs.end());
      BOOST_TEST((mine == theirs), text << " at " << g.format(s));
    }
  }
}

// A user's rule: any function from a heap to its options, here Grundy's game again, and a
// rule whose option does not shrink the heap is refused.
BOOST_AUTO_TEST_CASE(user_rules) {
  const auto split = heap_rule::user("split", [](grundy::heap_size h, const auto& emit) {
    for (grundy::heap_size a = 1; 2 * a < h; ++a) {
      const grundy::heap_size two[2] = {a, h - a};
      emit(std::span<const grundy::heap_size>(two));
      emit(std::span<const grundy::heap_size>(two)); // repeated options are one move
    }
  });
  const heap_game mine(split), reference(heap_rule::grundys_game());
  const auto a = grundy::solve(mine, heaps{9, 12}), b = grundy::solve(reference, heaps{9, 12});
  BOOST_TEST(a.values == b.values);
  const auto moves = grundy::make_strategy(mine, heaps{9, 12}).winning_moves(heaps{9, 12});
  BOOST_TEST((moves == grundy::make_strategy(reference, heaps{9, 12}).winning_moves(heaps{9, 12})));
  const heap_game bad(heap_rule::user("grow", [](grundy::heap_size h, const auto& emit) {
    const grundy::heap_size one[1] = {h};
    emit(std::span<const grundy::heap_size>(one));
  }));
  BOOST_CHECK_THROW(grundy::solve(bad, heaps{3}), grundy::invalid_heap_rule);
}

// Misère play goes through the game graph: the strategy's outcomes are the graph's.
BOOST_AUTO_TEST_CASE(misere_play_by_the_graph) {
  const heap_game g(heap_rule::parse("S(1,3,4)"));
  const auto strategy = grundy::make_strategy(g, heaps{3, 5}, grundy::play_convention::misere);
  const auto reference = grundy::graph_strategy<heap_game>(g, heaps{3, 5}, grundy::play_convention::misere);
  BOOST_TEST((strategy.outcome_of(heaps{3, 5}) == reference.outcome_of(heaps{3, 5})));
  BOOST_TEST((strategy.winning_moves(heaps{3, 5}) == reference.winning_moves(heaps{3, 5})));
  // A single heap of 1: in misère play the player who takes it loses.
  BOOST_TEST((grundy::make_strategy(g, heaps{1}, grundy::play_convention::misere).outcome_of(heaps{1}) ==
              grundy::outcome::p));
}

// "allbut()" excludes nothing: any number may be taken, which is Nim. str() writes that rule
// so (a Python Subtraction([], all_but=True) names itself by it), and parse reads it back.
BOOST_AUTO_TEST_CASE(all_but_nothing_is_nim) {
  const auto rule = heap_rule::parse("allbut()");
  BOOST_TEST((rule == heap_rule::subtraction({}, true)));
  BOOST_TEST(heap_rule::parse(" ALLBUT( ) ").str() == "allbut()");
  BOOST_TEST((heap_rule::parse(rule.str()) == rule));
  BOOST_TEST((moves_of(heap_game(rule), heaps{3}) == std::set<heaps>{{2}, {1}, {}}));
  BOOST_CHECK_THROW(heap_rule::parse("S()"), grundy::invalid_heap_rule); // a set with nothing to take
}

// Misère play explores the graph, which takes the start position's moves at once: a heap of
// 2^32 - 1 tokens of 0.07 (about 2^33 moves, hundreds of GB) is refused before any is made,
// where it ran out of memory after a minute.
BOOST_AUTO_TEST_CASE(misere_play_refuses_moves_past_the_memory_limit) {
  const heap_game g(heap_rule::parse("0.07"));
  grundy::build_options options;
  options.max_memory = std::uint64_t{1} << 30;
  BOOST_CHECK_EXCEPTION(
      grundy::make_strategy(g, heaps{4294967295u}, grundy::play_convention::misere, options), grundy::stopped,
      grundy::test::stopped_by_limit);
  const grundy::octal_game octal(grundy::octal_code::parse("0.07"));
  BOOST_CHECK_EXCEPTION(
      grundy::make_strategy(octal, heaps{4294967295u}, grundy::play_convention::misere, options),
      grundy::stopped, grundy::test::stopped_by_limit);
  // Small positions are played as before: 0.07 takes no single token, so a heap of 1 has no
  // move, which in misère play the player to move has won.
  BOOST_TEST(
      (grundy::make_strategy(g, heaps{1}, grundy::play_convention::misere, options).outcome_of(heaps{1}) ==
       grundy::outcome::n));
}

// The memory check counts a heap's moves from its rule without listing them: the count agrees
// with the options listed for every small heap, and for huge heaps is the rule's own (three
// for S(1,3,4) whatever the heap), not one per token.
BOOST_AUTO_TEST_CASE(option_counts_follow_the_rule) {
  for (const char* text :
       {"0.07", "0.137", "4.7", "0.8", "0.F", "S(1,3,4)", "allbut(1,2)", "grundy", "squares"}) {
    const auto rule = heap_rule::parse(text);
    for (grundy::heap_size h = 0; h <= 80; ++h) {
      std::uint64_t listed = 0;
      rule.for_each_option(h, [&](std::span<const grundy::heap_size>) { ++listed; });
      BOOST_TEST(grundy::heap_option_count(rule, h) == listed, text << " at " << h);
    }
  }
  BOOST_TEST(grundy::heap_option_count(heap_rule::parse("S(1,3,4)"), 1'000'000'000) == 3u);
  BOOST_TEST(grundy::heap_option_count(heap_rule::parse("grundy"), 1'000'000'000) == 499'999'999u);
  BOOST_TEST(grundy::heap_option_count(heap_rule::parse("squares"), 1'000'000'000) == 31'622u);
  BOOST_TEST(grundy::heap_option_count(heap_rule::parse("0.07"), 4'294'967'295u) == 2'147'483'646u + 1);
  // S(1,3,4) at 10^9 holds three moves: no memory limit refuses them.
  BOOST_CHECK_NO_THROW(
      grundy::check_heap_expansion(heaps{1'000'000'000}, heap_rule::parse("S(1,3,4)"), 1 << 20));
  try {
    grundy::check_heap_expansion(heaps{1'000'000'000}, heap_rule::parse("grundy"), std::uint64_t{1} << 30);
    BOOST_ERROR("Grundy's game at 10^9 fits 1 GB");
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    BOOST_TEST(std::string(e.what()).find("about 499999999 moves") != std::string::npos, e.what());
  }
}

// A finite subtraction set answers heaps past a million from its proven period: S(1,3,4)
// repeats 0, 1, 0, 1, 2, 3, 2 from the start, as the generic engine's values show here.
BOOST_AUTO_TEST_CASE(finite_subtraction_sets_answer_huge_heaps_by_their_period) {
  const heap_game g(heap_rule::parse("S(1,3,4)"));
  const auto values = grundy::generic_heap_values(g.rule(), 70);
  for (std::size_t n = 7; n < values.size(); ++n)
    BOOST_TEST(values[n] == values[n - 7]);
  const heaps start{1'000'000'000, 3'000'000'001};
  const auto strategy = grundy::make_strategy(g, start);
  BOOST_TEST(strategy.heap_value(1'000'000'000) == values[1'000'000'000 % 7]);
  BOOST_TEST(strategy.heap_value(3'000'000'001u) == values[3'000'000'001u % 7]);
  const auto moves = strategy.winning_moves(start);
  BOOST_TEST(!moves.empty());
  for (const auto& m : moves)
    BOOST_TEST(strategy.value(m) == 0u);
}
