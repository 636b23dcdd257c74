#pragma once
// Playing Moore's Nim by Moore's rule.

#include <grundy/games/heap_moves.hpp>
#include <grundy/games/moore/rules.hpp>
#include <grundy/strategy/graph_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <optional>
#include <string>
#include <vector>

namespace grundy {

// Moore's rule (moore_p_position) in normal play, checked on every move (a move may touch
// several heaps, so there is no heap-by-heap shortcut); the game graph in misère play.
class moore_strategy {
public:
  moore_strategy(const moore_game& g, const heaps& start,
                 play_convention convention = play_convention::normal, const build_options& options = {});

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const heaps& s) const;
  // Misère play: the game graph's misère Grundy value. Normal play: nullopt, Moore's rule
  // gives outcomes alone.
  std::optional<generalized_value> value_of(const heaps& s) const {
    return misere_ ? misere_->value_of(s) : std::nullopt;
  }
  // In the order of moore_game's moves.
  std::vector<heaps> winning_moves(const heaps& s) const;

private:
  moore_game game_;
  play_convention convention_;
  std::optional<graph_strategy<moore_game>> misere_;
};

inline moore_strategy make_strategy(const moore_game& g, const heaps& start,
                                    play_convention convention = play_convention::normal,
                                    const build_options& options = {}) {
  return moore_strategy(g, start, convention, options);
}

inline std::string describe_move(const moore_game&, const heaps& before, const heaps& after) {
  return describe_heap_move(before, after);
}

} // namespace grundy
