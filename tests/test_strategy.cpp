// Winning moves: the seeds' examples, and on random positions of every game, under both
// conventions, each move given leaves a P-position and no winning move is missed.
#define BOOST_TEST_MODULE strategy
#include <boost/test/unit_test.hpp>

#include <grundy/games/digraph.hpp>
#include <grundy/games/moore.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/strategy.hpp>

#include "stop_checks.hpp"
#include <algorithm>
#include <atomic>
#include <concepts>
#include <random>
#include <set>
#include <type_traits>
#include <utility>
#include <vector>

using grundy::heaps;
using grundy::outcome;
using grundy::play_convention;

namespace {

// What make_strategy returns for a game: the game's own strategy where it has a rule, the game
// graph otherwise; each is a strategy in the sense of strategy/concept.hpp, with the optional
// parts the front ends look for where the strategy has them.
template <class G>
using made_for = decltype(make_strategy(std::declval<const G&>(), std::declval<const grundy::state_t<G>&>()));

static_assert(std::same_as<made_for<grundy::nim_game>, grundy::nim_strategy>);
static_assert(std::same_as<made_for<grundy::octal_game>, grundy::heap_strategy>);
static_assert(std::same_as<made_for<grundy::moore_game>, grundy::moore_strategy>);
static_assert(std::same_as<made_for<grundy::digraph_game>, grundy::digraph_strategy>);
static_assert(std::same_as<made_for<grundy::tablettes_game>, grundy::graph_strategy<grundy::tablettes_game>>);

static_assert(grundy::strategy_for<grundy::nim_strategy, grundy::nim_game>);
static_assert(grundy::strategy_for<grundy::heap_strategy, grundy::octal_game>);
static_assert(grundy::strategy_for<grundy::moore_strategy, grundy::moore_game>);
static_assert(grundy::strategy_for<grundy::digraph_strategy, grundy::digraph_game>);
static_assert(grundy::strategy_for<grundy::graph_strategy<grundy::tablettes_game>, grundy::tablettes_game>);
static_assert(grundy::strategy_for<grundy::graph_strategy<grundy::nim_game>, grundy::nim_game>);

// The optional parts: octal games may have millions of winning moves, the others list them all.
static_assert(grundy::lists_first_winning_moves<grundy::heap_strategy, grundy::octal_game>);
static_assert(grundy::counts_winning_moves<grundy::heap_strategy, grundy::octal_game>);
static_assert(!grundy::lists_first_winning_moves<grundy::nim_strategy, grundy::nim_game>);
static_assert(!grundy::counts_winning_moves<grundy::moore_strategy, grundy::moore_game>);
// Draws: the game graph and the digraph game, which may have cycles; Nim has none.
static_assert(
    grundy::strategy_with_draws<grundy::graph_strategy<grundy::tablettes_game>, grundy::tablettes_game>);
static_assert(grundy::strategy_with_draws<grundy::digraph_strategy, grundy::digraph_game>);
static_assert(!grundy::strategy_with_draws<grundy::nim_strategy, grundy::nim_game>);
// Values: every strategy with a rule for them, and the game graph.
static_assert(grundy::strategy_with_values<grundy::nim_strategy, grundy::nim_game>);
static_assert(grundy::strategy_with_values<grundy::heap_strategy, grundy::octal_game>);
static_assert(grundy::strategy_with_values<grundy::moore_strategy, grundy::moore_game>);
static_assert(grundy::strategy_with_values<grundy::digraph_strategy, grundy::digraph_game>);
static_assert(
    grundy::strategy_with_values<grundy::graph_strategy<grundy::tablettes_game>, grundy::tablettes_game>);
// A strategy is for the positions of its game: heaps are not tablettes.
static_assert(!grundy::strategy_for<grundy::nim_strategy, grundy::tablettes_game>);

constexpr play_convention both[] = {play_convention::normal, play_convention::misere};

template <class T> std::vector<T> sorted(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  return v;
}

heaps random_heaps(std::mt19937& rng, int most_heaps, grundy::heap_size largest) {
  std::uniform_int_distribution<int> count(1, most_heaps);
  std::uniform_int_distribution<grundy::heap_size> size(0, largest);
  heaps h;
  for (int k = count(rng); k > 0; --k)
    h.push_back(size(rng));
  return grundy::canonical_heaps(h);
}

// The fast strategy and the game graph agree on the outcome and on the set of winning moves,
// and each winning move leaves a position that its own graph labels P.
template <class G> void check_position(const G& g, const grundy::state_t<G>& s, play_convention c) {
  const auto moves = grundy::winning_moves(g, s, c);
  const auto reference = grundy::graph_winning_moves(g, s, c);
  BOOST_TEST((sorted(moves) == sorted(reference)), g.format(s) << " " << to_string(c));
  // No winning move means a lost position, except a finished misère game: won by the player
  // to move, whose opponent took the last token.
  const bool finished = grundy::legal_moves(g, s).empty();
  const auto expected =
      moves.empty() && !(finished && c == play_convention::misere) ? outcome::p : outcome::n;
  BOOST_TEST((grundy::position_outcome(g, s, c) == expected), g.format(s));
  for (auto& m : moves)
    BOOST_TEST((grundy::graph_strategy<G>(g, m, c).outcome_of(m) == outcome::p),
               g.format(s) << " -> " << g.format(m));
  // A value, where the strategy gives one, is the one the game graph labels (misère Grundy
  // under misère play). Moore's rule gives none in normal play; the others always do.
  const auto value = make_strategy(g, s, c).value_of(s);
  const auto graph_value = grundy::graph_strategy<G>(g, s, c).value_of(s);
  BOOST_TEST_REQUIRE(graph_value.has_value());
  if (value)
    BOOST_TEST((*value == *graph_value), g.format(s) << " " << to_string(c) << ": " << value->str());
  else
    BOOST_TEST((std::is_same_v<G, grundy::moore_game> && c == play_convention::normal), g.format(s));
}

} // namespace

// Seed 002: 7, 2, 6 has parity 011 and the largest heap goes to 4; 8, 6, 3 has parity 1101 and
// the only move leaves 5 in the largest heap. Seed 003: 4, 2, 3 has XOR 5 (101) and the only
// move leaves 1 in the heap of 4.
BOOST_AUTO_TEST_CASE(seed_examples) {
  const grundy::nim_game nim;
  const auto first = grundy::winning_moves(nim, heaps{2, 6, 7});
  BOOST_TEST_REQUIRE(first.size() == 3u);
  BOOST_TEST((first.front() == heaps{2, 4, 6}));
  BOOST_TEST(grundy::describe_move(nim, heaps{2, 6, 7}, first.front()) ==
             "take 3 from the heap of 7, leaving 4");
  BOOST_TEST((grundy::winning_moves(nim, heaps{3, 6, 8}) == std::vector<heaps>{{3, 5, 6}}));
  BOOST_TEST(grundy::describe_move(nim, heaps{3, 6, 8}, heaps{3, 5, 6}) ==
             "take 3 from the heap of 8, leaving 5");
  BOOST_TEST((grundy::winning_moves(nim, heaps{2, 3, 4}) == std::vector<heaps>{{1, 2, 3}}));
  BOOST_TEST(grundy::winning_moves(nim, heaps{1, 2, 3}).empty());
}

// Seed 003's misère example: five heaps of 1 and a heap of 3. Normal play takes 2 from the 3;
// misère play takes it all, leaving an odd number of single tokens; with four ones it leaves 1.
BOOST_AUTO_TEST_CASE(misere_nim_endgame) {
  const grundy::nim_game nim;
  BOOST_TEST((grundy::winning_moves(nim, heaps{1, 1, 1, 1, 1, 3}) == std::vector<heaps>{{1, 1, 1, 1, 1, 1}}));
  BOOST_TEST((grundy::winning_moves(nim, heaps{1, 1, 1, 1, 1, 3}, play_convention::misere) ==
              std::vector<heaps>{{1, 1, 1, 1, 1}}));
  BOOST_TEST((grundy::winning_moves(nim, heaps{1, 1, 1, 1, 3}, play_convention::misere) ==
              std::vector<heaps>{{1, 1, 1, 1, 1}}));
  // Away from the end, misère Nim plays as normal Nim.
  BOOST_TEST(
      (grundy::winning_moves(nim, heaps{3, 6, 8}, play_convention::misere) == std::vector<heaps>{{3, 5, 6}}));
  BOOST_TEST(grundy::winning_moves(nim, heaps{1, 1, 1}, play_convention::misere).empty());
  BOOST_TEST(grundy::winning_moves(nim, heaps{}, play_convention::misere).empty()); // already won
  BOOST_TEST((grundy::position_outcome(nim, heaps{}, play_convention::misere) == outcome::n));
}

BOOST_AUTO_TEST_CASE(nim_random_positions) {
  std::mt19937 rng(2002);
  for (int trial = 0; trial < 60; ++trial)
    for (auto c : both)
      check_position(grundy::nim_game{}, random_heaps(rng, 4, 9), c);
}

BOOST_AUTO_TEST_CASE(nim_rule_handles_huge_heaps) {
  const heaps s{1'000'000'000, 999'999'999, 3};
  const auto moves = grundy::winning_moves(grundy::nim_game{}, s);
  BOOST_TEST_REQUIRE(moves.size() == 1u);
  BOOST_TEST(grundy::nim_p_position(moves[0]));
}

BOOST_AUTO_TEST_CASE(octal_random_positions) {
  std::mt19937 rng(137);
  // Dawson's Kayles, Kayles, Fort Boyard, Grundy-like 0.137, a code that splits without
  // removing, and a hexadecimal one.
  for (auto code : {"0.07", "0.77", "0.333", "0.137", "4.7", "0.6", "0.F"}) {
    const grundy::octal_game g(grundy::octal_code::parse(code));
    for (int trial = 0; trial < 12; ++trial)
      for (auto c : both)
        check_position(g, random_heaps(rng, 3, 9), c);
  }
}

BOOST_AUTO_TEST_CASE(octal_values_come_from_the_sequence) {
  // Dawson's Kayles (0.07) values from 0: 0 0 1 1 2 0 3 1 1 0 3 3.
  const grundy::heap_value_table v(grundy::octal_code::parse("0.07"), 11);
  const grundy::grundy_value expected[] = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3};
  for (grundy::heap_size h = 0; h <= 11; ++h)
    BOOST_TEST(v(h) == expected[h]);
  BOOST_CHECK_THROW(v(12), std::out_of_range);
  // Past the computed values, a proven period answers (0.333 has period 4 from the start).
  const grundy::heap_value_table far(grundy::octal_code::parse("0.333"), 1'000'000'003);
  BOOST_TEST(far(1'000'000'003) == 3u);
  // A winning move from heaps of a billion: the heap of value 3 takes 3.
  const grundy::octal_game boyard(grundy::octal_code::parse("0.333"));
  BOOST_TEST((grundy::winning_moves(boyard, heaps{1'000'000'003}) == std::vector<heaps>{{1'000'000'000}}));
}

namespace {

// G(0..n) by the definition, apart from the library's engines and octal_game: the mex of the
// values of every set of heaps a move may leave, read from the code's digits.
std::vector<unsigned> values_by_definition(const grundy::octal_code& code, std::size_t n) {
  std::vector<unsigned> g(n + 1);
  for (std::size_t h = 0; h <= n; ++h) {
    std::vector<bool> seen;
    auto see = [&](unsigned v) {
      if (v >= seen.size()) seen.resize(v + 1);
      seen[v] = true;
    };
    for (std::size_t k = code.digit(0) ? 0 : 1; k <= std::min(h, code.length()); ++k) {
      const auto d = code.digit(k);
      const std::size_t r = h - k;
      if ((d & 1) && r == 0) see(0);
      if ((d & 2) && r >= 1 && k >= 1) see(g[r]);
      if (d & 4)
        for (std::size_t a = 1; 2 * a <= r; ++a)
          see(g[a] ^ g[r - a]);
      if (d & 8)
        for (std::size_t a = 1; 3 * a <= r; ++a)
          for (std::size_t b = a; a + 2 * b <= r; ++b)
            see(g[a] ^ g[b] ^ g[r - a - b]);
    }
    while (g[h] < seen.size() && seen[g[h]])
      ++g[h];
  }
  return g;
}

// Every winning move of s by trying every move: the positions whose values XOR to 0, with
// `value` giving any heap's value.
template <class V>
std::set<heaps> winning_by_search(const grundy::octal_code& code, const heaps& s, V value) {
  unsigned total = 0;
  for (auto h : s)
    total ^= value(h);
  std::set<heaps> found;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned rest = total ^ value(s[i]);
    auto leave = [&](std::initializer_list<grundy::heap_size> parts, unsigned parts_value) {
      if ((rest ^ parts_value) != 0) return;
      heaps next;
      for (std::size_t j = 0; j < s.size(); ++j)
        if (j != i) next.push_back(s[j]);
      next.insert(next.end(), parts.begin(), parts.end());
      found.insert(grundy::canonical_heaps(next));
    };
    const std::size_t h = s[i];
    for (std::size_t k = code.digit(0) ? 0 : 1; k <= std::min(h, code.length()); ++k) {
      const auto d = code.digit(k);
      const auto r = static_cast<grundy::heap_size>(h - k);
      if ((d & 1) && r == 0) leave({}, 0);
      if ((d & 2) && r >= 1 && k >= 1) leave({r}, value(r));
      if (d & 4)
        for (grundy::heap_size a = 1; 2 * a <= r; ++a)
          leave({a, r - a}, value(a) ^ value(r - a));
      if (d & 8)
        for (grundy::heap_size a = 1; 3 * a <= r; ++a)
          for (grundy::heap_size b = a; a + 2 * b <= r; ++b)
            leave({a, b, r - a - b}, value(a) ^ value(b) ^ value(r - a - b));
    }
  }
  return found;
}

// The rule's moves against the search's, on random positions of heaps up to `largest`.
void check_octal_moves(const char* text, grundy::heap_size largest, int positions, std::mt19937& rng) {
  const auto code = grundy::octal_code::parse(text);
  const auto g = values_by_definition(code, largest);
  const grundy::octal_game game(code);
  for (int trial = 0; trial < positions; ++trial) {
    const auto s = random_heaps(rng, 3, largest);
    const auto expected = winning_by_search(code, s, [&](grundy::heap_size h) { return g[h]; });
    const grundy::heap_strategy strategy(game, s);
    const auto all = strategy.winning_moves(s);
    const std::set<heaps> listed(all.begin(), all.end());
    BOOST_TEST(listed.size() == all.size(), text << " " << game.format(s) << ": a move listed twice");
    BOOST_TEST((listed == expected), text << " " << game.format(s));
    BOOST_TEST(strategy.winning_move_count(s) == expected.size(), text << " " << game.format(s));
    const auto first = strategy.winning_moves(s, 1);
    BOOST_TEST(first.size() == std::min<std::size_t>(1, expected.size()), text << " " << game.format(s));
    if (!first.empty()) {
      BOOST_TEST((first[0] == all[0]), text << " " << game.format(s));
      unsigned after = 0;
      for (auto h : first[0])
        after ^= g[h];
      BOOST_TEST(after == 0u, text << " " << game.format(s) << " -> " << game.format(first[0]));
    }
    BOOST_TEST((strategy.outcome_of(s) == (expected.empty() ? outcome::p : outcome::n)), game.format(s));
  }
}

} // namespace

// Heaps well past the periods (0.07 from 53 with period 34, 0.137 from 52 with 34, 0.77 from 71
// with 12, 4.7 from 1 with 2), a code with no period proven within these heaps (0.6), and
// hexadecimal codes whose moves leave three heaps, with a period (0.F, 0.A) and without (0.8).
BOOST_AUTO_TEST_CASE(octal_moves_against_every_move_tried) {
  std::mt19937 rng(2026);
  for (auto code : {"0.07", "0.137", "0.77", "4.7", "0.6"})
    check_octal_moves(code, 1500, 60, rng);
  for (auto code : {"0.F", "0.A", "0.8"})
    check_octal_moves(code, 90, 40, rng);
}

// Dawson's Kayles' period (G(n + 34) = G(n) from n = 53, Guy and Smith) gives every heap: the
// first winning move from a heap of 2^32 - 1 and from 10^9 beside 12,345 leaves a P-position,
// and the count agrees with every split tried at 10^7.
BOOST_AUTO_TEST_CASE(octal_moves_past_the_period) {
  const auto code = grundy::octal_code::parse("0.07");
  const auto small = values_by_definition(code, 200);
  const auto g = [&](std::uint64_t h) { return h < 53 ? small[h] : small[53 + (h - 53) % 34]; };
  const grundy::octal_game game(code);
  for (const heaps& s :
       {heaps{4'294'967'295u}, heaps{12'345, 1'000'000'000}, heaps{7, 10'000'000}, heaps{6, 10'000'000}}) {
    const grundy::heap_strategy strategy(game, s);
    unsigned before = 0;
    for (auto h : s)
      before ^= g(h);
    const auto first = strategy.winning_moves(s, 1);
    BOOST_TEST_REQUIRE(first.size() == (before == 0 ? 0u : 1u), game.format(s));
    for (auto& m : first) {
      unsigned after = 0;
      for (auto h : m)
        after ^= g(h);
      BOOST_TEST(after == 0u, game.format(m));
    }
  }
  const heaps s{10'000'000};
  std::uint64_t splits = 0;
  for (grundy::heap_size a = 0; 2 * a <= s[0] - 2; ++a) // take 2, leave a and the rest
    splits += (g(a) ^ g(s[0] - 2 - a)) == 0;
  BOOST_TEST(grundy::heap_strategy(game, s).winning_move_count(s) == splits);
}

// The stop flag ends a long listing with `interrupted`.
BOOST_AUTO_TEST_CASE(octal_moves_stop_on_the_flag) {
  std::atomic<bool> stop{false};
  grundy::build_options options;
  options.stop = &stop;
  const heaps s{4'000'000'000u};
  const grundy::heap_strategy strategy(grundy::octal_game(grundy::octal_code::parse("0.07")), s,
                                       play_convention::normal, options);
  stop = true;
  BOOST_CHECK_EXCEPTION(strategy.winning_moves(s), grundy::stopped, grundy::test::stopped_on_request);
}

BOOST_AUTO_TEST_CASE(moore_random_positions) {
  std::mt19937 rng(1910);
  for (unsigned k = 1; k <= 3; ++k)
    for (int trial = 0; trial < 10; ++trial)
      for (auto c : both)
        check_position(grundy::moore_game(k), random_heaps(rng, 4, 5), c);
}

BOOST_AUTO_TEST_CASE(tablettes_random_positions) {
  std::mt19937 rng(3);
  for (auto [colours, tablets] : {std::pair{2u, 2u}, {2u, 3u}, {3u, 2u}, {3u, 3u}}) {
    const grundy::tablettes_game g(colours, tablets);
    for (int trial = 0; trial < 6; ++trial) {
      // A position reached by a few random moves from the start.
      auto s = g.start();
      for (int steps = std::uniform_int_distribution<int>(0, 4)(rng); steps > 0; --steps) {
        const auto moves = grundy::legal_moves(g, s);
        if (moves.empty()) break;
        s = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      }
      for (auto c : both)
        check_position(g, s, c);
    }
  }
}

// One graph answers for every position reachable from its start, as a game in progress needs.
BOOST_AUTO_TEST_CASE(graph_strategy_answers_for_reachable_positions) {
  const grundy::tablettes_game g(2, 3);
  const grundy::graph_strategy<grundy::tablettes_game> strategy(g, g.start());
  for (auto& m : grundy::legal_moves(g, g.start())) {
    BOOST_TEST(strategy.contains(m));
    BOOST_TEST((sorted(strategy.winning_moves(m)) == sorted(grundy::graph_winning_moves(g, m))));
  }
  const grundy::graph_strategy<grundy::nim_game> small(grundy::nim_game{}, heaps{2});
  BOOST_CHECK_THROW(small.outcome_of(heaps{3}), std::out_of_range);
}

BOOST_AUTO_TEST_CASE(moves_in_words) {
  BOOST_TEST(grundy::describe_heap_move(heaps{3, 4}, heaps{3}) == "take the whole heap of 4");
  BOOST_TEST(grundy::describe_heap_move(heaps{10}, heaps{2, 5}) ==
             "take 3 from the heap of 10 and split the rest into 5 and 2");
  BOOST_TEST(grundy::describe_heap_move(heaps{7}, heaps{3, 4}) == "split the heap of 7 into 4 and 3");
  BOOST_TEST(grundy::describe_heap_move(heaps{2, 5, 6}, heaps{3, 6}) ==
             "take 2 from the heap of 5 (leaving 3) and all of the heap of 2");
  // Lowering 5 to 3 when a heap of 3 is there already: the multisets show one heap changed.
  BOOST_TEST(grundy::describe_heap_move(heaps{3, 5}, heaps{3, 3}) == "take 2 from the heap of 5, leaving 3");

  const grundy::tablettes_game g(2, 2);
  const auto before = g.make_state(std::vector<grundy::pile>{{0, 2}, {1, 1}, {1, 1}});
  const auto after = g.make_state(std::vector<grundy::pile>{{0, 3}, {1, 1}});
  BOOST_TEST(grundy::describe_move(g, before, after) == "put the pile [0,2] on the pile [1,1]");
}
