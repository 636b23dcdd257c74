#pragma once
// The octal theorem's part of find_periodicity (grundy/periodicity.hpp).

#include <grundy/periodicity.hpp>

namespace grundy::detail {

// find_periodicity for an octal code: an ordinary periodicity, proven by the octal theorem,
// searched for with the theorem's bound (most periods are given up after a comparison or two);
// where none shows, an arithmetic one, proven by arithmetic_values_to_prove.
std::optional<periodicity> find_octal_periodicity(const grundy_sequence& values, const octal_code& code,
                                                  const std::atomic<bool>* stop);

} // namespace grundy::detail
