// Tablettes: the seed's examples (empile, coups, init, graphe) and its counts.
#define BOOST_TEST_MODULE games_tablettes
#include <boost/test/unit_test.hpp>

#include <grundy/games/tablettes.hpp>
#include <grundy/solve.hpp>

#include "stop_checks.hpp"
#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

using grundy::compact_tablettes_game;
using grundy::pile;
using grundy::tablettes_game;
using grundy::with_tablettes;
using piles = tablettes_game::piles_type;

namespace {

// The seed writes positions as lists of [colour, height].
piles make(std::initializer_list<std::pair<int, int>> list) {
  piles s;
  for (auto [c, h] : list)
    s.push_back(pile{static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(h)});
  return s;
}

std::set<piles> moves_of(const tablettes_game& g, const piles& s) {
  std::vector<tablettes_game::state_type> out;
  g.successors(g.make_state(s), out);
  std::set<piles> r;
  for (auto& m : out)
    r.insert(g.piles(m));
  BOOST_TEST(r.size() == out.size()); // each distinct position once
  return r;
}

} // namespace

BOOST_AUTO_TEST_CASE(empile_examples_of_the_seed) {
  const auto x = make({{0, 1}, {0, 1}, {1, 1}, {1, 1}});
  BOOST_TEST((tablettes_game::stack(x, 0, 1) == std::vector<piles>{make({{0, 2}, {1, 1}, {1, 1}})}));
  BOOST_TEST((tablettes_game::stack(x, 0, 3) ==
              std::vector<piles>{make({{0, 1}, {0, 2}, {1, 1}}), make({{0, 1}, {1, 1}, {1, 2}})}));
  BOOST_TEST(tablettes_game::stack(make({{0, 2}, {1, 1}, {1, 1}}), 0, 1).empty());
}

BOOST_AUTO_TEST_CASE(coups_examples_of_the_seed) {
  const tablettes_game g(2, 4);
  BOOST_TEST((moves_of(g, make({{0, 2}, {0, 3}, {1, 1}, {1, 2}})) ==
              std::set<piles>{make({{0, 5}, {1, 1}, {1, 2}}), make({{0, 3}, {0, 4}, {1, 1}}),
                              make({{0, 3}, {1, 1}, {1, 4}}), make({{0, 2}, {0, 3}, {1, 3}})}));
  BOOST_TEST((moves_of(tablettes_game(2, 2), make({{0, 1}, {0, 1}, {1, 1}, {1, 1}})) ==
              std::set<piles>{make({{0, 2}, {1, 1}, {1, 1}}), make({{0, 1}, {0, 2}, {1, 1}}),
                              make({{0, 1}, {1, 1}, {1, 2}}), make({{0, 1}, {0, 1}, {1, 2}})}));
}

BOOST_AUTO_TEST_CASE(states_round_trip_through_piles) {
  const tablettes_game g(3, 4);
  const auto gg = grundy::build_graph(g, g.start());
  for (auto& s : gg.states) {
    const auto p = g.piles(s);
    BOOST_TEST(std::is_sorted(p.begin(), p.end()));
    BOOST_TEST((g.make_state(p) == s));
    std::vector<tablettes_game::state_type> out;
    g.successors(s, out);
    std::set<tablettes_game::state_type> distinct(out.begin(), out.end());
    BOOST_TEST(distinct.size() == out.size());
  }
}

BOOST_AUTO_TEST_CASE(init_example_of_the_seed) {
  const tablettes_game g(3, 4);
  BOOST_TEST((
      g.piles(g.start()) ==
      make(
          {{0, 1}, {0, 1}, {0, 1}, {0, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {2, 1}, {2, 1}, {2, 1}, {2, 1}})));
  BOOST_TEST(tablettes_game(2, 2).format(tablettes_game(2, 2).make_state(make({{1, 1}, {0, 3}}))) ==
             "[[0,3],[1,1]]");
}

// The seed's graphe(2, 2), every position with its successors.
BOOST_AUTO_TEST_CASE(graphe_example_of_the_seed) {
  const std::map<piles, std::set<piles>> seed{
      {make({{0, 1}, {0, 1}, {1, 1}, {1, 1}}),
       {make({{0, 2}, {1, 1}, {1, 1}}), make({{0, 1}, {0, 2}, {1, 1}}), make({{0, 1}, {1, 1}, {1, 2}}),
        make({{0, 1}, {0, 1}, {1, 2}})}},
      {make({{0, 2}, {1, 1}, {1, 1}}), {make({{0, 2}, {1, 2}})}},
      {make({{0, 1}, {0, 2}, {1, 1}}),
       {make({{0, 3}, {1, 1}}), make({{0, 2}, {0, 2}}), make({{0, 2}, {1, 2}})}},
      {make({{0, 1}, {1, 1}, {1, 2}}),
       {make({{0, 2}, {1, 2}}), make({{1, 2}, {1, 2}}), make({{0, 1}, {1, 3}})}},
      {make({{0, 1}, {0, 1}, {1, 2}}), {make({{0, 2}, {1, 2}})}},
      {make({{0, 2}, {1, 2}}), {make({{0, 4}}), make({{1, 4}})}},
      {make({{0, 3}, {1, 1}}), {}},
      {make({{0, 2}, {0, 2}}), {make({{0, 4}})}},
      {make({{1, 2}, {1, 2}}), {make({{1, 4}})}},
      {make({{0, 1}, {1, 3}}), {}},
      {make({{0, 4}}), {}},
      {make({{1, 4}}), {}},
  };
  const tablettes_game g(2, 2);
  const auto gg = grundy::build_graph(g, g.start());
  BOOST_TEST(gg.vertex_count() == seed.size());
  for (grundy::vertex_id v = 0; v < gg.vertex_count(); ++v) {
    std::set<piles> succ;
    for (auto e : boost::make_iterator_range(out_edges(v, gg.graph)))
      succ.insert(g.piles(gg.states[target(e, gg.graph)]));
    const auto it = seed.find(g.piles(gg.states[v]));
    BOOST_TEST_REQUIRE((it != seed.end()), "unexpected position " << g.format(gg.states[v]));
    BOOST_TEST((succ == it->second), "successors of " << g.format(gg.states[v]));
  }
}

BOOST_AUTO_TEST_CASE(counts_of_the_seed_table) {
  struct cell {
    unsigned c, n;
    std::uint64_t vertices, edges;
  };
  // The two cells the seed gives (N1 = len(Graphe), N2 = number of moves).
  for (auto [c, n, vertices, edges] : {cell{2, 2, 12, 16}, cell{3, 4, 4220, 23487}}) {
    const tablettes_game g(c, n);
    const auto solved = grundy::solve(g, g.start());
    BOOST_TEST(solved.statistics.vertices == vertices);
    BOOST_TEST(solved.statistics.edges == edges);
  }
}

// With one colour every move stacks two piles of one colour, so the positions are the
// partitions of N tablets into piles and the game lasts exactly N - 1 moves.
BOOST_AUTO_TEST_CASE(one_colour_is_partitions) {
  const std::uint64_t partitions[] = {0, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42};
  for (unsigned n = 1; n <= 10; ++n) {
    const tablettes_game g(1, n);
    const auto solved = grundy::solve(g, g.start());
    BOOST_TEST(solved.statistics.vertices == partitions[n]);
    BOOST_TEST(solved.statistics.depth == n);
    BOOST_TEST(solved.statistics.start_value == (n - 1) % 2);
  }
}

BOOST_AUTO_TEST_CASE(every_move_merges_two_piles) {
  const tablettes_game g(3, 3);
  const auto gg = grundy::build_graph(g, g.start());
  for (grundy::vertex_id v = 0; v < gg.vertex_count(); ++v) {
    unsigned total = 0;
    for (auto p : g.piles(gg.states[v]))
      total += p.height;
    BOOST_TEST(total == 9u);
    for (auto e : boost::make_iterator_range(out_edges(v, gg.graph)))
      BOOST_TEST(g.piles(gg.states[target(e, gg.graph)]).size() + 1 == g.piles(gg.states[v]).size());
  }
}

BOOST_AUTO_TEST_CASE(invalid_sizes_are_rejected) {
  BOOST_CHECK_THROW(tablettes_game(0, 3), std::invalid_argument);
  BOOST_CHECK_THROW(tablettes_game(3, 0), std::invalid_argument);
  BOOST_CHECK_THROW(tablettes_game(16, 16), std::invalid_argument);
  BOOST_CHECK_THROW(tablettes_game(43, 1), std::invalid_argument);
  BOOST_CHECK_NO_THROW(tablettes_game(42, 1));
  // Refused from the count alone: a vector of four billion counts would take 16 GB.
  BOOST_CHECK_THROW(tablettes_game(4'000'000'000u, 1), std::invalid_argument);
  BOOST_CHECK_THROW(tablettes_game(std::vector<unsigned>{}), std::invalid_argument);
  BOOST_CHECK_THROW(tablettes_game(std::vector<unsigned>{3, 0}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(positions_typed_by_hand_are_checked) {
  const tablettes_game g(2, 2);
  BOOST_CHECK_NO_THROW(g.make_state(make({{1, 3}, {0, 1}})));
  BOOST_CHECK_THROW(g.make_state(make({{2, 1}, {0, 3}})), std::invalid_argument); // no colour 2
  BOOST_CHECK_THROW(g.make_state(make({{0, 1}, {0, 1}, {0, 1}, {1, 1}})),
                    std::invalid_argument);                                       // 3 tops of 0
  BOOST_CHECK_THROW(g.make_state(make({{0, 2}, {1, 1}})), std::invalid_argument); // 3 tablets, not 4
  BOOST_CHECK_THROW(g.make_state(make({{0, 0}, {1, 4}})), std::invalid_argument); // empty pile
}

namespace {

grundy::build_options with_threads(unsigned threads) {
  grundy::build_options o;
  o.threads = threads;
  return o;
}

} // namespace

// Colour symmetry explores one position per class but must report the plain exploration's
// exact counts, and the same values.
BOOST_AUTO_TEST_CASE(symmetry_keeps_raw_counts_exact) {
  std::vector<std::vector<unsigned>> games;
  for (unsigned c = 1; c <= 4; ++c)
    for (unsigned n = 1; n <= (c == 4 ? 3u : 4u); ++n)
      games.push_back(std::vector<unsigned>(c, n));
  games.push_back({3, 3, 2});
  games.push_back({2, 1, 2, 1});
  games.push_back({1, 2, 3});
  for (const auto& counts : games) {
    const tablettes_game plain(counts), reduced(counts, {.symmetry = true});
    const auto a = grundy::solve(plain, plain.start());
    const auto b = grundy::solve(reduced, reduced.start());
    const auto& p = a.statistics;
    const auto& r = b.statistics;
    BOOST_TEST_CONTEXT("tablets per colour " << plain.format(plain.start())) {
      BOOST_TEST(r.vertices == p.vertices);
      BOOST_TEST(r.edges == p.edges);
      BOOST_TEST(r.terminals == p.terminals);
      BOOST_TEST(r.depth == p.depth);
      BOOST_TEST(r.start_value == p.start_value);
      BOOST_TEST(r.value_counts == p.value_counts, boost::test_tools::per_element());
      BOOST_TEST(r.classes <= p.classes);
      BOOST_TEST(r.symmetric);
      BOOST_TEST(!p.symmetric);
      // Every position has its class representative's value.
      std::map<tablettes_game::state_type, grundy::grundy_value> value_of;
      for (std::size_t v = 0; v < b.graph.vertex_count(); ++v)
        value_of[b.graph.states[v]] = b.values[v];
      for (std::size_t v = 0; v < a.graph.vertex_count(); ++v)
        BOOST_TEST(value_of.at(reduced.canonical(a.graph.states[v])) == a.values[v]);
    }
  }
}

BOOST_AUTO_TEST_CASE(orbit_sizes) {
  const tablettes_game g(4, 2, {.symmetry = true});
  // Every colour alone in piles of one: all four signatures equal, a class of one position.
  BOOST_TEST(g.orbit_size(g.start()) == 1u);
  // Colours 0 and 1 differ, 2 and 3 are alike: 4! / 2! = 12 relabellings.
  BOOST_TEST(g.orbit_size(g.make_state(make({{0, 3}, {1, 1}, {1, 2}, {2, 1}, {3, 1}}))) == 12u);
  // Three colours top nothing: 4! / 3! = 4.
  BOOST_TEST(g.orbit_size(g.make_state(make({{2, 8}}))) == 4u);
  BOOST_TEST((g.canonical(g.make_state(make({{2, 8}}))) == g.canonical(g.make_state(make({{0, 8}})))));
  // Colours with other counts are never exchanged.
  const tablettes_game unequal(std::vector<unsigned>{2, 2, 3}, {.symmetry = true});
  BOOST_TEST(unequal.orbit_size(unequal.make_state(make({{0, 4}, {2, 3}}))) == 2u);
  BOOST_TEST((unequal.canonical(unequal.make_state(make({{0, 4}, {2, 3}}))) ==
              unequal.canonical(unequal.make_state(make({{1, 4}, {2, 3}})))));
  BOOST_TEST((unequal.canonical(unequal.make_state(make({{0, 7}}))) !=
              unequal.canonical(unequal.make_state(make({{2, 7}})))));
}

// Two-colour Babylon with a and b tablets (Goadrich and Schlatter; proved by Georgakopoulos
// and Winkler): the first player wins exactly when min(a, b) is 1 or 2, or a + b is odd.
BOOST_AUTO_TEST_CASE(two_colour_theorem) {
  for (unsigned a = 1; a <= 9; ++a)
    for (unsigned b = a; b <= 9; ++b) {
      const tablettes_game g(std::vector<unsigned>{a, b}, {.symmetry = true});
      const bool first_wins = a <= 2 || (a + b) % 2 == 1;
      const auto s = grundy::solve(g, g.start()).statistics;
      BOOST_TEST((s.start_value != 0) == first_wins, a << " and " << b << " tablets");
    }
}

// The graph, vertex numbering included, does not depend on the thread count.
BOOST_AUTO_TEST_CASE(threads_do_not_change_the_graph) {
  for (bool symmetry : {false, true}) {
    const tablettes_game g(4, 3, {.symmetry = symmetry});
    const auto one = grundy::solve(g, g.start(), with_threads(1));
    for (unsigned threads : {2u, 3u, 5u}) {
      const auto many = grundy::solve(g, g.start(), with_threads(threads));
      BOOST_TEST((many.graph.states == one.graph.states));
      BOOST_TEST((many.graph.level_starts == one.graph.level_starts));
      BOOST_TEST((many.graph.graph.m_forward.m_column == one.graph.graph.m_forward.m_column));
      BOOST_TEST((many.values == one.values));
      BOOST_TEST(many.statistics.edges == one.statistics.edges);
    }
  }
}

// The graded builder expands a small chunk in one pass, looking each successor up as it is met,
// and a large one in passes over several units (expand, resolve, gather_targets). Both must give
// every successor the same (shard, local id), and every shard the same list of new states: a
// level can be explored partly one way and partly the other, and its numbering must not depend
// on which. Checked on the largest level of a game, with and without symmetry, against three
// units of uneven size.
BOOST_AUTO_TEST_CASE(one_pass_numbers_as_the_sharded_passes) {
  namespace d = grundy::detail;
  for (bool symmetry : {false, true}) {
    const compact_tablettes_game g(tablettes_game(4, 3, {.symmetry = symmetry}));
    using state = compact_tablettes_game::state_type;
    const auto graph = grundy::build_graph(g, g.start(), with_threads(1));
    std::size_t level = 0;
    for (std::size_t k = 1; k + 1 < graph.level_starts.size(); ++k)
      if (graph.level_starts[k + 1] - graph.level_starts[k] >
          graph.level_starts[level + 1] - graph.level_starts[level])
        level = k;
    const std::span<const state> parents(graph.states.data() + graph.level_starts[level],
                                         graph.level_starts[level + 1] - graph.level_starts[level]);
    BOOST_TEST_REQUIRE(parents.size() > 100u);
    const grundy::build_options options;
    const d::exploration_monitor monitor(options);

    d::arena one_memory;
    d::level_index<state> one_index(one_memory);
    d::expansion<state> one(one_memory);
    d::expand_resolved(g, parents, 0, parents.size(), one, one_index, monitor);

    d::arena memory;
    d::level_index<state> index(memory);
    std::vector<d::expansion<state>> units;
    for (int u = 0; u < 3; ++u)
      units.emplace_back(memory);
    const std::size_t cuts[] = {0, 7, parents.size() / 2, parents.size()};
    for (std::size_t u = 0; u < 3; ++u)
      d::expand(g, parents, cuts[u], cuts[u + 1], units[u], monitor);
    for (unsigned s = 0; s < d::shard_count; ++s)
      d::resolve(s, std::span(units), index);
    std::vector<std::uint32_t> targets;
    for (auto& x : units) {
      d::gather_targets(x);
      targets.insert(targets.end(), x.targets.begin(), x.targets.end());
    }

    BOOST_TEST(targets.size() > parents.size());
    BOOST_TEST(std::equal(targets.begin(), targets.end(), one.targets.begin(), one.targets.end()));
    bool same_lists = true;
    for (unsigned s = 0; s < d::shard_count; ++s)
      same_lists =
          same_lists && std::equal(index.shards[s].states.begin(), index.shards[s].states.end(),
                                   one_index.shards[s].states.begin(), one_index.shards[s].states.end());
    BOOST_TEST(same_lists);
    BOOST_TEST(index.size() == one_index.size());
  }
}

// Games whose positions fit in 64 bits are explored with 8-byte states: the graph must be the
// same one, vertex for vertex, with symmetry and without, on one thread and on several. The
// cells include unequal counts (symmetry among some colours only) and positions of exactly 64
// bits (31 tablets in 2 colours), whose last bit is the top bit of the word.
BOOST_AUTO_TEST_CASE(compact_states_give_the_same_graph) {
  const std::vector<std::vector<unsigned>> cells = {
      {4, 4, 4, 4}, {3, 3, 3, 2, 2}, {5, 1, 5, 1}, {2, 2, 2, 2, 2, 2, 2}, {30, 1}};
  for (const auto& counts : cells)
    for (bool symmetry : {false, true})
      for (unsigned threads : {1u, 2u}) {
        const tablettes_game wide(counts, {.symmetry = symmetry});
        BOOST_TEST_REQUIRE(compact_tablettes_game::fits(wide));
        const compact_tablettes_game compact(wide);
        const auto a = grundy::solve(wide, wide.start(), with_threads(threads));
        const auto b = grundy::solve(compact, compact.start(), with_threads(threads));
        BOOST_TEST_REQUIRE(a.graph.states.size() == b.graph.states.size());
        bool same_states = true;
        for (std::size_t v = 0; v < a.graph.states.size(); ++v)
          same_states = same_states && a.graph.states[v] == compact_tablettes_game::widen(b.graph.states[v]);
        BOOST_TEST(same_states);
        BOOST_TEST((a.graph.level_starts == b.graph.level_starts));
        BOOST_TEST((a.graph.graph.m_forward.m_rowstart == b.graph.graph.m_forward.m_rowstart));
        BOOST_TEST((a.graph.graph.m_forward.m_column == b.graph.graph.m_forward.m_column));
        BOOST_TEST((a.values == b.values));
        BOOST_TEST(a.statistics.vertices == b.statistics.vertices);
        BOOST_TEST(a.statistics.edges == b.statistics.edges);
        BOOST_TEST(a.statistics.classes == b.statistics.classes);
        BOOST_TEST(a.statistics.symmetric == b.statistics.symmetric);
        BOOST_TEST(compact.format(b.graph.states.back()) == wide.format(a.graph.states.back()));
      }
  const tablettes_game eight(8, 3);
  BOOST_TEST(compact_tablettes_game::fits(eight));
  BOOST_TEST(compact_tablettes_game(eight).format(compact_tablettes_game(eight).start()) ==
             eight.format(eight.start()));
  BOOST_TEST(compact_tablettes_game::fits(tablettes_game(std::vector<unsigned>{31, 1})) == false); // 66 bits
  BOOST_TEST(compact_tablettes_game::fits(tablettes_game(9, 3)));                                  // 63 bits
  BOOST_TEST(!compact_tablettes_game::fits(tablettes_game(7, 5)));                                 // 77 bits
  BOOST_CHECK_THROW(compact_tablettes_game(tablettes_game(7, 5)), std::invalid_argument);
}

// with_tablettes picks the compact game exactly where it fits.
BOOST_AUTO_TEST_CASE(with_tablettes_picks_by_size) {
  auto compact = [](const tablettes_game& g) {
    return with_tablettes(g, [](const auto& game, const auto&) {
      return std::is_same_v<std::decay_t<decltype(game)>, compact_tablettes_game>;
    });
  };
  BOOST_TEST(compact(tablettes_game(5, 4)));  // 45 bits
  BOOST_TEST(compact(tablettes_game(7, 4)));  // 63 bits
  BOOST_TEST(compact(tablettes_game(8, 3)));  // 56 bits
  BOOST_TEST(!compact(tablettes_game(8, 4))); // 72 bits
  BOOST_TEST(!compact(tablettes_game(10, 4)));
}

// Without edges, labels come from regenerated moves and must be the same, on one thread and
// on two. Five colours of three tablets have levels large enough for the sharded passes
// (min_parallel_parents parents or more, in several chunks); the smaller games take the one-pass
// path.
BOOST_AUTO_TEST_CASE(labels_without_edges) {
  struct cell {
    unsigned colors, tablets;
    bool symmetry;
  };
  for (const auto [colors, tablets, symmetry] : {cell{3, 4, false}, cell{3, 4, true}, cell{5, 3, false}}) {
    const tablettes_game g(colors, tablets, {.symmetry = symmetry});
    auto options = with_threads(2);
    const auto with = grundy::solve(g, g.start(), options);
    if (colors == 5) {
      std::size_t largest = 0;
      for (std::size_t k = 0; k < with.graph.depth(); ++k)
        largest = std::max<std::size_t>(largest, with.graph.level_starts[k + 1] - with.graph.level_starts[k]);
      BOOST_TEST_REQUIRE(largest >= grundy::detail::min_parallel_parents);
    }
    options.keep_edges = false;
    for (unsigned threads : {1u, 2u}) {
      options.threads = threads;
      std::uint64_t labelled = 0; // as the last report of the labelling gave it
      bool ordered = true;
      options.progress = [&](const grundy::build_progress& p) {
        if (!p.labelling) return;
        ordered = ordered && p.labelled > labelled;
        labelled = p.labelled;
      };
      const auto without = grundy::solve(g, g.start(), options);
      BOOST_TEST(ordered);
      BOOST_TEST(labelled == without.graph.vertex_count());
      BOOST_TEST(!without.graph.has_edges());
      BOOST_TEST((without.values == with.values));
      BOOST_TEST(without.statistics.edges == with.statistics.edges);
      BOOST_TEST(without.statistics.class_edges == with.statistics.class_edges);
      BOOST_TEST(without.statistics.terminals == with.statistics.terminals);
    }
  }
}

// Labelling without edges stops on the flag, and a graph whose level lists a state twice or
// lacks a successor is refused rather than labelled with wrong values.
BOOST_AUTO_TEST_CASE(labels_without_edges_refuse_and_stop) {
  const tablettes_game g(3, 4);
  grundy::build_options options;
  options.keep_edges = false;
  auto graph = grundy::build_graph(g, g.start(), options);
  std::atomic<bool> stop{true};
  BOOST_CHECK_EXCEPTION(grundy::label(g, graph, {.threads = 1, .stop = &stop}), grundy::stopped,
                        grundy::test::stopped_on_request);
  stop = false;
  BOOST_TEST(grundy::label(g, graph, {.threads = 1, .stop = &stop}).values.size() == graph.vertex_count());
  const auto k = graph.level_starts[graph.depth() - 2];
  auto twice = graph;
  twice.states[k] = twice.states[k + 1];
  BOOST_CHECK_THROW(grundy::label(g, twice, {.threads = 1}), std::logic_error);
  auto lacking = graph; // a state of the last level in place of one of the level above
  lacking.states[k] = lacking.states[lacking.level_starts[lacking.depth() - 1]];
  BOOST_CHECK_THROW(grundy::label(g, lacking, {.threads = 1}), std::logic_error);
}

BOOST_AUTO_TEST_CASE(limits_stop_graded_exploration) {
  const tablettes_game g(4, 4);
  grundy::build_options o;
  o.max_states = 5000;
  BOOST_CHECK_EXCEPTION(grundy::build_graph(g, g.start(), o), grundy::stopped,
                        grundy::test::stopped_by_limit);
  std::atomic<bool> stop{true};
  grundy::build_options s;
  s.stop = &stop;
  BOOST_CHECK_EXCEPTION(grundy::build_graph(g, g.start(), s), grundy::stopped,
                        grundy::test::stopped_on_request);
}
