// The choice of the split into rare and common values: scored for every mask at once from the
// counts of the values so far, reconsidered as the sequence grows.

#include "sparse_engine.hpp"
#include "sparse_kernels.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <utility>

namespace grundy {

using namespace detail::sparse;

namespace {

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

template <class T> void sparse_engine::impl::review(const T* g, std::size_t count) {
  ++statistics_.reviews;
  next_review_ = count + std::max<std::size_t>(count / 4, 1);
  review_count_ = count;
  review_rare_ = rare_.size();
  const std::uint64_t steps = statistics_.sparse_steps - review_steps_;
  // While a helper with time to spare marks longer ranges of the proofs' pairs, the proofs are
  // short because of them, and the ranges cost this thread nothing: they stay as they are.
  const bool lending = helper_ && scan_in_blocks_ && scan_ > block_scan;
  if (steps >= 1024 && !lending) {
    const std::uint64_t mean = (statistics_.proof_pairs - review_pairs_) / steps;
    if (mean >= long_proof) scan_in_blocks_ = true;
    if (mean < short_proof) scan_in_blocks_ = false;
    if (mean >= wide_proof) scan_wide_ = true;
    if (mean < 2 * long_proof) scan_wide_ = false;
  }
  review_steps_ = statistics_.sparse_steps;
  if (!scan_in_blocks_) scan_ = block_scan;
  review_pairs_ = statistics_.proof_pairs;
  if (witness_searches_ >= 64) {
    witnesses_pay_ = 2 * witness_failures_ < witness_searches_;
    witness_searches_ = witness_failures_ = 0;
  }
  if (counting_) choose_frequent();
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

void sparse_engine::impl::choose_frequent() {
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

template <class T> void sparse_engine::impl::use_split(const T* g, std::size_t count, rare_split split) {
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
  review_rare_ = rare_.size();
  build_patterns();
}

void sparse_engine::impl::build_patterns() {
  invalidate_blocks();
  for (unsigned e = 0; e < 2; ++e) {
    pattern_[e].assign(row_, 0);
    if (split_.mask == 0 || row_ == 0) continue;
    fill_pattern(pattern_[e].data(), bits_, split_.mask, e);
  }
}

template void sparse_engine::impl::review(std::uint8_t const*, std::size_t);
template void sparse_engine::impl::review(std::uint16_t const*, std::size_t);
template void sparse_engine::impl::review(std::uint32_t const*, std::size_t);

} // namespace grundy
