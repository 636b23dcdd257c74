#include <grundy/games/wythoff/rules.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace grundy {

namespace {

__extension__ using u128 = unsigned __int128;

// floor(k (sqrt(5) - 2)), the largest y with (y + 2k)^2 <= 5 k^2, that is y (y + 4k) <= k^2:
// with y < k / 4 and k < 2^63 both sides fit 128 bits, where 5 k^2 itself would not.
std::uint64_t below_sqrt5_minus_2(std::uint64_t k) {
  std::uint64_t low = 0, high = k / 4 + 1; // y < high: sqrt(5) - 2 < 1/4
  while (high - low > 1) {
    const std::uint64_t mid = low + (high - low) / 2;
    if (u128{mid} * (u128{mid} + 4 * u128{k}) <= u128{k} * k)
      low = mid;
    else
      high = mid;
  }
  return low;
}

} // namespace

template <class Pile>
void basic_wythoff_game<Pile>::successors(const state_type& s, std::vector<state_type>& out) const {
  const auto [a, b] = s;
  // 64-bit counters: k <= a holds for every 32-bit k when a pile has 2^32 - 1 tokens.
  for (std::uint64_t k = 1; k <= a; ++k)
    out.push_back({static_cast<Pile>(a - k), b});
  for (std::uint64_t k = 1; k <= b; ++k)
    out.push_back({a, static_cast<Pile>(b - k)});
  for (std::uint64_t k = 1; k <= a && k <= b; ++k)
    out.push_back({static_cast<Pile>(a - k), static_cast<Pile>(b - k)});
}

template <class Pile> std::string basic_wythoff_game<Pile>::format(const state_type& s) const {
  return fmt::format("({},{})", s[0], s[1]);
}

template class basic_wythoff_game<std::uint32_t>;
template class basic_wythoff_game<std::uint64_t>;

std::uint64_t wythoff_lower(std::uint64_t k) {
  if (k > wythoff_max_pile)
    throw std::out_of_range(fmt::format("floor(k phi) is computed for k up to 2^63 - 1, not {}", k));
  // floor((k + floor(k sqrt(5))) / 2) with floor(k sqrt(5)) = 2k + floor(k (sqrt(5) - 2)).
  return static_cast<std::uint64_t>((3 * u128{k} + below_sqrt5_minus_2(k)) / 2);
}

bool wythoff_p_position(const wythoff_game::state_type& s) {
  const std::uint64_t x = std::min(s[0], s[1]), y = std::max(s[0], s[1]);
  return wythoff_lower(y - x) == x;
}

std::uint64_t wythoff_partner(std::uint64_t n) {
  if (n == 0) return 0;
  if (n > wythoff_max_pile)
    throw std::out_of_range(fmt::format("piles hold up to 2^63 - 1 tokens, not {}", n));
  // n = a_k for k = n / phi (= n phi - n) or n = b_k for k = n / phi^2 (= 2n - n phi), to
  // within one either way: the few k around each estimate are checked exactly.
  const std::uint64_t n_phi = wythoff_lower(n);
  const std::uint64_t near_a = n_phi - n, near_b = 2 * n - n_phi;
  for (std::uint64_t k = near_a > 2 ? near_a - 2 : 1; k <= near_a + 2; ++k)
    if (k > 0 && wythoff_lower(k) == n) return n + k;
  for (std::uint64_t k = near_b > 2 ? near_b - 2 : 1; k <= near_b + 2; ++k)
    if (k > 0 && wythoff_lower(k) + k == n) return n - k;
  throw std::logic_error(fmt::format("no Wythoff pair holds {}", n)); // the Beatty partition says none
}

} // namespace grundy
