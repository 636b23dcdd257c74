#pragma once
// Lasker's Nim, a game no built-in game covers: a move takes any number of tokens from one
// heap, or splits a heap into two non-empty heaps. Its Grundy values are known in closed form
// (Winning Ways, ch. 4): G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.

#include <grundy/games/nim.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace grundy {

struct lasker_game {
  using state_type = heaps;

  state_type canonical(const state_type& s) const { return canonical_heaps(s); }
  void successors(const state_type& s, std::vector<state_type>& out) const {
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (i > 0 && s[i] == s[i - 1]) continue;
      auto rest = s;
      rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
      for (heap_size left = 0; left < s[i]; ++left) {
        out.push_back(rest);
        if (left > 0) out.back().push_back(left);
      }
      for (heap_size a = 1; 2 * a <= s[i]; ++a) {
        out.push_back(rest);
        out.back().push_back(a);
        out.back().push_back(s[i] - a);
      }
    }
  }
  std::string format(const state_type& s) const { return nim_game{}.format(s); }
};

} // namespace grundy
