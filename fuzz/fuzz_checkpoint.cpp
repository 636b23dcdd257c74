// Octal checkpoints, as `grundy octal --resume FILE` reads them. A file is read or refused with
// invalid_checkpoint, nothing else, and whatever its header claims, nothing is allocated for
// values the file does not hold. A checkpoint read is written back to one that reads the same,
// and resuming it either refuses values that cannot be the code's (std::invalid_argument) or
// continues them unchanged.
//
// A mutated file almost never keeps a matching hash, which would stop nearly every input at
// the last line; the target therefore puts the right hash on the end line first when the input
// has one, so that the fields and the values behind it are what gets explored. The hash check
// itself is covered by the corpus and the tests.

#include "check.hpp"

#include <grundy/heap/analysis.hpp>
#include <grundy/octal/checkpoint.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <utility>

using grundy::fuzz::require;

namespace {

// FNV-1a, 64 bits, as the format defines its hash.
std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

// "end " and 16 characters, then a newline, closing the input: given the right hash.
std::string with_right_hash(std::string bytes) {
  constexpr std::size_t end_line = 4 + 16 + 1;
  if (bytes.size() < end_line || bytes.compare(bytes.size() - end_line, 4, "end ") != 0 ||
      bytes.back() != '\n')
    return bytes;
  const auto body = bytes.size() - end_line;
  bytes.replace(body + 4, 16, fmt::format("{:016x}", fnv1a(std::string_view(bytes).substr(0, body))));
  return bytes;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(with_right_hash(std::string(reinterpret_cast<const char*>(data), size)));
  grundy::octal_checkpoint c;
  try {
    c = grundy::read_checkpoint(in);
  } catch (const grundy::invalid_checkpoint&) {
    return 0;
  }
  std::ostringstream out;
  grundy::write_checkpoint(out, c);
  std::istringstream again(out.str());
  const auto d = grundy::read_checkpoint(again);
  require(d.code == c.code && d.method == c.method && d.max_values == c.max_values &&
              d.keep_going == c.keep_going && d.next_check == c.next_check && d.values == c.values,
          "a checkpoint written back reads the same");

  // Resumed for a few values more at most (max-values may ask for billions), and not far into
  // codes that leave three heaps, whose naive steps cost the square of the heap.
  const auto saved = c.values;
  if (saved.size() > (c.code.max_heaps_left() == 3 ? 256u : 4096u)) return 0;
  c.max_values = std::min<std::size_t>(c.max_values, saved.size() + 16);
  try {
    const auto a = grundy::resume_octal(std::move(c));
    require(a.values.size() >= saved.size(), "a resumed run keeps its values");
    for (std::size_t h = 0; h < saved.size(); ++h)
      require(a.values[h] == saved[h], "a resumed run keeps its values unchanged");
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
