#include <grundy/octal/sparse.hpp>

#include "steps.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <limits>

namespace grundy {

namespace {

// The first split is chosen once this many values are known: before, naive steps are cheap
// and the counts too few to tell rare values from common ones.
constexpr std::size_t first_review = 2048;

// Values beyond 2^12 mean a game whose values keep growing, where no split of the values
// stays sparse; the engine stops counting them and takes naive steps.
constexpr unsigned max_split_bits = 12;

// A split pays when the rare heaps are at most this fraction of all heaps: a sparse step then
// enumerates at most a quarter of the pairs of a naive one before its (usually short) proof.
constexpr std::size_t max_rare_fraction = 4;

// The proof of a candidate looks at this many pairs in order first, ...
constexpr std::size_t probe_pairs = 64;
// ... then aims at the values still missing with pairs made of one of this many most frequent
// values and one of the first heaps of the matching value, this many tries for each.
constexpr std::size_t frequent_values = 12;
constexpr std::size_t witness_tries = 32;
// A full proof checks the values still wanted after every this many pairs.
constexpr std::size_t scan_block = 256;
// Heaps remembered for each value, to pair with frequent ones.
constexpr std::size_t remembered_heaps = 1024;

unsigned parity(std::uint32_t x) noexcept { return static_cast<unsigned>(std::popcount(x)) & 1u; }

// In place: w[m] becomes the sum over v of w[v] * (-1)^popcount(v & m).
void walsh_hadamard(std::vector<std::int64_t>& w) {
  for (std::size_t len = 1; len < w.size(); len <<= 1)
    for (std::size_t i = 0; i < w.size(); i += 2 * len)
      for (std::size_t j = i; j < i + len; ++j) {
        const auto a = w[j], b = w[j + len];
        w[j] = a + b;
        w[j + len] = a - b;
      }
}

} // namespace

sparse_engine::sparse_engine(const octal_code& code, const sparse_options& options)
    : moves_(code), options_(options) {
  if (!moves_.two_heaps.empty()) {
    split_parity_ = moves_.two_heaps.front() & 1u;
    parity_allowed_ = std::all_of(moves_.two_heaps.begin(), moves_.two_heaps.end(),
                                  [&](std::uint32_t n) { return (n & 1u) == split_parity_; });
  }
  rare_below_.assign(moves_.two_heaps.size(), 0);
  next_review_ = first_review;
  if (options_.fixed_split) {
    split_ = *options_.fixed_split;
    if (split_.heap_parity && !parity_allowed_) split_ = {};
    fit(split_.mask);
  }
  fit(0);
}

bool sparse_engine::is_rare(std::size_t h, grundy_value g) const noexcept {
  if (split_.mask == 0) return false;
  const unsigned want = split_.heap_parity ? static_cast<unsigned>((h - split_parity_) & 1u) : 0u;
  return parity(g & split_.mask) == want;
}

void sparse_engine::fit(grundy_value largest) {
  const unsigned bits =
      std::max(detail::value_bits(largest), static_cast<unsigned>(std::bit_width(split_.mask)));
  if (bits <= bits_ && !seen_.empty()) return;
  bits_ = std::max(bits, bits_);
  seen_.assign(std::size_t{2} << bits_, 0);
  hits_.assign(seen_.size(), 0);
  if (bits_ > max_split_bits) {
    counting_ = false;
    counts_[0] = {};
    counts_[1] = {};
    positions_ = {};
    frequent_.clear();
  } else {
    counts_[0].resize(std::size_t{1} << bits_, 0);
    counts_[1].resize(std::size_t{1} << bits_, 0);
  }
  build_patterns();
}

void sparse_engine::build_patterns() {
  for (unsigned e = 0; e < 2; ++e) {
    pattern_[e].assign(seen_.size(), 0);
    if (split_.mask == 0) continue;
    for (std::size_t v = 0; v < pattern_[e].size(); ++v)
      if (parity(static_cast<std::uint32_t>(v) & split_.mask) == e) pattern_[e][v] = 2;
  }
}

// A sparse step marks seen_[v] = 1 for every value reached. Before it, seen_ is a copy of
// pattern_[e]: 0 for values of the parity only pairs with a rare heap can reach (known
// completely once those pairs are enumerated), 2 for values of parity e, which pairs of two
// common heaps reach too and which are therefore known only once a pair is found.
template <class T> grundy_value sparse_engine::step(const T* g, std::size_t h) {
  if (split_.mask == 0 || moves_.two_heaps.empty() || !moves_.three_heaps.empty()) {
    ++statistics_.naive_steps;
    return detail::naive_step(g, h, moves_, seen_.data(), bits_);
  }
  ++statistics_.sparse_steps;
  const unsigned e = split_.heap_parity ? static_cast<unsigned>((h - split_parity_) & 1u) : 0u;
  std::uint8_t* seen = seen_.data();
  const std::size_t size = seen_.size();
  std::memcpy(seen, pattern_[e].data(), size);
  if (moves_.vanishes(h)) seen[0] = 1;
  for (auto n : moves_.one_heap)
    if (n < h) seen[g[h - n]] = 1;

  // Every pair with a rare heap: the rare heap's value (kept beside it, so one load fewer)
  // against the value of the rest. With two splitting moves, as in most codes that matter,
  // both are done in one pass over the rare heaps.
  const std::uint32_t* rare = rare_.data();
  const grundy_value* rare_value = rare_values_.data();
  const std::size_t rare_count = rare_.size();
  const std::size_t splits = moves_.two_heaps.size();
  bool all_split = true;
  for (std::size_t k = 0; k < splits; ++k) {
    const std::size_t n = moves_.two_heaps[k];
    if (n + 2 > h) {
      all_split = false;
      break;
    }
    std::size_t end = rare_below_[k];
    while (end < rare_count && rare[end] < h - n)
      ++end;
    rare_below_[k] = end;
  }
  std::size_t done = 0;
  if (all_split && splits == 2) {
    // rare_below_[1] <= rare_below_[0]: the second move removes more.
    const T* m0 = g + (h - moves_.two_heaps[0]);
    const T* m1 = g + (h - moves_.two_heaps[1]);
    done = rare_below_[1];
    for (std::size_t i = 0; i < done; ++i) {
      const auto a = static_cast<std::ptrdiff_t>(rare[i]);
      const grundy_value x = rare_value[i];
      seen[x ^ m0[-a]] = 1;
      seen[x ^ m1[-a]] = 1;
    }
  }
  for (std::size_t k = 0; k < splits; ++k) {
    const std::size_t n = moves_.two_heaps[k];
    if (n + 2 > h) break;
    const T* mirror = g + (h - n);
    const std::size_t end = rare_below_[k];
    for (std::size_t i = done; i < end; ++i)
      seen[rare_value[i] ^ mirror[-static_cast<std::ptrdiff_t>(rare[i])]] = 1;
  }

  const auto candidate =
      static_cast<grundy_value>(static_cast<const std::uint8_t*>(std::memchr(seen, 0, size)) - seen);
  auto missing = static_cast<std::size_t>(std::count(seen, seen + candidate, std::uint8_t{2}));
  if (missing == 0) return candidate;

  // The proof. First the pairs with the smallest heaps, whose values vary most: they reach
  // most of the missing values within a few dozen pairs.
  const auto reach = [&](grundy_value v) {
    if (v < candidate && seen[v] == 2) {
      seen[v] = 1;
      --missing;
    }
  };
  if (moves_.two_heaps.front() + 2 <= h) {
    const std::size_t r = h - moves_.two_heaps.front();
    const std::size_t last = std::min(r / 2, probe_pairs);
    for (std::size_t a = 1; a <= last && missing; ++a)
      reach(g[a] ^ g[r - a]);
    statistics_.proof_pairs += last;
  }
  // Then a witness for each value still missing, aimed at the most frequent values; in games
  // where such witnesses are seldom found (their values drift), only a sample of heaps keeps
  // measuring whether they pay.
  if (missing != 0 && (witnesses_pay_ || h % 16 == 0)) {
    ++witness_searches_;
    for (grundy_value v = 0; v < candidate && missing; ++v)
      if (seen[v] == 2) {
        if (!find_witness(g, h, v)) break;
        seen[v] = 1;
        --missing;
      }
    if (missing != 0) ++witness_failures_;
  }
  if (missing == 0) return candidate;

  // Every pair, until the values below the candidate are all reached or shown not to be.
  // The pairs are marked without a test, as in a naive step, in blocks; the values still
  // wanted (a handful by now) are checked between blocks.
  ++statistics_.full_scans;
  wanted_.clear();
  for (grundy_value v = 0; v < candidate; ++v)
    if (seen[v] == 2) wanted_.push_back(v);
  std::uint8_t* hit = hits_.data();
  std::memset(hit, 0, size);
  for (auto n : moves_.two_heaps) {
    if (n + 2 > h) break;
    const std::size_t r = h - n;
    const T* mirror = g + r;
    for (std::size_t a = 1; 2 * a <= r;) {
      const std::size_t last = std::min(r / 2, a + scan_block - 1);
      for (; a <= last; ++a)
        hit[g[a] ^ mirror[-static_cast<std::ptrdiff_t>(a)]] = 1;
      std::erase_if(wanted_, [hit](grundy_value v) { return hit[v] != 0; });
      if (wanted_.empty()) {
        statistics_.proof_pairs += a;
        return candidate;
      }
    }
    statistics_.proof_pairs += r / 2;
  }
  return wanted_.front(); // the least value below the candidate that no option has
}

// A pair (a, r - a) of values x ^ y and y reaches v = x. Taking y among the most frequent
// values and a among the first heaps of value v ^ y, each try succeeds with the frequency of y
// (often 5 to 20%), while a pair taken in order reaches v only with the frequency of v among
// all pairs' values, which can be a thousand times lower.
template <class T> bool sparse_engine::find_witness(const T* g, std::size_t h, grundy_value v) {
  for (auto n : moves_.two_heaps) {
    if (n + 2 > h) break;
    const std::size_t r = h - n;
    for (const grundy_value y : frequent_) {
      const grundy_value x = y ^ v;
      if (x >= positions_.size()) continue;
      const auto& heaps = positions_[x];
      const std::size_t tries = std::min(heaps.size(), witness_tries);
      for (std::size_t k = 0; k < tries && heaps[k] < r; ++k)
        if (g[r - heaps[k]] == y) {
          statistics_.proof_pairs += k + 1;
          return true;
        }
      statistics_.proof_pairs += tries;
    }
  }
  return false;
}

template <class T> void sparse_engine::after(const T* g, std::size_t h, grundy_value x) {
  seen_values_ = h + 1;
  if (x >> bits_) fit(x);
  if (h == 0) return;
  if (counting_) {
    ++counts_[h & 1u][x];
    if (x >= positions_.size()) positions_.resize(std::size_t{1} << bits_);
    if (positions_[x].size() < remembered_heaps) positions_[x].push_back(static_cast<std::uint32_t>(h));
  }
  if (split_.mask != 0 && is_rare(h, x)) {
    rare_.push_back(static_cast<std::uint32_t>(h));
    rare_values_.push_back(x);
  }
  // A split that was good can turn bad: review early when most new heaps are rare.
  const bool drifting =
      split_.mask != 0 && 2 * (rare_.size() - review_rare_) > (h + 1 - review_count_) + 1024;
  if (h + 1 >= next_review_ || (drifting && !options_.fixed_split)) review(g, h + 1);
}

template <class T> void sparse_engine::review(const T* g, std::size_t count) {
  ++statistics_.reviews;
  next_review_ = count + std::max<std::size_t>(count / 4, 1);
  review_count_ = count;
  review_rare_ = rare_.size();
  if (witness_searches_ >= 64) {
    witnesses_pay_ = 2 * witness_failures_ < witness_searches_;
    witness_searches_ = witness_failures_ = 0;
  }
  if (counting_) {
    std::vector<std::pair<std::uint64_t, grundy_value>> by_count;
    for (std::size_t v = 0; v < counts_[0].size(); ++v)
      if (counts_[0][v] + counts_[1][v] > 0)
        by_count.emplace_back(counts_[0][v] + counts_[1][v], static_cast<grundy_value>(v));
    const auto top = std::min(by_count.size(), frequent_values);
    std::partial_sort(by_count.begin(), by_count.begin() + static_cast<std::ptrdiff_t>(top), by_count.end(),
                      std::greater<>());
    frequent_.clear();
    for (std::size_t k = 0; k < top; ++k)
      frequent_.push_back(by_count[k].second);
  }
  if (options_.fixed_split) return;
  if (!counting_ || moves_.two_heaps.empty() || !moves_.three_heaps.empty()) {
    use_split(g, count, {});
    return;
  }
  const std::size_t size = std::size_t{1} << bits_;
  std::array<std::vector<std::int64_t>, 2> w;
  for (unsigned q = 0; q < 2; ++q) {
    w[q].assign(counts_[q].begin(), counts_[q].begin() + static_cast<std::ptrdiff_t>(size));
    walsh_hadamard(w[q]);
  }
  // w[q][0] is the number of heaps of parity q; heaps 1..count-1 in all.
  const std::int64_t heaps = w[0][0] + w[1][0];
  rare_split best{};
  std::int64_t best_rare = std::numeric_limits<std::int64_t>::max();
  for (std::uint32_t m = 1; m < size; ++m) {
    // Plain split: rare heaps are those whose value has an even parity under m.
    const std::int64_t plain = (heaps + w[0][m] + w[1][m]) / 2;
    if (plain < best_rare) best = {m, false}, best_rare = plain;
    if (parity_allowed_) {
      // Heaps h with h - n even are rare at even parity, the others at odd parity.
      const auto& even = w[split_parity_];
      const auto& odd = w[split_parity_ ^ 1u];
      const std::int64_t mixed = (heaps + even[m] - odd[m]) / 2;
      if (mixed < best_rare) best = {m, true}, best_rare = mixed;
    }
  }
  if (best_rare * static_cast<std::int64_t>(max_rare_fraction) > heaps) best = {};
  use_split(g, count, best);
}

template <class T> void sparse_engine::use_split(const T* g, std::size_t count, rare_split split) {
  if (split == split_) return;
  ++statistics_.changes;
  split_ = split;
  rare_.clear();
  rare_values_.clear();
  for (std::size_t h = 1; h < count; ++h)
    if (is_rare(h, g[h])) {
      rare_.push_back(static_cast<std::uint32_t>(h));
      rare_values_.push_back(g[h]);
    }
  std::fill(rare_below_.begin(), rare_below_.end(), 0);
  review_rare_ = rare_.size();
  build_patterns();
}

void sparse_engine::extend(grundy_sequence& values, std::size_t count) {
  if (values.size() >= count) return;
  values.reserve(count);
  if (seen_values_ < values.size()) {
    fit(values.max_value());
    values.visit([&](auto v) {
      for (std::size_t h = seen_values_; h < v.size(); ++h)
        after(v.data(), h, v[h]);
    });
  }
  detail::run_steps(
      values, count, [&](const auto* g, std::size_t h) { return step(g, h); },
      [&](const auto* g, std::size_t h, grundy_value x) { after(g, h, x); });
}

grundy_sequence sparse_values(const octal_code& code, std::size_t count, const sparse_options& options) {
  grundy_sequence values;
  sparse_engine(code, options).extend(values, count);
  return values;
}

} // namespace grundy
