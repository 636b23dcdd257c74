// Conway's genus of heaps against the game graphs of the heaps plus k·*2, labelled for misère
// play: an independent path (the octal game's own moves, every *1 kept, the graph builder and
// misère labelling) to the same values the genus engine computes.
#define BOOST_TEST_MODULE genus
#include <boost/test/unit_test.hpp>

#include <grundy/games/octal.hpp>
#include <grundy/graph.hpp>
#include <grundy/label.hpp>
#include <grundy/misere.hpp>
#include <grundy/misere/genus.hpp>

#include "stop_checks.hpp"
#include <atomic>
#include <chrono>
#include <map>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

using grundy::genus;
using grundy::grundy_value;
using grundy::heap_rule;
using grundy::heap_size;
using grundy::heaps;

namespace {

// Positions H + twos·*2 + ones·*1, H heaps of an octal game. Every *1 is kept (the engine folds
// *1 + *1 into 0), and the heaps move by octal_game's own move generator.
struct with_nim_heaps {
  using state_type = std::tuple<heaps, unsigned, unsigned>; // heaps, count of *2, count of *1
  grundy::octal_game game;

  state_type canonical(const state_type& s) const {
    return {game.canonical(std::get<0>(s)), std::get<1>(s), std::get<2>(s)};
  }
  void successors(const state_type& s, std::vector<state_type>& out) const {
    const auto& [h, twos, ones] = s;
    std::vector<heaps> moved;
    game.successors(h, moved);
    for (auto& m : moved)
      out.emplace_back(std::move(m), twos, ones);
    if (twos > 0) {
      out.emplace_back(h, twos - 1, ones + 1);
      out.emplace_back(h, twos - 1, ones);
    }
    if (ones > 0) out.emplace_back(h, twos, ones - 1);
  }
  std::string format(const state_type& s) const {
    return grundy::format_heaps(std::get<0>(s)) + " +" + std::to_string(std::get<1>(s)) + "*2 +" +
           std::to_string(std::get<2>(s)) + "*1";
  }
};

// The misère values of heap h plus k·*2 for k = 0..top, from one graph (it holds them all: the
// start less some *2 taken whole), with the normal value of the heap alone.
struct from_graph {
  grundy_value normal = 0;
  std::vector<grundy_value> gammas;
};

from_graph label_position(const char* code, const heaps& typed, unsigned top) {
  const with_nim_heaps game{grundy::octal_game(grundy::octal_code::parse(code))};
  const heaps start = game.game.canonical(typed);
  const auto gg = grundy::build_graph(game, {start, top, 0});
  const auto misere = grundy::label(gg.graph, {.convention = grundy::play_convention::misere}).values;
  const auto normal = grundy::label(gg.graph, {.cycles = grundy::cycle_policy::refuse}).values;
  from_graph r;
  r.gammas.assign(top + 1, grundy::infinity);
  for (std::size_t v = 0; v < gg.vertex_count(); ++v) {
    const auto& [hs, twos, ones] = gg.states[v];
    if (hs != start || ones != 0) continue;
    r.gammas[twos] = misere[v];
    if (twos == 0) r.normal = normal[v];
  }
  return r;
}

// Checks the genera of heaps 0..max_heap against graphs reaching two steps past each symbol.
void check_against_graphs(const char* code, heap_size max_heap) {
  const auto genera = grundy::heap_genera(heap_rule::parse(code), max_heap);
  BOOST_TEST_REQUIRE(genera.size() == max_heap + 1u);
  for (heap_size h = 0; h <= max_heap; ++h) {
    const genus& g = genera[h];
    const auto top = static_cast<unsigned>(g.gammas.size() + 1);
    const auto expected = label_position(code, h == 0 ? heaps{} : heaps{h}, top);
    BOOST_TEST(g.normal == expected.normal, code << " heap " << h);
    for (unsigned k = 0; k <= top; ++k)
      BOOST_TEST(g.gamma(k) == expected.gammas[k], code << " heap " << h << " k " << k << " " << g.symbol());
    // The symbol stops where the alternation starts: its last three digits do not alternate.
    if (g.gammas.size() >= 3)
      BOOST_TEST(g.gammas[g.gammas.size() - 3] != g.gammas.back(),
                 code << " heap " << h << " " << g.symbol());
  }
}

// The genus of sums of two and three heaps against their graphs.
void check_sums_against_graphs(const char* code, heap_size max_heap) {
  const auto rule = heap_rule::parse(code);
  std::vector<heaps> sums;
  for (heap_size a = 1; a <= max_heap; ++a)
    for (heap_size b = a; b <= max_heap; ++b)
      sums.push_back({a, b});
  for (heap_size a = 1; a <= max_heap / 2; ++a)
    sums.push_back({a, a, static_cast<heap_size>(max_heap - a)});
  for (const auto& sum : sums) {
    const auto g = grundy::position_genus(rule, sum);
    const auto top = static_cast<unsigned>(g.gammas.size() + 1);
    const auto expected = label_position(code, sum, top);
    BOOST_TEST(g.normal == expected.normal, code << " " << grundy::format_heaps(sum));
    for (unsigned k = 0; k <= top; ++k)
      BOOST_TEST(g.gamma(k) == expected.gammas[k],
                 code << " " << grundy::format_heaps(sum) << " k " << k << " " << g.symbol());
  }
}

} // namespace

// Nim heaps: *0 = 0^120, *1 = 1^031, *2 = 2^20, *3 = 3^31 (Conway), and g^{g, g XOR 2} after.
BOOST_AUTO_TEST_CASE(nim_heaps) {
  const auto genera = grundy::heap_genera(heap_rule::subtraction({}, true), 12);
  BOOST_TEST(genera[0].symbol() == "0^120");
  BOOST_TEST(genera[1].symbol() == "1^031");
  BOOST_TEST(genera[2].symbol() == "2^20");
  BOOST_TEST(genera[3].symbol() == "3^31");
  BOOST_TEST(genera[7].symbol() == "7^75");
  BOOST_TEST(genera[10].symbol() == "10^10,8");
  for (heap_size h = 0; h <= 12; ++h) {
    BOOST_TEST(genera[h].of_nim_heap(), "heap " << h);
    BOOST_TEST(genera[h].normal == h);
  }
  BOOST_TEST(grundy::heap_tameness(heap_rule::subtraction({}, true), 12).tame);
}

// gamma(k) reads past the symbol by its alternation.
BOOST_AUTO_TEST_CASE(gamma_alternates_past_the_symbol) {
  const genus zero{0, {1, 2, 0}};
  BOOST_TEST(zero.gamma(0) == 1u);
  BOOST_TEST(zero.gamma(3) == 2u);
  BOOST_TEST(zero.gamma(4) == 0u);
  BOOST_TEST(zero.gamma(1'000'001) == 2u);
  BOOST_TEST(zero.of_nim_heap());
  BOOST_TEST((genus{0, {0, 2}}.of_nim_position()));
  BOOST_TEST(!(genus{0, {0, 2}}.of_nim_heap()));
  BOOST_TEST((genus{1, {1, 3}}.of_nim_position()));
  BOOST_TEST(!(genus{0, {3, 1}}.of_nim_position()));
}

// Sums: the genus of *2 + *2 is 0^02 and of *2 + *3 is 1^13, both positions of Nim; a sum of
// Dawson's Kayles heaps against its graph.
BOOST_AUTO_TEST_CASE(sums_of_heaps) {
  const auto nim = heap_rule::subtraction({}, true);
  const heap_size two_two[] = {2, 2}, two_three[] = {3, 2, 0};
  BOOST_TEST(grundy::position_genus(nim, two_two).symbol() == "0^02");
  BOOST_TEST(grundy::position_genus(nim, two_three).symbol() == "1^13");
  BOOST_TEST(grundy::position_genus(nim, {}).symbol() == "0^120");
}

BOOST_AUTO_TEST_CASE(sums_against_graphs) {
  check_sums_against_graphs("0.07", 14);
  check_sums_against_graphs("0.77", 12);
  check_sums_against_graphs("0.137", 12);
}

BOOST_AUTO_TEST_CASE(dawsons_kayles_against_graphs) { check_against_graphs("0.07", 30); }
BOOST_AUTO_TEST_CASE(kayles_against_graphs) { check_against_graphs("0.77", 30); }
BOOST_AUTO_TEST_CASE(dawsons_chess_against_graphs) { check_against_graphs("0.137", 30); }

// Far along: γ50 and γ51 of a few wild heaps, from graphs with fifty *2.
BOOST_AUTO_TEST_CASE(gamma_fifty) {
  struct heap_case {
    const char* code;
    heap_size heap;
  };
  for (const auto& [code, heap] : {heap_case{"0.77", 5}, heap_case{"0.07", 10}, heap_case{"0.137", 12}}) {
    const auto g = grundy::heap_genera(heap_rule::parse(code), heap)[heap];
    const auto expected = label_position(code, {heap}, 51);
    BOOST_TEST(g.gamma(50) == expected.gammas[50], code << " heap " << heap);
    BOOST_TEST(g.gamma(51) == expected.gammas[51], code << " heap " << heap);
  }
}

// Dawson's Kayles (0.07) and Kayles (0.77) are wild (Winning Ways ch. 13); Kayles' first wild
// heap is 5, of genus 4^146, its γk alternating out of normal play's phase (the graphs above
// check the values).
BOOST_AUTO_TEST_CASE(tameness) {
  const auto kayles = grundy::heap_tameness(heap_rule::parse("0.77"), 12);
  BOOST_TEST(!kayles.tame);
  BOOST_TEST(kayles.heap == 5u);
  BOOST_TEST((kayles.position == std::vector<heap_size>{5}));
  BOOST_TEST(kayles.position_genus.symbol() == "4^146");
  BOOST_TEST(!grundy::heap_tameness(heap_rule::parse("0.07"), 20).tame);
  // 0.3 (take one token from a heap): a heap of n has the single option n - 1, so it is the same
  // game tree as n Nim heaps of 1, which are *1 or *0 in misère play as well (*1 + *1 = 0).
  BOOST_TEST(grundy::heap_tameness(heap_rule::parse("0.3"), 30).tame);
}

// A heap's own tameness against its game graph: heap h with `top` heaps *2 beside it reaches
// every position P + k·*2 (k <= top) that play from h reaches, so one graph gives each P's γ0..γtop
// and its normal value; P is tame when those digits are a Nim position's (0^120, 0^02, 1^031,
// 1^13, g^{g, g XOR 2}). The heaps the issue of per-heap tameness listed are among them: each is
// past its game's first wild heap and never reaches it.
bool tame_by_graph(const char* code, heap_size h, unsigned top) {
  const with_nim_heaps game{grundy::octal_game(grundy::octal_code::parse(code))};
  const auto gg = grundy::build_graph(game, {h == 0 ? heaps{} : heaps{h}, top, 0});
  const auto misere = grundy::label(gg.graph, {.convention = grundy::play_convention::misere}).values;
  const auto normal = grundy::label(gg.graph, {.cycles = grundy::cycle_policy::refuse}).values;
  std::map<heaps, std::vector<grundy_value>> gammas;
  std::map<heaps, grundy_value> normals;
  for (std::size_t v = 0; v < gg.vertex_count(); ++v) {
    const auto& [hs, twos, ones] = gg.states[v];
    if (ones != 0) continue;
    auto& row = gammas[hs];
    row.resize(top + 1, grundy::infinity);
    row[twos] = misere[v];
    if (twos == 0) normals[hs] = normal[v];
  }
  for (const auto& entry : gammas) {
    const auto& row = entry.second;
    const grundy_value g = normals.at(entry.first);
    const auto alternating = [&](std::vector<grundy_value> head, grundy_value a, grundy_value b) {
      const auto start = static_cast<unsigned>(head.size());
      for (unsigned k = start; k <= top; ++k)
        head.push_back((k - start) % 2 == 0 ? a : b);
      head.resize(top + 1);
      return row == head;
    };
    bool nim_like = alternating({}, g, g ^ 2);
    if (g == 0) nim_like = nim_like || alternating({1}, 2, 0);
    if (g == 1) nim_like = nim_like || alternating({0}, 3, 1);
    if (!nim_like) return false;
  }
  return true;
}

BOOST_AUTO_TEST_CASE(tameness_of_each_heap) {
  struct heap_case {
    const char* code;
    heap_size heap;
  };
  for (const auto& [code, heap] : {heap_case{"0.07", 11}, heap_case{"0.17", 11}, heap_case{"0.54", 11},
                                   heap_case{"0.41", 12}, heap_case{"0.42", 12}, heap_case{"0.43", 12},
                                   heap_case{"0.53", 12}, heap_case{"0.45", 10}, heap_case{"0.47", 10}}) {
    const auto t = grundy::heap_tameness(heap_rule::parse(code), heap);
    BOOST_TEST_REQUIRE(t.heap_tame.size() == heap + 1u);
    BOOST_TEST(t.heap_tame[heap], code << " heap " << heap);
    BOOST_TEST(!t.tame, code);
    BOOST_TEST(t.heap < heap, code);
    BOOST_TEST(!t.heap_tame[t.heap], code);
  }
  for (const char* code : {"0.07", "0.77", "0.17", "0.45", "0.137"}) {
    const auto t = grundy::heap_tameness(heap_rule::parse(code), 13);
    for (heap_size h = 0; h <= 13; ++h)
      BOOST_TEST(t.heap_tame[h] == tame_by_graph(code, h, 10), code << " heap " << h);
  }
}

// Genera CGSuite computes (Siegel's CGSuite 2.2, TakeAndBreak(code)(n): NimValue and the misère
// values of n + k·*2 for k = 0..7), an implementation that shares nothing with this one. Its
// IsTame also puts the first wild heap of Dawson's chess at 9, of Grundy's game at 13 and of
// Officers (0.6) at 7.
BOOST_AUTO_TEST_CASE(cgsuite_genera) {
  struct row {
    const char* rule;
    heap_size heap;
    grundy_value normal;
    const char* gammas; // γ0..γ7
  };
  const row rows[] = {
      {"0.77", 5, 4, "14646464"},    {"0.77", 9, 4, "04646464"},   {"0.77", 17, 4, "64646464"},
      {"0.77", 25, 1, "73131313"},   {"0.137", 9, 3, "14313131"},  {"0.137", 11, 2, "05202020"},
      {"0.137", 24, 0, "31313131"},  {"0.137", 20, 0, "02020202"}, {"grundy", 13, 3, "14313131"},
      {"grundy", 18, 4, "05646464"}, {"0.6", 12, 0, "20202020"},   {"0.6", 17, 3, "05313131"},
      {"0.6", 24, 5, "47575757"},
  };
  for (const auto& r : rows) {
    const auto g = grundy::heap_genera(heap_rule::parse(r.rule), r.heap)[r.heap];
    BOOST_TEST(g.normal == r.normal, r.rule << " heap " << r.heap);
    for (unsigned k = 0; k < 8; ++k)
      BOOST_TEST(g.gamma(k) == static_cast<grundy_value>(r.gammas[k] - '0'), r.rule << " heap " << r.heap);
  }
  for (const auto& [rule, first_wild] :
       {std::pair{"0.137", 9u}, std::pair{"grundy", 13u}, std::pair{"0.6", 7u}, std::pair{"0.77", 5u}}) {
    const auto t = grundy::heap_tameness(heap_rule::parse(rule), 20);
    BOOST_TEST(!t.tame, rule);
    BOOST_TEST(t.heap == first_wild, rule);
    BOOST_TEST(!grundy::heap_genera(heap_rule::parse(rule), first_wild)[first_wild].of_nim_position(), rule);
  }
}

// The memory limit and the stop flag end the computation with one clear exception each.
BOOST_AUTO_TEST_CASE(limits_and_stop) {
  grundy::genus_options small;
  small.max_memory = 1 << 12;
  BOOST_CHECK_EXCEPTION(grundy::heap_genera(heap_rule::parse("0.77"), 30, small), grundy::stopped,
                        grundy::test::stopped_by_limit);
  std::atomic<bool> stop{true};
  grundy::genus_options stopped;
  stopped.stop = &stop;
  BOOST_CHECK_THROW(grundy::heap_genera(heap_rule::parse("0.77"), 30, stopped), grundy::stopped);
}

// A flag set while a long computation runs (Kayles to heap 60 takes seconds) stops it soon.
BOOST_AUTO_TEST_CASE(a_stop_during_the_run) {
  std::atomic<bool> stop{false};
  grundy::genus_options options;
  options.stop = &stop;
  std::thread setter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop = true;
  });
  const auto start = std::chrono::steady_clock::now();
  BOOST_CHECK_THROW(grundy::heap_genera(heap_rule::parse("0.77"), 60, options), grundy::stopped);
  setter.join();
  // Generous for a busy machine: the checks come every few thousand mexes.
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(seconds < 3.0);
}
