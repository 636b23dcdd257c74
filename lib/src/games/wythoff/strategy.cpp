#include <grundy/games/wythoff/strategy.hpp>

#include <grundy/games/heap_moves.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace grundy {

wythoff_strategy::wythoff_strategy(const wythoff_game& g, const wythoff_game::state_type& start,
                                   play_convention convention, const build_options& options)
    : convention_(convention) {
  if (convention == play_convention::misere) {
    // The graph takes the start position's moves at once, before its limits can look at them:
    // piles of 4·10^9 tokens took 16 GB before running out of memory.
    check_expansion_memory(wythoff_move_count(g.canonical(start)), sizeof(wythoff_game::state_type),
                           options.max_memory);
    misere_.emplace(g, start, convention, options);
  }
}

outcome wythoff_strategy::outcome_of(const wythoff_game::state_type& s) const {
  if (misere_) return misere_->outcome_of(s);
  return wythoff_p_position(s) ? outcome::p : outcome::n;
}

std::vector<wythoff_game::state_type>
wythoff_strategy::winning_moves(const wythoff_game::state_type& s) const {
  if (misere_) return misere_->winning_moves(s);
  const wythoff_game g;
  const auto [x, y] = g.canonical(s);
  std::vector<wythoff_game::state_type> moves;
  if (wythoff_p_position({x, y})) return moves;
  const auto add = [&](std::uint64_t a, std::uint64_t b) {
    const auto m = g.canonical({a, b});
    if (std::find(moves.begin(), moves.end(), m) == moves.end()) moves.push_back(m);
  };
  // The larger pile lowered to the smaller one's partner.
  if (const auto p = wythoff_partner(x); p < y) add(x, p);
  // The smaller pile lowered to the larger one's partner.
  if (const auto p = wythoff_partner(y); p < x) add(p, y);
  // Both lowered by d, keeping their difference k: the smaller becomes a_k.
  if (const auto a = wythoff_lower(y - x); a < x) add(a, a + (y - x));
  return moves;
}

std::string describe_move(const wythoff_game& g, const wythoff_game::state_type& before,
                          const wythoff_game::state_type& after) {
  const auto [a, b] = g.canonical(before);
  const auto [c, d] = g.canonical(after);
  // One pile kept: the other one lowered.
  for (const auto& [kept, from] : {std::pair{a, b}, std::pair{b, a}}) {
    const std::uint64_t left = c == kept ? d : d == kept ? c : from;
    if ((c == kept || d == kept) && left < from)
      return left == 0 ? fmt::format("take the whole pile of {}", from)
                       : fmt::format("take {} from the pile of {}, leaving {}", from - left, from, left);
  }
  if (c < a && a - c == b - d) return fmt::format("take {} from both piles, leaving {} and {}", a - c, c, d);
  return "move to " + g.format(after);
}

} // namespace grundy
