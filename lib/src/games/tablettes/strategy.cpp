#include <grundy/games/tablettes/strategy.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

namespace grundy {

std::string format_pile(pile p) { return fmt::format("[{},{}]", p.colour, p.height); }

std::string describe_move(const tablettes_game& g, const tablettes_game::state_type& before,
                          const tablettes_game::state_type& after) {
  auto b = g.piles(before), a = g.piles(after);
  std::sort(b.begin(), b.end());
  std::sort(a.begin(), a.end());
  tablettes_game::piles_type went, came;
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(went));
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(came));
  if (went.size() == 2 && came.size() == 1) {
    const pile merged = came[0];
    // The pile put on top gives the new pile its colour; the heights add up.
    for (int upper = 0; upper < 2; ++upper) {
      const pile top = went[upper], bottom = went[1 - upper];
      if (top.colour == merged.colour && top.height + bottom.height == merged.height)
        return fmt::format("put the pile {} on the pile {}", format_pile(top), format_pile(bottom));
    }
  }
  return "move to " + g.format(after);
}

} // namespace grundy
