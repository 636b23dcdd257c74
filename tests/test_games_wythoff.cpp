// Wythoff's game: its moves, its P-positions from the labelled graph against Wythoff's pairs
// computed here by another method, and the strategy's moves against the graph.
#define BOOST_TEST_MODULE games_wythoff
#include <boost/test/unit_test.hpp>

#include <grundy/games/wythoff.hpp>
#include <grundy/solve.hpp>
#include <grundy/strategy.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <vector>

using grundy::wythoff_game;
using state = wythoff_game::state_type;

namespace {

// Wythoff's pairs by their own construction (not the library's closed form): a_k is the
// smallest number not yet in any pair, b_k = a_k + k.
std::set<state> pairs_by_mex(std::uint32_t bound) {
  std::set<state> pairs;
  std::vector<bool> used(2 * bound + 2, false);
  std::uint32_t a = 0;
  for (std::uint32_t k = 0;; ++k) {
    while (used[a])
      ++a;
    if (a > bound) break;
    used[a] = true;
    if (a + k < used.size()) used[a + k] = true;
    if (a + k <= bound) pairs.insert({a, a + k});
  }
  return pairs;
}

} // namespace

BOOST_AUTO_TEST_CASE(moves_take_from_one_pile_or_both) {
  std::vector<state> out;
  wythoff_game{}.successors({1, 2}, out);
  std::set<state> distinct;
  for (auto& m : out)
    distinct.insert(wythoff_game{}.canonical(m));
  BOOST_TEST((distinct == std::set<state>{{0, 2}, {1, 1}, {0, 1}}));
  BOOST_TEST(wythoff_game{}.format({3, 5}) == "(3,5)");
}

// Every pair of piles up to 200 is a vertex of the graph from (200,200); its value is 0 exactly
// at Wythoff's pairs, which are computed twice here: by the mex construction and with long
// double floor(k phi), floor(k phi^2).
BOOST_AUTO_TEST_CASE(p_positions_are_wythoffs_pairs) {
  constexpr std::uint32_t bound = 200;
  const auto by_mex = pairs_by_mex(bound);
  std::set<state> by_phi;
  const long double phi = (1 + std::sqrt(5.0L)) / 2;
  for (std::uint32_t k = 0; std::floor(k * phi * phi) <= bound; ++k)
    by_phi.insert({static_cast<std::uint32_t>(std::floor(k * phi)),
                   static_cast<std::uint32_t>(std::floor(k * phi * phi))});
  BOOST_TEST((by_mex == by_phi));
  BOOST_TEST(by_mex.size() == 77u); // k = 0 to 76: b_76 = floor(76 phi^2) = 198

  const auto solved = grundy::solve(wythoff_game{}, {bound, bound});
  BOOST_TEST(solved.graph.vertex_count() == (bound + 1) * (bound + 2) / 2);
  std::set<state> zeros;
  for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v) {
    const auto& s = solved.graph.states[v];
    if (solved.values[v] == 0) zeros.insert(s);
    BOOST_TEST(grundy::wythoff_p_position(s) == (solved.values[v] == 0), "at " << wythoff_game{}.format(s));
  }
  BOOST_TEST((zeros == by_mex));
}

// The closed form past what a graph can hold, against the mex construction, and the partner
// of every pile.
BOOST_AUTO_TEST_CASE(closed_form_against_the_mex) {
  constexpr std::uint32_t bound = 100000;
  for (const auto& [a, b] : pairs_by_mex(bound)) {
    BOOST_TEST(grundy::wythoff_lower(b - a) == a);
    BOOST_TEST(grundy::wythoff_partner(a) == b);
    BOOST_TEST(grundy::wythoff_partner(b) == a);
  }
  // Near 2^32 the floating-point estimate alone would be off; the pairs still partition.
  const std::uint64_t k = 2'654'435'769; // about 2^32 / phi
  const auto a = grundy::wythoff_lower(k);
  BOOST_TEST(grundy::wythoff_partner(a) == a + k);
  BOOST_TEST(grundy::wythoff_partner(a + k) == a);
}

// The strategy's winning moves lead to P-positions, and are exactly the graph's.
BOOST_AUTO_TEST_CASE(strategy_agrees_with_the_graph) {
  const state start{40, 60};
  const auto strategy = grundy::make_strategy(wythoff_game{}, start);
  const grundy::graph_strategy<wythoff_game> reference(wythoff_game{}, start);
  const auto solved = grundy::solve(wythoff_game{}, start);
  for (const auto& s : solved.graph.states) {
    BOOST_TEST((strategy.outcome_of(s) == reference.outcome_of(s)));
    auto mine = strategy.winning_moves(s), theirs = reference.winning_moves(s);
    for (const auto& m : mine)
      BOOST_TEST(grundy::wythoff_p_position(m));
    std::sort(mine.begin(), mine.end());
    std::sort(theirs.begin(), theirs.end());
    BOOST_TEST((mine == theirs), "at " << wythoff_game{}.format(s));
  }
  // Huge piles: the moves come from the closed form at once.
  const state huge{3'000'000'000u, 4'000'000'000u};
  const auto moves = grundy::make_strategy(wythoff_game{}, huge).winning_moves(huge);
  BOOST_TEST(!moves.empty());
  for (const auto& m : moves)
    BOOST_TEST(grundy::wythoff_p_position(m));
}

BOOST_AUTO_TEST_CASE(moves_in_words) {
  const wythoff_game g;
  BOOST_TEST(grundy::describe_move(g, {5, 7}, {3, 5}) == "take 4 from the pile of 7, leaving 3");
  BOOST_TEST(grundy::describe_move(g, {5, 7}, {4, 6}) == "take 1 from both piles, leaving 4 and 6");
  BOOST_TEST(grundy::describe_move(g, {3, 7}, {1, 7}) == "take 2 from the pile of 3, leaving 1");
}
