#include <grundy/games/wythoff/rules.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace grundy {

namespace {

__extension__ using u128 = unsigned __int128;

// The integer square root of n < 2^67: a floating-point estimate, then corrected exactly.
std::uint64_t isqrt(u128 n) {
  auto r = static_cast<std::uint64_t>(std::sqrt(static_cast<long double>(n)));
  while (u128{r} * r > n)
    --r;
  while (u128{r + 1} * (r + 1) <= n)
    ++r;
  return r;
}

} // namespace

void wythoff_game::successors(const state_type& s, std::vector<state_type>& out) const {
  const auto [a, b] = s;
  for (heap_size k = 1; k <= a; ++k)
    out.push_back({a - k, b});
  for (heap_size k = 1; k <= b; ++k)
    out.push_back({a, b - k});
  for (heap_size k = 1; k <= a && k <= b; ++k)
    out.push_back({a - k, b - k});
}

std::string wythoff_game::format(const state_type& s) const { return fmt::format("({},{})", s[0], s[1]); }

std::uint64_t wythoff_lower(std::uint64_t k) { return (k + isqrt(u128{5} * k * k)) / 2; }

bool wythoff_p_position(const wythoff_game::state_type& s) {
  const std::uint64_t x = std::min(s[0], s[1]), y = std::max(s[0], s[1]);
  return wythoff_lower(y - x) == x;
}

std::uint64_t wythoff_partner(std::uint64_t n) {
  if (n == 0) return 0;
  // n = a_k for k near n / phi, or n = b_k for k near n / phi^2: a few k around each estimate,
  // checked exactly.
  const long double phi = (1 + std::sqrt(5.0L)) / 2;
  const auto near_a = static_cast<std::uint64_t>(static_cast<long double>(n) / phi);
  for (std::uint64_t k = near_a > 2 ? near_a - 2 : 0; k <= near_a + 2; ++k)
    if (k > 0 && wythoff_lower(k) == n) return n + k;
  const auto near_b = static_cast<std::uint64_t>(static_cast<long double>(n) / (phi * phi));
  for (std::uint64_t k = near_b > 2 ? near_b - 2 : 0; k <= near_b + 2; ++k)
    if (k > 0 && wythoff_lower(k) + k == n) return wythoff_lower(k);
  throw std::logic_error(fmt::format("no Wythoff pair holds {}", n)); // the Beatty partition says none
}

} // namespace grundy
