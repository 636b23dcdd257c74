#pragma once
// Brute force for the misère forms' tests, written apart from the library: game trees as plain
// nested lists and the misère outcomes of their sums by recursion.

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace misere_trees {

// A game tree with its options given as indices of earlier trees.
struct trees {
  std::vector<std::vector<std::size_t>> options;
  std::map<std::pair<std::size_t, std::size_t>, bool> p_of_sum;

  std::size_t add(std::vector<std::size_t> o) {
    options.push_back(std::move(o));
    return options.size() - 1;
  }
  // Whether the player to move in a + b loses, misère play: a player without a move wins.
  bool sum_is_p(std::size_t a, std::size_t b) {
    if (a > b) std::swap(a, b);
    if (const auto it = p_of_sum.find({a, b}); it != p_of_sum.end()) return it->second;
    bool any_move = false, to_p = false;
    for (auto x : options[a]) {
      any_move = true;
      to_p = to_p || sum_is_p(x, b);
    }
    for (auto y : options[b]) {
      any_move = true;
      to_p = to_p || sum_is_p(a, y);
    }
    const bool p = any_move && !to_p;
    p_of_sum[{a, b}] = p;
    return p;
  }
};

// Every tree born by `day` (as trees, not values: repeats of equal games kept).
std::vector<std::size_t> all_trees(trees& t, unsigned day) {
  std::vector<std::size_t> all{t.add({})};
  for (unsigned d = 1; d <= day; ++d) {
    const auto previous = all;
    std::set<std::vector<std::size_t>> seen;
    all.clear();
    for (std::uint64_t s = 0; s < (std::uint64_t{1} << previous.size()); ++s) {
      std::vector<std::size_t> o;
      for (std::size_t i = 0; i < previous.size(); ++i)
        if (s >> i & 1) o.push_back(previous[i]);
      if (seen.insert(o).second) all.push_back(t.add(o));
    }
  }
  return all;
}

// The games that tell two apart, given the trees born by day 3: those, and the trees of day 4
// with one or two of them as options ({{*2}} tells *2 from {{*2}, 0}, which no game born by day
// 3 does).
inline std::vector<std::size_t> testers(trees& t, const std::vector<std::size_t>& day3) {
  std::vector<std::size_t> out = day3;
  for (std::size_t i = 0; i < day3.size(); ++i) {
    out.push_back(t.add({day3[i]}));
    for (std::size_t j = i + 1; j < day3.size(); ++j)
      out.push_back(t.add({day3[i], day3[j]}));
  }
  return out;
}

} // namespace misere_trees
