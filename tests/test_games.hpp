#pragma once
// Small games written for the tests, each exercising what the built-in games never do.

#include <grundy/game.hpp>

#include <string>
#include <utility>
#include <vector>

namespace grundy_test {

// A game that loops: from s you may go to s + 1 mod 3. Its graph can be built, but labelling
// must report the cycle, not loop or give values.
struct loop {
  using state_type = unsigned;
  state_type canonical(state_type s) const { return s % 3; }
  void successors(state_type s, std::vector<state_type>& out) const { out.push_back(s + 1); }
  std::string format(state_type s) const { return std::to_string(s); }
};
static_assert(grundy::game<loop>);

// A pair of heaps in any order, whose successors are written out of canonical form and
// repeated, with a state that is a vector: duplicates must be merged after canonicalising.
struct messy_pairs {
  using state_type = std::vector<int>;
  state_type canonical(state_type s) const {
    if (s[0] > s[1]) std::swap(s[0], s[1]);
    return s;
  }
  void successors(const state_type& s, std::vector<state_type>& out) const {
    for (int a = 0; a < s[0]; ++a)
      out.push_back({s[1], a}), out.push_back({a, s[1]});
    for (int b = 0; b < s[1]; ++b)
      out.push_back({b, s[0]});
  }
  std::string format(const state_type& s) const { return std::to_string(s[0]) + "," + std::to_string(s[1]); }
};
static_assert(grundy::game<messy_pairs>);

} // namespace grundy_test
