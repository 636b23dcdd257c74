// Generalized Sprague-Grundy values of graphs with cycles, checked against facts computed
// separately here: a plain win/lose/draw retrograde analysis, the ordinary labelling of acyclic
// graphs, the definition itself, and sums labelled as product graphs.
#define BOOST_TEST_MODULE loopy
#include <boost/test/unit_test.hpp>

#include <grundy/loopy.hpp>
#include <grundy/loopy_sum.hpp>
#include <grundy/solve.hpp>

#include <boost/graph/adjacency_list.hpp>

#include "stop_checks.hpp"
#include <algorithm>
#include <deque>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace {

using grundy::grundy_value;
using grundy::infinity;
using grundy::outcome;
using digraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

// A random digraph of 1 to max_n vertices with cycles, self-loops, repeated edges and sinks.
digraph random_digraph(std::mt19937& rng, std::size_t max_n) {
  const std::size_t n = std::uniform_int_distribution<std::size_t>(1, max_n)(rng);
  digraph g(n);
  // Mean out-degrees from sparse (mostly sinks and chains) to dense.
  const double mean = std::uniform_real_distribution<double>(0.3, 4.0)(rng);
  const double sink_share = std::uniform_real_distribution<double>(0.0, 0.4)(rng);
  std::poisson_distribution<int> degree(mean);
  std::uniform_int_distribution<std::size_t> any(0, n - 1);
  std::bernoulli_distribution sink(sink_share);
  for (std::size_t v = 0; v < n; ++v) {
    if (sink(rng)) continue;
    for (int d = degree(rng); d > 0; --d)
      add_edge(v, any(rng), g);
  }
  return g;
}

// Acyclic: every edge goes to a larger vertex.
digraph random_dag(std::mt19937& rng, std::size_t max_n) {
  const std::size_t n = std::uniform_int_distribution<std::size_t>(1, max_n)(rng);
  digraph g(n);
  std::poisson_distribution<int> degree(std::uniform_real_distribution<double>(0.5, 5.0)(rng));
  for (std::size_t v = 0; v + 1 < n; ++v)
    for (int d = degree(rng); d > 0; --d)
      add_edge(v, std::uniform_int_distribution<std::size_t>(v + 1, n - 1)(rng), g);
  return g;
}

// The textbook retrograde analysis, written without any value: a position without a move is
// lost; a position with a move to a lost one is won; a position whose moves all lead to won
// ones is lost; what this never decides is a draw.
std::vector<outcome> retrograde(const digraph& g) {
  const std::size_t n = num_vertices(g);
  std::vector<std::vector<std::size_t>> in(n);
  std::vector<std::size_t> undecided(n, 0);
  for (std::size_t v = 0; v < n; ++v)
    for (auto e : boost::make_iterator_range(out_edges(v, g))) {
      in[target(e, g)].push_back(v);
      ++undecided[v];
    }
  std::vector<outcome> result(n, outcome::d);
  std::deque<std::size_t> queue;
  for (std::size_t v = 0; v < n; ++v)
    if (undecided[v] == 0) result[v] = outcome::p, queue.push_back(v);
  while (!queue.empty()) {
    const auto v = queue.front();
    queue.pop_front();
    for (auto u : in[v]) {
      if (result[u] != outcome::d) continue;
      if (result[v] == outcome::p) {
        result[u] = outcome::n;
        queue.push_back(u);
      } else if (--undecided[u] == 0) {
        result[u] = outcome::p;
        queue.push_back(u);
      }
    }
  }
  return result;
}

// Smith's definition, checked vertex by vertex: (a), (b), (c) for numbers, and K for ∞(K).
bool satisfies_definition(const digraph& g, const grundy::labelling& l) {
  const auto& x = l.values;
  for (std::size_t u = 0; u < num_vertices(g); ++u) {
    std::set<grundy_value> finite;
    for (auto e : boost::make_iterator_range(out_edges(u, g)))
      if (x[target(e, g)] != infinity) finite.insert(x[target(e, g)]);
    if (x[u] == infinity) {
      const auto k = l.infinite.of(static_cast<grundy::vertex_id>(u));
      if (!std::equal(k.begin(), k.end(), finite.begin(), finite.end())) return false;
      continue;
    }
    const grundy_value m = x[u];
    if (finite.contains(m)) return false; // (a)
    for (grundy_value j = 0; j < m; ++j)
      if (!finite.contains(j)) return false; // (b)
    for (auto e : boost::make_iterator_range(out_edges(u, g))) {
      const auto v = target(e, g);
      if (x[v] != infinity && x[v] < m) continue;
      bool has_m = false; // (c)
      for (auto f : boost::make_iterator_range(out_edges(v, g)))
        has_m = has_m || x[target(f, g)] == m;
      if (!has_m) return false;
    }
  }
  return true;
}

// The sum of two games as one graph: vertex (u, v) is u * n2 + v; a move is a move in one.
digraph product(const digraph& a, const digraph& b) {
  const std::size_t n1 = num_vertices(a), n2 = num_vertices(b);
  digraph s(n1 * n2);
  for (std::size_t u = 0; u < n1; ++u)
    for (std::size_t v = 0; v < n2; ++v) {
      for (auto e : boost::make_iterator_range(out_edges(u, a)))
        add_edge(u * n2 + v, target(e, a) * n2 + v, s);
      for (auto e : boost::make_iterator_range(out_edges(v, b)))
        add_edge(u * n2 + v, u * n2 + target(e, b), s);
    }
  return s;
}

digraph from_edges(std::size_t n, std::initializer_list<std::pair<int, int>> edges) {
  digraph g(n);
  for (auto [u, v] : edges)
    add_edge(u, v, g);
  return g;
}

// A game written as a struct whose moves go round: from k, move to k + 1 or k + 2 modulo n,
// or, from 0 only, to the end position n. Every position but n is on a cycle.
struct clock_game {
  using state_type = unsigned;
  unsigned n = 5;
  state_type canonical(state_type s) const { return s; }
  void successors(state_type s, std::vector<state_type>& out) const {
    if (s == n) return;
    out.push_back((s + 1) % n);
    out.push_back((s + 2) % n);
    if (s == 0) out.push_back(n);
  }
  std::string format(state_type s) const { return std::to_string(s); }
};

} // namespace

BOOST_AUTO_TEST_CASE(small_graphs_worked_by_hand) {
  // a <-> b alone: either player can always answer, so both are draws of value ∞(∅).
  const auto two = grundy::generalized_sprague_grundy(from_edges(2, {{0, 1}, {1, 0}}));
  BOOST_TEST(two.values[0] == infinity);
  BOOST_TEST((two.outcome_of(0) == outcome::d));
  BOOST_TEST(two.format_value(1) == "∞(∅)");
  // 0 <-> 1, 1 -> 2 (no move from 2): 2 is 0, 1 moves there (1), and 0 is lost (0): its only
  // move goes to 1, from where the opponent ends the game.
  const auto exit = grundy::generalized_sprague_grundy(from_edges(3, {{0, 1}, {1, 0}, {1, 2}}));
  BOOST_TEST((exit.values == std::vector<grundy_value>{0, 1, 0}));
  BOOST_TEST(exit.infinite.empty());
  // A self-loop with a way out to a sink and to a 1: ∞(0,1), a win (move to the sink).
  const auto loop =
      grundy::generalized_sprague_grundy(from_edges(4, {{0, 0}, {0, 1}, {0, 2}, {2, 1}, {3, 0}}));
  BOOST_TEST(loop.values[0] == infinity);
  BOOST_TEST(loop.format_value(0) == "∞(0,1)");
  BOOST_TEST((loop.outcome_of(0) == outcome::n));
  // 3's only move leads to 0, from where the opponent moves to the sink: 3 is lost, value 0
  // ((c): its infinite successor has a successor of value 0).
  BOOST_TEST(loop.values[3] == 0u);
}

BOOST_AUTO_TEST_CASE(outcomes_equal_a_retrograde_analysis_on_random_digraphs) {
  std::mt19937 rng(20261123);
  std::size_t draws = 0, infinite_wins = 0, checked = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto g = random_digraph(rng, i < 1000 ? 12 : 300);
    const auto l = grundy::generalized_sprague_grundy(g);
    const auto expected = retrograde(g);
    for (std::size_t v = 0; v < num_vertices(g); ++v) {
      const auto o = l.outcome_of(static_cast<grundy::vertex_id>(v));
      if (o != expected[v]) {
        BOOST_ERROR("graph " << i << " vertex " << v << ": " << grundy::to_char(o) << " instead of "
                             << grundy::to_char(expected[v]));
        return;
      }
      draws += o == outcome::d;
      infinite_wins += o == outcome::n && l.values[v] == infinity;
      ++checked;
    }
    if (!satisfies_definition(g, l)) {
      BOOST_ERROR("graph " << i << ": values break the definition");
      return;
    }
  }
  // The graphs exercise all three kinds of infinite and finite positions.
  BOOST_TEST(draws > 1000u);
  BOOST_TEST(infinite_wins > 100u);
  BOOST_TEST_MESSAGE(checked << " positions checked, " << draws << " draws");
}

BOOST_AUTO_TEST_CASE(acyclic_graphs_get_their_ordinary_values) {
  std::mt19937 rng(7);
  for (int i = 0; i < 1000; ++i) {
    const auto g = random_dag(rng, 200);
    const auto l = grundy::generalized_sprague_grundy(g);
    BOOST_TEST(l.infinite.empty());
    if (l.values != grundy::sprague_grundy(g)) {
      BOOST_ERROR("acyclic graph " << i << " labelled differently");
      return;
    }
  }
}

BOOST_AUTO_TEST_CASE(sums_follow_smiths_rule) {
  std::mt19937 rng(1966);
  std::size_t infinite_sums = 0, infinite_one = 0;
  for (int i = 0; i < 400; ++i) {
    const auto a = random_digraph(rng, 14), b = random_digraph(rng, 14);
    const auto la = grundy::generalized_sprague_grundy(a), lb = grundy::generalized_sprague_grundy(b);
    const auto sum = grundy::generalized_sprague_grundy(product(a, b));
    const std::size_t n2 = num_vertices(b);
    for (std::size_t u = 0; u < num_vertices(a); ++u)
      for (std::size_t v = 0; v < n2; ++v) {
        const auto x = grundy::value_of(la, static_cast<grundy::vertex_id>(u));
        const auto y = grundy::value_of(lb, static_cast<grundy::vertex_id>(v));
        const auto direct = grundy::value_of(sum, static_cast<grundy::vertex_id>(u * n2 + v));
        if (x + y != direct) {
          BOOST_ERROR("pair " << i << ": " << x.str() << " + " << y.str() << " gives " << (x + y).str()
                              << ", the product graph " << direct.str());
          return;
        }
        infinite_sums += !direct.finite();
        infinite_one += x.finite() != y.finite();
      }
  }
  BOOST_TEST(infinite_sums > 1000u);
  BOOST_TEST(infinite_one > 1000u);
}

BOOST_AUTO_TEST_CASE(smiths_rule_by_hand) {
  const grundy::generalized_value two{2, {}}, three{3, {}}, loopy{infinity, {0, 3}}, other{infinity, {1}};
  BOOST_TEST(((two + three) == grundy::generalized_value{1, {}}));
  BOOST_TEST(((two + loopy) == grundy::generalized_value{infinity, {1, 2}}));
  BOOST_TEST(((loopy + three) == grundy::generalized_value{infinity, {0, 3}}));
  BOOST_TEST(((loopy + other) == grundy::generalized_value{infinity, {}}));
  BOOST_TEST(((loopy + three).outcome_of() == outcome::n));
  BOOST_TEST(((loopy + two).outcome_of() == outcome::d));
}

BOOST_AUTO_TEST_CASE(games_with_cycles_are_explored_and_labelled_by_solve) {
  const clock_game g{5};
  const auto solved = grundy::solve(g, 1u);
  BOOST_TEST(solved.statistics.vertices == 6u);
  // Checked against the labelling of the same graph written out by hand.
  digraph d(6);
  for (unsigned s = 0; s < 5; ++s) {
    add_edge(s, (s + 1) % 5, d);
    add_edge(s, (s + 2) % 5, d);
  }
  add_edge(0, 5, d);
  const auto direct = grundy::generalized_sprague_grundy(d);
  const auto expected = retrograde(d);
  std::uint64_t draws = 0, infinite = 0;
  for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v) {
    const auto s = solved.graph.states[v];
    BOOST_TEST(solved.values[v] == direct.values[s]);
    BOOST_TEST(solved.format_value(v) == direct.format_value(s));
    BOOST_TEST((solved.outcome_of(v) == expected[s]));
    draws += expected[s] == outcome::d;
    infinite += direct.values[s] == infinity;
  }
  BOOST_TEST(solved.statistics.draws == draws);
  BOOST_TEST(solved.statistics.infinite == infinite);
  BOOST_TEST((solved.statistics.start_outcome() == expected[1]));
}

BOOST_AUTO_TEST_CASE(a_stop_flag_stops_the_labelling) {
  std::mt19937 rng(3);
  const auto g = random_digraph(rng, 50);
  const std::atomic<bool> stop{true};
  BOOST_CHECK_EXCEPTION(grundy::generalized_sprague_grundy(g, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
}
