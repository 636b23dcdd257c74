#pragma once
// What the fuzz targets share: a check that stops the run, so that libFuzzer saves the input.

#include <cstdio>
#include <cstdlib>

namespace grundy::fuzz {

// Aborts when `holds` is false: a property every input must keep, broken.
inline void require(bool holds, const char* property) {
  if (holds) return;
  std::fprintf(stderr, "fuzz check failed: %s\n", property);
  std::abort();
}

} // namespace grundy::fuzz
