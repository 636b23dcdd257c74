#include <grundy/detail/work_meter.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/periodicity.hpp>

#include <algorithm>
#include <bit>
#include <vector>

namespace grundy {

// A sufficient condition for arithmetic periodicity of an octal or hexadecimal code, derived
// here (Howse and Nowakowski, "Periodicity and arithmetic-periodicity in hexadecimal games",
// Theoret. Comput. Sci. 313 (2004), give a test of their own for these games; this one is
// proven below and its hypotheses are checked on the values).
//
// Let s = 2^m, p >= 1, a >= 0 and n0 >= a + p, and for a heap h let t(h) = 0 when h < a and
// floor((h - a) / p) otherwise. An option leaves pieces h_1..h_j (j <= 3); call it good when
// some piece h >= a (its designated piece) leaves the others with t-values of XOR 0. Suppose
//   (H1) G(h) < s for every h < a + p;
//   (H2) G(h + p) = G(h) + s for a <= h < n0 - p;
//   (H3) for n0 - p <= N < n0, every value below G(N) is the value of a good option of N;
//   (H4) for N = n0 - 2 and N = n0 - 1, every value below s is G(h0) for some move that removes
//        i tokens and leaves three heaps (h0, x, x) with h0 >= a;
//   (H5) for every residue r in [0, p), move (i tokens, j heaps), and split of the j pieces into
//        b >= 1 "big" residues r_1..r_b and j - b "small" heaps x_1.. in [1, a) with
//        r = i + sum(x) + (b - 1) a + sum(r_l), the XOR of G(a + r_l) and G(x_l) is not G(a + r).
// Then G(h + p) = G(h) + s for every h >= a.
//
// Proof, by induction on N >= n0, assuming G(h + p) = G(h) + s for a <= h < N - p and (H3) for
// n0 - p <= N' < N. By (H1) and induction every h < N has G(h) = t(h) s + R(h) with R(h) < s
// (R(h) = G(a + (h - a) mod p) for h >= a); as s is a power of two, XOR acts on the two parts
// separately.
// Lower bound: a good option of N - p with designated piece h and value v becomes, with h + p in
// place of h, an option of N (the same move on p more tokens); G(h + p) = G(h) + s as
// a <= h < N - p, and the other pieces XOR to some c < s, so its value is v + s, and it is good.
// With (H3) at N - p this gives every value in [s, G(N - p) + s) as a good option of N. Values
// below s: (h0, x, x) at N gives (h0, x + 1, x + 1) at N + 2, so (H4) holds for every N >= n0 - 2,
// and those options are good (t(x) XOR t(x) = 0). So every value below G(N - p) + s is the
// value of a good option of N, which is (H3) at N and G(N) >= G(N - p) + s.
// Upper bound: write N = a + t_N p + r and the big pieces h_l = a + t_l p + r_l. Summing the
// pieces, p (sum t_l - t_N) = r - i - sum(x) - (b - 1) a - sum(r_l) < p, so
// sum t_l <= t_N, with equality exactly when r = i + sum(x) + (b - 1) a + sum(r_l). The high
// part of the option's value is the XOR of the t_l, at most their sum; it reaches t_N only at
// that equality, where (H5) makes the low part differ from R(N). Options with no big piece
// have values below s <= t_N s (N >= a + p). So no option has value t_N s + R(N) =
// G(N - p) + s, and G(N) = G(N - p) + s.
//
// The test reads G(0..n0-1); it looks for the least n0 (H3) and (H4) allow, trying n0 up to a
// bound so that the cost of the check (quadratic in n0 for three-heap moves) stays small.
namespace {

std::size_t scan_limit(const octal_code& code, std::size_t a, std::size_t p) {
  return 4 * (a + p) + 8 * code.length() + 256;
}

} // namespace

std::optional<std::size_t> arithmetic_values_to_prove(const octal_code& code, const grundy_sequence& g,
                                                      const periodicity& period,
                                                      const std::atomic<bool>* stop) {
  const std::size_t a = period.preperiod, p = period.period;
  const grundy_value s = period.saltus;
  if (p == 0 || s == 0 || !std::has_single_bit(s) || code.splits_without_removing()) return std::nullopt;
  if (a + p > g.size()) return std::nullopt;
  // Each part reads up to millions of values or options: the meter looks at the stop flag.
  detail::work_meter meter;
  const auto count = [&](std::uint64_t work) {
    if (meter.stop_due(stop, work)) throw detail::period_search_interrupted();
  };
  for (std::size_t h = 0; h < a + p; ++h) { // (H1)
    count(1);
    if (g[h] >= s) return std::nullopt;
  }
  for (std::size_t h = a; h + p < g.size(); ++h) { // (H2), on every value computed
    count(1);
    if (g[h + p] != g[h] + s) return std::nullopt;
  }

  // (H5): a condition on residues and small heaps only.
  const std::size_t k = code.length();
  const auto R = [&](std::size_t r) { return g[a + r]; };
  for (std::size_t i = 1; i <= k; ++i) {
    const auto d = code.digit(i);
    for (int j = 1; j <= 3; ++j) {
      if (!(d & (1u << j))) continue;
      for (int b = 1; b <= j; ++b) {
        // Small heaps: j - b of them in [1, a), as an ordered tuple (order does not matter).
        const int smalls = j - b;
        const std::size_t lo = 1, hi = a; // x in [lo, hi)
        if (smalls > 0 && a <= 1) continue;
        std::vector<std::size_t> xs(static_cast<std::size_t>(smalls), lo);
        for (;;) {
          count(1);
          std::size_t sum = i + static_cast<std::size_t>(b - 1) * a;
          grundy_value c = 0;
          for (const auto x : xs) {
            sum += x;
            c ^= g[x];
          }
          for (std::size_t r = sum; r < p; ++r) {
            const std::size_t rem = r - sum; // = r_1 + .. + r_b
            count(b == 1 ? 1 : b == 2 ? rem + 1 : (rem + 1) * (rem + 1));
            const auto bad = [&](grundy_value x) { return (x ^ c) == R(r); };
            if (b == 1) {
              if (rem < p && bad(R(rem))) return std::nullopt;
            } else if (b == 2) {
              for (std::size_t r1 = 0; r1 <= rem; ++r1)
                if (rem - r1 < p && r1 < p && bad(R(r1) ^ R(rem - r1))) return std::nullopt;
            } else {
              for (std::size_t r1 = 0; r1 <= rem && r1 < p; ++r1)
                for (std::size_t r2 = 0; r1 + r2 <= rem && r2 < p; ++r2)
                  if (rem - r1 - r2 < p && bad(R(r1) ^ R(r2) ^ R(rem - r1 - r2))) return std::nullopt;
            }
          }
          // Next tuple of small heaps.
          std::size_t l = 0;
          while (l < xs.size() && ++xs[l] == hi)
            xs[l++] = lo;
          if (l == xs.size()) break;
        }
      }
    }
  }

  // (H3) and (H4), scanning N upwards for p consecutive heaps passing (H3), ending at n0 - 1,
  // with (H4) at n0 - 2 and n0 - 1.
  const auto t = [&](std::size_t h) -> std::size_t { return h < a ? 0 : (h - a) / p; };
  const heap_rule rule(code);
  std::vector<char> seen;
  const auto good_values_cover = [&](std::size_t n) {
    const auto below = static_cast<std::size_t>(g[n]);
    seen.assign(below, 0);
    rule.for_each_option(static_cast<heap_size>(n), [&](std::span<const heap_size> pieces) {
      count(1);
      grundy_value v = 0;
      std::size_t all_t = 0;
      for (const auto h : pieces) {
        v ^= g[h];
        all_t ^= t(h);
      }
      if (v >= below || seen[v]) return;
      for (const auto h : pieces)
        if (h >= a && (all_t ^ t(h)) == 0) {
          seen[v] = 1;
          return;
        }
    });
    return std::all_of(seen.begin(), seen.end(), [](char c) { return c != 0; });
  };
  const auto pairs_cover = [&](std::size_t n) {
    seen.assign(s, 0);
    for (std::size_t i = 1; i <= k && i < n; ++i) {
      if (!(code.digit(i) & octal_bits::three_heaps)) continue;
      count(n);
      for (std::size_t h0 = std::max<std::size_t>(a, 1); h0 + 2 + i <= n; ++h0)
        if ((n - i - h0) % 2 == 0 && g[h0] < s) seen[g[h0]] = 1;
    }
    return std::all_of(seen.begin(), seen.end(), [](char c) { return c != 0; });
  };
  const std::size_t limit = std::min(g.size(), scan_limit(code, a, p));
  std::size_t run = 0; // consecutive heaps before N passing (H3)
  for (std::size_t n = a; n < limit; ++n) {
    run = good_values_cover(n) ? run + 1 : 0;
    const std::size_t n0 = n + 1;
    if (run >= p && n0 >= a + p && n0 >= 2 && pairs_cover(n0 - 2) && pairs_cover(n0 - 1)) return n0;
  }
  return std::nullopt;
}

} // namespace grundy
