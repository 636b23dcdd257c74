#pragma once
// Playing Wythoff's game by Wythoff's theorem.

#include <grundy/games/wythoff/rules.hpp>
#include <grundy/strategy/graph_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <optional>
#include <string>
#include <vector>

namespace grundy {

// Normal play from the P-positions in closed form: at most three winning moves (lower the
// larger pile to the smaller one's partner, lower the smaller pile to the larger one's partner,
// or take from both until the smaller pile is a_k for their difference k), found in constant
// time whatever the piles. Misère play uses the game graph of the start position.
class wythoff_strategy {
public:
  wythoff_strategy(const wythoff_game& g, const wythoff_game::state_type& start,
                   play_convention convention = play_convention::normal, const build_options& options = {});

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const wythoff_game::state_type& s) const;
  // Misère play: the game graph's misère Grundy value. Normal play: nullopt, Wythoff's theorem
  // gives the P-positions alone.
  std::optional<generalized_value> value_of(const wythoff_game::state_type& s) const {
    return misere_ ? misere_->value_of(s) : std::nullopt;
  }
  // In this order: from the larger pile, from the smaller pile, from both.
  std::vector<wythoff_game::state_type> winning_moves(const wythoff_game::state_type& s) const;

private:
  play_convention convention_;
  std::optional<graph_strategy<wythoff_game>> misere_;
};

inline wythoff_strategy make_strategy(const wythoff_game& g, const wythoff_game::state_type& start,
                                      play_convention convention = play_convention::normal,
                                      const build_options& options = {}) {
  return wythoff_strategy(g, start, convention, options);
}

// "take 3 from the pile of 7, leaving 4", "take 2 from both piles, leaving 1 and 3".
std::string describe_move(const wythoff_game& g, const wythoff_game::state_type& before,
                          const wythoff_game::state_type& after);

} // namespace grundy
