#pragma once
// The sparse engine's hot loops: marking the options of a block of heaps, and reading a
// heap's row of marks. Header-only, so that each is inlined into the loop that calls it and
// compiled once per layout of the rows.

#include <grundy/labelling.hpp>

#include "pairs.hpp"
#include "sparse_tuning.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace grundy::detail::sparse {

// One row of marks per heap: every value below 2^bits, the mex 2^bits itself (no option
// reaches it, so it is where the search for the candidate stops at the latest), and slack
// for list_wanted's eight-byte reads that keeps the rows whole cache lines.
constexpr std::size_t row_bytes(unsigned bits) { return (std::size_t{1} << bits) + 64; }

// Heaps marked together. The block pass stores into every row at once, so the rows must stay
// in the first-level cache beside the window of values the rare heaps read (about 40 KB for
// Officers, whose values take two bytes): sixteen rows of 576 bytes do, twenty already do
// not, and neither would sixteen of 2 KB. One-byte values go 32 to a block, half a cache line.
constexpr std::size_t lanes_for(unsigned bits) {
  return bits <= 8 ? 32 : bits <= 9 ? 16 : bits <= 11 ? 8 : 4;
}
static_assert(lanes_for(0) <= max_lanes);

// GCC turns `base - heaps[j]` plus each lane's offset into one index register per lane, and
// narrows x ^ y back to the value type after the XOR: one or two extra instructions per
// option in the engine's hottest loops. Passing the pointer and the value through an empty
// asm statement hides where they come from and keeps the three-instruction form below.
template <class V> V opaque(V v) noexcept {
#if defined(__GNUC__)
  asm("" : "+r"(v));
#endif
  return v;
}

// The hot loop of the engine. Heap N+i (row i) and a heap a of value x leave the pair
// (a, N+i-n-a) whose value is x ^ other[i], other = g + N - n - a. For a fixed a the Lanes
// loads are contiguous and the stores go to Lanes different rows: three instructions per
// option (load, xor, store with the row's offset built in), against five when each heap walks
// the list on its own. Row and Lanes are constants so that the offsets are too.
template <std::size_t Row, std::size_t Lanes, class T>
void mark_lanes(std::uint8_t* rows, const T* other, std::uint32_t x) noexcept {
#pragma GCC unroll 32
  for (std::size_t i = 0; i < Lanes; ++i) {
    const std::uint32_t y = other[i];
    rows[i * Row + (x ^ y)] = 1;
  }
}

// The rare heaps' pairs for every heap of the block; base = g + N - n. Codes with two
// splitting moves (0.376: n = 2 and 3) have their pairs marked in the same pass: the second
// move reads the values next to those the first one just loaded.
template <std::size_t Row, std::size_t Lanes, class T>
void mark_rows(std::uint8_t* rows, const T* base, const T* second, const std::uint32_t* heaps,
               const grundy_value* values, std::size_t count) noexcept {
  for (std::size_t j = 0; j < count; ++j) {
    mark_lanes<Row, Lanes>(rows, opaque(base - heaps[j]), opaque(std::uint32_t{values[j]}));
    if (second) mark_lanes<Row, Lanes>(rows, opaque(second - heaps[j]), opaque(std::uint32_t{values[j]}));
  }
}

// The same for the pairs of the heaps a in [from, to), the proof's first pairs.
template <std::size_t Row, std::size_t Lanes, class T>
void mark_range(std::uint8_t* rows, const T* g, const T* base, std::size_t from, std::size_t to) noexcept {
  for (std::size_t a = from; a < to; ++a)
    mark_lanes<Row, Lanes>(rows, opaque(base - a), opaque(std::uint32_t{g[a]}));
}

// A heap's row before any pair is marked: 2 for the values v with parity(v & mask) ==
// `wanted_parity`, which pairs of two common or two rare heaps reach too, so that a proof must
// find them; 0 for the others, the candidates, which only pairs with a rare heap reach, and for
// 2^bits. Options' values are below 2^bits, so the mex is at most 2^bits, and 2^bits is a
// candidate whatever its parity: left at 2, a row whose candidates below 2^bits were all
// reached had no 0 at all when the mask has no bit below 64 (0.371: 448), and the search for
// the candidate ran off it. `row` holds row_bytes(bits) bytes.
inline void fill_pattern(std::uint8_t* row, unsigned bits, std::uint32_t mask,
                         unsigned wanted_parity) noexcept {
  std::memset(row, 0, row_bytes(bits));
  for (std::size_t v = 0; v < (std::size_t{1} << bits); ++v)
    if (parity(static_cast<std::uint32_t>(v) & mask) == wanted_parity) row[v] = 2;
}

// The first unreached value of the candidates in a heap's row (0 marks), the candidate: at
// most 2^bits, which no option reaches.
inline grundy_value first_candidate(const std::uint8_t* seen, unsigned bits) noexcept {
  return static_cast<grundy_value>(
      static_cast<const std::uint8_t*>(std::memchr(seen, 0, (std::size_t{1} << bits) + 1)) - seen);
}

// Writes to `wanted` the values below the candidate marked 2 in `seen`, and returns how many.
// The marks are bytes 0, 1 or 2, so eight at a time, bit 1 of each byte says whether it is 2.
inline std::size_t list_wanted(grundy_value* wanted, const std::uint8_t* seen,
                               grundy_value candidate) noexcept {
  std::size_t count = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (grundy_value base = 0; base < candidate; base += 8) {
      std::uint64_t word;
      std::memcpy(&word, seen + base, sizeof word); // within the row: base < candidate < row_
      std::uint64_t twos = (word >> 1) & 0x0101010101010101u;
      if (candidate - base < 8) twos &= (std::uint64_t{1} << (8 * (candidate - base))) - 1;
      for (; twos; twos &= twos - 1)
        wanted[count++] = base + static_cast<grundy_value>(std::countr_zero(twos) / 8);
    }
  } else {
    for (grundy_value v = 0; v < candidate; ++v) {
      wanted[count] = v;
      count += seen[v] == 2;
    }
  }
  return count;
}

// The values below `candidate` (at most wanted_bits::limit) that `row` marks 2, into `wanted`.
// With AVX-512, 64 marks a compare: the helper sets up a proof for every heap of its blocks.
#ifdef GRUNDY_PAIRS_AVX512
GRUNDY_AVX512_TARGET inline void wanted_from_row(wanted_bits& wanted, const std::uint8_t* row,
                                                 grundy_value candidate) noexcept {
  const __m512i two = _mm512_set1_epi8(2);
  for (grundy_value base = 0; base < candidate; base += 64) {
    std::uint64_t mask = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(row + base), two);
    if (candidate - base < 64) mask &= (std::uint64_t{1} << (candidate - base)) - 1;
    std::memcpy(wanted.words + base / 16, &mask, sizeof mask); // words are little-endian bits
    wanted.count += static_cast<std::size_t>(std::popcount(mask));
  }
}
#endif

// A word of packed marks that the other thread may be writing (see prove_ahead): an atomic
// load, a plain one on the processors this runs on.
inline std::uint64_t load_bits(std::uint64_t& word) noexcept {
  return std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed);
}

// A row's marks as bits, for handing a block over to the other thread: the values a row
// marks as reached (bytes equal to 1) become the bits set in `words` words of 64, one cache
// line for Officers' 512 values where the row takes nine. The other thread reads that line
// instead of taking the row's lines over from this core, and ORs it into a row of its own.
#ifdef GRUNDY_PAIRS_AVX512
GRUNDY_AVX512_TARGET inline void pack_row_avx512(std::uint64_t* bits, const std::uint8_t* row,
                                                 std::size_t words) noexcept {
  const __m512i one = _mm512_set1_epi8(1);
  for (std::size_t w = 0; w < words; ++w)
    bits[w] = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(row + 64 * w), one);
}
GRUNDY_AVX512_TARGET inline void unpack_row_avx512(std::uint8_t* row, std::uint64_t* bits,
                                                   std::size_t words) noexcept {
  const __m512i one = _mm512_set1_epi8(1);
  for (std::size_t w = 0; w < words; ++w)
    _mm512_mask_storeu_epi8(row + 64 * w, load_bits(bits[w]), one);
}
#endif

// `vector`: with AVX-512 where the processor has it (tests turn it off to check the rest).
inline void pack_row(std::uint64_t* bits, const std::uint8_t* row, std::size_t words, bool vector) noexcept {
#ifdef GRUNDY_PAIRS_AVX512
  if (vector && has_avx512()) return pack_row_avx512(bits, row, words);
#endif
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < 8; ++k) {
      std::uint64_t x = 0;
      for (std::size_t i = 0; i < 8; ++i) // bytes 0, 1 or 2: bit 0 of each says 1
        x |= std::uint64_t{row[64 * w + 8 * k + i] == 1} << (8 * i);
      word |= ((x * 0x0102040810204080u) >> 56) << (8 * k); // bit i = byte i
    }
    bits[w] = word;
  }
}

// Bit i of a byte b as byte i of spread_bits[b]: without AVX-512, a row is unpacked eight marks
// a load and a store, where a store per mark cost 3.6% of a distributed run's time.
inline constexpr auto spread_bits = [] {
  std::array<std::uint64_t, 256> t{};
  for (std::size_t b = 0; b < 256; ++b)
    for (std::size_t i = 0; i < 8; ++i)
      if ((b >> i) & 1) t[b] |= std::uint64_t{1} << (8 * i);
  return t;
}();

inline void unpack_row(std::uint8_t* row, std::uint64_t* bits, std::size_t words, bool vector) noexcept {
#ifdef GRUNDY_PAIRS_AVX512
  if (vector && has_avx512()) return unpack_row_avx512(row, bits, words);
#endif
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t word = load_bits(bits[w]);
    for (std::uint8_t* eight = row + 64 * w; word; word >>= 8, eight += 8) {
      const std::uint64_t ones = spread_bits[word & 0xFF];
      if (!ones) continue;
      std::uint64_t marks;
      std::memcpy(&marks, eight, sizeof marks);
      marks = (marks & ~(ones * 0xFF)) | ones; // the marked bytes become 1, the others stay
      std::memcpy(eight, &marks, sizeof marks);
    }
  }
}

// A heap's proof with the pairs looked up one by one: the values of the other parity below
// the candidate that no marked pair reached, sought in pairs scanned from both ends of a
// range. Pairs of small heaps and pairs of two middle-sized heaps reach different values, and
// one end often ends the proof. Where the values fit in 9 bits and the processor has AVX-512,
// seek_wanted below looks them up 32 at a time instead.
class pair_proof {
public:
  // Starts the proof of `candidate` from `seen`, a row of 2^bits marks or more; false when
  // nothing is wanted.
  bool start(const std::uint8_t* seen, unsigned bits, grundy_value candidate) {
    wanted_.resize(std::size_t{1} << bits);
    count_ = list_wanted(wanted_.data(), seen, candidate);
    return count_ > 0;
  }

  // Drops the values reached from those wanted; true when none is left.
  bool settled(const std::uint8_t* seen) noexcept {
    const auto reached = [seen](grundy_value v) { return seen[v] == 1; };
    count_ = static_cast<std::size_t>(std::remove_if(wanted_.data(), wanted_.data() + count_, reached) -
                                      wanted_.data());
    return count_ == 0;
  }

  // Marks the pairs (a, m - a), a in [low, high), a chunk from each end in turn (chunks
  // growing from first_chunk to last_chunk), checking what is still wanted after each round.
  // Stops once nothing is; returns the pairs scanned.
  template <class T>
  std::size_t seek(const T* g, std::size_t m, std::size_t low, std::size_t high, std::uint8_t* seen) {
    std::size_t scanned = 0;
    for (std::size_t chunk = first_chunk; count_ > 0 && low < high; chunk = std::min(2 * chunk, last_chunk)) {
      const std::size_t up = std::min(chunk, high - low);
      for (const std::size_t end = low + up; low < end; ++low)
        seen[g[low] ^ g[m - low]] = 1;
      const std::size_t down = std::min(chunk, high - low);
      for (const std::size_t end = high - down; high > end;) {
        --high;
        seen[g[high] ^ g[m - high]] = 1;
      }
      scanned += up + down;
      settled(seen);
    }
    return scanned;
  }

  bool open() const noexcept { return count_ > 0; }
  // After every pair: the least value wanted is the mex.
  grundy_value least() const noexcept { return wanted_[0]; }

private:
  std::vector<grundy_value> wanted_;
  std::size_t count_ = 0;
};

#ifdef GRUNDY_PAIRS_AVX512
// Looks for the values of `wanted` in the pairs (a, r - a), a in [low, high), at most `budget`
// of them, a chunk at each end in turn (chunks growing from first_chunk to last_chunk), the
// range shrinking as it goes; each value found is marked in `seen` and taken from `wanted`.
// Stops once nothing is wanted; returns the pairs looked at. The pairs are looked up 32 at a
// time (detail::find_wanted), the last few of a chunk one by one.
template <class T>
std::size_t seek_wanted(const T* g, std::size_t r, std::size_t& low, std::size_t& high, std::size_t budget,
                        detail::wanted_bits& wanted, std::uint8_t* seen) noexcept {
  std::size_t pairs = 0;
  const auto search = [&](std::size_t from, std::size_t to) {
    std::size_t a = detail::find_wanted(g, r, from, to, wanted, seen);
    for (; a < to && wanted.count > 0; ++a) {
      const grundy_value v = grundy_value{g[a]} ^ g[r - a];
      if (wanted.take(v)) seen[v] = 1;
    }
    pairs += a - from;
  };
  for (std::size_t chunk = first_chunk; wanted.count > 0 && low < high && budget > 0;
       chunk = std::min(2 * chunk, last_chunk)) {
    const std::size_t up = std::min({chunk, high - low, budget});
    search(low, low + up);
    low += up;
    budget -= up;
    if (wanted.count == 0) break;
    const std::size_t down = std::min({chunk, high - low, budget});
    search(high - down, high);
    high -= down;
    budget -= down;
  }
  return pairs;
}
#endif

// Calls f(Row, Lanes) with the layout of rows for values below 2^bits as compile-time
// constants, so that the marking loops above are compiled once per layout.
template <class F> void with_layout(unsigned bits, F&& f) {
  using std::integral_constant;
  switch (bits) {
  case 6:
    return f(integral_constant<std::size_t, row_bytes(6)>{}, integral_constant<std::size_t, lanes_for(6)>{});
  case 7:
    return f(integral_constant<std::size_t, row_bytes(7)>{}, integral_constant<std::size_t, lanes_for(7)>{});
  case 8:
    return f(integral_constant<std::size_t, row_bytes(8)>{}, integral_constant<std::size_t, lanes_for(8)>{});
  case 9:
    return f(integral_constant<std::size_t, row_bytes(9)>{}, integral_constant<std::size_t, lanes_for(9)>{});
  case 10:
    return f(integral_constant<std::size_t, row_bytes(10)>{},
             integral_constant<std::size_t, lanes_for(10)>{});
  case 11:
    return f(integral_constant<std::size_t, row_bytes(11)>{},
             integral_constant<std::size_t, lanes_for(11)>{});
  default:
    return f(integral_constant<std::size_t, row_bytes(12)>{},
             integral_constant<std::size_t, lanes_for(12)>{});
  }
}

} // namespace grundy::detail::sparse
