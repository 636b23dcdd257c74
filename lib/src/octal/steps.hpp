#pragma once
// What both engines share: the naive step and the driver that widens the storage as values grow.

#include <grundy/detail/work_meter.hpp>
#include <grundy/octal/moves.hpp>
#include <grundy/octal/sequence.hpp>

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

namespace grundy::detail {

// The number of bits the values use so far, never below 6 so that small games do not resize
// their buffers at every new value. Options' values are XORs of such values, so they stay
// below 2^bits, and a mex is at most 2^bits.
inline unsigned value_bits(grundy_value largest) noexcept {
  return std::max(6u, static_cast<unsigned>(std::bit_width(largest)));
}

// G(h) from every option of a heap of h tokens, or nothing once *stop is true. `seen` holds
// at least 2^bits + 1 bytes, where every value G(0..h-1) is below 2^bits. Allocates nothing;
// the splitting loops are the whole cost: about h/2 pairs per digit that leaves two heaps, and
// h^2/12 triples per digit that leaves three. The three-heap loop looks at the stop flag every
// few thousand triples, since one heap of 100,000 alone is billions of them; the two-heap loop
// only between digits, since no reachable heap makes one digit's pairs last a second.
template <class T>
std::optional<grundy_value> naive_step(const T* g, std::size_t h, const octal_moves& moves,
                                       std::uint8_t* seen, unsigned bits,
                                       const std::atomic<bool>* stop) noexcept {
  const std::size_t size = (std::size_t{1} << bits) + 1;
  std::memset(seen, 0, size);
  if (moves.vanishes(h)) seen[0] = 1;
  for (auto n : moves.one_heap)
    if (n < h) seen[g[h - n]] = 1;
  for (auto n : moves.two_heaps) {
    if (n + 2 > h) break; // the lists are in increasing n
    if (stop_requested(stop)) return std::nullopt;
    const std::size_t r = h - n;
    const T* hi = g + r;
    for (std::size_t a = 1; 2 * a <= r; ++a)
      seen[g[a] ^ hi[-static_cast<std::ptrdiff_t>(a)]] = 1;
  }
  work_meter meter;
  for (auto n : moves.three_heaps) {
    if (n + 3 > h) break;
    const std::size_t r = h - n;
    for (std::size_t a = 1; 3 * a <= r; ++a) {
      const grundy_value ga = g[a];
      for (std::size_t b = a; a + 2 * b <= r; ++b)
        seen[ga ^ g[b] ^ g[r - a - b]] = 1;
      if (meter.due((r - 3 * a) / 2 + 1) && stop_requested(stop)) return std::nullopt;
    }
  }
  return static_cast<grundy_value>(static_cast<const std::uint8_t*>(std::memchr(seen, 0, size)) - seen);
}

// No bulk steps: run_steps steps every heap.
struct no_bulk {
  template <class V> grundy_value operator()(V&, std::size_t) const noexcept { return 0; }
};

// Runs step(g, h) for h = values.size() .. count - 1, appending each value, at the storage's
// current width; after(g, h, value) sees every value once it is stored. A value too wide for
// the storage is appended after widening, and the loop resumes at the new width. The
// storage must already have room for `count` values at its width, so that `g` stays valid.
// Once *stop is true, or a step returns nothing (it saw the flag itself), the values stored
// so far stay and the rest are left: a later call continues from there with the same results.
// Before each heap, bulk(v, count) may append values itself, taken into account by then, at
// most `count` in all and within the storage's room; it returns the largest.
template <class Step, class After, class Bulk = no_bulk>
void run_steps(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop, Step&& step,
               After&& after, Bulk&& bulk = {}) {
  if (values.empty() && count > 0) {
    values.push_back(0); // no move from an empty heap
    values.visit([&](auto g) { after(g.data(), std::size_t{0}, grundy_value{0}); });
  }
  bool stopped = false;
  while (values.size() < count && !stopped) {
    const std::optional<grundy_value> too_wide = sequence_access::visit(values, [&](auto& v) {
      using T = typename std::decay_t<decltype(v)>::value_type;
      const T* g = v.data();
      grundy_value largest = 0;
      std::optional<grundy_value> wide;
      for (std::size_t h = v.size(); h < count; ++h) {
        largest = std::max(largest, bulk(v, count));
        if ((h = v.size()) >= count) break;
        const std::optional<grundy_value> x = stop_requested(stop) ? std::nullopt : step(g, h);
        if (!x) {
          stopped = true;
          break;
        }
        if (*x > std::numeric_limits<T>::max()) {
          wide = *x;
          break;
        }
        v.push_back(static_cast<T>(*x));
        largest = std::max(largest, *x);
        after(g, h, *x);
      }
      sequence_access::appended(values, largest);
      return wide;
    });
    if (too_wide) {
      const std::size_t h = values.size();
      values.push_back(*too_wide);
      values.reserve(count);
      values.visit([&](auto g) { after(g.data(), h, *too_wide); });
    }
  }
}

} // namespace grundy::detail
