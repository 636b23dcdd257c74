#pragma once
// Tablettes (sold as Babylon): coloured tablets stacked until no stack is allowed.

#include <boost/container/static_vector.hpp>

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

// A position packed in 128 bits, so that a state is 16 bytes, hashes in a few instructions and
// never allocates. Colour by colour, each pile is written as `height` zero bits then a one bit,
// by increasing height, and a colour is closed by one more one bit (as if by an empty pile).
// The piles being sorted, equal positions have equal bits: the encoding is the canonical form,
// and it takes T + P + C bits for T tablets in P piles of C colours.
struct tablettes_state {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
  friend auto operator<=>(const tablettes_state&, const tablettes_state&) = default;
};

inline std::size_t hash_value(const tablettes_state& s) noexcept {
  std::uint64_t h = s.low ^ (s.high * 0x9E3779B97F4A7C15ull);
  h ^= h >> 32;
  h *= 0xD6E8FEB86659FD93ull;
  h ^= h >> 32;
  return static_cast<std::size_t>(h);
}

// The same encoding in one word, for games whose positions fit in 64 bits (see
// compact_tablettes_game).
struct compact_tablettes_state {
  std::uint64_t bits = 0;
  friend auto operator<=>(const compact_tablettes_state&, const compact_tablettes_state&) = default;
};

// Equal to the hash of the equal tablettes_state, so that both games number a graph alike.
inline std::size_t hash_value(const compact_tablettes_state& s) noexcept {
  return hash_value(tablettes_state{s.bits, 0});
}

struct tablettes_options {
  // Explore one position per class of colour relabellings (among colours with equal tablet
  // counts): such a relabelling never changes the game, so classes share their values.
  bool symmetry = false;
};

// Two piles may be stacked, either on the other, when they have the same height or the same
// top colour; the new pile takes the colour of the one put on top. Every move merges two piles,
// so all paths between two positions have the same length and the breadth-first levels are the
// pile counts: the game is graded, which lets the builder keep one level's index at a time.
class tablettes_game {
public:
  using state_type = tablettes_state;
  // A position as people and the seed write it: piles sorted by (colour, height).
  static constexpr std::size_t max_piles = 64;
  using piles_type = boost::container::static_vector<pile, max_piles>;
  static constexpr bool graded = true;

  // C colours of N tablets each, or one count per colour. Throws std::invalid_argument when
  // there is no colour, a count is 0, or the position does not fit in 128 bits (2T + C > 128).
  tablettes_game(unsigned colours, unsigned tablets, tablettes_options options = {});
  explicit tablettes_game(std::vector<unsigned> tablets_per_colour, tablettes_options options = {});

  unsigned colors() const noexcept { return static_cast<unsigned>(counts_.size()); }
  const std::vector<unsigned>& tablets_per_color() const noexcept { return counts_; }
  unsigned total_tablets() const noexcept { return total_; }
  bool symmetry() const noexcept { return options_.symmetry; }

  // Every tablet alone on the table.
  state_type start() const;

  // The state of the position made of these piles, in any order. Throws std::invalid_argument
  // when they cannot be a position of this game (see the message).
  state_type make_state(std::span<const pile> piles) const;
  piles_type piles(const state_type& s) const;

  // The identity without symmetry (the encoding is canonical); with it, the representative of
  // the position's class: colours of equal counts relabelled in the order of their piles.
  state_type canonical(const state_type& s) const { return options_.symmetry ? representative(s) : s; }
  // The raw successors, each distinct position once (in the encoding's canonical form).
  void successors(const state_type& s, std::vector<state_type>& out) const;
  // Without symmetry the successors' canonical forms (the states themselves) are distinct;
  // with it, several may fall in one class.
  bool distinct_successors() const noexcept { return !options_.symmetry; }
  std::string format(const state_type& s) const;

  // How many raw positions the class of s stands for (1 without symmetry).
  std::uint64_t orbit_size(const state_type& s) const;

  static bool can_stack(pile lower, pile upper) noexcept {
    return lower.height == upper.height || lower.colour == upper.colour;
  }

  // The seed's "empile": positions reached by stacking piles i and j (i on j, and j on i when
  // that differs), each sorted; empty when they may not be stacked.
  static std::vector<piles_type> stack(const piles_type& piles, std::size_t i, std::size_t j);

private:
  friend class compact_tablettes_game; // shares the colour groups
  state_type representative(const state_type& s) const;
  state_type encode(const piles_type& sorted) const;

  std::vector<unsigned> counts_;
  std::vector<std::uint8_t> group_; // group_[c]: the first colour with the same count as c
  unsigned total_ = 0;
  tablettes_options options_;
};

// Tablettes whose positions fit in 64 bits (2T + C <= 64: 5 colours of 4 tablets, 7 of 4, 8
// of 3), with 8-byte states. The graph's states and the builder's index take half the memory,
// and a move is computed in one word. Its states hash as the equal tablettes_states do and its
// moves come in the same order, so the graph it gives is the same, vertex for vertex: run
// explorations through with_tablettes below, which picks it when it fits.
class compact_tablettes_game {
public:
  using state_type = compact_tablettes_state;
  static constexpr bool graded = true;

  static bool fits(const tablettes_game& g) noexcept { return 2 * g.total_tablets() + g.colors() <= 64; }
  // Throws std::invalid_argument when g's positions do not fit in 64 bits.
  explicit compact_tablettes_game(tablettes_game g);

  const tablettes_game& game() const noexcept { return game_; }
  bool symmetry() const noexcept { return game_.symmetry(); }
  static tablettes_state widen(state_type s) noexcept { return {s.bits, 0}; }
  static state_type narrow(const tablettes_state& s) noexcept { return {s.low}; }

  state_type start() const { return narrow(game_.start()); }
  state_type canonical(const state_type& s) const;
  void successors(const state_type& s, std::vector<state_type>& out) const;
  bool distinct_successors() const noexcept { return game_.distinct_successors(); }
  std::string format(const state_type& s) const { return game_.format(widen(s)); }
  std::uint64_t orbit_size(const state_type& s) const { return game_.orbit_size(widen(s)); }

private:
  tablettes_game game_;
};

// Calls f(game, start) with the compact form of g where its positions fit in 64 bits, and with g
// itself otherwise: both give the same graph, the compact one in less time and memory.
template <class F> decltype(auto) with_tablettes(const tablettes_game& g, F&& f) {
  if (compact_tablettes_game::fits(g)) {
    const compact_tablettes_game compact(g);
    return f(compact, compact.start());
  }
  return f(g, g.start());
}

} // namespace grundy
