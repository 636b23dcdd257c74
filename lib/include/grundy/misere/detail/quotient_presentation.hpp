#pragma once
// The presentation of a quotient by generators and relations (lib/src/misere/quotient_presentation.cpp).

#include <grundy/misere/quotient.hpp>

#include <atomic>

#include <cstdint>
#include <string>
#include <vector>

namespace grundy::misere_detail {

// Generators, relations and each element's normal form from a table (order r, identity 0).
void build_presentation(const std::vector<misere_quotient::element>& products, std::size_t r,
                        const std::vector<misere_quotient::element>& heaps,
                        misere_quotient::presentation_type& presentation,
                        std::vector<std::vector<std::uint32_t>>& words, const std::atomic<bool>* stop);

// Throws stopped once `stop` is set: the tables' checks and the presentation of a large order
// take long enough for an interruption to matter.
void check_stop(const std::atomic<bool>* stop);

// "1", "a", "a^2 b".
std::string word_text(const misere_quotient::presentation_type& presentation,
                      const std::vector<std::uint32_t>& exponents);

} // namespace grundy::misere_detail
