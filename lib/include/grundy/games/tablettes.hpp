#pragma once
// Tablettes (sold as Babylon): C colours of N tablets, stacked until no stack is allowed.

#include <boost/container/small_vector.hpp>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace grundy {

// A pile of tablets, known by the colour of its top tablet and its height.
struct pile {
  std::uint8_t colour = 0;
  std::uint8_t height = 0;
  friend auto operator<=>(const pile&, const pile&) = default;
};

inline std::size_t hash_value(const pile& p) noexcept {
  return static_cast<std::size_t>(p.colour) << 8 | p.height;
}

// Two piles may be stacked, either on the other, when they have the same height or the same
// top colour; the new pile takes the colour of the one put on top. Every move merges two piles,
// so a game of C*N tablets lasts at most C*N - 1 moves and the breadth-first levels are the
// pile counts.
//
// A position is the multiset of its piles, kept sorted by (colour, height): that sorted form is
// canonical, and it is the order the seed's lists use.
class tablettes_game {
public:
  // Piles live inline up to 16 (the classic 4 x 3 game has 12), so most states never allocate.
  using state_type = boost::container::small_vector<pile, 16>;
  // A position as a list of piles, the form people and the seed use; code outside the game
  // goes through piles() and make_state(), so the state's encoding can change.
  using piles_type = boost::container::small_vector<pile, 32>;

  // At least one colour and one tablet; colours and total tablets must fit a byte.
  tablettes_game(unsigned colours, unsigned tablets);

  unsigned colours() const noexcept { return colours_; }
  unsigned tablets() const noexcept { return tablets_; }

  // Every tablet alone on the table.
  state_type start() const;

  // The state of the position made of these piles, in any order. Throws std::invalid_argument
  // when they are not a position of this game (a colour out of range, tablets that do not
  // add up to N of each colour... see the message).
  state_type make_state(std::span<const pile> piles) const;
  piles_type piles(const state_type& s) const { return piles_type(s.begin(), s.end()); }

  state_type canonical(const state_type& s) const;
  void successors(const state_type& s, std::vector<state_type>& out) const;
  std::string format(const state_type& s) const;

  static bool can_stack(pile lower, pile upper) noexcept {
    return lower.height == upper.height || lower.colour == upper.colour;
  }

  // The positions reached by stacking piles i and j (i on j, and j on i when that differs),
  // sorted; empty when they may not be stacked.
  static std::vector<state_type> stack(const state_type& s, std::size_t i, std::size_t j);

private:
  unsigned colours_;
  unsigned tablets_;
};

} // namespace grundy
