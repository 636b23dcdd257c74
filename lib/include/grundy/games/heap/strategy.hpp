#pragma once
// Playing a heap game by the XOR rule: single-heap values from the heap engines (and their
// proven periods), and winning moves found heap by heap. Octal games are heap games whose rule
// is an octal code: they are played by the same strategy.

#include <grundy/games/heap/rules.hpp>
#include <grundy/games/heap_moves.hpp>
#include <grundy/games/octal/rules.hpp>
#include <grundy/octal/sequence.hpp>
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

// G(h) of single heaps under a rule for every h up to `largest` (every h for a finite
// subtraction set past heap_strategy::finite_subtraction_direct). An octal code's values come
// from the octal engines, which stop once a periodicity is proven, and the period gives every
// larger heap, so a heap of 10^9 tokens costs no more than the proof: std::runtime_error when
// they are not known that far within the engines' default limit and no period has been proven.
// A finite subtraction set with a heap past finite_subtraction_direct tokens computes its values
// until their period is proven (a few values: |S| options a heap, each value set by the max(S)
// before it), std::invalid_argument when they show none in their first most_values_for_period;
// any other rule computes the values of every heap up to the largest one. grundy::stopped once
// *stop is true.
class heap_value_table {
public:
  heap_value_table(const heap_rule& rule, heap_size largest, const std::atomic<bool>* stop = nullptr);

  // The largest heap answered.
  heap_size largest() const noexcept { return largest_; }
  // Throws std::out_of_range past largest().
  grundy_value operator()(heap_size h) const;
  // The proven periodicity, when there is one: for h >= preperiod, G(h + period) =
  // G(h) + saltus (saltus 0 for ordinary periods).
  const std::optional<periodicity>& period() const noexcept { return period_; }

private:
  grundy_sequence values_;
  std::optional<periodicity> period_; // set when proven
  heap_size largest_;
};

// Heap games by the XOR rule in normal play: a position's value is the XOR of its heaps'
// values, and a winning move changes one heap into an option whose heaps' values XOR to what
// makes the total 0. Only the values of heaps up to the largest starting heap are needed, since
// every option is made of smaller heaps (heap_value_table). Misère play has no such rule
// (misère values do not add), so it uses the game graph of the start position. options.stop
// interrupts either, including the search for moves: grundy::stopped is thrown.
//
// Winning moves come largest heap first, then in the order of the rule's options
// (heap_rule::for_each_option), each position once. For an octal code that order is fewer
// tokens removed first, then the smaller first part; past a proven period the search for the
// first ones and their count take a time that does not depend on the heap sizes: a split of a
// heap into a + b with a past the preperiod has the value of the split into (a - period) +
// (b + period), so the splits that win come back every period once one period of them has
// been tried.
class heap_strategy {
public:
  // Heaps of a finite subtraction set up to this many tokens are computed one by one; past it,
  // the values until a proven period, at most most_values_for_period of them.
  static constexpr heap_size finite_subtraction_direct = 1'000'000;
  static constexpr std::size_t most_values_for_period = 10'000'000;

  heap_strategy(const heap_game& g, const heaps& start, play_convention convention = play_convention::normal,
                const build_options& options = {});
  heap_strategy(const octal_game& g, const heaps& start, play_convention convention = play_convention::normal,
                const build_options& options = {})
      : heap_strategy(heap_game(g.code()), start, convention, options) {}

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const heaps& s) const;
  // Every winning move: time linear in the number of options of s's heaps.
  std::vector<heaps> winning_moves(const heaps& s) const;
  // The first `most` of them (a hint needs one).
  std::vector<heaps> winning_moves(const heaps& s, std::size_t most) const;
  // How many winning moves there are, without listing them: for an octal code past a proven
  // period, time independent of the heap sizes for the splits into at most two heaps.
  std::uint64_t winning_move_count(const heaps& s) const;

  // Normal play only: G(h) for a heap no larger than the largest starting heap (any heap of a
  // finite subtraction set once a period is proven), and the XOR of them (throws
  // std::out_of_range beyond).
  grundy_value heap_value(heap_size h) const;
  grundy_value value(const heaps& s) const;
  // Either convention: value(s) under normal play, the game graph's misère Grundy value under
  // misère play.
  std::optional<generalized_value> value_of(const heaps& s) const;

private:
  // Calls f(position after the move) for each winning move of canonical s in order, until f
  // returns false: through every option of the rule.
  template <class F> void each_winning_move(const heaps& s, F&& f) const;

  heap_game game_;
  play_convention convention_;
  const std::atomic<bool>* stop_ = nullptr;
  std::optional<heap_value_table> values_; // normal play
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
