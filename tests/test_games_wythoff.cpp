// Wythoff's game: its moves, its P-positions from the labelled graph against Wythoff's pairs
// computed here by another method, and the strategy's moves against the graph.
#define BOOST_TEST_MODULE games_wythoff
#include <boost/test/unit_test.hpp>

#include <grundy/games/wythoff.hpp>
#include <grundy/solve.hpp>
#include <grundy/strategy.hpp>

#include "stop_checks.hpp"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <utility>
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

// Misère play explores the graph, which takes the start position's moves at once: piles of
// 2^32 - 1 and 1 (2^32 + 1 moves) took 16 GB before running out of memory; they are refused
// before any move is made.
BOOST_AUTO_TEST_CASE(misere_play_refuses_moves_past_the_memory_limit) {
  const wythoff_game g;
  grundy::build_options options;
  options.max_memory = std::uint64_t{1} << 30;
  BOOST_TEST(grundy::wythoff_move_count({4294967295u, 1}) == 4294967297u);
  BOOST_CHECK_EXCEPTION(grundy::make_strategy(g, {4294967295u, 1}, grundy::play_convention::misere, options),
                        grundy::stopped, grundy::test::stopped_by_limit);
  BOOST_CHECK_EXCEPTION(grundy::make_strategy(g, {1, 4294967295u}, grundy::play_convention::misere, options),
                        grundy::stopped, grundy::test::stopped_by_limit);
  // In misère play (1,1) wins: take one pile, leaving the other for the opponent to take last.
  BOOST_TEST((grundy::make_strategy(g, {1, 1}, grundy::play_convention::misere, options).outcome_of({1, 1}) ==
              grundy::outcome::n));
}

namespace {

__extension__ using u128 = unsigned __int128;

// a = floor(k phi) for k >= 1, checked without the library's square root: phi is the positive
// root of x^2 - x - 1, so a < k phi exactly when a^2 - a k - k^2 < 0, and k phi < a + 1 exactly
// when (a + 1)^2 - (a + 1) k - k^2 > 0 (phi is irrational: never equal).
bool is_floor_k_phi(std::uint64_t a, std::uint64_t k) {
  const u128 a2 = u128{a} * a, ak = u128{a} * k, k2 = u128{k} * k;
  const u128 b = u128{a} + 1;
  return a2 < ak + k2 && b * b > b * k + k2;
}

} // namespace

// OEIS A000201, floor(n phi) for n = 1..40.
BOOST_AUTO_TEST_CASE(lower_matches_oeis_a000201) {
  const std::vector<std::uint64_t> a000201{1,  3,  4,  6,  8,  9,  11, 12, 14, 16, 17, 19, 21, 22,
                                           24, 25, 27, 29, 30, 32, 33, 35, 37, 38, 40, 42, 43, 45,
                                           46, 48, 50, 51, 53, 55, 56, 58, 59, 61, 63, 64};
  for (std::uint64_t n = 1; n <= a000201.size(); ++n)
    BOOST_TEST(grundy::wythoff_lower(n) == a000201[n - 1], "n = " << n);
  BOOST_TEST(grundy::wythoff_lower(0) == 0u);
}

// Past 2^32 up to the largest pile, 2^63 - 1: values from Python's integer arithmetic,
// (k + math.isqrt(5 k^2)) // 2, and the defining inequalities at k spread over the whole range.
BOOST_AUTO_TEST_CASE(lower_is_exact_for_64_bit_k) {
  BOOST_TEST(grundy::wythoff_lower(1'000'000'000'000ull) == 1'618'033'988'749ull);
  BOOST_TEST(grundy::wythoff_lower(1'000'000'000'039ull) == 1'618'033'988'812ull);
  BOOST_TEST(grundy::wythoff_lower(grundy::wythoff_max_pile) == 14'923'729'446'516'375'049ull);
  // The last pair within the range ends exactly at 2^63 - 1.
  const std::uint64_t top_k = 3'523'014'627'193'176'565ull;
  BOOST_TEST(grundy::wythoff_lower(top_k) == 5'700'357'409'661'599'242ull);
  BOOST_TEST(grundy::wythoff_lower(top_k) + top_k == grundy::wythoff_max_pile);
  BOOST_TEST(grundy::wythoff_p_position({5'700'357'409'661'599'242ull, grundy::wythoff_max_pile}));
  BOOST_TEST(!grundy::wythoff_p_position({5'700'357'409'661'599'241ull, grundy::wythoff_max_pile}));

  std::uint64_t x = 88172645463325252ull; // xorshift64: k of every size, fixed
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const std::uint64_t k = (x >> (i % 63)) & grundy::wythoff_max_pile;
    if (k == 0) continue;
    BOOST_TEST(is_floor_k_phi(grundy::wythoff_lower(k), k), "k = " << k);
  }
  for (std::uint64_t k = grundy::wythoff_max_pile - 2000; k != grundy::wythoff_max_pile + 1; ++k)
    BOOST_TEST(is_floor_k_phi(grundy::wythoff_lower(k), k), "k = " << k);
  BOOST_CHECK_THROW(grundy::wythoff_lower(grundy::wythoff_max_pile + 1), std::out_of_range);
  BOOST_CHECK_THROW(grundy::wythoff_partner(grundy::wythoff_max_pile + 1), std::out_of_range);
}

// Beatty's theorem near the top of the range: the a_k and the b_k = a_k + k that fall in the
// last 5000 piles cover each of them exactly once, and the partner of each is its other half.
BOOST_AUTO_TEST_CASE(beatty_partition_near_the_top) {
  constexpr std::uint64_t top = grundy::wythoff_max_pile, width = 5000, low = top - width + 1;
  std::vector<int> hits(width, 0);
  // a_k ~ 1.618 k and b_k ~ 2.618 k: the k whose a_k or b_k can fall in the window, with margin.
  const auto from_to = [&](long double ratio) {
    return std::pair<std::uint64_t, std::uint64_t>(static_cast<std::uint64_t>(low / ratio) - 10,
                                                   static_cast<std::uint64_t>(top / ratio) + 10);
  };
  const long double phi = (1 + std::sqrt(5.0L)) / 2;
  for (auto [first, last] = from_to(phi); first <= last; ++first)
    if (const auto a = grundy::wythoff_lower(first); a >= low && a <= top) ++hits[a - low];
  for (auto [first, last] = from_to(phi + 1); first <= last; ++first)
    if (const auto b = grundy::wythoff_lower(first) + first; b >= low && b <= top) ++hits[b - low];
  BOOST_TEST(std::count(hits.begin(), hits.end(), 1) == static_cast<long>(width));
  for (std::uint64_t n = low; n <= top && n != 0; ++n) {
    const auto p = grundy::wythoff_partner(n);
    const auto small = std::min(n, p), k = std::max(n, p) - small;
    BOOST_TEST(is_floor_k_phi(small, k), "n = " << n);
    if (p <= top) BOOST_TEST(grundy::wythoff_partner(p) == n, "n = " << n);
  }
}

// Winning moves of piles past 2^32, from the closed form: each is a legal move to a pair.
BOOST_AUTO_TEST_CASE(huge_piles_are_played_by_the_theorem) {
  const wythoff_game g;
  const auto strategy = grundy::make_strategy(g, {1, 2});
  for (const state s : {state{1'000'000'000'000'000'000ull, 1'000'000'000'000'012'345ull},
                        state{grundy::wythoff_max_pile, grundy::wythoff_max_pile},
                        state{0, grundy::wythoff_max_pile}, state{4'294'967'296ull, 4'294'967'297ull}}) {
    BOOST_TEST((strategy.outcome_of(s) == grundy::outcome::n));
    const auto moves = strategy.winning_moves(s);
    BOOST_TEST(!moves.empty());
    for (const auto& m : moves) {
      BOOST_TEST(grundy::wythoff_p_position(m));
      const bool one_pile = (m[0] == s[0] && m[1] < s[1]) || (m[1] == s[1] && m[0] < s[0]) ||
                            (m[0] == s[1] && m[1] < s[0]) || (m[1] == s[0] && m[0] < s[1]);
      const bool both = m[0] < s[0] && s[0] - m[0] == s[1] - m[1];
      BOOST_TEST((one_pile || both), g.format(s) << " -> " << g.format(m));
    }
  }
  BOOST_TEST((strategy.outcome_of({1'618'033'988'749ull, 2'618'033'988'749ull}) == grundy::outcome::p));
  BOOST_TEST(grundy::wythoff_move_count({grundy::wythoff_max_pile, grundy::wythoff_max_pile}) ==
             3 * grundy::wythoff_max_pile);
}

// Graphs are explored with 32-bit piles (compact_wythoff_game): the same positions, moves and
// values as the 64-bit game's.
BOOST_AUTO_TEST_CASE(compact_graph_is_the_same_graph) {
  const auto wide = grundy::solve(wythoff_game{}, {30, 45});
  const auto compact = grundy::solve(grundy::compact_wythoff_game{}, {30, 45});
  BOOST_TEST(wide.graph.vertex_count() == compact.graph.vertex_count());
  BOOST_TEST(wide.graph.edges == compact.graph.edges);
  for (grundy::vertex_id v = 0; v < wide.graph.vertex_count(); ++v) {
    const auto& s = compact.graph.states[v];
    BOOST_TEST((wide.graph.states[v] == state{s[0], s[1]}));
    BOOST_TEST(wide.values[v] == compact.values[v]);
  }
}
