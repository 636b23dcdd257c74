// Octal-game positions: moves under a code, published values, and the XOR rule on sums of heaps.
#define BOOST_TEST_MODULE games_octal
#include <boost/test/unit_test.hpp>

#include <grundy/games/octal.hpp>
#include <grundy/solve.hpp>

#include <set>
#include <vector>

using grundy::heaps;
using grundy::octal_code;
using grundy::octal_game;

namespace {

std::set<heaps> moves_of(const octal_game& g, const heaps& s) {
  std::vector<heaps> out;
  g.successors(s, out);
  std::set<heaps> r;
  for (auto& m : out) r.insert(g.canonical(m));
  return r;
}

grundy::grundy_value heap_value(const octal_game& g, grundy::heap_size n) {
  return grundy::solve(g, heaps{n}).statistics.start_value;
}

} // namespace

BOOST_AUTO_TEST_CASE(digits_decide_the_moves) {
  // 0.07: remove 2 tokens, leaving 0, 1 or 2 heaps (Dawson's Kayles).
  const octal_game dawson(octal_code::parse("0.07"));
  BOOST_TEST((moves_of(dawson, heaps{6}) == std::set<heaps>{{4}, {1, 3}, {2, 2}}));
  BOOST_TEST((moves_of(dawson, heaps{2}) == std::set<heaps>{{}}));
  BOOST_TEST(moves_of(dawson, heaps{1}).empty());
  // 4.7: also split a heap in two without removing anything.
  const octal_game split(octal_code::parse("4.7"));
  BOOST_TEST((moves_of(split, heaps{3}) == std::set<heaps>{{1, 2}, {2}, {1, 1}}));
  // 0.8 (hexadecimal): remove one token and leave exactly three heaps.
  const octal_game three(octal_code::parse("0.8"));
  BOOST_TEST((moves_of(three, heaps{6}) == std::set<heaps>{{1, 1, 3}, {1, 2, 2}}));
}

// First values of well-known games, from the literature (Winning Ways; OEIS A002186 for
// Kayles, A002187 for Dawson's chess 0.137, of which 0.07 is the shift by one).
BOOST_AUTO_TEST_CASE(published_values) {
  const std::vector<grundy::grundy_value> kayles{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2};
  const std::vector<grundy::grundy_value> dawson{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3};
  const octal_game g77(octal_code::parse("0.77")), g137(octal_code::parse("0.137")),
      g07(octal_code::parse("0.07")), g333(octal_code::parse("0.333"));
  for (grundy::heap_size n = 0; n < kayles.size(); ++n) {
    BOOST_TEST(heap_value(g77, n) == kayles[n]);
    BOOST_TEST(heap_value(g137, n) == dawson[n]);
    BOOST_TEST(heap_value(g07, n + 1) == dawson[n]);
    BOOST_TEST(heap_value(g333, n) == n % 4); // Fort Boyard: multiples of 4 lose
  }
}

// Sprague-Grundy: a sum of heaps has the XOR of the heaps' values, at every vertex.
BOOST_AUTO_TEST_CASE(value_of_a_sum_is_the_xor) {
  for (const char* code : {"0.07", "0.137", "0.6", "4.7", "0.8"}) {
    const octal_game g(octal_code::parse(code));
    std::vector<grundy::grundy_value> single;
    for (grundy::heap_size n = 0; n <= 12; ++n) single.push_back(heap_value(g, n));
    const auto solved = grundy::solve(g, heaps{5, 7, 12});
    for (std::size_t v = 0; v < solved.graph.vertex_count(); ++v) {
      grundy::grundy_value x = 0;
      for (auto h : solved.graph.states[v]) x ^= single[h];
      BOOST_TEST(solved.values[v] == x, code << " at " << g.format(solved.graph.states[v]));
    }
  }
}

// In 0.07 every move removes exactly two tokens, so on heaps 10 and 7 (17 tokens) each edge
// drops the token count by 2 and the game lasts at most 8 moves.
BOOST_AUTO_TEST_CASE(moves_remove_the_digit_count) {
  const octal_game g(octal_code::parse("0.07"));
  const auto solved = grundy::solve(g, heaps{10, 7});
  auto tokens = [](const heaps& h) {
    unsigned t = 0;
    for (auto x : h) t += x;
    return t;
  };
  for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v)
    for (auto e : boost::make_iterator_range(out_edges(v, solved.graph.graph)))
      BOOST_TEST(tokens(solved.graph.states[target(e, solved.graph.graph)]) + 2 ==
                 tokens(solved.graph.states[v]));
  BOOST_TEST(solved.statistics.depth == 9u); // 17 tokens: at most 8 moves of 2
}
