// Uses grundy as an installed package: a game of its own, through the header-only builder and
// labelling, a built-in game, whose moves live in the compiled library, and grundy::io's
// reports and notation.

#include <grundy/games/nim.hpp>
#include <grundy/io/notation.hpp>
#include <grundy/io/report.hpp>
#include <grundy/solve.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

// Take one or two tokens from a single heap: a heap of n is worth n mod 3.
struct take_one_or_two {
  using state_type = unsigned;
  state_type canonical(state_type s) const { return s; }
  void successors(state_type s, std::vector<state_type>& out) const {
    for (unsigned k = 1; k <= 2 && k <= s; ++k)
      out.push_back(s - k);
  }
  std::string format(state_type s) const { return std::to_string(s); }
};

} // namespace

int main() {
  const auto own = grundy::solve(take_one_or_two{}, 10u);
  // Nim on heaps 3, 4, 5 is worth 3 ^ 4 ^ 5 = 2.
  const auto nim = grundy::solve(grundy::nim_game{}, grundy::heaps{3, 4, 5});
  std::printf("take one or two from 10: value %u; nim %s: value %u\n", own.statistics.start_value,
              grundy::format_heaps(nim.graph.states[0]).c_str(), nim.statistics.start_value);
  const bool io_ok = grundy::io::parse_size("6G", "size") == (6ull << 30) &&
                     grundy::io::with_thousands(1234567) == "1,234,567";
  return own.statistics.start_value == 1 && nim.statistics.start_value == 2 && io_ok ? 0 : 1;
}
