#pragma once
// Sums of games with cycles: Smith's rule for adding generalized Sprague-Grundy values.

#include <grundy/loopy.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace grundy {

// One generalized value as a value type: a number, or ∞(K). Used where values are added,
// one position at a time; whole graphs keep theirs in a labelling (values.hpp).
struct generalized_value {
  grundy_value value = 0;                 // infinity for ∞(K)
  std::vector<grundy_value> infinite_set; // K, increasing; empty for a number

  bool finite() const noexcept { return value != infinity; }
  outcome outcome_of() const noexcept { return generalized_outcome(value, infinite_set); }
  std::string str() const { return format_value(value, infinite_set); }
  friend bool operator==(const generalized_value&, const generalized_value&) = default;
};

inline generalized_value value_of(const labelling& l, vertex_id v) {
  const auto k = l.infinite.of(v);
  return {l.values[v], {k.begin(), k.end()}};
}

// Smith's rule for the sum of two games (one move in one of them per turn): numbers add by
// XOR, a + ∞(K) = ∞(K ⊕ a) with every element of K XORed with a, and the sum of two infinite
// values is ∞(∅), a draw: each player can keep one of the two components going for ever.
inline generalized_value operator+(const generalized_value& a, const generalized_value& b) {
  if (a.finite() && b.finite()) return {a.value ^ b.value, {}};
  if (!a.finite() && !b.finite()) return {infinity, {}};
  const auto& number = a.finite() ? a : b;
  const auto& loopy = a.finite() ? b : a;
  generalized_value sum{infinity, loopy.infinite_set};
  for (auto& x : sum.infinite_set)
    x ^= number.value;
  std::sort(sum.infinite_set.begin(), sum.infinite_set.end());
  return sum;
}

} // namespace grundy
