// Nim's hint in words: the moves its explanation names are checked against the game graph's
// labelling, which knows nothing of Bouton's rules, under misère and normal play.
#define BOOST_TEST_MODULE nim_hint
#include <boost/test/unit_test.hpp>

#include <grundy/games/nim.hpp>
#include <grundy/graph.hpp>
#include <grundy/io/nim_explanation.hpp>
#include <grundy/labelling.hpp>
#include <grundy/misere.hpp>

#include <boost/range/iterator_range.hpp>

#include <optional>
#include <string>
#include <vector>

using grundy::heap_size;
using grundy::heaps;
using grundy::outcome;
using grundy::play_convention;

namespace {

// Every list of up to `count` heaps of 0 to `largest` tokens, in every order typed.
void for_each_position(std::size_t count, heap_size largest, const auto& f) {
  std::vector<heap_size> typed;
  const auto go = [&](const auto& self) -> void {
    f(typed);
    if (typed.size() == count) return;
    for (heap_size h = 0; h <= largest; ++h) {
      typed.push_back(h);
      self(self);
      typed.pop_back();
    }
  };
  go(go);
}

// The vertex a move from the start leads to, if the move is legal.
template <class Graph> std::optional<grundy::vertex_id> successor(const Graph& gg, const heaps& after) {
  for (auto e : boost::make_iterator_range(out_edges(grundy::vertex_id{0}, gg.graph)))
    if (gg.states[target(e, gg.graph)] == after) return target(e, gg.graph);
  return std::nullopt;
}

std::string shown(const std::vector<heap_size>& typed) {
  std::string s;
  for (auto h : typed)
    s += std::to_string(h) + " ";
  return s;
}

} // namespace

// The move the misère explanation names is legal and leaves a misère P-position, and it names
// one exactly when the start is a misère N-position.
BOOST_AUTO_TEST_CASE(misere_moves_lead_to_misere_p_positions) {
  std::size_t named = 0;
  for_each_position(4, 6, [&](const std::vector<heap_size>& typed) {
    const auto gg = grundy::build_graph(grundy::nim_game{}, grundy::nim_game::position(typed));
    const auto o = grundy::misere_outcomes(gg.graph);
    const auto e = grundy::io::explain_nim(typed, play_convention::misere);
    BOOST_TEST_CONTEXT("heaps " << shown(typed)) {
      BOOST_TEST(e.moves.empty() == (o[0] == outcome::p || out_degree(grundy::vertex_id{0}, gg.graph) == 0));
      for (const auto& move : e.moves) {
        const auto v = successor(gg, move);
        BOOST_TEST_REQUIRE(v.has_value(), "not a move: " << grundy::format_heaps(move));
        BOOST_TEST((o[*v] == outcome::p), "leaves " << grundy::format_heaps(move));
        ++named;
      }
    }
  });
  BOOST_TEST(named > 1000u); // most positions are N-positions
}

// The same for normal play, against the Sprague-Grundy values.
BOOST_AUTO_TEST_CASE(normal_moves_lead_to_p_positions) {
  for_each_position(3, 7, [&](const std::vector<heap_size>& typed) {
    const auto gg = grundy::build_graph(grundy::nim_game{}, grundy::nim_game::position(typed));
    const auto values = grundy::sprague_grundy(gg.graph);
    const auto e = grundy::io::explain_nim(typed, play_convention::normal);
    BOOST_TEST_CONTEXT("heaps " << shown(typed)) {
      BOOST_TEST(e.moves.empty() == (values[0] == 0));
      for (const auto& move : e.moves) {
        const auto v = successor(gg, move);
        BOOST_TEST_REQUIRE(v.has_value(), "not a move: " << grundy::format_heaps(move));
        BOOST_TEST(values[*v] == 0u, "leaves " << grundy::format_heaps(move));
      }
    }
  });
}

// A misère hint explains misère play only: where misère and normal play differ (at most one
// heap of more than 1 token), no parity table and no normal-play move.
BOOST_AUTO_TEST_CASE(misere_text_says_misere_play_only) {
  const auto three_ones = grundy::io::explain_nim({1, 1, 1}, play_convention::misere);
  BOOST_TEST(three_ones.moves.empty());
  BOOST_TEST(three_ones.text.find("parity") == std::string::npos, three_ones.text);
  BOOST_TEST(three_ones.text.find("leave 0") == std::string::npos, three_ones.text);
  BOOST_TEST(three_ones.text.find("odd") != std::string::npos, three_ones.text);

  // Normal play empties the heap of 4 here; misère play leaves 1 in it.
  const auto one_big = grundy::io::explain_nim({1, 1, 4}, play_convention::misere);
  BOOST_TEST(one_big.text.find("parity") == std::string::npos, one_big.text);
  BOOST_TEST(one_big.text.find("leave 1 in the heap of 4") != std::string::npos, one_big.text);
  BOOST_TEST((one_big.moves == std::vector<heaps>{{1, 1, 1}}));
  BOOST_TEST(
      (grundy::io::explain_nim({1, 1, 4}, play_convention::normal).moves == std::vector<heaps>{{1, 1}}));

  // Two heaps or more of more than 1: the table, said to be normal Nim's rule under misère play.
  const auto two_big = grundy::io::explain_nim({3, 4, 5}, play_convention::misere);
  BOOST_TEST(two_big.text.find("Misère play") == 0u, two_big.text);
  BOOST_TEST(two_big.text.find("parity") != std::string::npos, two_big.text);
}
