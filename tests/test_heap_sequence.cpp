// Heap sequences: each fast engine against the generic one and against loops written here,
// published values, and periodicity (ordinary and arithmetic) with its proofs.
#define BOOST_TEST_MODULE heap_sequence
#include <boost/test/unit_test.hpp>

#include <grundy/heap/analysis.hpp>
#include <grundy/heap/sequence.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/periodicity.hpp>
#include <grundy/stop.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <set>
#include <thread>
#include <utility>
#include <vector>

using namespace grundy;

namespace {

std::vector<grundy_value> first(const grundy_sequence& s, std::size_t n) {
  auto v = s.to_vector();
  v.resize(std::min(n, v.size()));
  return v;
}

analysis_options up_to(std::size_t max_values, const std::atomic<bool>* stop = nullptr) {
  analysis_options o;
  o.max_values = max_values;
  o.stop = stop;
  return o;
}

grundy_value mex(const std::set<grundy_value>& seen) {
  grundy_value g = 0;
  while (seen.count(g))
    ++g;
  return g;
}

// The loops below are written from the rules' definitions, independently of the library.
std::vector<grundy_value> subtraction_loop(const std::vector<std::size_t>& set, bool all_but,
                                           std::size_t count) {
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < count; ++n) {
    std::set<grundy_value> seen;
    for (std::size_t k = 1; k <= n; ++k) {
      const bool listed = std::find(set.begin(), set.end(), k) != set.end();
      if (listed != all_but) seen.insert(g[n - k]);
    }
    g.push_back(mex(seen));
  }
  return g;
}

std::vector<grundy_value> squares_loop(std::size_t count) {
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < count; ++n) {
    std::set<grundy_value> seen;
    for (std::size_t k = 1; k * k <= n; ++k)
      seen.insert(g[n - k * k]);
    g.push_back(mex(seen));
  }
  return g;
}

std::vector<grundy_value> grundys_game_loop(std::size_t count) {
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < count; ++n) {
    std::vector<char> seen(512, 0);
    for (std::size_t a = 1; 2 * a < n; ++a)
      seen[g[a] ^ g[n - a]] = 1;
    grundy_value v = 0;
    while (seen[v])
      ++v;
    g.push_back(v);
  }
  return g;
}

} // namespace

BOOST_AUTO_TEST_CASE(subtraction_sets_agree_with_the_definition) {
  for (const auto& set :
       std::vector<std::vector<std::size_t>>{{1, 3, 4}, {2, 5, 7, 11}, {1}, {3, 4, 9, 20}}) {
    std::vector<heap_size> s(set.begin(), set.end());
    const auto rule = heap_rule::subtraction(s);
    const auto expected = subtraction_loop(set, false, 2000);
    BOOST_TEST(heap_values(rule, 2000).to_vector() == expected, rule.str());
    BOOST_TEST(generic_heap_values(rule, 2000).to_vector() == expected, rule.str());
  }
}

BOOST_AUTO_TEST_CASE(all_but_sets_agree_with_the_definition) {
  for (const auto& set :
       std::vector<std::vector<std::size_t>>{{}, {1, 2}, {1, 3, 4}, {2, 3, 7}, {1, 2, 5, 6, 11}}) {
    std::vector<heap_size> s(set.begin(), set.end());
    const auto rule = heap_rule::subtraction(s, true);
    const auto expected = subtraction_loop(set, true, 1500);
    BOOST_TEST(heap_values(rule, 1500).to_vector() == expected, rule.str());
    BOOST_TEST(generic_heap_values(rule, 1500).to_vector() == expected, rule.str());
  }
}

BOOST_AUTO_TEST_CASE(take_a_square_agrees_with_a_loop_and_its_published_zeros) {
  const auto rule = heap_rule::take_a_square();
  const auto expected = squares_loop(5000);
  BOOST_TEST(heap_values(rule, 5000).to_vector() == expected);
  BOOST_TEST(generic_heap_values(rule, 3000).to_vector() ==
             std::vector(expected.begin(), expected.begin() + 3000));
  // The losing heaps of take-a-square (OEIS A030193): 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, ...
  std::vector<std::size_t> zeros;
  for (std::size_t n = 0; n < 45; ++n)
    if (expected[n] == 0) zeros.push_back(n);
  BOOST_TEST(zeros == (std::vector<std::size_t>{0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44}));
}

BOOST_AUTO_TEST_CASE(grundys_game_first_values_as_published) {
  // Grundy's game, OEIS A002188.
  const std::vector<grundy_value> published{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
  BOOST_TEST(first(heap_values(heap_rule::grundys_game(), 21), 21) == published);
  BOOST_TEST(first(generic_heap_values(heap_rule::grundys_game(), 21), 21) == published);
}

BOOST_AUTO_TEST_CASE(grundys_game_rare_common_engine_agrees_past_its_first_mask) {
  // The engine takes full steps for its first 1024 heaps, then rare/common steps: 10000 heaps
  // cover several reviews of its mask.
  const auto expected = grundys_game_loop(10000);
  BOOST_TEST(heap_values(heap_rule::grundys_game(), 10000).to_vector() == expected);
  BOOST_TEST(generic_heap_values(heap_rule::grundys_game(), 3000).to_vector() ==
             std::vector(expected.begin(), expected.begin() + 3000));
  const auto a = analyse(heap_rule::grundys_game(), up_to(10000));
  BOOST_TEST(a.method == "rare/common");
  BOOST_TEST(a.rare_count > 0u);
  BOOST_TEST(a.rare_count < 2000u); // rare heaps are few, or the engine would not be fast
  BOOST_TEST(!(a.period && a.period->proven));
}

BOOST_AUTO_TEST_CASE(octal_codes_run_the_octal_engines) {
  for (const char* text : {"0.07", "0.137", "4.7", "0.8", "0.F", "0.51"}) {
    const auto code = octal_code::parse(text);
    const std::size_t n = code.hexadecimal() ? 300 : 3000;
    const auto expected = naive_values(code, n);
    BOOST_TEST((heap_values(heap_rule(code), n) == expected), text);
    BOOST_TEST((generic_heap_values(heap_rule(code), n) == expected), text);
  }
}

BOOST_AUTO_TEST_CASE(user_rules_run_the_generic_engine) {
  // A user rule that is S(1,2) in disguise.
  const auto rule =
      heap_rule::user("take one or two", [](heap_size h, const user_heap_rule::emit_function& emit) {
        for (heap_size s = 1; s <= 2 && s <= h; ++s) {
          const heap_size left[1] = {h - s};
          emit(left);
        }
      });
  const auto expected = subtraction_loop({1, 2}, false, 500);
  BOOST_TEST(heap_values(rule, 500).to_vector() == expected);
  const auto a = analyse(rule, up_to(500));
  BOOST_TEST(a.method == "generic");
  BOOST_REQUIRE(a.period.has_value());
  BOOST_TEST(a.period->period == 3u);
  BOOST_TEST(!a.period->proven); // no theorem knows a user's rule
}

BOOST_AUTO_TEST_CASE(subtraction_1_3_4_has_period_7_proven) {
  // Winning Ways: S(1,3,4) has values 0 1 0 1 2 3 2 repeating from heap 0.
  const auto a = analyse(heap_rule::parse("S(1,3,4)"));
  BOOST_REQUIRE(a.period.has_value());
  BOOST_TEST(a.period->preperiod == 0u);
  BOOST_TEST(a.period->period == 7u);
  BOOST_TEST(a.period->saltus == 0u);
  BOOST_TEST(a.period->proven);
  BOOST_TEST(first(a.values, 7) == (std::vector<grundy_value>{0, 1, 0, 1, 2, 3, 2}));
  BOOST_TEST((a.values_to_prove == std::optional<std::size_t>(0 + 4 + 7)));
  BOOST_TEST(a.values.size() < 200u); // the run stops once the period is proven
}

BOOST_AUTO_TEST_CASE(all_but_sets_are_arithmetic_periodic_with_their_saltus) {
  // All but nothing is Nim: G(n) = n, period 1, saltus 1.
  auto a = analyse(heap_rule::subtraction({}, true));
  BOOST_REQUIRE(a.period.has_value());
  BOOST_TEST((a.period->preperiod == 0u && a.period->period == 1u && a.period->saltus == 1u));
  BOOST_TEST(a.period->proven);
  // All but 1 and 2: every move removes at least 3, so G(n) = floor(n / 3).
  a = analyse(heap_rule::parse("allbut(1,2)"));
  BOOST_REQUIRE(a.period.has_value());
  BOOST_TEST((a.period->preperiod == 0u && a.period->period == 3u && a.period->saltus == 1u));
  BOOST_TEST(a.period->proven);
  for (std::uint64_t n : {0u, 5u, 1000u, 123456u})
    BOOST_TEST(periodic_value(a.values, *a.period, n) == n / 3);
}

BOOST_AUTO_TEST_CASE(proven_periodicity_holds_far_beyond_the_values_that_prove_it) {
  // Each proof is checked against values computed well past what it read: a test of the
  // theorems as implemented, over many small sets.
  std::mt19937 random(27);
  for (int trial = 0; trial < 120; ++trial) {
    std::vector<heap_size> set;
    const int size = 1 + static_cast<int>(random() % 4);
    for (int i = 0; i < size; ++i)
      set.push_back(1 + static_cast<heap_size>(random() % 9));
    const auto rule = heap_rule::subtraction(set, trial % 2 == 1);
    const auto a = analyse(rule, up_to(20000));
    BOOST_REQUIRE_MESSAGE(a.period && a.period->proven, rule.str() << " is not proven periodic");
    const std::size_t far = 4 * a.values.size() + 3000;
    const auto all = heap_values(rule, far);
    for (std::size_t n = 0; n < far; ++n)
      if (periodic_value(a.values, *a.period, n) != all[n]) {
        BOOST_ERROR(rule.str() << ": the proven periodicity fails at heap " << n);
        break;
      }
  }
}

BOOST_AUTO_TEST_CASE(hexadecimal_0_8_is_arithmetic_periodic_with_saltus_1) {
  // 0.8: remove one token and leave three non-empty heaps; G(n) = floor((n - 1) / 3) for n >= 1
  // for every n, proven by the arithmetic-periodicity test for hexadecimal codes.
  const auto a = analyse(heap_rule::parse("0.8"), up_to(400));
  BOOST_REQUIRE(a.period.has_value());
  BOOST_TEST(a.period->preperiod == 1u);
  BOOST_TEST(a.period->period == 3u);
  BOOST_TEST(a.period->saltus == 1u);
  BOOST_TEST(a.period->proven);
  BOOST_TEST_REQUIRE(a.values_to_prove.has_value());
  BOOST_TEST(*a.values_to_prove <= a.values.size());
  for (std::size_t n = 1; n < a.values.size(); ++n)
    BOOST_TEST(a.values[n] == (n - 1) / 3);
}

// The analysis of an octal code's rule runs the octal engines (sparse for codes that split
// heaps in two, naive for the others), whose values are the generic engine's, and says what
// the theorem needs.
BOOST_AUTO_TEST_CASE(analyse_runs_the_octal_engines_for_codes) {
  for (const auto& [text, engine] : {std::pair{"0.07", "sparse"},
                                     {"0.77", "sparse"},
                                     {"4.7", "sparse"},
                                     {"0.F", "naive"},
                                     {"0.333", "naive"}}) {
    const auto code = octal_code::parse(text);
    const auto a = analyse(heap_rule(code), up_to(5000));
    BOOST_TEST(a.method == engine, text);
    BOOST_TEST((a.values == generic_heap_values(heap_rule(code), a.values.size())), text);
    BOOST_TEST_REQUIRE(a.period.has_value(), text);
    BOOST_TEST(a.period->proven, text);
    if (a.period->saltus == 0)
      BOOST_TEST((a.values_to_prove == octal_values_to_prove(code, a.period->preperiod, a.period->period)),
                 text);
  }
}

BOOST_AUTO_TEST_CASE(arithmetic_periodicity_of_a_sequence) {
  // 5 7 | 0 1 2, 3 4 5, 6 7 8, ...: preperiod 2, period 3, saltus 3.
  std::vector<grundy_value> v{5, 7};
  for (grundy_value i = 0; i < 300; ++i)
    v.push_back(i);
  const grundy_sequence g(v);
  const auto p = find_periodicity(g, periodicity_prover{});
  BOOST_REQUIRE(p.has_value());
  // Period 1 with saltus 1 is the smallest that shows.
  BOOST_TEST((p->preperiod == 2u && p->period == 1u && p->saltus == 1u && !p->proven));
  const periodicity q{2, 3, true, 3};
  BOOST_TEST(periodic_value(g, q, 1'000'000) == 1'000'000 - 2);
  // Ordinary periodicity keeps saltus 0.
  std::vector<grundy_value> w;
  for (int i = 0; i < 200; ++i)
    w.push_back(static_cast<grundy_value>(i % 4 == 3));
  const auto r = find_periodicity(grundy_sequence(w), periodicity_prover{});
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST((r->preperiod == 0u && r->period == 4u && r->saltus == 0u));
  // Too few repeats show nothing.
  BOOST_TEST(
      !find_periodicity(grundy_sequence(std::vector<grundy_value>{1, 2, 3, 1, 2}), periodicity_prover{})
           .has_value());
}

BOOST_AUTO_TEST_CASE(a_stop_flag_stops_every_engine_promptly) {
  std::atomic<bool> stop{false};
  for (const char* text : {"grundy", "squares", "allbut(1,2)", "S(1,3,4)", "0.07"}) {
    const auto rule = heap_rule::parse(text);
    stop = false;
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      stop = true;
    });
    const auto t0 = std::chrono::steady_clock::now();
    BOOST_CHECK_THROW(heap_values(rule, 4'000'000'000u, &stop), stopped);
    stopper.join();
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST(took < 1.5, text << " took " << took << " s to stop");
  }
  // An analysis ends with `interrupted` instead.
  stop = true;
  const auto a = analyse(heap_rule::grundys_game(), up_to(100'000'000, &stop));
  BOOST_TEST(a.interrupted);
}
