#include <grundy/games/heap/rules.hpp>

#include <type_traits>
#include <variant>

namespace grundy {

void heap_game::successors(const state_type& s, std::vector<state_type>& out) const {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && s[i] == s[i - 1]) continue; // equal heaps give the same moves
    rule_.for_each_option(s[i], [&](std::span<const heap_size> option) {
      state_type next;
      next.reserve(s.size() + option.size());
      for (std::size_t k = 0; k < s.size(); ++k)
        if (k != i) next.push_back(s[k]);
      next.insert(next.end(), option.begin(), option.end());
      out.push_back(std::move(next));
    });
  }
}

bool heap_has_option(const heap_rule& rule, heap_size h) {
  return std::visit(
      [&](const auto& k) {
        using kind = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<kind, subtraction_rule>) {
          if (!k.all_but) return !k.set.empty() && k.set.front() <= h;
          // All but the set: some s from 1 to h is missing from it.
          heap_size listed = 0;
          for (heap_size s : k.set)
            listed += s <= h;
          return listed < h;
        } else if constexpr (std::is_same_v<kind, grundys_game_rule>) {
          return h >= 3;
        } else if constexpr (std::is_same_v<kind, take_a_square_rule>) {
          return h >= 1;
        } else {
          bool any = false;
          rule.for_each_option(h, [&](std::span<const heap_size>) { any = true; });
          return any;
        }
      },
      rule.kind());
}

} // namespace grundy
