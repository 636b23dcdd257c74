// Wythoff's game: two heaps; a move takes any positive number of tokens from one heap, or the
// same positive number from both; the player who cannot move loses. Wythoff (1907) showed that
// the positions where the player to move loses are exactly the pairs
// (floor(k phi), floor(k phi^2)), k = 0, 1, 2, ..., with phi the golden ratio. The example
// checks that, position by position, on the game graph of two heaps of 100, where every pair of
// heaps up to 100 appears.
//
// Usage: wythoff [DOT file]   (default wythoff.dot, the graph of two heaps of 4)

#include "example_checks.hpp"

#include <grundy/io/export_dot.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace wythoff {

struct wythoff_game {
  // The two heap sizes, the smaller first once canonical.
  using state_type = std::array<std::uint32_t, 2>;

  // The heaps are interchangeable: (3,5) and (5,3) are one position, so one vertex.
  state_type canonical(const state_type& s) const { return s[0] <= s[1] ? s : state_type{s[1], s[0]}; }

  void successors(const state_type& s, std::vector<state_type>& out) const {
    const auto [a, b] = s;
    for (std::uint32_t k = 1; k <= a; ++k)
      out.push_back({a - k, b});
    for (std::uint32_t k = 1; k <= b; ++k)
      out.push_back({a, b - k});
    for (std::uint32_t k = 1; k <= a && k <= b; ++k)
      out.push_back({a - k, b - k});
  }

  std::string format(const state_type& s) const { return fmt::format("({},{})", s[0], s[1]); }
};

static_assert(grundy::game<wythoff_game>);

// floor(k phi) = floor((k + sqrt(5 k^2)) / 2), computed in integers so that no rounding can
// put a pair on the wrong side of the floor: sqrt(5 k^2) is irrational for k > 0, so taking
// the floor of the root first does not change the result.
std::uint64_t floor_k_phi(std::uint64_t k) {
  const std::uint64_t square = 5 * k * k;
  auto root = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(square)));
  while (root * root > square)
    --root;
  while ((root + 1) * (root + 1) <= square)
    ++root;
  return (k + root) / 2;
}

} // namespace wythoff

namespace {} // namespace

int main(int argc, char** argv) {
  const wythoff::wythoff_game game;
  constexpr std::uint32_t bound = 100;

  // Wythoff's pairs (floor(k phi), floor(k phi) + k) = (floor(k phi), floor(k phi^2)) up to the bound.
  std::set<wythoff::wythoff_game::state_type> wythoff_pairs;
  for (std::uint64_t k = 0; wythoff::floor_k_phi(k) + k <= bound; ++k)
    wythoff_pairs.insert({static_cast<std::uint32_t>(wythoff::floor_k_phi(k)),
                          static_cast<std::uint32_t>(wythoff::floor_k_phi(k) + k)});

  const auto solved = grundy::solve(game, {bound, bound});
  print_graph(fmt::format("Wythoff's game from {}", game.format({bound, bound})), solved);
  check(solved.graph.vertex_count() == (bound + 1) * (bound + 2) / 2,
        fmt::format("the graph holds all {} pairs of heaps up to {}", (bound + 1) * (bound + 2) / 2, bound));

  std::size_t p_positions = 0, mismatches = 0, nim_mismatches = 0;
  for (grundy::vertex_id v = 0; v < solved.graph.vertex_count(); ++v) {
    const auto& s = solved.graph.states[v];
    const bool loses = solved.values[v] == 0;
    p_positions += loses;
    if (loses != wythoff_pairs.contains(s)) ++mismatches;
    // With one heap empty the game is Nim on the other heap, worth its size.
    if (s[0] == 0 && solved.values[v] != s[1]) ++nim_mismatches;
  }
  check(
      mismatches == 0 && p_positions == wythoff_pairs.size(),
      fmt::format("the {} losing positions are Wythoff's pairs (floor(k phi), floor(k phi^2))", p_positions));
  check(nim_mismatches == 0, "a single heap of n is worth n");

  const auto small = grundy::solve(game, {4, 4});
  print_graph("Wythoff's game from (4,4)", small);
  const std::string dot_path = argc > 1 ? argv[1] : "wythoff.dot";
  std::ofstream dot(dot_path);
  grundy::write_dot(dot, game, small.graph, small.values);
  dot.close();
  check(static_cast<bool>(dot), "DOT diagram of (4,4) written to " + dot_path);

  return failures == 0 ? 0 : 1;
}
