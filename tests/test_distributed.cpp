// The distributed explorer against the single-process builder: run by mpiexec with 1, 2 and 3
// ranks, every rank runs every case, and every rank checks the figures it was given.
#define BOOST_TEST_MODULE distributed
#include <boost/test/unit_test.hpp>

#include "test_games.hpp"

#include <grundy/distributed.hpp>
#include <grundy/games/moore.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/misere.hpp>
#include <grundy/solve.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace dist = grundy::distributed;

namespace {

struct mpi_fixture {
  mpi_fixture() {
    auto& suite = boost::unit_test::framework::master_test_suite();
    mpi = std::make_unique<dist::environment>(suite.argc, suite.argv);
  }
  std::unique_ptr<dist::environment> mpi;
};

using grundy_test::loop;
using grundy_test::messy_pairs;

// Take 1, 2 or 5 tokens: paths of different lengths meet, so breadth-first levels matter.
struct subtract_125 {
  using state_type = unsigned;
  state_type canonical(state_type s) const { return s; }
  void successors(state_type s, std::vector<state_type>& out) const {
    for (unsigned k : {1u, 2u, 5u})
      if (k <= s) out.push_back(s - k);
  }
  std::string format(state_type s) const { return std::to_string(s); }
};

// Tablettes whose successors() sets a stop flag at its `at`-th call, as a signal handler would:
// a stop that one rank alone sees, which every rank must obey at the same step.
struct stopping_tablettes {
  using state_type = grundy::state_t<grundy::tablettes_game>;
  static constexpr bool graded = true;
  grundy::tablettes_game game;
  std::atomic<bool>* flag;
  std::shared_ptr<std::uint64_t> calls = std::make_shared<std::uint64_t>(0); // shared by copies
  std::uint64_t at;

  state_type canonical(const state_type& s) const { return game.canonical(s); }
  void successors(const state_type& s, std::vector<state_type>& out) const {
    if (++*calls == at) flag->store(true);
    game.successors(s, out);
  }
  std::string format(const state_type& s) const { return game.format(s); }
};

bool raised_on_all_ranks(const std::exception& e) {
  return dynamic_cast<const dist::raised_on_all_ranks*>(&e) != nullptr;
}

// Everything the single-process solve reports, apart from times and memory.
template <class G>
void same_as_one_process(const G& g, const grundy::state_t<G>& start, dist::options o = {}) {
  o.misere = true;
  const auto one = grundy::solve(g, start);
  const auto many = dist::solve(g, start, o);
  const auto& a = one.statistics;
  const auto& b = many.statistics;
  BOOST_TEST(b.vertices == a.vertices);
  BOOST_TEST(b.edges == a.edges);
  BOOST_TEST(b.terminals == a.terminals);
  BOOST_TEST(b.depth == a.depth);
  BOOST_TEST(b.start_value == a.start_value);
  BOOST_TEST(b.max_value == a.max_value);
  BOOST_TEST(b.value_counts == a.value_counts, boost::test_tools::per_element());
  BOOST_TEST(b.symmetric == a.symmetric);
  BOOST_TEST(b.classes == a.classes);
  BOOST_TEST(b.class_edges == a.class_edges);
  const auto misere = grundy::misere_outcomes(one.graph.graph);
  BOOST_TEST(many.misere);
  BOOST_TEST(to_char(many.misere_start) == to_char(misere[0]));
  BOOST_TEST(many.misere_p_positions == grundy::count_positions(g, one.graph, [&](grundy::vertex_id v) {
               return misere[v] == grundy::outcome::p;
             }));
  // Every rank's share, counted once.
  int ranks = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  BOOST_TEST(many.ranks.size() == static_cast<std::size_t>(ranks));
  std::uint64_t states = 0, edges = 0;
  for (auto& r : many.ranks)
    states += r.states, edges += r.edges;
  BOOST_TEST(states == a.classes);
  BOOST_TEST(edges == a.class_edges);
  if (ranks > 1 && a.classes > 100) BOOST_TEST(many.ranks[0].bytes_sent > 0u);
}

dist::options with(dist::labelling_method m, bool edges = true, std::size_t batch = std::size_t{16} << 20) {
  dist::options o;
  o.labelling = m;
  o.build.keep_edges = edges;
  o.exchange_bytes = batch;
  return o;
}

} // namespace

BOOST_TEST_GLOBAL_FIXTURE(mpi_fixture);

BOOST_AUTO_TEST_CASE(tablettes_by_levels) {
  same_as_one_process(grundy::tablettes_game(2, 3), grundy::tablettes_game(2, 3).start());
  const grundy::tablettes_game g(3, 4);
  same_as_one_process(g, g.start());
}

BOOST_AUTO_TEST_CASE(tablettes_with_symmetry) {
  const grundy::tablettes_game g(4, 3, {.symmetry = true});
  same_as_one_process(g, g.start());
  const grundy::tablettes_game mixed(std::vector<unsigned>{3, 2, 2}, {.symmetry = true});
  same_as_one_process(mixed, mixed.start());
}

BOOST_AUTO_TEST_CASE(tablettes_without_edges) {
  const grundy::tablettes_game g(3, 4);
  same_as_one_process(g, g.start(), with(dist::labelling_method::automatic, false));
  const grundy::tablettes_game s(4, 3, {.symmetry = true});
  same_as_one_process(s, s.start(), with(dist::labelling_method::by_levels, false));
}

BOOST_AUTO_TEST_CASE(tablettes_by_propagation) {
  const grundy::tablettes_game g(3, 4);
  same_as_one_process(g, g.start(), with(dist::labelling_method::propagation));
  const grundy::tablettes_game s(4, 3, {.symmetry = true});
  same_as_one_process(s, s.start(), with(dist::labelling_method::propagation));
}

BOOST_AUTO_TEST_CASE(batches_of_one_state) {
  // Every exchange carries one position or so: levels take many batches on every rank.
  const grundy::tablettes_game g(3, 3);
  same_as_one_process(g, g.start(), with(dist::labelling_method::automatic, true, 1));
  same_as_one_process(g, g.start(), with(dist::labelling_method::automatic, false, 1));
  same_as_one_process(g, g.start(), with(dist::labelling_method::propagation, true, 1));
  same_as_one_process(grundy::nim_game{}, grundy::heaps{2, 3, 3},
                      with(dist::labelling_method::automatic, true, 1));
}

BOOST_AUTO_TEST_CASE(heap_games) {
  same_as_one_process(grundy::nim_game{}, grundy::heaps{3, 3, 4});
  same_as_one_process(grundy::nim_game{}, grundy::heaps{1, 2, 3, 4, 5});
  // Positions of more heaps than a state keeps inline.
  grundy::heaps many(18, 1);
  many.push_back(2);
  same_as_one_process(grundy::nim_game{}, many);
  same_as_one_process(grundy::octal_game(grundy::octal_code::parse("0.07")), grundy::heaps{7, 10});
  same_as_one_process(grundy::octal_game(grundy::octal_code::parse("4.07")), grundy::heaps{4, 6});
  same_as_one_process(grundy::moore_game(2), grundy::heaps{3, 4, 5});
}

BOOST_AUTO_TEST_CASE(games_written_in_the_test) {
  same_as_one_process(messy_pairs{}, std::vector<int>{5, 3});
  same_as_one_process(subtract_125{}, 40u);
}

BOOST_AUTO_TEST_CASE(a_cycle_stops_every_rank) {
  bool thrown = false;
  try {
    dist::solve(loop{}, 0u);
  } catch (const grundy::not_acyclic& e) {
    thrown = true;
    BOOST_TEST(raised_on_all_ranks(e));
  }
  BOOST_TEST(thrown);
}

BOOST_AUTO_TEST_CASE(limits_stop_every_rank) {
  const grundy::tablettes_game g(3, 4);
  dist::options o;
  o.build.max_states = 100;
  bool thrown = false;
  try {
    dist::solve(g, g.start(), o);
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    thrown = true;
    BOOST_TEST(raised_on_all_ranks(e));
    BOOST_TEST(e.reached().states == 100u);
    BOOST_TEST(std::string(e.what()).find("100 positions") != std::string::npos, e.what());
  }
  BOOST_TEST(thrown);

  o.build.max_states = 1'000'000;
  o.build.max_memory = 1; // every rank is past it: the lowest is named
  thrown = false;
  try {
    dist::solve(g, g.start(), o);
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    thrown = true;
    BOOST_TEST(raised_on_all_ranks(e));
    BOOST_TEST(std::string(e.what()).find("memory of rank 0 passed") != std::string::npos, e.what());
  }
  BOOST_TEST(thrown);
}

// The last rank alone sees the stop flag set, while exploring or while labelling (without
// edges, labelling regenerates the moves): every rank stops at the same exchange, with the
// figures reached, and none waits for the others forever.
BOOST_AUTO_TEST_CASE(a_stop_seen_by_one_rank_stops_every_rank) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const grundy::tablettes_game g(3, 4);
  dist::options o;
  o.build.keep_edges = false;
  o.exchange_bytes = 256; // many exchanges, so that the stop falls in the middle
  std::atomic<bool> flag{false};
  o.build.stop = &flag;
  // A run to the end counts this rank's calls: one per vertex it owns while exploring, and one
  // again while labelling.
  const stopping_tablettes counting{g, &flag, std::make_shared<std::uint64_t>(0), 0};
  const auto states = dist::solve(counting, g.start(), o).statistics.classes;
  const auto owned = *counting.calls / 2;
  BOOST_TEST_REQUIRE(owned > 40u);
  for (const auto at : {owned / 2, owned + owned / 2}) {
    flag = false;
    const stopping_tablettes stopping{g, &flag, std::make_shared<std::uint64_t>(0),
                                      rank == ranks - 1 ? at : ~std::uint64_t{0}};
    bool thrown = false;
    try {
      dist::solve(stopping, g.start(), o);
    } catch (const grundy::stopped& e) {
      BOOST_TEST(!e.by_limit());
      thrown = true;
      BOOST_TEST(raised_on_all_ranks(e));
      BOOST_TEST(e.reached().states > 0u);
      BOOST_TEST(e.reached().states <= states);
    }
    BOOST_TEST(thrown, "stop at call " << at);
  }
}

BOOST_AUTO_TEST_CASE(options_that_cannot_work) {
  for (auto o : {with(dist::labelling_method::by_levels), with(dist::labelling_method::automatic, false)}) {
    bool thrown = false;
    try {
      dist::solve(grundy::nim_game{}, grundy::heaps{3, 4}, o);
    } catch (const std::invalid_argument& e) {
      thrown = true;
      BOOST_TEST(raised_on_all_ranks(e));
    }
    BOOST_TEST(thrown);
  }
}

BOOST_AUTO_TEST_CASE(the_graph_by_hand) {
  // The members solve uses, called one by one: each rank sees its own share.
  const grundy::tablettes_game g(3, 3);
  dist::graph<grundy::tablettes_game> gr(g, MPI_COMM_WORLD, {});
  gr.explore(g.start());
  const auto values = gr.label(grundy::play_convention::normal);
  BOOST_TEST(values.size() == gr.vertex_count());
  const auto s = gr.statistics(values, 0);
  BOOST_TEST(s.vertices == 696u);
  BOOST_TEST(s.edges == 2832u);
  BOOST_TEST(gr.depth() == 9u);
  BOOST_TEST(gr.count_positions(values, [](grundy::grundy_value x) { return x == 0; }) == s.value_counts[0]);
  std::uint64_t mine = gr.vertex_count(), all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  BOOST_TEST(all == 696u);
}
