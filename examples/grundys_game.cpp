// Grundy's game: a move splits one heap into two non-empty heaps of different sizes; the player
// who cannot move loses. The example checks the Grundy values of single heaps against OEIS
// A002188 and, on every position of the game graph of a heap of 20, the Sprague-Grundy theorem:
// a position of several heaps is worth the XOR of its heaps' values.
//
// Usage: grundys_game [DOT file]   (default grundys_game.dot, the graph of a heap of 10)

#include "example_checks.hpp"

#include <grundy/io/export_dot.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace grundys {

struct grundys_game {
  // Heap sizes; sorted and without heaps of 1 or 2 once canonical.
  using state_type = std::vector<std::uint32_t>;

  // The order of heaps does not matter, so positions are sorted. Heaps of 1 and 2 tokens cannot
  // be split: they add no move, so dropping them leaves the same game and merges positions such
  // as [1,5], [2,5] and [5] into one vertex.
  state_type canonical(const state_type& s) const {
    state_type c;
    std::copy_if(s.begin(), s.end(), std::back_inserter(c), [](std::uint32_t h) { return h > 2; });
    std::sort(c.begin(), c.end());
    return c;
  }

  // Splits heap s[i] into a and s[i] - a with a < s[i] - a. The state is canonical (the builder
  // only passes canonical states), so equal heaps sit side by side and splitting any one of them
  // gives the same position: only the first is tried.
  void successors(const state_type& s, std::vector<state_type>& out) const {
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (i > 0 && s[i] == s[i - 1]) continue;
      for (std::uint32_t a = 1; 2 * a < s[i]; ++a) {
        state_type next = s;
        next[i] = a;
        next.push_back(s[i] - a);
        out.push_back(std::move(next)); // not sorted: the builder canonicalises it
      }
    }
  }

  std::string format(const state_type& s) const { return fmt::format("[{}]", fmt::join(s, ",")); }
};

static_assert(grundy::game<grundys_game>);

// The same moves under another canonical form, to measure what a canonical form saves.
template <grundy::game Game, class Canonical> struct with_canonical {
  using state_type = grundy::state_t<Game>;
  Game game;
  Canonical canonical_form;

  state_type canonical(const state_type& s) const { return canonical_form(s); }
  void successors(const state_type& s, std::vector<state_type>& out) const { game.successors(s, out); }
  std::string format(const state_type& s) const { return game.format(s); }
};
// Spelled out for compilers without C++20's deduction for aggregates (clang before 17).
template <class Game, class Canonical> with_canonical(Game, Canonical) -> with_canonical<Game, Canonical>;

} // namespace grundys

namespace {

// Counts failed checks so that main can report them through its exit status.
// Sorting alone is a canonical form too (successors() only needs equal heaps side by side),
// but it keeps the dead heaps of 1 and 2 tokens apart.
std::vector<std::uint32_t> sorted_heaps(std::vector<std::uint32_t> s) {
  std::sort(s.begin(), s.end());
  return s;
}

} // namespace

int main(int argc, char** argv) {
  const grundys::grundys_game game;

  // OEIS A002188, the Grundy values of single heaps of 0 to 20 tokens.
  constexpr std::array<grundy::grundy_value, 21> a002188{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0,
                                                         2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
  std::vector<grundy::grundy_value> heap_value;
  for (std::uint32_t n = 0; n < a002188.size(); ++n)
    heap_value.push_back(grundy::solve(game, {n}).values.front());
  check(std::equal(heap_value.begin(), heap_value.end(), a002188.begin()),
        fmt::format("single heaps 0..20 are worth A002188: {}", fmt::join(heap_value, ",")));

  // The graph of a heap of 20 holds every way of splitting it further: positions of up to six
  // heaps. Each must be worth the XOR of its heaps' single-heap values.
  const auto xor_mismatches = [&](const auto& solved) {
    std::size_t mismatches = 0;
    for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v) {
      grundy::grundy_value x = 0;
      for (auto h : solved.graph.states[v])
        x ^= heap_value[h];
      if (x != solved.values[v]) ++mismatches;
    }
    return mismatches;
  };
  const auto twenty = grundy::solve(game, {20});
  check(xor_mismatches(twenty) == 0,
        fmt::format("all {} positions reachable from [20] are worth the XOR of their heaps",
                    twenty.graph.vertex_count()));
  print_graph("Grundy's game from [20]", twenty);

  // The same game under a weaker canonical form: the same values on more vertices.
  const grundys::with_canonical sorted_only{game, &sorted_heaps};
  const auto sorted = grundy::solve(sorted_only, {20});
  check(
      xor_mismatches(sorted) == 0 && sorted.graph.vertex_count() > twenty.graph.vertex_count(),
      fmt::format("sorting alone, without dropping dead heaps: {} vertices and {} edges instead of {} and {}",
                  sorted.graph.vertex_count(), sorted.graph.edge_count(), twenty.graph.vertex_count(),
                  twenty.graph.edge_count()));

  const auto ten = grundy::solve(game, {10});
  print_graph("Grundy's game from [10]", ten);
  const std::string dot_path = argc > 1 ? argv[1] : "grundys_game.dot";
  std::ofstream dot(dot_path);
  grundy::write_dot(dot, game, ten.graph, ten.values);
  dot.close();
  check(static_cast<bool>(dot), "DOT diagram of [10] written to " + dot_path);

  return failures == 0 ? 0 : 1;
}
