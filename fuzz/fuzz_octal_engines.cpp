// The octal engines themselves: a random code, a random number of values, a random point where
// the run is saved to a checkpoint and resumed (a new sparse engine caught up from the saved
// values), and at times a split forced on the sparse engine from the first heap on. Whatever
// the input, the sparse engine gives the naive engine's values, resumed or not, and no
// sanitizer reports anything.
//
// The input is a header of eight bytes, then the digits:
//   [0]    flags: 1 hexadecimal digits allowed, 2 fixed split, 4 split by heap parity too,
//          8 portable proofs (no AVX-512), 16 a digit 4 before the point, 32 extend in steps,
//          64 a long run
//   [1..2] number of values (little-endian), at most short_run, or long_run with flag 64
//   [3..4] the heap where the run is saved and resumed, modulo the number of values
//   [5..6] the fixed split's mask, below 2^12
//   [7]    the step of the extensions when flag 32 is set, in units of 64 values
//   [8..]  up to four digits after the point, one byte each (the low three or four bits)
// Lengths are bounded so that one execution takes milliseconds under the sanitizers: the
// naive engine costs N^2 / 4 pairs per splitting digit, and N^3 / 36 per three-heap digit.

#include "check.hpp"

#include <grundy/heap/analysis.hpp>
#include <grundy/octal/checkpoint.hpp>
#include <grundy/octal/code.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/octal/sparse.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

using grundy::fuzz::require;

namespace {

// Most inputs run short (about ten milliseconds sanitized); long runs take the sparse engine
// past its first choice of a split (at 2,048 values) in a few hundred.
constexpr std::size_t short_run = 600;
constexpr std::size_t long_run = 2'300;
constexpr std::size_t three_heaps_run = 250;
constexpr std::size_t max_digits = 4;

std::size_t word(const std::uint8_t* p) { return std::size_t{p[0]} | std::size_t{p[1]} << 8; }

// The first `count` values by the sparse engine, extended in steps of `step` (0: at once).
grundy::grundy_sequence sparse_run(const grundy::octal_code& code, std::size_t count, std::size_t step,
                                   const grundy::sparse_options& options) {
  grundy::sparse_engine engine(code, options);
  grundy::grundy_sequence values;
  for (std::size_t n = step; step > 0 && n < count; n += step)
    engine.extend(values, n);
  engine.extend(values, count);
  return values;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t header = 8;
  if (size <= header) return 0;
  const unsigned flags = data[0];
  std::string text = flags & 16 ? "4." : "0.";
  for (std::size_t k = header; k < size && k < header + max_digits; ++k)
    text += "0123456789ABCDEF"[data[k] & (flags & 1 ? 15 : 7)];
  grundy::octal_code code;
  try {
    code = grundy::octal_code::parse(text);
  } catch (const grundy::invalid_code&) {
    return 0; // only zeros after the point: no game
  }
  const std::size_t limit = code.hexadecimal() ? three_heaps_run : flags & 64 ? long_run : short_run;
  const std::size_t count = 1 + word(data + 1) % limit;
  const std::size_t resume = word(data + 3) % (count + 1);
  const std::size_t step = flags & 32 ? 64 * (1 + std::size_t{data[7]} % 16) : 0;
  grundy::sparse_options options;
  if (flags & 2)
    options.fixed_split =
        grundy::rare_split{static_cast<std::uint32_t>(word(data + 5) & 0xFFF), (flags & 4) != 0};
  options.vector_proofs = !(flags & 8);

  const auto naive = grundy::naive_values(code, count);
  require(naive.size() == count, "the naive engine gives every value asked for");
  require(sparse_run(code, count, step, options) == naive, "the sparse engine agrees with the naive one");

  // Saved at `resume`, read back, and continued by a new engine caught up from those values.
  grundy::octal_checkpoint saved;
  saved.code = code;
  saved.method = grundy::octal_method::sparse;
  saved.max_values = count;
  saved.values = sparse_run(code, resume, 0, options);
  std::stringstream file;
  grundy::write_checkpoint(file, saved);
  auto loaded = grundy::read_checkpoint(file);
  require(loaded.values == saved.values, "a checkpoint gives back its values");
  grundy::sparse_engine resumed(code, options);
  resumed.catch_up(loaded.values);
  resumed.extend(loaded.values, count);
  require(loaded.values == naive, "a resumed sparse engine agrees with the naive one");
  return 0;
}
