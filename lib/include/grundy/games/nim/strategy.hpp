#pragma once
// Playing Nim by rule, without any graph: Bouton's rule, and its misère form.

#include <grundy/games/heap_moves.hpp>
#include <grundy/games/nim/rules.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <optional>
#include <string>
#include <vector>

namespace grundy {

// Nim's P-positions, by rule. Normal play (Bouton): the XOR of the heaps is 0. Misère play:
// the same while some heap has two tokens or more; once every heap has at most one, the player
// to move loses when an odd number of heaps is left (they will take the last one).
bool nim_p_position(const heaps& h, play_convention convention = play_convention::normal);

// Nim by rule: any heap sizes, either convention. Misère winning moves are normal Nim's moves
// except the one that would leave only heaps of at most one token, which leaves an odd number
// of them instead; checking the three candidates per heap (XOR, 0, 1) against the rule finds
// them all.
class nim_strategy {
public:
  explicit nim_strategy(play_convention convention = play_convention::normal) : convention_(convention) {}

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const heaps& s) const {
    return nim_p_position(canonical_heaps(s), convention_) ? outcome::p : outcome::n;
  }
  // Normal play: the XOR of the heaps. Misère play: the same while some heap has two tokens or
  // more, else its opposite parity (misère Nim is tame: Conway's rule for its misère values).
  std::optional<generalized_value> value_of(const heaps& s) const;
  // Largest heaps first, as the seed's table picks the heap to change.
  std::vector<heaps> winning_moves(const heaps& s) const;

private:
  play_convention convention_;
};

// Any position of Nim, so the start and the options (no graph, no limit) play no part.
inline nim_strategy make_strategy(const nim_game&, const heaps&,
                                  play_convention convention = play_convention::normal,
                                  const build_options& = {}) {
  return nim_strategy(convention);
}

inline std::string describe_move(const nim_game&, const heaps& before, const heaps& after) {
  return describe_heap_move(before, after);
}

} // namespace grundy
