#pragma once
// The rules of an octal (or hexadecimal) game, parsed from its code.

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace grundy {

// Thrown for a code that does not describe a game; what() is one line meant for the user.
class invalid_code : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

// An octal code 0.d1 d2 d3 ... says, for every n, what a player may do after removing n tokens
// from one heap: digit d_n is a sum of 1 (the heap may vanish), 2 (one heap may remain),
// 4 (two heaps may remain) and, in hexadecimal codes, 8 (three heaps may remain).
// A digit before the point is d_0: removing nothing and splitting, so only 4 and 8 make sense there.
//
// Codes are kept as a small fixed array so that the hot loops of the engines and of the game
// graph can index digits without bounds checks or allocation.
class octal_code {
public:
  static constexpr std::size_t max_digits = 64;

  // Accepts "0.137", ".137", "4.7", "0.F" (hexadecimal digits 8-F, either case).
  // Trailing zero digits are dropped: they allow nothing.
  static octal_code parse(std::string_view text);

  // The rule for removing n tokens; 0 past the last digit.
  std::uint8_t digit(std::size_t n) const noexcept { return n < digits_.size() ? digits_[n] : 0; }

  // The number of digits after the point (the last one non-zero), t in the periodicity theorem.
  std::size_t length() const noexcept { return length_; }

  // True when some digit allows three heaps (bit 8): the rules of a hexadecimal game.
  bool hexadecimal() const noexcept;

  // True when the digit before the point allows splitting without removing anything.
  bool splits_without_removing() const noexcept { return digits_[0] != 0; }

  // The most heaps one move can leave behind a heap: 0 to 3.
  int max_heaps_left() const noexcept;

  // Normalised text: "0.137", "4.7".
  std::string str() const;

  friend bool operator==(const octal_code&, const octal_code&) = default;

private:
  std::array<std::uint8_t, max_digits + 1> digits_{};
  std::size_t length_ = 0;
};

// Bits of a digit, named for readability at the call sites.
namespace octal_bits {
inline constexpr std::uint8_t vanish = 1;
inline constexpr std::uint8_t one_heap = 2;
inline constexpr std::uint8_t two_heaps = 4;
inline constexpr std::uint8_t three_heaps = 8;
} // namespace octal_bits

} // namespace grundy
