#pragma once
// A proof of arithmetic periodicity for hexadecimal codes (see lib/src/octal/hex_periodicity.cpp).

#include <grundy/octal/code.hpp>
#include <grundy/periodicity.hpp>

#include <atomic>
#include <cstddef>
#include <optional>

namespace grundy {

// How many values G(0..n0-1) the arithmetic-periodicity test for octal and hexadecimal codes
// reads to prove `period` (a saltus that is a power of two), given the values computed so far;
// empty when its hypotheses fail on them (not a power-of-two saltus, values of the preperiod or
// the first period not below the saltus, a digit before the point, or no n0 within the values
// passing the test). The test and its proof are in lib/src/octal/hex_periodicity.cpp. Throws
// grundy::stopped within milliseconds of *stop turning true.
std::optional<std::size_t> arithmetic_values_to_prove(const octal_code& code, const grundy_sequence& values,
                                                      const periodicity& period,
                                                      const std::atomic<bool>* stop = nullptr);

} // namespace grundy
