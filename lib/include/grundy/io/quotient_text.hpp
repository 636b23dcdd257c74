#pragma once
// Misère quotients and genera as the front ends show them: the words of a presentation's
// relations and whether the heaps shown are tame. Shared by the tool and the Python module so
// that both print the same words.

#include <grundy/misere/genus.hpp>
#include <grundy/misere/quotient.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace grundy::io {

// A word in the generators from its exponents: "1" for the empty word, "a", "a^2 b".
inline std::string quotient_word(const misere_quotient::presentation_type& p,
                                 std::span<const std::uint32_t> exponents) {
  std::string word;
  for (std::size_t i = 0; i < exponents.size() && i < p.generators.size(); ++i) {
    if (exponents[i] == 0) continue;
    if (!word.empty()) word += ' ';
    word += p.generators[i].name;
    if (exponents[i] > 1) word += '^' + std::to_string(exponents[i]);
  }
  return word.empty() ? "1" : word;
}

// "a^2 = 1"
inline std::string relation_text(const misere_quotient::presentation_type& p,
                                 const misere_quotient::relation& r) {
  return quotient_word(p, r.left) + " = " + quotient_word(p, r.right);
}

// Whether a genus is tame (Winning Ways): a Nim heap's (0^120, 1^031, 2^20, 3^31, ...), or
// 0^0 = 0^{0202...} and 1^1 = 1^{1313...}, the genera of sums of Nim heaps such as *2 + *2.
// Sums of tame games are tame, and their misère outcome follows Bouton's rule for misère Nim.
inline bool tame_genus(const genus& g) {
  if (g.of_nim_heap()) return true;
  if (g.normal > 1) return false;
  for (std::uint64_t k = 0; k < g.gammas.size() + 2; ++k)
    if (g.gamma(k) != (k % 2 == 0 ? g.normal : g.normal ^ 2)) return false;
  return true;
}

// The first heap of `genera` (heaps 0..n) whose genus is not tame, or 0 when all are. Every
// option of a heap is a sum of smaller heaps, so with none every position made of these heaps
// is tame.
inline std::size_t first_wild_heap(std::span<const genus> genera) {
  const auto it = std::find_if(genera.begin(), genera.end(), [](const genus& g) { return !tame_genus(g); });
  return it == genera.end() ? 0 : static_cast<std::size_t>(it - genera.begin());
}

} // namespace grundy::io
