// Tokens on Ferguson's cyclic graph: the graph of Figure 3.4 in T. S. Ferguson, Game Theory,
// Part I "Impartial Combinatorial Games", section 3.4 "The Sprague-Grundy function on more
// general graphs" (UCLA lecture notes). Its five positions are a, b, c, d, e with the moves
// a -> b -> c -> a (a cycle), c -> d and d -> e, as the text describes them: c moves to d or
// to a, and from a play comes back to c in two moves, round the cycle abcabc. Ferguson works
// out that e (no move) has value 0, d (whose only move is to e) has value 1, and a, b and c are
// tied: a player at c does not move to d, which loses, so play goes round the cycle for ever.
// He notes that no Sprague-Grundy function exists there; the generalized one of Smith (1966)
// and Fraenkel and Yesha (1986) does, and this example computes it.
//
// A position here is any number of tokens on the graph, next to a Nim heap; a move slides one
// token along an edge or takes from the heap. The example checks, position by position:
//  - the single-token values against Ferguson's: e = 0, d = 1, a, b, c draws. The sets K of
//    the draws follow from the definition, K being the finite values among the moves:
//    a = ∞(∅) (its one move is to b), b = ∞(∅), c = ∞(1) (its moves are to a and to d);
//  - every position of up to four tokens and a heap of up to 15 against Smith's sum rule
//    (C. A. B. Smith, Graphs and composite games, J. Combinatorial Theory 1 (1966) 51-81):
//    finite values add by XOR, and one summand ∞(K) plus a finite x gives ∞(K XOR x). With two
//    or more tokens on the cycle the position is a draw whose moves all lead to draws, ∞(∅):
//    sliding a token round the cycle is always possible and keeps two tokens there, so neither
//    player ever runs out of moves.
//
// Usage: ferguson_cycle [DOT file]   (default ferguson_cycle.dot, the single-token graph)

#include "example_checks.hpp"

#include <grundy/io/export_dot.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ferguson {

// The vertices of Figure 3.4 that a token can stand on and still move; a token reaching e
// leaves the game, since it has no move left and so changes nothing (as a heap of 0 in Nim).
enum vertex : unsigned { a, b, c, d, vertices };
constexpr std::array<char, vertices> names{'a', 'b', 'c', 'd'};

// Where a token on each vertex may go; `vertices` stands for e.
constexpr std::array<std::array<unsigned, 2>, vertices> moves{{{b, b}, {c, c}, {a, d}, {vertices, vertices}}};
constexpr std::array<unsigned, vertices> move_count{1, 1, 2, 1};

struct tokens_and_heap {
  // The number of tokens on a, b, c and d, then the size of the Nim heap. Tokens are
  // interchangeable, so counting them per vertex is already one form per position.
  using state_type = std::array<std::uint8_t, vertices + 1>;
  static constexpr unsigned heap = vertices;

  state_type canonical(const state_type& s) const { return s; }

  void successors(const state_type& s, std::vector<state_type>& out) const {
    for (unsigned v = 0; v < vertices; ++v) {
      if (s[v] == 0) continue;
      for (unsigned i = 0; i < move_count[v]; ++i) {
        state_type t = s;
        --t[v];
        if (const unsigned w = moves[v][i]; w != vertices) ++t[w];
        out.push_back(t);
      }
    }
    for (std::uint8_t h = 0; h < s[heap]; ++h) {
      state_type t = s;
      t[heap] = h;
      out.push_back(t);
    }
  }

  // "a+c+c+*3": the tokens by vertex, then the heap; "0" when nothing can move.
  std::string format(const state_type& s) const {
    std::vector<std::string> parts;
    for (unsigned v = 0; v < vertices; ++v)
      parts.insert(parts.end(), s[v], std::string(1, names[v]));
    if (s[heap] > 0) parts.push_back(fmt::format("*{}", s[heap]));
    return parts.empty() ? "0" : fmt::format("{}", fmt::join(parts, "+"));
  }
};

static_assert(grundy::game<tokens_and_heap>);

// A generalized value written out: finite, or ∞ with its set K.
struct expected_value {
  bool infinite = false;
  grundy::grundy_value finite = 0;
  std::set<grundy::grundy_value> k;
};

// Smith's rule applied to the single-token values above, independently of the library's own
// implementation of the rule (grundy/loopy_sum.hpp).
expected_value smith_value(const tokens_and_heap::state_type& s) {
  const unsigned on_cycle = s[a] + s[b] + s[c];
  // The finite summands: each token on d is worth 1, the heap its size.
  const grundy::grundy_value x = (s[d] % 2) ^ s[tokens_and_heap::heap];
  if (on_cycle == 0) return {false, x, {}};
  if (on_cycle >= 2) return {true, 0, {}};
  if (s[c] == 1) return {true, 0, {1 ^ x}}; // ∞(1) + x
  return {true, 0, {}};                     // ∞(∅) + x
}

} // namespace ferguson

int main(int argc, char** argv) {
  using namespace ferguson;
  const tokens_and_heap game;
  using state = tokens_and_heap::state_type;

  // One token, no heap: Ferguson's figure itself (e is the empty position "0").
  const auto figure = grundy::solve(game, state{1, 0, 0, 0, 0});
  fmt::print("Ferguson's Figure 3.4, one token: {} vertices, {} edges\n", figure.graph.vertex_count(),
             figure.graph.edge_count());
  const auto value_of = [&](const auto& solved, const state& s) {
    for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v)
      if (solved.graph.states[v] == s)
        return std::pair{solved.format_value(v), grundy::to_char(solved.outcome_of(v))};
    return std::pair{std::string("missing"), '?'};
  };
  const std::array<std::pair<char, state>, 5> single{{{'a', {1, 0, 0, 0, 0}},
                                                      {'b', {0, 1, 0, 0, 0}},
                                                      {'c', {0, 0, 1, 0, 0}},
                                                      {'d', {0, 0, 0, 1, 0}},
                                                      {'e', {}}}};
  const std::array<std::pair<const char*, char>, 5> ferguson_says{
      {{"∞(∅)", 'D'}, {"∞(∅)", 'D'}, {"∞(1)", 'D'}, {"1", 'N'}, {"0", 'P'}}};
  bool figure_ok = figure.graph.vertex_count() == 5;
  for (std::size_t i = 0; i < single.size(); ++i) {
    const auto [value, outcome] = value_of(figure, single[i].second);
    fmt::print("  {}  {:<5} {}\n", single[i].first, value, outcome);
    figure_ok = figure_ok && value == ferguson_says[i].first && outcome == ferguson_says[i].second;
  }
  check(figure_ok, "e = 0 and d = 1, a, b and c are draws, as Ferguson finds; K as the definition gives");

  // Up to four tokens and a heap of up to 15: every such position is reached from four tokens
  // on a (a token on a can get anywhere) and the full heap.
  constexpr unsigned heap_bound = 15;
  for (std::uint8_t k = 1; k <= 4; ++k) {
    const state start{k, 0, 0, 0, static_cast<std::uint8_t>(heap_bound)};
    const auto solved = grundy::solve(game, start);
    // Multisets of at most k tokens over a, b, c, d: C(k + 4, 4).
    std::size_t multisets = 1;
    for (unsigned i = 1; i <= 4; ++i)
      multisets = multisets * (k + i) / i;
    std::array<std::size_t, 3> counts{}; // P, N, D
    std::size_t mismatches = 0;
    for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v) {
      const auto want = smith_value(solved.graph.states[v]);
      const auto k_set = solved.infinite.of(v);
      const bool infinite = solved.values[v] == grundy::infinity;
      const bool same = infinite == want.infinite &&
                        (infinite ? std::set<grundy::grundy_value>(k_set.begin(), k_set.end()) == want.k
                                  : solved.values[v] == want.finite);
      mismatches += !same;
      const auto o = solved.outcome_of(v);
      ++counts[o == grundy::outcome::p ? 0 : o == grundy::outcome::n ? 1 : 2];
    }
    fmt::print("{} token{} on a and a heap of {}: {} vertices, {} edges; P {}, N {}, D {}; start {} ({})\n",
               k, k > 1 ? "s" : "", heap_bound, solved.graph.vertex_count(), solved.graph.edge_count(),
               counts[0], counts[1], counts[2], solved.format_value(0),
               grundy::to_char(solved.outcome_of(0)));
    check(solved.graph.vertex_count() == multisets * (heap_bound + 1) && mismatches == 0,
          fmt::format("all {} positions of at most {} tokens and a heap of at most {} follow Smith's rule",
                      multisets * (heap_bound + 1), k, heap_bound));
  }

  // A few positions a player would ask about.
  const auto pairs = grundy::solve(game, state{2, 0, 0, 0, 1});
  for (const state& s : {state{0, 0, 1, 1, 0}, state{0, 0, 1, 0, 1}, state{0, 0, 2, 0, 0},
                         state{1, 0, 0, 0, 1}, state{0, 0, 0, 2, 1}}) {
    const auto [value, outcome] = value_of(pairs, s);
    fmt::print("  {:<8} {:<5} {}\n", game.format(s), value, outcome);
  }

  const std::string dot_path = argc > 1 ? argv[1] : "ferguson_cycle.dot";
  std::ofstream dot(dot_path);
  grundy::write_dot(dot, game, figure.graph, figure.values, &figure.infinite);
  dot.close();
  check(static_cast<bool>(dot), "DOT diagram of the single-token graph written to " + dot_path);

  return failures == 0 ? 0 : 1;
}
