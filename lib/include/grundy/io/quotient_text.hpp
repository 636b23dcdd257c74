#pragma once
// Misère quotients as the front ends show them: the words of a presentation's relations, in the
// words of the quotient's element names. Shared by the tool and the Python module.

#include <grundy/misere/quotient.hpp>

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

} // namespace grundy::io
