// Octal and hexadecimal codes as typed (grundy octal CODE, grundy graph octal CODE ...): the
// parser accepts a code or throws invalid_code, and nothing else; a code it accepts prints back
// to text that parses to the same rules; and the rules mean the same to the two engines and to
// the game graph of a single heap.

#include "check.hpp"

#include <grundy/games/octal.hpp>
#include <grundy/octal/code.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/octal/sparse.hpp>
#include <grundy/solve.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

using grundy::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  grundy::octal_code code;
  try {
    code = grundy::octal_code::parse(text);
  } catch (const grundy::invalid_code& e) {
    require(grundy::fuzz::shown_as_is(e.what()), "a message shows what it echoes as a portable name");
    return 0;
  }
  const auto printed = code.str();
  const auto again = grundy::octal_code::parse(printed);
  require(again == code, "a code's text parses back to the same code");
  require(again.str() == printed, "a code's text is normalised");
  require(code.length() <= grundy::octal_code::max_digits, "at most max_digits digits");
  require(code.length() == 0 || code.digit(code.length()) != 0, "the last digit is not 0");
  require(code.hexadecimal() == (code.max_heaps_left() == 3), "hexadecimal codes leave three heaps");

  // The first values: both engines agree, and so does the game graph of one heap (the mex of
  // its options is what both engines compute without building it).
  constexpr std::size_t count = 64;
  const auto naive = grundy::naive_values(code, count);
  require(naive.size() == count, "the naive engine gives every value asked for");
  require(grundy::sparse_values(code, count) == naive, "the sparse engine agrees with the naive one");
  const grundy::octal_game game(code);
  for (grundy::heap_size h : {5u, 11u}) {
    const std::vector<grundy::heap_size> heap{h};
    const auto solved = grundy::solve(game, grundy::octal_game::position(heap));
    require(solved.statistics.start_value == naive[h], "the game graph of one heap agrees with the engines");
  }
  return 0;
}
