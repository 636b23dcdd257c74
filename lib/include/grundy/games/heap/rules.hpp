#pragma once
// Positions of any heap game: a multiset of heaps played under a heap rule (an octal code, a
// subtraction set, Grundy's game, take-a-square or a rule of the user's; grundy/heap/rule.hpp).

#include <grundy/games/nim/rules.hpp>
#include <grundy/heap/rule.hpp>

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace grundy {

// One move changes one heap into one of its options under the rule. The game is a sum of
// independent heaps, so a position's value is the XOR of its heaps' values (heap_values), which
// the tests check against this game graph.
class heap_game {
public:
  using state_type = heaps;

  explicit heap_game(heap_rule rule) : rule_(std::move(rule)) {}
  const heap_rule& rule() const noexcept { return rule_; }

  static state_type position(std::span<const heap_size> sizes) { return nim_game::position(sizes); }

  state_type canonical(const state_type& s) const { return canonical_heaps(s); }
  void successors(const state_type& s, std::vector<state_type>& out) const;
  std::string format(const state_type& s) const { return format_heaps(s); }

private:
  heap_rule rule_;
};

// Whether a heap of h has any option under the rule, without listing them where the rule says
// at once (a subtraction set's smallest number, Grundy's game's heaps of 3 or more).
bool heap_has_option(const heap_rule& rule, heap_size h);

} // namespace grundy
