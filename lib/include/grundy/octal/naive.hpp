#pragma once
// The naive engine: every option of every heap, the reference the other engine is checked against.

#include <grundy/octal/code.hpp>
#include <grundy/octal/moves.hpp>
#include <grundy/octal/sequence.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace grundy {

// Computes G(h) as the mex of the values of all of h's options, so a heap of h tokens costs
// about h/2 pairs per splitting digit and a sequence of N values about N^2/4. It is kept
// simple on purpose: its results are the ones every faster method must reproduce, and it is
// the only engine for hexadecimal codes that leave three heaps. The engine keeps only a
// scratch buffer, so one engine can extend one sequence in several calls (to check for
// periodicity in between) without recomputing anything.
class naive_engine {
public:
  explicit naive_engine(const octal_code& code);

  const octal_code& code() const noexcept { return moves_.code; }

  // Appends G(values.size()), ..., G(count - 1). `values` must hold this code's first values
  // (or be empty); nothing happens when it already holds `count` values. Once *stop is true it
  // returns within a few milliseconds, even in the middle of one heap's options, keeping the
  // values finished: a later call goes on from there.
  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop = nullptr);

private:
  detail::octal_moves moves_;
  std::vector<std::uint8_t> seen_;
  unsigned bits_ = 0;
};

// G(0), ..., G(count - 1) by the naive engine.
grundy_sequence naive_values(const octal_code& code, std::size_t count);

} // namespace grundy
