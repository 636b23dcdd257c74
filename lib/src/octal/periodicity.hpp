#pragma once
// The octal periodicity theorem's count (octal_values_to_prove, stated and proven in
// grundy/periodicity.hpp), as find_periodicity's search asks it of every period.

#include <grundy/octal/code.hpp>

#include <algorithm>
#include <cstddef>

namespace grundy::detail {

// The code's constants read once: the search asks the count of every period it tries.
struct octal_count {
  explicit octal_count(const octal_code& code)
      // The most heaps a move leaves, as the theorem counts them (at least two).
      : heaps(static_cast<std::size_t>(std::max(2, code.max_heaps_left()))), removed(code.length()) {}

  std::size_t operator()(std::size_t preperiod, std::size_t period) const {
    return heaps * (std::max<std::size_t>(preperiod, 1) + period) + removed;
  }

  std::size_t heaps;   // k
  std::size_t removed; // t, the most tokens a move removes
};

} // namespace grundy::detail
