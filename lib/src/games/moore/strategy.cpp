#include <grundy/games/moore/strategy.hpp>

#include <grundy/games/heap_moves.hpp>

namespace grundy {

moore_strategy::moore_strategy(const moore_game& g, const heaps& start, play_convention convention,
                               const build_options& options)
    : game_(g), convention_(convention) {
  if (convention == play_convention::misere) {
    // The graph takes the start position's moves at once, before its limits can look at them.
    if (options.max_memory)
      check_expansion_memory(moore_move_choices(start, g.k(), std::uint64_t{1} << 40),
                             heap_move_bytes(start.size()), options.max_memory);
    misere_.emplace(g, start, convention, options);
  }
}

outcome moore_strategy::outcome_of(const heaps& s) const {
  if (misere_) return misere_->outcome_of(s);
  return moore_p_position(canonical_heaps(s), game_.k()) ? outcome::p : outcome::n;
}

std::vector<heaps> moore_strategy::winning_moves(const heaps& s) const {
  if (misere_) return misere_->winning_moves(s);
  std::vector<heaps> moves;
  for (auto& next : legal_moves(game_, s))
    if (moore_p_position(next, game_.k())) moves.push_back(next);
  return moves;
}

} // namespace grundy
