// The numbers typed as options: --colors/--tablets ranges (table), --tablets lists and counts
// (graph), whole numbers (heap sizes, --max, --survey) and --max-memory sizes. The first byte
// chooses the parser, the second the --colors given with a --tablets list (small, or anywhere
// in 32 bits); the rest is the text. Each parser (grundy/io/notation.hpp) returns a value within
// its documented bounds or throws notation_error, and never allocates for a count it is about to
// refuse.

#include "check.hpp"

#include <grundy/io/games/tablettes/notation.hpp>
#include <grundy/io/notation.hpp>

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

using grundy::fuzz::require;
namespace io = grundy::io;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 2, size - 2);
  try {
    switch (data[0] % 4) {
    case 0: {
      const auto minimum = data[1] % 3u;
      const auto r = io::parse_range(text, "--colors", minimum);
      require(minimum <= r.first && r.first <= r.last && r.last <= 255, "a range lies within its bounds");
      if (text.find("..") == std::string_view::npos)
        require(r.first == r.last, "one number is a range of one");
      const auto again = io::parse_range(fmt::format("{}..{}", r.first, r.last), "--colors", minimum);
      require(again.first == r.first && again.last == r.last, "a range prints back to itself");
      break;
    }
    case 1: {
      const auto n = io::parse_count(text, "a heap size");
      require(!text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos,
              "a count is digits only");
      require(io::parse_count(fmt::format("{}", n), "a heap size") == n, "a count prints back to itself");
      break;
    }
    case 2: {
      const unsigned colors =
          data[1] < 0x80 ? data[1] : static_cast<unsigned>((data[1] - 0x7Fu) * 0x2000000u - 1u);
      const auto counts = grundy::parse_tablets(colors, text, "--colors", "--tablets");
      require(!counts.empty() && counts.size() <= 128, "a --tablets list has 1 to 128 counts");
      for (auto c : counts)
        require(c >= 1 && c <= 63, "each --tablets count is from 1 to 63");
      if (text.find(',') == std::string_view::npos)
        require(counts.size() == colors, "N gives C equal counts");
      if (colors != 0) require(counts.size() == colors, "the counts match --colors");
      break;
    }
    default: {
      const auto bytes = io::parse_size(text, "--max-memory");
      require(bytes >= 1 && bytes <= 1'000'000'000'000'000'000ull, "a size is from 1 byte to 10^18");
      break;
    }
    }
  } catch (const io::notation_error&) {
  }
  return 0;
}
