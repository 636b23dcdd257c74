// Misère quotients: published figures, the quotient's outcomes against the labelled game graph
// of sums, the verification, limits (tables and files: test_misere_quotient_files.cpp).
#define BOOST_TEST_MODULE misere_quotient
#include <boost/test/unit_test.hpp>

#include <grundy/games/octal.hpp>
#include <grundy/graph.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/misere.hpp>
#include <grundy/misere/detail/quotient_engine.hpp>
#include <grundy/misere/quotient.hpp>
#include <grundy/stop.hpp>

#include "misere_quotient_tables.hpp"

#include <boost/graph/adjacency_list.hpp>

#include "stop_checks.hpp"
#include <algorithm>
#include <atomic>
#include <map>
#include <random>
#include <string>
#include <vector>

using grundy::heap_rule;
using grundy::heap_size;
using grundy::heaps;
using grundy::misere_quotient;
using grundy::outcome;
using grundy_test::quotient;
using grundy_test::tables_of;

namespace {

// Misère outcomes of every sum reachable from `start` under any heap rule, from a game graph
// built here from the rule's options (sorted multisets, zeros dropped) and labelled by the
// library's misère labelling: a reference that shares nothing with the quotient engine.
std::map<heaps, outcome> labelled_sums(const heap_rule& rule, heaps start) {
  std::sort(start.begin(), start.end());
  std::map<heaps, std::size_t> index{{start, 0}};
  std::vector<heaps> states{start};
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  for (std::size_t v = 0; v < states.size(); ++v) {
    const heaps s = states[v];
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (i > 0 && s[i] == s[i - 1]) continue;
      rule.for_each_option(s[i], [&](std::span<const heap_size> option) {
        heaps t = s;
        t.erase(t.begin() + static_cast<std::ptrdiff_t>(i));
        for (heap_size h : option)
          if (h > 0) t.push_back(h);
        std::sort(t.begin(), t.end());
        auto [it, fresh] = index.emplace(t, states.size());
        if (fresh) states.push_back(t);
        edges.emplace_back(v, it->second);
      });
    }
  }
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> g(states.size());
  for (auto [a, b] : edges)
    add_edge(a, b, g);
  const auto o = grundy::misere_outcomes(g);
  std::map<heaps, outcome> out;
  for (std::size_t v = 0; v < states.size(); ++v)
    out[states[v]] = o[v];
  return out;
}

// Random sums of up to six heaps of at most n tokens, `total` tokens at most.
std::vector<heaps> random_sums(std::mt19937& rng, heap_size n, int count, heap_size total) {
  std::vector<heaps> out;
  std::uniform_int_distribution<heap_size> size(1, n);
  std::uniform_int_distribution<int> heaps_in_sum(1, 6);
  while (static_cast<int>(out.size()) < count) {
    heaps s;
    heap_size tokens = 0;
    for (int k = heaps_in_sum(rng); k > 0; --k) {
      const heap_size h = size(rng);
      if (tokens + h > total) break;
      s.push_back(h);
      tokens += h;
    }
    if (!s.empty()) out.push_back(s);
  }
  return out;
}

// Checks every position reachable from `starts` (thousands of sums); returns how many.
std::size_t check_against_graph(const misere_quotient& q, const std::vector<heaps>& starts) {
  std::size_t checked = 0;
  std::map<heaps, outcome> all;
  for (const auto& s : starts)
    for (const auto& [position, o] : labelled_sums(q.rule(), s))
      all.emplace(position, o);
  for (const auto& [position, o] : all) {
    BOOST_TEST((q.misere_outcome(position) == o), q.rule().str()
                                                      << " sum " << grundy::format_heaps(position));
    ++checked;
  }
  return checked;
}

} // namespace

// Siegel: "Q_30(0.07) has size 360".
BOOST_AUTO_TEST_CASE(dawsons_kayles_q30_has_order_360) {
  const auto q = quotient("0.07", 30);
  BOOST_TEST(q.order() == 360u);
  BOOST_TEST(q.max_heap() == 30u);
  BOOST_TEST(!q.decides_every_heap());
}

// Misère Nim on heaps 1 and 2 (0.33 allows exactly Nim's moves from those heaps): the quotient
// <a, b | a^2 = 1, b^3 = b> of order 6 with P = {a, b^2} (Plambeck and Siegel).
BOOST_AUTO_TEST_CASE(misere_nim_on_heaps_one_and_two) {
  const auto q = quotient("0.33", 2);
  BOOST_TEST(q.order() == 6u);
  BOOST_TEST(q.presentation().str() == "<a, b | a^2 = 1, b^3 = b>");
  std::vector<std::string> p;
  for (auto x : q.p_portion())
    p.push_back(q.name(x));
  std::sort(p.begin(), p.end());
  BOOST_TEST((p == std::vector<std::string>{"a", "b^2"}));
  BOOST_TEST(q.name(q.heap(1)) == "a");
  BOOST_TEST(q.name(q.heap(2)) == "b");
  BOOST_TEST(q.name(misere_quotient::identity) == "1");
  BOOST_TEST(q.presentation().generators.size() == 2u);
  BOOST_TEST(q.presentation().generators[1].heap == 2u);
}

// Plambeck ("Taming the wild in impartial combinatorial games", 2005) solved 0.75 with the
// 8-element quotient R_8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>; its pretending
// function has period 2 from heap 9, so the periodicity theorem applies from heap 21 on.
BOOST_AUTO_TEST_CASE(quotient_of_0_75_is_r8_for_every_heap) {
  const auto q = quotient("0.75", 30);
  BOOST_TEST(q.order() == 8u);
  BOOST_TEST(q.presentation().str() == "<a, b, c | a^2 = 1, b c = a b, c^2 = b^2, b^3 = b>");
  std::vector<std::string> p;
  for (auto x : q.p_portion())
    p.push_back(q.name(x));
  std::sort(p.begin(), p.end());
  BOOST_TEST((p == std::vector<std::string>{"a", "b^2"}));
  BOOST_TEST(q.decides_every_heap());
  BOOST_TEST(!quotient("0.75", 12).decides_every_heap());
  for (heap_size h = 11; h <= 30; ++h)
    BOOST_TEST(q.heap(h) == q.heap(h - 2), "heap " << h);
}

// 0.3 takes one token at a time: a sum is a misère P-position exactly when its token count is
// odd, so the quotient is {even, odd}, and the periodicity theorem settles it for every heap.
BOOST_AUTO_TEST_CASE(one_token_at_a_time_is_parity) {
  const auto q = quotient("0.3", 12);
  BOOST_TEST(q.order() == 2u);
  BOOST_TEST(q.decides_every_heap());
  for (heap_size a = 0; a <= 12; ++a)
    for (heap_size b = 0; b <= 12; ++b) {
      const heaps s{a, b};
      BOOST_TEST((q.misere_outcome(s) == outcome::p) == ((a + b) % 2 == 1));
    }
}

// Every nontrivial misère quotient of an impartial game has even order (Plambeck and Siegel).
BOOST_AUTO_TEST_CASE(orders_are_even) {
  for (const char* code : {"0.07", "0.77", "0.137", "0.75", "0.4", "0.3", "0.31", "0.51", "0.72", "0.144",
                           "4.7", "0.34", "0.36", "0.54", "0.56"})
    for (heap_size n : {4u, 9u, 16u}) {
      const auto q = quotient(code, n);
      if (q.order() > 1)
        BOOST_TEST(q.order() % 2 == 0u, code << " up to heap " << n << ": order " << q.order());
    }
  for (heap_size n = 1; n <= 28; ++n) {
    const auto q = quotient("0.07", n);
    BOOST_TEST((q.order() == 1u || q.order() % 2 == 0u), "0.07 up to heap " << n);
  }
}

// The quotient's outcome of thousands of sums against the labelled game graph.
BOOST_AUTO_TEST_CASE(outcomes_match_the_labelled_graph) {
  std::mt19937 rng(27);
  std::size_t checked = 0;
  for (const char* code : {"0.07", "0.77", "0.137", "0.75", "0.4", "0.3", "0.31", "0.51", "0.72", "0.144",
                           "0.6", "4.7", "0.34", "0.54"}) {
    const auto q = quotient(code, 14);
    checked += check_against_graph(q, random_sums(rng, 14, 16, 28));
  }
  BOOST_TEST(checked > 20000u);
}

// Octal codes through the octal game's own moves too, the graph built by build_graph.
BOOST_AUTO_TEST_CASE(outcomes_match_the_octal_game_graph) {
  std::mt19937 rng(4);
  for (const char* code : {"0.07", "0.137", "4.7"}) {
    const auto q = quotient(code, 14);
    const grundy::octal_game g(grundy::octal_code::parse(code));
    for (const auto& start : random_sums(rng, 14, 6, 24)) {
      const auto gg = grundy::build_graph(g, start);
      const auto o = grundy::misere_outcomes(gg.graph);
      for (std::size_t v = 0; v < gg.vertex_count(); ++v)
        BOOST_TEST((q.misere_outcome(gg.states[v]) == o[v]),
                   code << " sum " << grundy::format_heaps(gg.states[v]));
    }
  }
}

BOOST_AUTO_TEST_CASE(rules_beyond_octal_codes) {
  std::mt19937 rng(9);
  // Heaps without a move (S(2,3)'s heap 1), moves into three heaps (0.8, 0.B4).
  for (const char* rule :
       {"S(1,3,4)", "allbut(2,3)", "grundy", "squares", "S(2,3)", "S(2,5,7)", "0.8", "0.B4"}) {
    const auto q = quotient(rule, 12);
    BOOST_TEST(check_against_graph(q, random_sums(rng, 12, 12, 26)) > 100u);
    if (q.order() > 1) BOOST_TEST(q.order() % 2 == 0u, rule);
  }
}

// What decides_every_heap promises: computed further, the quotient does not change.
BOOST_AUTO_TEST_CASE(settled_quotients_stay_settled) {
  for (const char* code : {"0.3", "0.31", "0.51", "0.33", "0.F", "S(2,3)"}) {
    const auto q = quotient(code, 16);
    BOOST_TEST_REQUIRE(q.decides_every_heap(), code);
    const auto further = quotient(code, 40);
    BOOST_TEST(further.order() == q.order(), code);
    BOOST_TEST(further.presentation().str() == q.presentation().str(), code);
  }
}

// A quotient the periodicity test settles answers for heaps past its last, by the period the
// test proved: every sum reachable from heaps past max_heap gets the outcome of its labelled game
// graph, and the same quotient rebuilt from its tables (as a file is read) answers the same.
BOOST_AUTO_TEST_CASE(settled_quotients_answer_heaps_past_the_last) {
  for (const char* code : {"0.75", "S(2,3)", "0.51"}) {
    const auto q = quotient(code, 24);
    BOOST_TEST_REQUIRE(q.decides_every_heap(), code);
    BOOST_TEST(q.period() > 0u, code);
    const auto t = tables_of(q);
    const auto back = misere_quotient::from_tables(q.rule(), t.products, t.p, t.heaps, true);
    BOOST_TEST(back.period() == q.period(), code);
    std::vector<heaps> starts;
    for (heap_size h = 25; h <= 36; ++h)
      starts.push_back({h});
    starts.push_back({29, 7});
    starts.push_back({31, 4, 2});
    BOOST_TEST(check_against_graph(q, starts) > 100u, code);
    BOOST_TEST(check_against_graph(back, starts) > 100u, code);
    for (heap_size h : {25u, 100u, 1'000'001u, 4'000'000'000u})
      BOOST_TEST(back.heap(h) == q.heap(h), code << " heap " << h);
  }
}

BOOST_AUTO_TEST_CASE(unsettled_quotients_refuse_heaps_past_the_last) {
  const auto q = quotient("0.07", 12);
  BOOST_TEST_REQUIRE(!q.decides_every_heap());
  BOOST_TEST(q.period() == 0u);
  BOOST_CHECK_THROW(q.heap(13), std::out_of_range);
  const heaps past{2, 13};
  BOOST_CHECK_THROW(q.misere_outcome(past), std::out_of_range);
}

// stop_when_settled: a heap of 10^6 tokens costs what the settling heap does, and the quotient
// found is the one computed to a fixed heap past the settling one.
BOOST_AUTO_TEST_CASE(computation_stops_once_settled) {
  grundy::quotient_options o;
  o.stop_when_settled = true;
  const auto q = grundy::compute_misere_quotient(heap_rule::parse("0.75"), 1'000'000, o);
  BOOST_TEST(q.decides_every_heap());
  BOOST_TEST(q.max_heap() < 100u);
  const auto fixed = quotient("0.75", 100);
  BOOST_TEST(q.presentation().str() == fixed.presentation().str());
  for (heap_size h = 1; h <= 100; ++h)
    BOOST_TEST(q.name(q.heap(h)) == fixed.name(fixed.heap(h)), "heap " << h);
  // Unsettled, it goes to the heap asked for.
  const auto kayles = grundy::compute_misere_quotient(heap_rule::parse("0.07"), 14, o);
  BOOST_TEST(kayles.max_heap() == 14u);
}

// The verification itself: it passes the quotient's own tables, and given the same tables with
// one element moved in or out of P it returns a sum the candidate gets wrong, as the labelled
// game graph confirms.
BOOST_AUTO_TEST_CASE(verification_finds_the_least_misclassified_sum) {
  namespace md = grundy::misere_detail;
  const heap_size n = 12;
  const auto q = quotient("0.07", n);
  md::table_monoid m;
  m.order = q.order();
  m.products.clear();
  for (misere_quotient::element x = 0; x < q.order(); ++x)
    for (misere_quotient::element y = 0; y < q.order(); ++y)
      m.products.push_back(q.multiply(x, y));
  m.p = md::bits(q.order());
  for (auto x : q.p_portion())
    m.p.set(x);
  m.heaps.assign(n + 1, 0);
  for (heap_size h = 0; h <= n; ++h)
    m.heaps[h] = q.heap(h);
  const grundy::quotient_options options;
  md::engine_context ctx(q.rule(), options);
  ctx.extend_to(n);
  BOOST_TEST(!md::least_failure(ctx, m, n, false).has_value());
  for (misere_quotient::element x = 1; x < q.order(); ++x) {
    auto wrong = m;
    wrong.p.flip(x);
    const auto failure = md::least_failure(ctx, wrong, n, false);
    BOOST_TEST_REQUIRE(failure.has_value(), "element " << q.name(x));
    heaps sum;
    for (heap_size h = 1; h <= n; ++h)
      sum.insert(sum.end(), (*failure)[h], h);
    const auto truth = labelled_sums(q.rule(), sum).at(sum);
    BOOST_TEST((truth == q.misere_outcome(sum)), grundy::format_heaps(sum));
    // The candidate's verdict on that sum is the wrong one.
    BOOST_TEST(wrong.p[q.of(sum)] != (truth == outcome::p),
               "element " << q.name(x) << ", sum " << grundy::format_heaps(sum));
  }
}

// Tables read back are proven against the rule; tables that form a valid reduced monoid but
// give heaps the wrong classes are caught, with a sum they get wrong.
BOOST_AUTO_TEST_CASE(tables_are_checked_against_the_rule) {
  for (const char* rule : {"0.07", "0.137", "S(2,3)"}) {
    const auto q = quotient(rule, 14);
    BOOST_TEST(!grundy::least_misclassified_sum(q).has_value(), rule);
  }
  // Two heaps' classes swapped: the same elements generate the same reduced monoid, but the
  // tables are wrong (unless the swap happens to be a symmetry of the quotient): every sum the
  // check returns is one the tables get wrong.
  const auto q = quotient("0.07", 10);
  const auto t = tables_of(q);
  int caught = 0;
  for (heap_size h1 = 2; h1 <= 10; ++h1)
    for (heap_size h2 = h1 + 1; h2 <= 10; ++h2) {
      if (q.heap(h1) == q.heap(h2)) continue;
      auto swapped = t.heaps;
      std::swap(swapped[h1], swapped[h2]);
      const auto wrong = misere_quotient::from_tables(q.rule(), t.products, t.p, swapped, false);
      if (const auto sum = grundy::least_misclassified_sum(wrong)) {
        const heaps s(sum->begin(), sum->end());
        BOOST_TEST((wrong.misere_outcome(s) != labelled_sums(q.rule(), s).at(s)), grundy::format_heaps(s));
        ++caught;
      }
    }
  BOOST_TEST(caught > 0);
  // 0.07's heap 1 has no move: a class other than the identity's is caught too.
  const auto dawson = quotient("0.07", 6);
  auto d = tables_of(dawson);
  BOOST_TEST_REQUIRE(d.heaps[1] == misere_quotient::identity);
  d.heaps[1] = d.heaps[2];
  const auto moved = misere_quotient::from_tables(dawson.rule(), d.products, d.p, d.heaps, false);
  const auto bad = grundy::least_misclassified_sum(moved);
  BOOST_TEST_REQUIRE(bad.has_value());
  const heaps b(bad->begin(), bad->end());
  BOOST_TEST((moved.misere_outcome(b) != labelled_sums(dawson.rule(), b).at(b)), grundy::format_heaps(b));
}

BOOST_AUTO_TEST_CASE(stop_flag_and_order_limit) {
  std::atomic<bool> stop{true};
  grundy::quotient_options options;
  options.stop = &stop;
  BOOST_CHECK_THROW(grundy::compute_misere_quotient(heap_rule::parse("0.07"), 30, options), grundy::stopped);

  // Set from the progress report once heap 20 is done: the computation ends soon after.
  stop = false;
  options.on_progress = [&](const grundy::quotient_progress& p) {
    if (p.heap >= 20) stop = true;
  };
  try {
    grundy::compute_misere_quotient(heap_rule::parse("0.07"), 30, options);
    BOOST_FAIL("not stopped");
  } catch (const grundy::stopped& e) {
    BOOST_TEST(!e.by_limit());
  }

  grundy::quotient_options small;
  small.max_order = 100;
  try {
    grundy::compute_misere_quotient(heap_rule::parse("0.07"), 30, small);
    BOOST_FAIL("no limit");
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    const std::string what = e.what();
    BOOST_TEST(what.find("100 elements") != std::string::npos, what);
    BOOST_TEST(what.find("0.07") != std::string::npos, what);
  }
  grundy::quotient_options tight;
  tight.max_memory = 1 << 16;
  BOOST_CHECK_EXCEPTION(grundy::compute_misere_quotient(heap_rule::parse("0.07"), 30, tight), grundy::stopped,
                        grundy::test::stopped_by_limit);

  // The heaps' options count too: 0.8 splits heap h into three heaps in about h²/12 ways, tens
  // of megabytes up to heap 400, refused under 1 MB before any heap is done.
  grundy::quotient_options few;
  few.max_memory = 1 << 20;
  bool any_heap = false;
  few.on_progress = [&](const grundy::quotient_progress&) { any_heap = true; };
  try {
    grundy::compute_misere_quotient(heap_rule::parse("0.8"), 400, few);
    BOOST_FAIL("no memory limit");
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    BOOST_TEST((e.reason() == grundy::stop_reason::memory));
  }
  BOOST_TEST(!any_heap);
}

// The guard that ends a refinement going round in circles: a sequence that enters a cycle is
// caught within a few laps, one that never repeats is not.
BOOST_AUTO_TEST_CASE(cycle_watch_sees_a_returning_sequence) {
  for (int start : {0, 1, 5, 40})
    for (int length : {1, 2, 3, 17, 64}) {
      const auto term = [&](int i) { return i < start ? i : start + (i - start) % length; };
      grundy::misere_detail::cycle_watch<int> watch(term(0));
      int i = 1;
      while (!watch.seen(term(i)) && i < 10'000)
        ++i;
      BOOST_TEST(i < 4 * (start + length) + 2, "start " << start << ", length " << length << ": " << i);
      BOOST_TEST(i >= start + length, "start " << start << ", length " << length << ": " << i);
    }
  grundy::misere_detail::cycle_watch<int> never(0);
  for (int i = 1; i < 100'000; ++i)
    BOOST_TEST_REQUIRE(!never.seen(i));
}

BOOST_AUTO_TEST_CASE(progress_is_reported_per_heap) {
  std::vector<heap_size> heaps_done;
  grundy::quotient_options options;
  options.on_progress = [&](const grundy::quotient_progress& p) {
    if (heaps_done.empty() || heaps_done.back() != p.heap) heaps_done.push_back(p.heap);
  };
  grundy::compute_misere_quotient(heap_rule::parse("0.07"), 12, options);
  BOOST_TEST(heaps_done.back() == 12u);
}
