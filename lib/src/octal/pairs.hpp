#pragma once
// The sparse engine's proofs: scanning the pairs (a, r - a) of one heap for a few wanted values.

#include <grundy/labelling.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define GRUNDY_PAIRS_AVX512 1
#endif

namespace grundy::detail {

// Values below 512 still to be reached, one bit each: the vector scan looks a pair's value up
// here with two instructions, however many values are wanted.
struct wanted_bits {
  static constexpr grundy_value limit = 512;

  alignas(64) std::uint16_t words[limit / 16] = {};
  std::size_t count = 0;

  // Values from `limit` on are left out: no pair of values below 512 reaches them.
  void add(grundy_value v) noexcept {
    if (v >= limit) return;
    words[v >> 4] = static_cast<std::uint16_t>(words[v >> 4] | (1u << (v & 15)));
    ++count;
  }
  // Clears v and returns true if it was wanted.
  bool take(grundy_value v) noexcept {
    if (v >= limit || !(words[v >> 4] >> (v & 15) & 1u)) return false;
    words[v >> 4] = static_cast<std::uint16_t>(words[v >> 4] & ~(1u << (v & 15)));
    --count;
    return true;
  }
};

#ifdef GRUNDY_PAIRS_AVX512

#define GRUNDY_AVX512_TARGET __attribute__((target("avx512f,avx512bw")))

inline bool has_avx512() noexcept {
  static const bool supported = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
  return supported;
}

GRUNDY_AVX512_TARGET inline __m512i load_values(const std::uint8_t* p) noexcept {
  return _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}
GRUNDY_AVX512_TARGET inline __m512i load_values(const std::uint16_t* p) noexcept {
  return _mm512_loadu_si512(p);
}

// Takes the values of the lanes `hits` of `values` out of `wanted` and of its copy `table`
// (updated in the register: reloading it from memory right after the scalar stores would
// wait for them), marking them in `seen`. Returns true when nothing is wanted any more.
GRUNDY_AVX512_TARGET inline bool take_lanes(__m512i values, __mmask32 hits, wanted_bits& wanted,
                                            std::uint8_t* seen, __m512i& table) noexcept {
  for (; hits; hits &= hits - 1) {
    const __m512i lane = _mm512_set1_epi16(static_cast<short>(std::countr_zero(hits)));
    const auto v =
        static_cast<grundy_value>(_mm512_cvtsi512_si32(_mm512_permutexvar_epi16(lane, values)) & 0xFFFF);
    if (!wanted.take(v)) continue; // a lane before had the same value
    seen[v] = 1;
    // The bit is set in table as in wanted (they change together): XOR clears it.
    const __m512i bit = _mm512_set1_epi16(static_cast<short>(1u << (v & 15)));
    table =
        _mm512_mask_mov_epi16(table, static_cast<__mmask32>(1u << (v >> 4)), _mm512_xor_si512(bit, table));
  }
  return wanted.count == 0;
}

// Scans the pairs (a, r - a), a in [from, to), 32 at a time, for the values of `wanted`
// (all below 512): marks seen[v] = 1 and clears v from `wanted` for each one found. The pairs'
// values are the XOR of 32 values loaded in order and 32 loaded in reverse order (a vpermw
// turns them round); vpermw again fetches each value's word of the bitmap and a variable
// shift its bit, so a vector costs the same however many values are wanted. Returns the
// first a not scanned: `to` or less, when the last wanted value turned up; the last few pairs
// (fewer than 32) are left to the caller.
template <class T>
GRUNDY_AVX512_TARGET std::size_t find_wanted(const T* g, std::size_t r, std::size_t from, std::size_t to,
                                             wanted_bits& wanted, std::uint8_t* seen) noexcept {
  const __m512i reverse = _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                                           19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const __m512i low4 = _mm512_set1_epi16(15);
  const __m512i one = _mm512_set1_epi16(1);
  __m512i table = _mm512_load_si512(wanted.words);
  for (std::size_t a = from; a + 32 <= to; a += 32) {
    const __m512i x = load_values(g + a);
    const __m512i y = _mm512_permutexvar_epi16(reverse, load_values(g + (r - a - 31)));
    const __m512i v = _mm512_xor_si512(x, y);
    const __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(v, 4), table);
    const __mmask32 hits = _mm512_test_epi16_mask(_mm512_srlv_epi16(word, _mm512_and_si512(v, low4)), one);
    if (hits != 0 && take_lanes(v, hits, wanted, seen, table)) return a + 32;
  }
  return from + (to - from) / 32 * 32;
}

#endif

} // namespace grundy::detail
