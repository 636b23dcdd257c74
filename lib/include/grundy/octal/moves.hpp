#pragma once
// The moves of an octal code regrouped by what they leave behind, as the engines loop over them.

#include <grundy/octal/code.hpp>

#include <cstdint>
#include <vector>

namespace grundy::detail {

// An engine computing G(h) for every h walks the same few removal counts millions of times;
// grouping them once by kind of move turns the digit-bit tests into plain loops over short
// lists.
struct octal_moves {
  explicit octal_moves(const octal_code& code) : code(code) {
    for (std::uint32_t n = 0; n <= code.length(); ++n) {
      const auto d = code.digit(n);
      if (n >= 1 && (d & octal_bits::one_heap)) one_heap.push_back(n);
      if (d & octal_bits::two_heaps) two_heaps.push_back(n);
      if (d & octal_bits::three_heaps) three_heaps.push_back(n);
    }
  }

  // True when a heap of exactly h tokens may be taken whole.
  bool vanishes(std::size_t h) const noexcept {
    return h >= 1 && h <= code.length() && (code.digit(h) & octal_bits::vanish);
  }

  octal_code code;
  std::vector<std::uint32_t> one_heap;    // n >= 1: remove n, leave the rest as one heap
  std::vector<std::uint32_t> two_heaps;   // remove n (0 too), split the rest in two non-empty heaps
  std::vector<std::uint32_t> three_heaps; // remove n (0 too), split the rest in three
};

} // namespace grundy::detail
