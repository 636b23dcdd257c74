// Remoteness against facts computed separately here: a plain recursive minimax on the games'
// own moves and on random acyclic graphs, a fixed point of "forced within k moves" on graphs
// with cycles, and values worked by hand.
#define BOOST_TEST_MODULE remoteness
#include <boost/test/unit_test.hpp>

#include <grundy/games/heap.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/label.hpp>
#include <grundy/remoteness.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <boost/graph/adjacency_list.hpp>

#include "stop_checks.hpp"
#include <algorithm>
#include <atomic>
#include <map>
#include <random>
#include <vector>

namespace {

using grundy::no_remoteness;
using grundy::outcome;
using grundy::play_convention;
using grundy::remoteness_value;
using digraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
using adjacency = std::vector<std::vector<std::size_t>>;

adjacency adjacency_of(const digraph& g) {
  adjacency a(num_vertices(g));
  for (std::size_t v = 0; v < a.size(); ++v)
    for (auto e : boost::make_iterator_range(out_edges(v, g)))
      a[v].push_back(target(e, g));
  return a;
}

// Minimax by the definition: (won, moves left) of a position, by recursion over its moves.
// Without a move the player to move has lost (normal play) or won (misère play).
struct minimax {
  const adjacency& a;
  bool misere;
  std::map<std::size_t, std::pair<bool, unsigned>> memo;

  std::pair<bool, unsigned> operator()(std::size_t v) {
    if (const auto it = memo.find(v); it != memo.end()) return it->second;
    std::pair<bool, unsigned> result{misere, 0};
    if (!a[v].empty()) {
      bool won = false;
      unsigned fastest = ~0u, slowest = 0;
      for (auto w : a[v]) {
        const auto [w_won, w_left] = (*this)(w);
        if (!w_won) won = true, fastest = std::min(fastest, w_left);
        slowest = std::max(slowest, w_left);
      }
      result = {won, (won ? fastest : slowest) + 1};
    }
    return memo[v] = result;
  }
};

// With cycles: lost_within[k] and won_within[k] are the positions where the opponent, or the
// player to move, can force the end within k moves, grown one move at a time until nothing
// changes. A position's remoteness is the first k that puts it in either set; a draw is in none.
std::vector<remoteness_value> forced_within(const adjacency& a) {
  const std::size_t n = a.size();
  std::vector<remoteness_value> r(n, no_remoteness);
  std::vector<char> lost(n, 0), won(n, 0);
  for (std::size_t v = 0; v < n; ++v)
    if (a[v].empty()) lost[v] = 1, r[v] = 0;
  for (remoteness_value k = 1;; ++k) {
    auto next_lost = lost, next_won = won;
    for (std::size_t v = 0; v < n; ++v) {
      if (a[v].empty()) continue;
      if (std::any_of(a[v].begin(), a[v].end(), [&](auto w) { return lost[w] != 0; })) next_won[v] = 1;
      if (std::all_of(a[v].begin(), a[v].end(), [&](auto w) { return won[w] != 0; })) next_lost[v] = 1;
    }
    bool changed = false;
    for (std::size_t v = 0; v < n; ++v)
      if ((next_lost[v] || next_won[v]) && r[v] == no_remoteness) r[v] = k, changed = true;
    if (!changed && next_lost == lost && next_won == won) return r;
    lost = std::move(next_lost), won = std::move(next_won);
  }
}

digraph random_digraph(std::mt19937& rng, std::size_t max_n) {
  const std::size_t n = std::uniform_int_distribution<std::size_t>(1, max_n)(rng);
  digraph g(n);
  std::poisson_distribution<int> degree(std::uniform_real_distribution<double>(0.3, 3.5)(rng));
  std::bernoulli_distribution sink(std::uniform_real_distribution<double>(0.0, 0.4)(rng));
  std::uniform_int_distribution<std::size_t> any(0, n - 1);
  for (std::size_t v = 0; v < n; ++v) {
    if (sink(rng)) continue;
    for (int d = degree(rng); d > 0; --d)
      add_edge(v, any(rng), g);
  }
  return g;
}

// Acyclic, in no topological vertex order: every edge goes to a smaller vertex.
digraph random_dag(std::mt19937& rng, std::size_t max_n) {
  const std::size_t n = std::uniform_int_distribution<std::size_t>(1, max_n)(rng);
  digraph g(n);
  std::poisson_distribution<int> degree(std::uniform_real_distribution<double>(0.5, 4.0)(rng));
  for (std::size_t v = 1; v < n; ++v)
    for (int d = degree(rng); d > 0; --d)
      add_edge(v, std::uniform_int_distribution<std::size_t>(0, v - 1)(rng), g);
  return g;
}

// Minimax on a game's own positions, from its moves (legal_moves), never through its graph.
template <class G>
std::pair<bool, unsigned> game_minimax(const G& g, const grundy::state_t<G>& s,
                                       std::map<grundy::state_t<G>, std::pair<bool, unsigned>>& memo) {
  const auto c = g.canonical(s);
  if (const auto it = memo.find(c); it != memo.end()) return it->second;
  std::pair<bool, unsigned> result{false, 0};
  const auto moves = grundy::legal_moves(g, c);
  if (!moves.empty()) {
    bool won = false;
    unsigned fastest = ~0u, slowest = 0;
    for (const auto& m : moves) {
      const auto [m_won, m_left] = game_minimax(g, m, memo);
      if (!m_won) won = true, fastest = std::min(fastest, m_left);
      slowest = std::max(slowest, m_left);
    }
    result = {won, (won ? fastest : slowest) + 1};
  }
  return memo[c] = result;
}

// Every position of the game's graph from `start` against the minimax, through label().
template <class G> void check_game(const G& g, const grundy::state_t<G>& start) {
  const auto gg = grundy::build_graph(g, start);
  const auto l = grundy::label(g, gg, {.outcomes = true, .remoteness = true});
  BOOST_REQUIRE_EQUAL(l.remoteness.size(), gg.vertex_count());
  BOOST_TEST(l.values == grundy::label(g, gg).values);
  std::map<grundy::state_t<G>, std::pair<bool, unsigned>> memo;
  for (grundy::vertex_id v = 0; v < gg.vertex_count(); ++v) {
    const auto [won, left] = game_minimax(g, gg.states[v], memo);
    BOOST_TEST(l.remoteness[v] == left);
    BOOST_TEST((l.outcomes[v] == (won ? outcome::n : outcome::p)));
  }
}

} // namespace

BOOST_AUTO_TEST_CASE(acyclic_graphs_match_minimax_under_both_conventions) {
  std::mt19937 rng(44);
  for (int round = 0; round < 300; ++round) {
    const auto g = random_dag(rng, 40);
    const auto a = adjacency_of(g);
    for (const bool misere : {false, true}) {
      const auto c = misere ? play_convention::misere : play_convention::normal;
      const auto fast = grundy::remoteness(g, c);
      const auto retro = grundy::remoteness_by_retrograde(g, c);
      const auto alone = grundy::label(g, {.convention = c, .outcomes = true});
      const auto& outcomes = alone.outcomes;
      // The values and the remoteness in one pass: the same values as without it.
      const auto fused = grundy::label(g, {.convention = c, .outcomes = true, .remoteness = true});
      BOOST_TEST(fused.values == alone.values);
      BOOST_TEST((fused.outcomes == alone.outcomes));
      minimax m{a, misere, {}};
      for (std::size_t v = 0; v < a.size(); ++v) {
        const auto [won, left] = m(v);
        BOOST_TEST(fast[v] == left);
        BOOST_TEST(retro[v] == left);
        BOOST_TEST(fused.remoteness[v] == left);
        BOOST_TEST((grundy::outcome_of_remoteness(fast[v], c) == (won ? outcome::n : outcome::p)));
        BOOST_TEST((outcomes[v] == (won ? outcome::n : outcome::p)));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(graphs_with_cycles_match_the_fixed_point_and_the_outcomes) {
  std::mt19937 rng(4444);
  int with_draws = 0;
  for (int round = 0; round < 300; ++round) {
    const auto g = random_digraph(rng, 30);
    const auto expected = forced_within(adjacency_of(g));
    const auto l = grundy::label(g, {.outcomes = true, .remoteness = true});
    BOOST_TEST(l.remoteness == expected);
    BOOST_TEST(l.values == grundy::label(g).values); // the shared predecessor lists change nothing
    for (std::size_t v = 0; v < expected.size(); ++v)
      BOOST_TEST((grundy::outcome_of_remoteness(l.remoteness[v], play_convention::normal) == l.outcomes[v]));
    with_draws += std::count(expected.begin(), expected.end(), no_remoteness) > 0;
  }
  BOOST_TEST(with_draws > 30); // the draws were exercised
}

// By hand: 0 terminal; 1 -> 0 (won in 1); 2 <-> 3 and 3 -> 1: 3 moves only to won positions
// or to 2, which can move back, so both are draws; 4 -> 1, 0: won in 1 by 4 -> 0; 5 -> 4, 1:
// lost, the loser holding out for 2; 6 -> 6 and 6 -> 5: won in 3.
BOOST_AUTO_TEST_CASE(a_small_loopy_graph_by_hand) {
  digraph g(7);
  add_edge(1, 0, g), add_edge(2, 3, g), add_edge(3, 2, g), add_edge(3, 1, g);
  add_edge(4, 1, g), add_edge(4, 0, g), add_edge(5, 4, g), add_edge(5, 1, g);
  add_edge(6, 6, g), add_edge(6, 5, g);
  const auto r = grundy::remoteness(g);
  BOOST_TEST((r == std::vector<remoteness_value>{0, 1, no_remoteness, no_remoteness, 1, 2, 3}));
}

BOOST_AUTO_TEST_CASE(built_in_games_match_minimax) {
  check_game(grundy::nim_game{}, grundy::heaps{1, 2, 3});
  check_game(grundy::nim_game{}, grundy::heaps{3, 4, 5});
  check_game(grundy::tablettes_game(2, 3), grundy::tablettes_game(2, 3).start()); // graded
  check_game(grundy::tablettes_game(std::vector<unsigned>{3, 1}),
             grundy::tablettes_game(std::vector<unsigned>{3, 1}).start());
  for (const char* code : {"0.07", "0.137", "4.07", "0.6"})
    check_game(grundy::octal_game(grundy::octal_code::parse(code)), grundy::heaps{14});
}

// One heap of Nim: take it all, one move.
BOOST_AUTO_TEST_CASE(a_nim_heap_is_won_in_one_move) {
  for (grundy::heap_size n = 1; n <= 12; ++n) {
    const auto gg = grundy::build_graph(grundy::nim_game{}, grundy::heaps{n});
    BOOST_TEST(grundy::label(gg.graph, {.remoteness = true}).remoteness[0] == 1u);
  }
}

// Values of 64 and more take the mex's second walk, beside the remoteness's one.
BOOST_AUTO_TEST_CASE(large_values_keep_their_mex) {
  const auto gg = grundy::build_graph(grundy::nim_game{}, grundy::heaps{100});
  const auto l = grundy::label(gg.graph, {.remoteness = true});
  BOOST_TEST(l.values == grundy::label(gg.graph).values);
  BOOST_TEST(l.values[0] == 100u);
  BOOST_TEST(l.remoteness[0] == 1u);
}

// A path of 70000 moves: remoteness past 16 bits, which the labelling keeps beside the values
// in two words instead of one, acyclic or level by level.
BOOST_AUTO_TEST_CASE(remoteness_past_16_bits) {
  constexpr std::size_t n = 70000;
  std::vector<std::pair<grundy::vertex_id, grundy::vertex_id>> edges;
  for (std::size_t v = 0; v + 1 < n; ++v)
    edges.emplace_back(static_cast<grundy::vertex_id>(v), static_cast<grundy::vertex_id>(v + 1));
  const grundy::csr_graph g(boost::edges_are_sorted, edges.begin(), edges.end(), n);
  std::vector<std::uint32_t> levels(n + 1);
  for (std::size_t k = 0; k <= n; ++k)
    levels[k] = static_cast<std::uint32_t>(k);
  const auto plain = grundy::label(g);
  for (const auto& l : {grundy::label(g, {.remoteness = true}),
                        grundy::detail::values_and_remoteness_by_level(g, levels, 2, nullptr)}) {
    BOOST_TEST(l.values == plain.values);
    BOOST_REQUIRE_EQUAL(l.remoteness.size(), n);
    BOOST_TEST(l.remoteness[0] == n - 1);
    BOOST_TEST(l.remoteness[n - 2] == 1u);
    BOOST_TEST(l.values[0] == (n - 1) % 2);
  }
  // A vertex of 70000 moves: values past 16 bits could come, so two words from the start.
  std::vector<std::pair<grundy::vertex_id, grundy::vertex_id>> star;
  for (std::size_t v = 1; v < n; ++v)
    star.emplace_back(0, static_cast<grundy::vertex_id>(v));
  const grundy::csr_graph s(boost::edges_are_sorted, star.begin(), star.end(), n);
  const auto l = grundy::label(s, {.remoteness = true});
  BOOST_TEST(l.values == grundy::label(s).values);
  BOOST_TEST(l.remoteness[0] == 1u);
  BOOST_TEST(l.remoteness[1] == 0u);
}

// Graded graphs of about as many levels as a byte of remoteness allows, on either side of the
// bound that chooses the labelling's narrow words: level by level as in the acyclic labelling.
BOOST_AUTO_TEST_CASE(graded_graphs_near_the_narrow_bound) {
  std::mt19937 rng(126);
  for (const std::size_t levels : {1, 2, 60, 124, 125, 126, 127, 128, 129, 200}) {
    constexpr std::size_t width = 12;
    const std::size_t n = levels * width;
    std::vector<std::pair<grundy::vertex_id, grundy::vertex_id>> edges;
    for (std::size_t v = 0; v + width < n; ++v) {
      const std::size_t next = (v / width + 1) * width;
      if (v % width == 0) edges.emplace_back(v, next); // a play through every level
      for (int d = std::uniform_int_distribution<int>(0, 4)(rng); d > 0; --d)
        edges.emplace_back(v, next + std::uniform_int_distribution<std::size_t>(0, width - 1)(rng));
    }
    std::sort(edges.begin(), edges.end());
    const grundy::csr_graph g(boost::edges_are_sorted, edges.begin(), edges.end(), n);
    std::vector<std::uint32_t> starts;
    for (std::size_t k = 0; k <= levels; ++k)
      starts.push_back(static_cast<std::uint32_t>(k * width));
    const auto by_level = grundy::detail::values_and_remoteness_by_level(g, starts, 1, nullptr);
    BOOST_TEST(by_level.values == grundy::label(g).values);
    BOOST_TEST(by_level.remoteness == grundy::remoteness(g));
    BOOST_TEST(by_level.remoteness[0] <= levels - 1);
    // A single play through every level: the largest remoteness such a graph allows.
    std::vector<std::pair<grundy::vertex_id, grundy::vertex_id>> path;
    std::vector<std::uint32_t> one_each;
    for (std::size_t v = 0; v < levels; ++v) {
      if (v + 1 < levels) path.emplace_back(v, v + 1);
      one_each.push_back(static_cast<std::uint32_t>(v));
    }
    one_each.push_back(static_cast<std::uint32_t>(levels));
    const grundy::csr_graph p(boost::edges_are_sorted, path.begin(), path.end(), levels);
    const auto l = grundy::detail::values_and_remoteness_by_level(p, one_each, 1, nullptr);
    BOOST_TEST(l.remoteness[0] == levels - 1);
    BOOST_TEST(l.values[0] == (levels - 1) % 2);
  }
}

// S(1,2): the P-positions are the multiples of 3. From 3m the loser takes 1 each time and the
// winner 2, 2m moves in all; from 3m+1 or 3m+2 the winner first goes to 3m: 2m+1.
BOOST_AUTO_TEST_CASE(subtraction_1_2_by_hand) {
  const grundy::heap_game g(grundy::heap_rule::subtraction({1, 2}));
  for (grundy::heap_size n = 0; n <= 30; ++n) {
    const grundy::graph_strategy<grundy::heap_game> strategy(g, grundy::heaps{n});
    const auto r = strategy.remoteness_of(grundy::heaps{n});
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST(*r == 2 * (n / 3) + (n % 3 != 0 ? 1 : 0));
  }
}

BOOST_AUTO_TEST_CASE(a_graph_without_edges_has_no_remoteness) {
  const grundy::tablettes_game game(2, 2);
  grundy::build_options options;
  options.keep_edges = false;
  const auto gg = grundy::build_graph(game, game.start(), options);
  BOOST_CHECK_THROW(grundy::label(game, gg, {.remoteness = true}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_stop_is_heard) {
  const auto gg = grundy::build_graph(grundy::nim_game{}, grundy::heaps{9, 9, 9});
  const std::atomic<bool> stop{true};
  BOOST_CHECK_EXCEPTION(grundy::remoteness(gg.graph, play_convention::normal, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  BOOST_CHECK_EXCEPTION(grundy::remoteness_by_retrograde(gg.graph, play_convention::normal, &stop),
                        grundy::stopped, grundy::test::stopped_on_request);
}
