#include <grundy/games/nim/strategy.hpp>

#include <algorithm>

namespace grundy {

namespace {

// Appends `next` unless it is already there: different heaps of equal size, or different
// splits, may lead to the same position. Lists of winning moves are short.
void add_once(std::vector<heaps>& moves, heaps next) {
  next = canonical_heaps(std::move(next));
  if (std::find(moves.begin(), moves.end(), next) == moves.end()) moves.push_back(std::move(next));
}

} // namespace

bool nim_p_position(const heaps& h, play_convention convention) {
  heap_size x = 0;
  bool all_small = true;
  for (auto size : h) {
    x ^= size;
    all_small = all_small && size <= 1;
  }
  // With heaps of at most one token, x is the parity of their number.
  if (convention == play_convention::misere && all_small) return x == 1;
  return x == 0;
}

std::optional<generalized_value> nim_strategy::value_of(const heaps& s) const {
  heap_size x = 0;
  bool all_small = true;
  for (auto size : s) {
    x ^= size;
    all_small = all_small && size <= 1;
  }
  if (convention_ == play_convention::misere && all_small) x ^= 1;
  return generalized_value{static_cast<grundy_value>(x), {}};
}

std::vector<heaps> nim_strategy::winning_moves(const heaps& position) const {
  const heaps s = canonical_heaps(position);
  heap_size x = 0;
  for (auto size : s)
    x ^= size;
  std::vector<heaps> moves;
  for (std::size_t i = s.size(); i-- > 0;) {
    if (i + 1 < s.size() && s[i] == s[i + 1]) continue; // equal heaps give the same moves
    // Normal play can only leave x ^ h; misère play may also leave 0 or 1 to end with an odd
    // number of single tokens. The rule decides among these candidates.
    for (heap_size left : {s[i] ^ x, heap_size{1}, heap_size{0}}) {
      if (left >= s[i]) continue;
      auto next = s;
      next[i] = left;
      if (nim_p_position(canonical_heaps(next), convention_)) add_once(moves, std::move(next));
    }
  }
  return moves;
}

} // namespace grundy
