#pragma once
// Ultimate periodicity of a sequence of Grundy values, proven by the octal periodicity theorem.

#include <grundy/octal/code.hpp>
#include <grundy/octal/sequence.hpp>
#include <grundy/periodicity.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace grundy {

// How many values G(0..N-1) the periodicity theorem needs to prove that `period` holds from
// `preperiod` on for this code's game.
//
// The theorem (Guy and Smith) for a game whose moves remove at most t tokens and leave at most
// two heaps: if G(n + p) = G(n) for s <= n < 2s + p + t, then for all n >= s. The proof is an
// induction on n: an option of heap n + p leaving a + b with a <= b has b >= (n + p - t) / 2,
// and n >= 2s + p + t makes b - p >= s, so (a, b - p) is an option of heap n of the same
// value, and conversely. The check reads G up to index 2s + 2p + t - 1: N = 2s + 2p + t.
//
// A hexadecimal move may leave three heaps a <= b <= c of which only c >= (n + p - t) / 3 is
// sure to be large, so c - p >= s needs n >= 3s + 2p + t: N = 3s + 3p + t. A digit before
// the point (splitting without removing) removes 0 <= t tokens and changes nothing; t stays
// the number of digits after the point. With s = 0 the argument would map a + b = 2p onto a
// one-heap option of a different kind, so s is counted as at least 1 (G(p) = G(0) is then
// part of what is checked).
std::size_t values_to_prove(const octal_code& code, std::size_t preperiod, std::size_t period);

// The periodicity shown by `values`, computed for `code`: the smallest preperiod, then the
// smallest period. A proven periodicity is preferred to one that is not (it is the true one,
// and every proven period shares its preperiod); an unproven one needs at least two whole
// periods after its preperiod. When no ordinary periodicity shows, an arithmetic one (a saltus
// above 0, which hexadecimal codes can have) is looked for, proven when the test of
// octal/hex_periodicity.hpp passes on the values. Empty when none shows. Takes time about linear in
// values.size() for the sequences octal games produce, seconds on millions of values: throws
// grundy::stopped within milliseconds of *stop turning true.
std::optional<periodicity> find_periodicity(const grundy_sequence& values, const octal_code& code,
                                            const std::atomic<bool>* stop = nullptr);

} // namespace grundy
