#include <grundy/octal/code.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

namespace grundy {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The character that starts at text[i], whole: a byte of a UTF-8 sequence alone ('é' cut in
// two) would be shown escaped rather than as the character.
std::string_view character_at(std::string_view text, std::size_t i) {
  std::size_t end = i + 1;
  if (static_cast<unsigned char>(text[i]) >= 0xC0)
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
      ++end;
  return text.substr(i, end - i);
}

[[noreturn]] void reject(std::string_view text, std::string_view why) {
  throw invalid_code(fmt::format("invalid octal code '{}': {}", portable_name(text), why));
}

} // namespace

octal_code octal_code::parse(std::string_view text) {
  if (text.empty()) reject(text, "the code is empty (write it like 0.137)");
  const auto point = text.find('.');
  if (point == std::string_view::npos) reject(text, "a code needs a point, as in 0.137 or 4.7");
  const auto before = text.substr(0, point);
  const auto after = text.substr(point + 1);
  if (before.size() > 1 && character_at(before, 0).size() != before.size())
    reject(text, "at most one digit may stand before the point");
  if (after.empty()) reject(text, "no digit after the point");
  if (after.size() > max_digits) reject(text, fmt::format("more than {} digits after the point", max_digits));

  octal_code code;
  if (!before.empty()) {
    const int d = hex_value(before[0]);
    if (d < 0) reject(text, fmt::format("'{}' is not a digit", portable_name(character_at(before, 0))));
    if (d & (octal_bits::vanish | octal_bits::one_heap))
      reject(text, "the digit before the point may only allow splitting (0, 4, 8 or C)");
    code.digits_[0] = static_cast<std::uint8_t>(d);
  }
  for (std::size_t i = 0; i < after.size(); ++i) {
    const int d = hex_value(after[i]);
    if (d < 0)
      reject(text,
             fmt::format("'{}' is not an octal or hexadecimal digit", portable_name(character_at(after, i))));
    code.digits_[i + 1] = static_cast<std::uint8_t>(d);
    if (d != 0) code.length_ = i + 1;
  }
  return code;
}

bool octal_code::hexadecimal() const noexcept {
  for (auto d : digits_)
    if (d & octal_bits::three_heaps) return true;
  return false;
}

int octal_code::max_heaps_left() const noexcept {
  std::uint8_t all = 0;
  for (auto d : digits_)
    all |= d;
  if (all & octal_bits::three_heaps) return 3;
  if (all & octal_bits::two_heaps) return 2;
  if (all & octal_bits::one_heap) return 1;
  return 0;
}

std::string octal_code::str() const {
  std::string s;
  s += "0123456789ABCDEF"[digits_[0]];
  s += '.';
  if (length_ == 0) s += '0';
  for (std::size_t n = 1; n <= length_; ++n)
    s += "0123456789ABCDEF"[digits_[n]];
  return s;
}

} // namespace grundy
