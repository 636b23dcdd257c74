#include <grundy/games/octal/rules.hpp>

namespace grundy {

void octal_game::successors(const state_type& s, std::vector<state_type>& out) const {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && s[i] == s[i - 1]) continue; // equal heaps give the same moves
    for_each_split(s[i], [&](heap_size a, heap_size b, heap_size c) {
      state_type next;
      next.reserve(s.size() + 2);
      for (std::size_t k = 0; k < s.size(); ++k)
        if (k != i) next.push_back(s[k]);
      for (heap_size part : {a, b, c})
        if (part) next.push_back(part);
      out.push_back(std::move(next));
    });
  }
}

} // namespace grundy
