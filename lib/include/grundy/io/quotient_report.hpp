#pragma once
// `grundy misere`'s report as JSON, as every front end gives it: a misère quotient (its order,
// P-portion, presentation and the element of each heap) and, when computed, the genus of each
// heap and whether the game is tame on them.

#include <grundy/misere/genus.hpp>
#include <grundy/misere/quotient.hpp>

#include <string>
#include <vector>

namespace grundy::io {

// The genus of each heap (index h for heap h, 1 to the quotient's largest), and whether the
// game is tame on them.
struct heap_genus_report {
  std::vector<genus> heaps;
  tameness tame;
};

// One JSON object on one line, without its line feed, its keys in a fixed order
// (docs/cli-guide.md lists them); `genera` may be null.
std::string quotient_json(const misere_quotient& q, const heap_genus_report* genera);

} // namespace grundy::io
