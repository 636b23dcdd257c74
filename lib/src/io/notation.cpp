#include <grundy/io/notation.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

namespace grundy::io {

namespace {

bool all_digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

} // namespace

std::uint64_t parse_whole(std::string_view text, std::string_view what, std::uint64_t low,
                          std::uint64_t high) {
  std::uint64_t value = 0;
  const auto* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, value);
  if (!all_digits(text) || ec != std::errc{} || p != end || value < low || value > high)
    throw notation_error(
        fmt::format("{} takes a whole number from {} to {}, not '{}'", what, low, high, portable_name(text)));
  return value;
}

std::uint64_t parse_count(std::string_view text, std::string_view what) {
  std::uint64_t value = 0;
  const auto* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || p != end)
    throw notation_error(
        fmt::format("{} must be a non-negative whole number, not '{}'", what, portable_name(text)));
  return value;
}

range parse_range(std::string_view text, std::string_view what, std::uint32_t minimum) {
  const auto dots = text.find("..");
  const auto first_text = dots == std::string_view::npos ? text : text.substr(0, dots);
  const auto last_text = dots == std::string_view::npos ? text : text.substr(dots + 2);
  const auto bound = [&](std::string_view end) {
    try {
      return static_cast<std::uint32_t>(parse_whole(end, what, minimum, 255));
    } catch (const notation_error&) {
      throw notation_error(fmt::format("{} takes a number or a range A..B, from {} to 255, not '{}'", what,
                                       minimum, portable_name(text)));
    }
  };
  const auto first = bound(first_text);
  const auto last = bound(last_text);
  if (last < first)
    throw notation_error(
        fmt::format("{} range '{}' is empty (write it low..high)", what, portable_name(text)));
  return {first, last};
}

std::uint64_t parse_size(std::string_view text, std::string_view what) {
  double number = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, number);
  double unit = 1;
  if (ec == std::errc{} && p + 1 == end) {
    switch (*p) {
    case 'k':
    case 'K':
      unit = 1024.0;
      break;
    case 'm':
    case 'M':
      unit = 1024.0 * 1024;
      break;
    case 'g':
    case 'G':
      unit = 1024.0 * 1024 * 1024;
      break;
    case 't':
    case 'T':
      unit = 1024.0 * 1024 * 1024 * 1024;
      break;
    default:
      unit = 0;
    }
    ++p;
  }
  // NaN fails the first comparison and infinity the second.
  // A plain number is bytes, and bytes are whole: 1.5 was surely meant as 1.5G.
  const bool fraction_of_byte = unit == 1 && std::isfinite(number) && number != std::floor(number);
  if (text.empty() || ec != std::errc{} || p != end || unit == 0 || !(number > 0) ||
      !(number * unit <= 1e18) || fraction_of_byte)
    throw notation_error(
        fmt::format("{} takes a size such as 800M or 6G, not '{}'", what, portable_name(text)));
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(number * unit));
}

} // namespace grundy::io
