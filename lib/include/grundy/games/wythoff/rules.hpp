#pragma once
// Wythoff's game: two piles; a move takes any positive number of tokens from one pile, or the
// same positive number from both.

#include <grundy/games/nim/rules.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace grundy {

// One move touches both piles at once, so the game is not a sum of two heaps and its values
// are not XORs: it is solved by its game graph, or in normal play by Wythoff's theorem
// (wythoff_p_position), which the tests check against the graph. `Pile` is the type of a pile:
// see wythoff_game and compact_wythoff_game below.
template <class Pile> class basic_wythoff_game {
public:
  // The two piles, the smaller first once canonical: the piles are interchangeable.
  using state_type = std::array<Pile, 2>;

  static state_type position(Pile x, Pile y) { return {x, y}; }

  state_type canonical(const state_type& s) const { return s[0] <= s[1] ? s : state_type{s[1], s[0]}; }
  void successors(const state_type& s, std::vector<state_type>& out) const;
  // "(3,5)".
  std::string format(const state_type& s) const;
};

extern template class basic_wythoff_game<std::uint32_t>;
extern template class basic_wythoff_game<std::uint64_t>;

// The game as positions are typed and played: piles up to wythoff_max_pile, which the closed
// form answers at any size.
using wythoff_game = basic_wythoff_game<std::uint64_t>;

// The game as its graph is explored (entry_traits::explore): 32-bit piles, which every graph
// that fits in memory has (it holds x·y/2 positions), so that a graph's positions take 8 bytes
// each, not 16: 12% of the memory of a graph built without its edges.
using compact_wythoff_game = basic_wythoff_game<std::uint32_t>;

// The largest pile the game takes: 2^63 - 1. Every pair (a_k, b_k) with b_k up to it, and
// a_k for every difference k of two such piles, fits 64 bits (a_k < 1.62 k).
inline constexpr std::uint64_t wythoff_max_pile = (std::uint64_t{1} << 63) - 1;

// How many moves a position has: x + y + min(x, y), past 2^32 for large piles (at most
// 3 (2^63 - 1), which fits).
inline std::uint64_t wythoff_move_count(const wythoff_game::state_type& s) {
  return s[0] + s[1] + std::min(s[0], s[1]);
}

// floor(k phi), phi the golden ratio, exactly for every k up to wythoff_max_pile:
// floor((k + floor(k sqrt(5))) / 2), sqrt(5 k^2) being irrational for k > 0, with
// floor(k sqrt(5)) found in 128-bit integers, never in floating point (5 k^2 itself would pass
// 2^128). Past wythoff_max_pile: std::out_of_range.
std::uint64_t wythoff_lower(std::uint64_t k);

// Wythoff's theorem (1907), normal play: the player to move loses exactly at the pairs
// (floor(k phi), floor(k phi^2)) = (a_k, a_k + k), k = 0, 1, 2, ..., in either order.
bool wythoff_p_position(const wythoff_game::state_type& s);

// The pile that makes a P-position with a pile of n (n up to wythoff_max_pile): every n >= 1 is
// exactly one a_k or one b_k (the two Beatty sequences partition the positive integers), and 0
// goes with 0. Past wythoff_max_pile: std::out_of_range.
std::uint64_t wythoff_partner(std::uint64_t n);

} // namespace grundy
