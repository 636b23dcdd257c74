#pragma once
// Numbers as people type them to any front end: counts, ranges "A..B", sizes "800M", tablet
// counts "3,3,2". Whole numbers are digits only, so that 0x10, 1e3, -1 and nan are refused
// rather than read as something else; a size is a decimal number (1.5G, or 1e3 bytes).
// Messages name what was being read by the words the caller gives (an option of the tool, an
// argument of the Python module), never by a front end's own.

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace grundy::io {

// A text that is not the number asked for. One line naming `what` and quoting the text.
class notation_error : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

// A whole number from `low` to `high` in decimal digits: "{what} takes a whole number from 1 to
// 64, not '-1'".
std::uint64_t parse_whole(std::string_view text, std::string_view what, std::uint64_t low,
                          std::uint64_t high);

// A non-negative integer, such as a heap size, up to 2^64 - 1.
std::uint64_t parse_count(std::string_view text, std::string_view what);

struct range {
  std::uint32_t first = 0;
  std::uint32_t last = 0;
};

// "3" or "1..4"; both ends from `minimum` to 255, the first not past the last.
range parse_range(std::string_view text, std::string_view what, std::uint32_t minimum = 1);


// A size in bytes typed as 800M, 6G, 1.5T, 64K (K = 1024) or whole bytes (1e3 included), more
// than 0 and at most 10^18 bytes; a size below one byte (0.0001K) is one byte.
std::uint64_t parse_size(std::string_view text, std::string_view what);

} // namespace grundy::io
