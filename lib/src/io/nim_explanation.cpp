#include <grundy/io/nim_explanation.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <string_view>

namespace grundy::io {

namespace {

// "1 0 1" on `columns` columns. Heaps are written with their leading zeros blank and the
// parity rows with every digit, as the seed writes them.
std::string binary_row(heap_size h, int columns, bool leading_zeros = false) {
  std::string row;
  const int digits = leading_zeros ? columns : std::max(1, static_cast<int>(std::bit_width(h)));
  for (int bit = columns - 1; bit >= 0; --bit) {
    if (!row.empty()) row += ' ';
    row += bit >= digits ? ' ' : static_cast<char>('0' + ((h >> bit) & 1u));
  }
  return row;
}

// The seed's table: each heap in binary, the parity of every column (the XOR of the heaps),
// and the heap that restores an even parity with the size to leave in it.
nim_explanation nim_table(const std::vector<heap_size>& typed) {
  heap_size x = 0, largest = 0;
  for (auto h : typed) {
    x ^= h;
    largest = std::max(largest, h);
  }
  const int columns = std::max(1, static_cast<int>(std::bit_width(largest)));
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < typed.size(); ++i)
    labels.push_back(fmt::format("heap {} ({})", i + 1, typed[i]));
  labels.emplace_back("parity");
  labels.emplace_back("new size");
  std::size_t width = 0;
  for (auto& l : labels)
    width = std::max(width, l.size());

  nim_explanation e;
  auto& text = e.text;
  for (std::size_t i = 0; i < typed.size(); ++i)
    text += fmt::format("{:<{}}  {}\n", labels[i], width, binary_row(typed[i], columns));
  const std::string rule = std::string(width + 2 + 2 * columns - 1, '-') + "\n";
  text += rule + fmt::format("{:<{}}  {}\n", "parity", width, binary_row(x, columns, true));
  if (x == 0) {
    text += "Every column has an even number of 1s: the position is even, and any move makes it odd.\n";
    return e;
  }

  // The heap to change has a 1 in the parity's leftmost 1 column; the largest such heap is
  // the one the seed's method (the largest heap) finds whenever it works. The parity of that
  // heap's row and the parity row is the size to leave, as in the seed's second table.
  heap_size chosen = 0;
  std::size_t row = 0;
  for (std::size_t i = 0; i < typed.size(); ++i)
    if ((typed[i] ^ x) < typed[i] && typed[i] > chosen) chosen = typed[i], row = i;
  text += "The parity row is not all 0: the position is odd. To make it even, change one heap:\n";
  text += fmt::format("{:<{}}  {}\n", labels[row], width, binary_row(chosen, columns, true));
  text += fmt::format("{:<{}}  {}\n", "parity", width, binary_row(x, columns, true)) + rule;
  text += fmt::format("{:<{}}  {}  = {}: leave {} in the heap of {} (take {}).\n", "new size", width,
                      binary_row(chosen ^ x, columns, true), chosen ^ x, chosen ^ x, chosen,
                      chosen - (chosen ^ x));
  heaps after(typed.begin(), typed.end());
  after[row] = chosen ^ x;
  e.moves.push_back(canonical_heaps(std::move(after)));
  return e;
}

std::string heaps_of_one(std::size_t n) { return n == 1 ? "1 heap of 1" : fmt::format("{} heaps of 1", n); }

// Bouton's rule for misère Nim, which differs from normal play only once at most one heap has
// more than one token.
nim_explanation misere_nim(const std::vector<heap_size>& typed) {
  constexpr std::string_view rule = "Misère play, where the last move loses";
  const auto big =
      static_cast<std::size_t>(std::count_if(typed.begin(), typed.end(), [](heap_size h) { return h > 1; }));
  const auto ones = static_cast<std::size_t>(std::count(typed.begin(), typed.end(), heap_size{1}));
  if (big >= 2) {
    // Normal Nim's move never leaves a single heap of more than 1 (its XOR could not be 0), so
    // the table's move is the misère one too.
    auto e = nim_table(typed);
    e.text = fmt::format("{}: while two heaps or more have more than 1 token, play as in normal Nim, "
                         "making every column of the table even. Here {} heaps have more than 1 token.\n",
                         rule, big) +
             e.text;
    return e;
  }
  nim_explanation e;
  heaps after(typed.begin(), typed.end());
  if (big == 1) {
    // Emptying the big heap or leaving 1 in it sets the number of heaps of 1 left: odd is the
    // one that makes the opponent take the last token.
    const auto it = std::find_if(after.begin(), after.end(), [](heap_size h) { return h > 1; });
    const heap_size h = *it;
    const heap_size leave = ones % 2 == 0 ? 1 : 0;
    *it = leave;
    e.text = fmt::format("{}: only the heap of {} has more than 1 token. Make it 0 or 1 so as to leave an "
                         "odd number of heaps of 1; the opponent then takes the last token. Besides it there "
                         "{} {}: leave {} in the heap of {} (take {}), which leaves {}.\n",
                         rule, h, ones == 1 ? "is" : "are", ones == 0 ? "no heap of 1" : heaps_of_one(ones),
                         leave, h, h - leave, heaps_of_one(ones + leave));
    e.moves.push_back(canonical_heaps(std::move(after)));
    return e;
  }
  if (ones == 0) {
    e.text = fmt::format("{}: no token is left, so the opponent made the last move.\n", rule);
    return e;
  }
  if (ones % 2 == 1) {
    e.text =
        fmt::format("{}: every heap has 1 token, so each move takes a heap of 1. With {}, an odd number, "
                    "the player to move takes the last one, whatever either player does.\n",
                    rule, heaps_of_one(ones));
    return e;
  }
  e.text = fmt::format("{}: every heap has 1 token, so each move takes a heap of 1. With {}, an even number, "
                       "the opponent takes the last one: take a heap of 1, leaving {}.\n",
                       rule, heaps_of_one(ones), heaps_of_one(ones - 1));
  after.erase(std::find(after.begin(), after.end(), heap_size{1}));
  e.moves.push_back(canonical_heaps(std::move(after)));
  return e;
}

} // namespace

nim_explanation explain_nim(const std::vector<heap_size>& typed, play_convention convention) {
  return convention == play_convention::misere ? misere_nim(typed) : nim_table(typed);
}

} // namespace grundy::io
