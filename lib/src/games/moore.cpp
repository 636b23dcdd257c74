#include <grundy/games/moore/rules.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace grundy {

namespace {

// Appends every position reached by lowering some of the heaps from index i on, having
// lowered `touched` heaps already (at most k in all, at least one by the end).
void lower_from(const heaps& s, std::size_t i, unsigned touched, unsigned k, heaps& current,
                std::vector<heaps>& out) {
  if (i == s.size()) {
    if (touched > 0) out.push_back(current);
    return;
  }
  lower_from(s, i + 1, touched, k, current, out); // heap i left alone
  if (touched == k) return;
  for (heap_size left = 0; left < s[i]; ++left) {
    current[i] = left;
    lower_from(s, i + 1, touched + 1, k, current, out);
  }
  current[i] = s[i];
}

} // namespace

moore_game::moore_game(unsigned k) : k_(k) {
  if (k == 0 || k > max_k)
    throw std::invalid_argument(fmt::format(
        "Moore's Nim needs k from 1 to {} (the most heaps one move may take from), not {}", max_k, k));
}

void moore_game::successors(const state_type& s, std::vector<state_type>& out) const {
  // Different choices often reach one position (equal heaps, or 3 lowered to 1 versus 2 to 1
  // and 3 to 2), so each position is appended once: the raw move lists then count positions,
  // as the edges of the other games do.
  std::vector<state_type> moves;
  heaps current = s;
  lower_from(s, 0, 0, k_, current, moves);
  for (auto& m : moves)
    m = canonical_heaps(std::move(m));
  std::sort(moves.begin(), moves.end());
  moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
  out.insert(out.end(), std::make_move_iterator(moves.begin()), std::make_move_iterator(moves.end()));
}

std::uint64_t moore_move_choices(const heaps& h, unsigned k, std::uint64_t cap) {
  // sums[j]: the sum over sets of j heaps seen so far of the product of their sizes
  // (elementary symmetric sums), each saturated at cap.
  k = static_cast<unsigned>(std::min<std::size_t>(k, h.size()));
  std::vector<std::uint64_t> sums(k + 1, 0);
  sums[0] = 1;
  for (auto size : h)
    for (unsigned j = k; j >= 1; --j) {
      const std::uint64_t add =
          sums[j - 1] > cap / std::max<std::uint64_t>(size, 1) ? cap : sums[j - 1] * size;
      sums[j] = std::min(cap, sums[j] + add);
    }
  std::uint64_t total = 0;
  for (unsigned j = 1; j <= k; ++j)
    total = std::min(cap, total + sums[j]);
  return total;
}

bool moore_p_position(const heaps& h, unsigned k) {
  for (unsigned bit = 0; bit < 32; ++bit) {
    unsigned ones = 0;
    for (auto x : h)
      ones += (x >> bit) & 1u;
    if (ones % (k + 1) != 0) return false;
  }
  return true;
}

} // namespace grundy
