// Compounds of games against their own game graphs: the compound graph of two or three random
// small graphs (and of built-in games' positions) is built here, move by move as each compound
// defines them, labelled by the ordinary labelling, and its remoteness and suspense computed by
// a brute force of this file; solve_compound must agree, and its move must be a move of the
// compound graph that does what it says.
#define BOOST_TEST_MODULE compound
#include <boost/test/unit_test.hpp>

#include <grundy/compound.hpp>
#include <grundy/detail/exploration.hpp>
#include <grundy/games/heap.hpp>
#include <grundy/games/wythoff.hpp>
#include <grundy/label.hpp>
#include <grundy/suspense.hpp>

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "stop_checks.hpp"

namespace {

using grundy::compound_kind;
using grundy::no_remoteness;
using grundy::outcome;
using grundy::play_convention;
using grundy::remoteness_value;
using adjacency = std::vector<std::vector<std::size_t>>;

grundy::csr_graph csr_of(const adjacency& a) {
  std::vector<grundy::edge_index> rows;
  std::vector<grundy::vertex_id> targets;
  for (const auto& moves : a) {
    rows.push_back(targets.size());
    for (auto w : moves)
      targets.push_back(static_cast<grundy::vertex_id>(w));
  }
  rows.push_back(targets.size());
  grundy::csr_graph g;
  grundy::detail::adopt_csr(g, std::move(rows), std::move(targets));
  return g;
}

adjacency adjacency_of(const grundy::csr_graph& g) {
  adjacency a(num_vertices(g));
  for (std::size_t v = 0; v < a.size(); ++v)
    for (auto e : boost::make_iterator_range(out_edges(static_cast<grundy::vertex_id>(v), g)))
      a[v].push_back(target(e, g));
  return a;
}

adjacency random_graph(std::mt19937& rng, bool acyclic) {
  const std::size_t n = std::uniform_int_distribution<std::size_t>(1, 6)(rng);
  std::bernoulli_distribution edge(acyclic ? 0.45 : 0.3);
  adjacency a(n);
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t w = 0; w < (acyclic ? v : n); ++w)
      if (edge(rng)) a[v].push_back(w);
  return a;
}

// The compound's graph, a vertex per tuple of component vertices (mixed radix), its moves as
// the compound defines them.
struct compound_graph {
  std::vector<std::size_t> radix;
  adjacency moves;

  std::size_t index(const std::vector<std::size_t>& t) const {
    std::size_t i = 0;
    for (std::size_t k = radix.size(); k-- > 0;)
      i = i * radix[k] + t[k];
    return i;
  }
};

compound_graph build_compound(const std::vector<adjacency>& parts, compound_kind kind) {
  compound_graph c;
  std::size_t n = 1;
  for (const auto& p : parts) {
    c.radix.push_back(p.size());
    n *= p.size();
  }
  c.moves.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<std::size_t> t;
    for (std::size_t k = 0, r = i; k < parts.size(); r /= parts[k].size(), ++k)
      t.push_back(r % parts[k].size());
    std::set<std::size_t> targets;
    // Every choice, per component, of staying or one of its moves; the kind says which count.
    std::function<void(std::size_t, std::vector<std::size_t>&, std::size_t, bool)> choose =
        [&](std::size_t k, std::vector<std::size_t>& u, std::size_t moved, bool skipped_mover) {
          if (k == parts.size()) {
            if (moved == 0) return;
            if (kind == compound_kind::conjunctive && moved < parts.size()) return;
            if (kind == compound_kind::continued_conjunctive && skipped_mover) return;
            targets.insert(c.index(u));
            return;
          }
          choose(k + 1, u, moved, skipped_mover || !parts[k][t[k]].empty());
          for (auto w : parts[k][t[k]]) {
            u[k] = w;
            choose(k + 1, u, moved + 1, skipped_mover);
            u[k] = t[k];
          }
        };
    auto u = t;
    choose(0, u, 0, false);
    c.moves[i].assign(targets.begin(), targets.end());
  }
  return c;
}

bool lost_at(remoteness_value r, play_convention c) { return grundy::remoteness_loses(r, c); }

// Remoteness by its definition, level by level: a vertex gets k when its fastest win or its
// slowest loss is k, among vertices settled at lower levels only.
std::vector<remoteness_value> brute_remoteness(const adjacency& a, play_convention c) {
  std::vector<remoteness_value> r(a.size(), no_remoteness);
  for (remoteness_value k = 0; k <= 2 * a.size() + 2; ++k) {
    std::vector<std::size_t> now;
    for (std::size_t v = 0; v < a.size(); ++v) {
      if (r[v] != no_remoteness) continue;
      if (a[v].empty()) {
        if (k == 0) now.push_back(v);
        continue;
      }
      bool wins_now = false, all_settled = true;
      remoteness_value slowest = 0;
      for (auto w : a[v]) {
        if (r[w] == no_remoteness) {
          all_settled = false;
          continue;
        }
        if (r[w] == k - 1 && lost_at(r[w], c)) wins_now = true;
        slowest = std::max(slowest, r[w]);
      }
      const bool any_win = std::any_of(a[v].begin(), a[v].end(),
                                       [&](auto w) { return r[w] != no_remoteness && lost_at(r[w], c); });
      if ((wins_now &&
           !std::any_of(a[v].begin(), a[v].end(),
                        [&](auto w) { return r[w] != no_remoteness && r[w] < k - 1 && lost_at(r[w], c); })) ||
          (!any_win && all_settled && slowest + 1 == k))
        now.push_back(v);
    }
    for (auto v : now)
      r[v] = k;
  }
  return r;
}

// Suspense by recursion over an acyclic graph: the winner delays, the loser hurries.
remoteness_value brute_suspense(const adjacency& a, std::size_t v, play_convention c,
                                std::map<std::size_t, remoteness_value>& memo) {
  if (auto it = memo.find(v); it != memo.end()) return it->second;
  if (a[v].empty()) return memo[v] = 0;
  std::vector<remoteness_value> s;
  for (auto w : a[v])
    s.push_back(brute_suspense(a, w, c, memo));
  remoteness_value best = 0, quickest = no_remoteness;
  bool wins = false;
  for (auto x : s) {
    if (lost_at(x, c)) wins = true, best = std::max(best, x);
    quickest = std::min(quickest, x);
  }
  return memo[v] = (wins ? best : quickest) + 1;
}

bool is_acyclic(const adjacency& a) {
  try {
    grundy::sinks_first_order(csr_of(a));
    return true;
  } catch (const grundy::not_acyclic&) {
    return false;
  }
}

// The outcomes of the compound graph by the ordinary labelling.
std::vector<outcome> outcomes_of(const adjacency& a, play_convention c) {
  const auto g = csr_of(a);
  if (c == play_convention::misere) return grundy::misere_values_with_cycles(g).outcomes;
  return grundy::label(g, {.outcomes = true}).outcomes;
}

struct checked {
  int cases = 0, draws = 0, wins = 0;
};

// Decides the compound of `start` in `parts` with the library and checks it against the
// compound graph; returns false for a compound the library refuses (checked to be one it must).
void check_compound(const std::vector<adjacency>& parts, const std::vector<std::size_t>& start,
                    compound_kind kind, play_convention c, checked& tally) {
  std::vector<grundy::csr_graph> graphs;
  std::vector<grundy::compound_labels> labels;
  for (const auto& p : parts) {
    graphs.push_back(csr_of(p));
    labels.push_back(grundy::label_for_compounds(graphs.back()));
  }
  std::vector<grundy::compound_part> cp;
  bool all_acyclic = true;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    cp.push_back({&graphs[k], &labels[k], static_cast<grundy::vertex_id>(start[k])});
    all_acyclic = all_acyclic && labels[k].acyclic;
    BOOST_TEST(labels[k].acyclic == is_acyclic(parts[k]));
  }
  const bool defined = all_acyclic || kind == compound_kind::conjunctive ||
                       (kind == compound_kind::selective && c == play_convention::normal);
  if (!defined) {
    BOOST_CHECK_THROW(grundy::solve_compound(kind, cp, c), std::invalid_argument);
    return;
  }
  const auto r = grundy::solve_compound(kind, cp, c);
  const auto compound = build_compound(parts, kind);
  const auto outcomes = outcomes_of(compound.moves, c);
  const auto here = compound.index(start);
  ++tally.cases;
  tally.draws += r.result == outcome::d;
  tally.wins += r.result == outcome::n;
  BOOST_TEST_REQUIRE(static_cast<int>(r.result) == static_cast<int>(outcomes[here]));

  std::vector<remoteness_value> length;
  if (kind == compound_kind::conjunctive) {
    length = brute_remoteness(compound.moves, c);
  } else if (kind == compound_kind::continued_conjunctive) {
    std::map<std::size_t, remoteness_value> memo;
    for (std::size_t v = 0; v < compound.moves.size(); ++v)
      length.push_back(brute_suspense(compound.moves, v, c, memo));
  }
  if (!length.empty()) {
    BOOST_TEST(r.length.value_or(no_remoteness) == length[here]);
  } else {
    BOOST_TEST(!r.length.has_value());
  }

  if (compound.moves[here].empty()) {
    BOOST_TEST(r.move.empty());
    return;
  }
  BOOST_TEST_REQUIRE(r.move.size() == parts.size());
  auto to = start;
  for (std::size_t k = 0; k < parts.size(); ++k)
    if (r.move[k]) to[k] = *r.move[k];
  const auto there = compound.index(to);
  const auto& m = compound.moves[here];
  BOOST_TEST_REQUIRE(std::binary_search(m.begin(), m.end(), there));
  if (r.result == outcome::n) BOOST_TEST(static_cast<int>(outcomes[there]) == static_cast<int>(outcome::p));
  if (r.result == outcome::d) BOOST_TEST(static_cast<int>(outcomes[there]) == static_cast<int>(outcome::d));
  // The move keeps to the compound's length: one less after it, for winner and loser alike.
  if (!length.empty() && r.length) BOOST_TEST(length[there] + 1 == *r.length);
}

constexpr compound_kind kinds[] = {compound_kind::conjunctive, compound_kind::continued_conjunctive,
                                   compound_kind::selective};
constexpr play_convention conventions[] = {play_convention::normal, play_convention::misere};

void random_compounds(bool acyclic, int rounds, unsigned seed) {
  std::mt19937 rng(seed);
  checked tally;
  for (int round = 0; round < rounds; ++round) {
    std::vector<adjacency> parts(std::uniform_int_distribution<int>(2, 3)(rng));
    std::vector<std::size_t> start;
    for (auto& p : parts) {
      p = random_graph(rng, acyclic);
      start.push_back(std::uniform_int_distribution<std::size_t>(0, p.size() - 1)(rng));
    }
    for (auto kind : kinds)
      for (auto c : conventions)
        check_compound(parts, start, kind, c, tally);
  }
  BOOST_TEST_MESSAGE(tally.cases << " compounds, " << tally.wins << " won, " << tally.draws << " drawn");
  BOOST_TEST(tally.wins > tally.cases / 5);
  BOOST_TEST(tally.cases - tally.wins - tally.draws > tally.cases / 10);
  if (!acyclic) BOOST_TEST(tally.draws > 0);
}

} // namespace

BOOST_AUTO_TEST_CASE(random_acyclic_compounds_match_their_graphs) { random_compounds(true, 300, 44); }

BOOST_AUTO_TEST_CASE(random_loopy_compounds_match_their_graphs) { random_compounds(false, 300, 4444); }

BOOST_AUTO_TEST_CASE(builtin_games_compounds_match_their_graphs) {
  // Heaps of S(1,2), of Grundy's game and of Wythoff's game: each component the graph of its
  // own position, as a front end builds it.
  std::vector<adjacency> pool;
  std::vector<std::size_t> starts;
  const auto add = [&](const auto& game, const auto& position) {
    const auto gg = grundy::build_graph(game, game.canonical(position));
    pool.push_back(adjacency_of(gg.graph));
    starts.push_back(0);
  };
  for (grundy::heap_size n : {1, 4, 5, 7})
    add(grundy::heap_game(grundy::heap_rule::parse("S(1,2)")), grundy::heaps{n});
  for (grundy::heap_size n : {3, 6})
    add(grundy::heap_game(grundy::heap_rule::parse("grundy")), grundy::heaps{n});
  add(grundy::wythoff_game{}, grundy::wythoff_game::state_type{2, 3});
  checked tally;
  for (std::size_t i = 0; i < pool.size(); ++i)
    for (std::size_t j = i; j < pool.size(); ++j)
      for (auto kind : kinds)
        for (auto c : conventions)
          check_compound({pool[i], pool[j]}, {starts[i], starts[j]}, kind, c, tally);
  BOOST_TEST(tally.wins > 0);
}

BOOST_AUTO_TEST_CASE(worked_example_of_s12) {
  // S(1,2): heap n has remoteness 2*floor(n/3), plus one unless 3 divides n. Heaps 5, 7 and 9:
  // remoteness 3, 5 and 6; the conjunctive compound's is the least, 3, won by the player to move.
  const grundy::heap_game game(grundy::heap_rule::parse("S(1,2)"));
  const auto gg = grundy::build_graph(game, grundy::heaps{9});
  const auto labels = grundy::label_for_compounds(gg.graph);
  std::vector<grundy::compound_part> parts;
  for (grundy::heap_size n : {5, 7, 9}) {
    const auto it = std::find(gg.states.begin(), gg.states.end(), grundy::heaps{n});
    parts.push_back({&gg.graph, &labels, static_cast<grundy::vertex_id>(it - gg.states.begin())});
  }
  const auto r = grundy::solve_compound(compound_kind::conjunctive, parts);
  BOOST_TEST(static_cast<int>(r.result) == static_cast<int>(outcome::n));
  BOOST_TEST(*r.length == 3u);
  BOOST_TEST(gg.states[*r.move[0]] == grundy::heaps{3}); // the fastest win in the heap of 5
  BOOST_TEST(gg.states[*r.move[2]] == grundy::heaps{8}); // the slowest loss in the heap of 9
}

BOOST_AUTO_TEST_CASE(suspense_in_the_labelling) {
  std::mt19937 rng(7);
  for (int round = 0; round < 50; ++round) {
    const auto a = random_graph(rng, true);
    const auto g = csr_of(a);
    for (auto c : conventions) {
      const auto l = grundy::label(g, {.convention = c, .remoteness = true, .suspense = true});
      std::map<std::size_t, remoteness_value> memo;
      for (std::size_t v = 0; v < a.size(); ++v) {
        BOOST_TEST(l.suspense[v] == brute_suspense(a, v, c, memo));
        // Suspense and remoteness tell the same outcome.
        BOOST_TEST(lost_at(l.suspense[v], c) == lost_at(l.remoteness[v], c));
      }
    }
  }
  const auto loop = csr_of({{1}, {0}});
  BOOST_CHECK_THROW(grundy::label(loop, {.suspense = true}), grundy::not_acyclic);
}

BOOST_AUTO_TEST_CASE(bad_compounds_are_refused) {
  const auto g = csr_of({{}, {0}});
  const auto labels = grundy::label_for_compounds(g);
  BOOST_CHECK_THROW(grundy::solve_compound(compound_kind::selective, {}), std::invalid_argument);
  const std::vector<grundy::compound_part> outside{{&g, &labels, 2}};
  BOOST_CHECK_THROW(grundy::solve_compound(compound_kind::selective, outside), std::invalid_argument);
  const auto other = csr_of({{}, {0}, {1}});
  const std::vector<grundy::compound_part> mismatched{{&other, &labels, 0}};
  BOOST_CHECK_THROW(grundy::solve_compound(compound_kind::conjunctive, mismatched), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(stops_are_honoured) {
  adjacency a(2000);
  for (std::size_t v = 1; v < a.size(); ++v)
    a[v] = {v - 1, v / 2};
  const auto g = csr_of(a);
  std::atomic<bool> stop{true};
  BOOST_CHECK_EXCEPTION(grundy::label_for_compounds(g, &stop), grundy::stopped,
                        grundy::test::stopped_on_request);
  const auto labels = grundy::label_for_compounds(g);
  const std::vector<grundy::compound_part> parts{{&g, &labels, 1999}, {&g, &labels, 1000}};
  BOOST_CHECK_EXCEPTION(
      grundy::solve_compound(compound_kind::selective, parts, play_convention::misere, &stop),
      grundy::stopped, grundy::test::stopped_on_request);
}
