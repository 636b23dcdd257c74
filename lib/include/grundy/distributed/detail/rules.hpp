#pragma once
// How a vertex's label follows from its successors' labels, under each play convention.

#include <grundy/labelling.hpp>

#include <algorithm>
#include <span>
#include <vector>

namespace grundy::distributed::detail {

// Normal play: the Sprague-Grundy value, the mex of the successors' values.
class mex_rule {
public:
  grundy_value operator()(std::span<const grundy_value> successors) {
    // A position with d moves has a value of at most d, so larger values need no mark.
    seen_.assign(successors.size() + 1, 0);
    for (auto x : successors)
      if (x <= successors.size()) seen_[x] = 1;
    grundy_value mex = 0;
    while (seen_[mex])
      ++mex;
    return mex;
  }

private:
  std::vector<char> seen_;
};

// Misère play: 0 for a P-position, 1 for an N-position. A position without moves is won by the
// player to move; any other is won when some move leads to a P-position.
struct misere_rule {
  grundy_value operator()(std::span<const grundy_value> successors) const {
    if (successors.empty()) return 1;
    return std::find(successors.begin(), successors.end(), grundy_value{0}) != successors.end() ? 1 : 0;
  }
};

} // namespace grundy::distributed::detail
