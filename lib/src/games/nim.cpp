#include <grundy/games/nim/rules.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace grundy {

heaps canonical_heaps(heaps h) {
  h.erase(std::remove(h.begin(), h.end(), heap_size{0}), h.end());
  std::sort(h.begin(), h.end());
  return h;
}

std::string format_heaps(const heaps& h) { return fmt::format("[{}]", fmt::join(h, ",")); }

heaps nim_game::position(std::span<const heap_size> sizes) {
  return canonical_heaps(heaps(sizes.begin(), sizes.end()));
}

void nim_game::successors(const state_type& s, std::vector<state_type>& out) const {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && s[i] == s[i - 1]) continue; // equal heaps give the same moves
    for (heap_size left = 0; left < s[i]; ++left) {
      state_type next = s;
      next[i] = left;
      out.push_back(std::move(next));
    }
  }
}

} // namespace grundy
