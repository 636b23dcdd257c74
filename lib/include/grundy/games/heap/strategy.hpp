#pragma once
// Playing a heap game by the XOR rule: single-heap values from heap_values (or, for an octal
// code, from the octal engines and their proven periods), and winning moves found heap by heap.

#include <grundy/games/heap/rules.hpp>
#include <grundy/games/heap_moves.hpp>
#include <grundy/games/octal/strategy.hpp>
#include <grundy/periodicity.hpp>
#include <grundy/strategy/graph_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grundy {

// Heap games by the XOR rule in normal play: a position's value is the XOR of its heaps'
// values, and a winning move changes one heap into an option whose heaps' values XOR to what
// makes the total 0. Only the values of heaps up to the largest starting heap are needed, since
// every option is made of smaller heaps. An octal code is played exactly as the octal game is
// (octal_strategy: its periods answer heaps of 10^9 tokens); a finite subtraction set with a
// heap past finite_subtraction_direct tokens computes its values until their period is proven
// (a few values: |S| options a heap, each value set by the max(S) before it), which answers
// any heap; any other rule computes the values of every heap up to the largest one. Misère
// play uses the game graph of the start position.
// options.stop interrupts either (grundy::stopped), including the search for moves.
//
// Winning moves come largest heap first, then in the order of the rule's options
// (heap_rule::for_each_option), each position once.
class heap_strategy {
public:
  // Heaps of a finite subtraction set up to this many tokens are computed one by one; past it,
  // the values until a proven period, at most most_values_for_period of them (std::invalid_argument
  // when they show none proven).
  static constexpr heap_size finite_subtraction_direct = 1'000'000;
  static constexpr std::size_t most_values_for_period = 10'000'000;

  heap_strategy(const heap_game& g, const heaps& start, play_convention convention = play_convention::normal,
                const build_options& options = {});

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const heaps& s) const;
  std::vector<heaps> winning_moves(const heaps& s) const;
  // The first `most` of them (a hint needs one).
  std::vector<heaps> winning_moves(const heaps& s, std::size_t most) const;
  std::uint64_t winning_move_count(const heaps& s) const;

  // Normal play only: G(h) for a heap no larger than the largest starting heap (any heap once a
  // period is proven), and the XOR of them (throws std::out_of_range beyond).
  grundy_value heap_value(heap_size h) const;
  grundy_value value(const heaps& s) const;
  // Either convention: value(s) under normal play, the game graph's misère Grundy value under
  // misère play.
  std::optional<generalized_value> value_of(const heaps& s) const;

private:
  // Calls f(position after the move) for each winning move of canonical s in order, until f
  // returns false.
  template <class F> void each_winning_move(const heaps& s, F&& f) const;

  heap_game game_;
  play_convention convention_;
  const std::atomic<bool>* stop_ = nullptr;
  std::optional<octal_strategy> octal_;   // an octal code, normal play
  std::optional<grundy_sequence> values_; // any other rule, normal play: G(0..largest)
  std::optional<periodicity> period_;     // values_'s proven period, when they stop short of largest
  std::optional<graph_strategy<heap_game>> misere_;
};

inline heap_strategy make_strategy(const heap_game& g, const heaps& start,
                                   play_convention convention = play_convention::normal,
                                   const build_options& options = {}) {
  return heap_strategy(g, start, convention, options);
}

inline std::string describe_move(const heap_game&, const heaps& before, const heaps& after) {
  return describe_heap_move(before, after);
}

} // namespace grundy
