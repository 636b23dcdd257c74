#pragma once
// Wythoff's game: two piles; a move takes any positive number of tokens from one pile, or the
// same positive number from both.

#include <grundy/games/nim/rules.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace grundy {

// One move touches both piles at once, so the game is not a sum of two heaps and its values
// are not XORs: it is solved by its game graph, or in normal play by Wythoff's theorem
// (wythoff_p_position), which the tests check against the graph.
class wythoff_game {
public:
  // The two piles, the smaller first once canonical: the piles are interchangeable.
  using state_type = std::array<heap_size, 2>;

  static state_type position(heap_size x, heap_size y) { return {x, y}; }

  state_type canonical(const state_type& s) const { return s[0] <= s[1] ? s : state_type{s[1], s[0]}; }
  void successors(const state_type& s, std::vector<state_type>& out) const;
  // "(3,5)".
  std::string format(const state_type& s) const;
};

// floor(k phi), phi the golden ratio, exactly for every k below 2^32: floor((k + isqrt(5 k^2)) / 2).
// sqrt(5 k^2) is irrational for k > 0, so taking its integer part first changes nothing.
std::uint64_t wythoff_lower(std::uint64_t k);

// Wythoff's theorem (1907), normal play: the player to move loses exactly at the pairs
// (floor(k phi), floor(k phi^2)) = (a_k, a_k + k), k = 0, 1, 2, ..., in either order.
bool wythoff_p_position(const wythoff_game::state_type& s);

// The pile that makes a P-position with a pile of n: every n >= 1 is exactly one a_k or one b_k
// (the two Beatty sequences partition the positive integers), and 0 goes with 0.
std::uint64_t wythoff_partner(std::uint64_t n);

} // namespace grundy
