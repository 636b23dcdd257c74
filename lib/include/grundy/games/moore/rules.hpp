#pragma once
// Moore's Nim_k: take tokens from at least one and at most k heaps in one move.

#include <grundy/games/nim/rules.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace grundy {

// Positions are multisets of heaps, as in Nim (k = 1 is Nim itself). A move chooses between
// one and k heaps and takes at least one token from each, any number from each. The game is
// not a sum of independent heaps, since one move may touch several, so its values do not follow
// the XOR rule; its P-positions have a rule of their own (moore_p_position), which the tests
// check against the game graph.
class moore_game {
public:
  using state_type = heaps;

  // A larger k could only matter with more than 64 non-empty heaps, whose 2^65 choices of
  // heaps to lower no program lists: the bound loses nothing and keeps every front end's
  // check in one place.
  static constexpr unsigned max_k = 64;

  // Between 1 and max_k heaps may be played on at once; throws std::invalid_argument otherwise.
  explicit moore_game(unsigned k);
  unsigned k() const noexcept { return k_; }

  static state_type position(std::span<const heap_size> sizes) { return nim_game::position(sizes); }

  state_type canonical(const state_type& s) const { return canonical_heaps(s); }
  void successors(const state_type& s, std::vector<state_type>& out) const;
  std::string format(const state_type& s) const { return format_heaps(s); }

private:
  unsigned k_;
};

// How many move choices moore_game::successors goes through from `h` (before removing the
// repeated positions), capped at `cap`: the sum over sets of at most k heaps of the product of
// their sizes. Lets a program refuse a position whose moves would not fit in memory.
std::uint64_t moore_move_choices(const heaps& h, unsigned k, std::uint64_t cap);

// Moore's theorem (1910), normal play: write the heaps in binary; the player to move loses
// exactly when, in every binary column, the number of heaps with a 1 there is a multiple of
// k + 1. For k = 1 it is Bouton's rule for Nim.
bool moore_p_position(const heaps& h, unsigned k);

} // namespace grundy
