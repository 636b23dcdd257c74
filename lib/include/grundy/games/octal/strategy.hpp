#pragma once
// Playing an octal game by the XOR rule: single-heap values from the octal engines, and winning
// moves found heap by heap.

#include <grundy/games/heap_moves.hpp>
#include <grundy/games/octal/rules.hpp>
#include <grundy/octal/periodicity.hpp>
#include <grundy/octal/sequence.hpp>
#include <grundy/strategy/graph_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grundy {

// G(h) of single heaps of an octal game for every h up to `largest`, by the octal engines.
// They stop once a periodicity is proven, and the period gives every larger heap, so a heap
// of 10^9 tokens costs no more than the proof. Throws std::runtime_error when the values are
// not known that far within the engines' default limit and no period has been proven, and
// grundy::stopped once *stop is true.
class octal_heap_values {
public:
  octal_heap_values(const octal_code& code, heap_size largest, const std::atomic<bool>* stop = nullptr);

  heap_size largest() const noexcept { return largest_; }
  // Throws std::out_of_range past largest().
  grundy_value operator()(heap_size h) const;
  // The proven periodicity, when there is one: for h >= preperiod, G(h + period) =
  // G(h) + saltus (saltus 0 for the ordinary periods of octal codes).
  const std::optional<periodicity>& period() const noexcept { return period_; }

private:
  grundy_sequence values_;
  std::optional<periodicity> period_; // set when proven
  heap_size largest_;
};

// Octal games by the XOR rule in normal play: a position's value is the XOR of its heaps'
// values, and a winning move changes one heap into parts whose values XOR to what makes the
// total 0. Only the single-heap values up to the largest starting heap are needed, since no
// move makes a heap larger. Misère play has no such rule (misère values do not add), so it
// uses the game graph of the start position. options.stop interrupts either, including the
// search for moves (std::atomic checked every few thousand splits): grundy::stopped is thrown.
//
// Winning moves come in the game's order: the largest heap first, then fewer tokens removed,
// then the smaller first part. Past a proven period the search for the first ones and their
// count take a time that does not depend on the heap sizes: a split of a heap into a + b with
// a past the preperiod has the value of the split into (a - period) + (b + period), so the
// splits that win come back every period once one period of them has been tried.
class octal_strategy {
public:
  octal_strategy(const octal_game& g, const heaps& start,
                 play_convention convention = play_convention::normal, const build_options& options = {});

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const heaps& s) const;
  // Every winning move: time linear in the number of splits of s's heaps (quadratic in a heap
  // for a hexadecimal code's three-heap splits).
  std::vector<heaps> winning_moves(const heaps& s) const;
  // The first `most` of them (a hint needs one).
  std::vector<heaps> winning_moves(const heaps& s, std::size_t most) const;
  // How many winning moves there are, without listing them: past a proven period, time
  // independent of the heap sizes for the splits into at most two heaps.
  std::uint64_t winning_move_count(const heaps& s) const;

  // Normal play only: G(h) for a heap no larger than the largest starting heap, and the XOR of
  // them (throws std::out_of_range beyond).
  grundy_value heap_value(heap_size h) const;
  grundy_value value(const heaps& s) const;
  // Either convention: value(s) under normal play, the game graph's misère Grundy value under
  // misère play.
  std::optional<generalized_value> value_of(const heaps& s) const;

private:
  octal_game game_;
  play_convention convention_;
  const std::atomic<bool>* stop_ = nullptr;
  std::optional<octal_heap_values> values_; // normal play
  std::optional<graph_strategy<octal_game>> misere_;
};

inline octal_strategy make_strategy(const octal_game& g, const heaps& start,
                                    play_convention convention = play_convention::normal,
                                    const build_options& options = {}) {
  return octal_strategy(g, start, convention, options);
}

inline std::string describe_move(const octal_game&, const heaps& before, const heaps& after) {
  return describe_heap_move(before, after);
}

} // namespace grundy
