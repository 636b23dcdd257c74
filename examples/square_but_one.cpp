// Square-But-One: a heap of stones; a move removes a positive square number of stones, or, when
// the heap holds a positive even number of stones, adds one stone. The player who cannot move
// loses. Adding a stone can undo a removal (2 -> 3 -> 2 ...), so the game has cycles and draws.
//
// Source: Lim Chu Wee, "Combinatorial Game Theory V" (Lesson 5, on loopy games), mathstrek.blog,
// 10 August 2012. The lesson shows that 0 and 5 are the only positions lost for the player to
// move, that the positions won for the player to move are the m^2 and m^2 + 5 for m >= 1 (a
// move to 0 or to 5), and that every other heap is a draw (its exercise 2 proves that no
// further losing position exists). The example checks that classification on every heap up
// to 1000, and prints the generalized values of the small heaps, which the lesson does not give.
//
// Usage: square_but_one [DOT file]   (default square_but_one.dot, the graph of a heap of 12)

#include "example_checks.hpp"

#include <grundy/io/export_dot.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace square_but_one {

struct square_but_one_game {
  using state_type = std::uint32_t; // the number of stones

  state_type canonical(const state_type& s) const { return s; }

  void successors(const state_type& n, std::vector<state_type>& out) const {
    for (state_type k = 1; k * k <= n; ++k)
      out.push_back(n - k * k);
    if (n > 0 && n % 2 == 0) out.push_back(n + 1);
  }

  std::string format(const state_type& n) const { return std::to_string(n); }
};

static_assert(grundy::game<square_but_one_game>);

bool is_square(std::uint32_t n) {
  std::uint32_t m = 0;
  while ((m + 1) * (m + 1) <= n)
    ++m;
  return m * m == n;
}

// The lesson's classification: 'P' (the player to move loses), 'N' (wins) or 'D' (a draw).
char published_outcome(std::uint32_t n) {
  if (n == 0 || n == 5) return 'P';
  if (is_square(n) || (n > 5 && is_square(n - 5))) return 'N';
  return 'D';
}

} // namespace square_but_one

int main(int argc, char** argv) {
  using namespace square_but_one;
  const square_but_one_game game;

  // From a heap of 1000 every smaller heap is reached (take one stone at a time), and so is
  // 1001 (1000 is even); no move leads higher, so the graph is the whole game on these heaps.
  constexpr std::uint32_t bound = 1000;
  const auto solved = grundy::solve(game, bound);
  std::array<std::size_t, 3> counts{}; // P, N, D
  std::size_t mismatches = 0;
  std::vector<std::string> small(31);
  for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v) {
    const auto n = solved.graph.states[v];
    const char outcome = grundy::to_char(solved.outcome_of(v));
    mismatches += outcome != published_outcome(n);
    ++counts[outcome == 'P' ? 0 : outcome == 'N' ? 1 : 2];
    if (n < small.size()) small[n] = fmt::format("{:>3} {:<7}{}", n, solved.format_value(v), outcome);
  }
  fmt::print("Square-But-One from {}: {} vertices, {} edges; P {}, N {}, D {}\n", bound,
             solved.graph.vertex_count(), solved.graph.edge_count(), counts[0], counts[1], counts[2]);
  for (std::size_t row = 0; row < 8; ++row) {
    std::string line;
    for (std::size_t n = row; n < small.size(); n += 8)
      line += fmt::format("{:<16}", small[n]);
    line.erase(line.find_last_not_of(' ') + 1);
    fmt::print("  {}\n", line);
  }
  check(solved.graph.vertex_count() == bound + 2,
        fmt::format("the graph holds every heap from 0 to {}", bound + 1));
  check(mismatches == 0 && counts[0] == 2,
        fmt::format("P is {{0, 5}}, N the m^2 and m^2 + 5, every other heap up to {} a draw", bound + 1));

  const auto small_graph = grundy::solve(game, 12u);
  const std::string dot_path = argc > 1 ? argv[1] : "square_but_one.dot";
  std::ofstream dot(dot_path);
  grundy::write_dot(dot, game, small_graph.graph, small_graph.values, &small_graph.infinite);
  dot.close();
  check(static_cast<bool>(dot), "DOT diagram of a heap of 12 written to " + dot_path);

  return failures == 0 ? 0 : 1;
}
