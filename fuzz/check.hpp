#pragma once
// What the fuzz targets share: a check that stops the run, so that libFuzzer saves the input.

#include <grundy/portable_name.hpp>

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace grundy::fuzz {

// Aborts when `holds` is false: a property every input must keep, broken.
inline void require(bool holds, const char* property) {
  if (holds) return;
  std::fprintf(stderr, "fuzz check failed: %s\n", property);
  std::abort();
}

// Whether text shows on a screen as it is: valid UTF-8 without a control character (C0, line
// feed and tab included, DEL, C1), which a terminal or a page would obey. Every message that
// echoes a file's or a user's text shows it as a portable name, which keeps to this.
inline bool shown_as_is(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = grundy::detail::utf8_at(text, i);
    if (!c || !grundy::detail::shown_as_is(c->code_point)) return false;
    i += c->length;
  }
  return true;
}

} // namespace grundy::fuzz
