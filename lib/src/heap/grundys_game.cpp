// Grundy's game, G(n) = mex{G(a) XOR G(n - a) : 1 <= a < n / 2}, by rare and common values.
//
// Split the values by the parity of popcount(v & mask): in Grundy's game, as in the octal games
// that split heaps (octal/sparse.hpp), a well chosen mask makes one parity, the rare one, hold
// very few heaps. The parity is linear under XOR, so a pair of two common heaps or of two rare
// heaps has a value of the rare parity, and every value of the common parity among the options
// of n comes from a pair holding a rare heap: enumerating the rare heaps r < n finds all of
// them, in O(#rare). The least common value not reached, c, is then G(n) unless a rare-parity
// value below c is not reached either; those few values are looked for among all pairs, and as
// the pairs of two common heaps reach them many times over, the scan usually ends after a
// handful of pairs. Only when one of them is not reached at all (G(n) is then rare, which is
// rare) does it go through all n / 2 pairs. The result is exact whatever the mask: a poor one
// only costs time, and the engine takes full steps until a mask makes rare heaps few.

#include "engines.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace grundy::detail {

namespace {

class grundys_game_engine final : public heap_engine {
  static constexpr std::size_t block_size = 128;

public:
  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) override {
    for (std::size_t n = g_.size(); n < values.size(); ++n) // values computed elsewhere
      record(values[n]);
    for (std::size_t n = values.size(); n < count; ++n) {
      const grundy_value v = mask_ == 0 ? full_step(n, stop) : sparse_step(n, stop);
      append(values, v);
      record(v);
      if (meter_.due(1)) check_sequence_stop(stop);
    }
  }
  std::string_view name() const noexcept override { return "rare/common"; }
  std::size_t rare_count() const noexcept override { return mask_ == 0 ? 0 : rare_.size(); }

private:
  bool rare(grundy_value v) const noexcept { return (std::popcount(v & mask_) & 1) == 0; }

  // Every pair: the first heaps, and every heap while no mask makes rare heaps few.
  grundy_value full_step(std::size_t n, const std::atomic<bool>* stop) {
    const auto mark = next_mark();
    for (std::size_t a = 1; 2 * a < n; ++a) {
      stamp_[g_[a] ^ g_[n - a]] = mark;
      if (meter_.due(1)) check_sequence_stop(stop);
    }
    grundy_value v = 0;
    while (stamp_[v] == mark)
      ++v;
    return v;
  }

  grundy_value sparse_step(std::size_t n, const std::atomic<bool>* stop) {
    const auto mark = next_mark();
    if (narrow_)
      mark_rare_pairs(g8_.data(), n, mark);
    else
      mark_rare_pairs(g_.data(), n, mark);
    if (meter_.due(rare_.size())) check_sequence_stop(stop);
    grundy_value c = 0; // the least common value not reached
    while (rare(c) || stamp_[c] == mark)
      ++c;
    // The rare values below c not reached yet: c is G(n) unless one of them is never reached.
    needed_.clear();
    for (grundy_value v = 0; v < c; ++v)
      if (stamp_[v] != mark) needed_.push_back(v);
    // The scan marks whole blocks of pairs without a test per pair (stores only, which the
    // processor overlaps), then drops the needed values the block reached.
    constexpr std::size_t block = block_size;
    const std::size_t half = n == 0 ? 0 : (n - 1) / 2; // pairs (a, n - a), 1 <= a <= half
    for (std::size_t a0 = 1; !needed_.empty() && a0 <= half; a0 += block) {
      const std::size_t a1 = std::min(half + 1, a0 + block);
      if (narrow_)
        mark_pairs(g8_.data(), n, a0, a1, mark);
      else
        mark_pairs(g_.data(), n, a0, a1, mark);
      std::erase_if(needed_, [&](grundy_value v) { return stamp_[v] == mark; });
      if (meter_.due(a1 - a0)) check_sequence_stop(stop);
    }
    if (needed_.empty()) return c;
    return needed_.front(); // the least value not reached
  }

  // Every pair holding a rare heap r (r < n, 2r != n: the pair (r, n - r) in either order).
  template <class T> void mark_rare_pairs(const T* g, std::size_t n, std::uint64_t mark) {
    for (const auto r : rare_) {
      if (r >= n) break;
      if (2 * r != n) stamp_[g[r] ^ g[n - r]] = mark;
    }
  }

  // XORs of a block of pairs first (a loop the compiler vectorises), then their marks.
  template <class T>
  void mark_pairs(const T* g, std::size_t n, std::size_t a0, std::size_t a1, std::uint64_t mark) {
    T x[block_size];
    const std::size_t k = a1 - a0;
    for (std::size_t i = 0; i < k; ++i)
      x[i] = static_cast<T>(g[a0 + i] ^ g[n - a0 - i]);
    for (std::size_t i = 0; i < k; ++i)
      stamp_[x[i]] = mark;
  }

  std::uint64_t next_mark() noexcept { return ++mark_; }

  void record(grundy_value v) {
    const std::size_t n = g_.size();
    g_.push_back(v);
    // Values of Grundy's game stay small (below 256 far beyond 10^9 heaps): a byte each halves
    // the memory the scans read, and lets them work on 32 pairs per vector instruction.
    if (v > 255 && narrow_) {
      narrow_ = false;
      std::vector<std::uint8_t>().swap(g8_);
    }
    if (narrow_) g8_.push_back(static_cast<std::uint8_t>(v));
    // Any XOR of two values lies below 2^bit_width(largest), and so does every mex.
    if (std::size_t{2} << std::bit_width(v) > stamp_.size())
      stamp_.resize(std::size_t{2} << std::bit_width(v), 0);
    if (v >= counts_.size()) counts_.resize(v + 1, 0);
    if (n >= 1) ++counts_[v];
    if (mask_ != 0 && n >= 1 && rare(v)) rare_.push_back(static_cast<heap_size>(n));
    if (n + 1 >= next_review_) review();
  }

  // Chooses the mask that makes the fewest heaps rare, from the counts of the values so far,
  // again each time the sequence has grown by a quarter (so reviews cost O(n) in all).
  void review() {
    next_review_ = std::max<std::size_t>(g_.size() + g_.size() / 4, 1024);
    const std::size_t limit = std::size_t{1} << std::bit_width(static_cast<std::size_t>(counts_.size()));
    std::uint32_t best = 0;
    std::uint64_t best_rare = g_.size();
    for (std::uint32_t m = 1; m < limit; ++m) {
      std::uint64_t r = 0;
      for (grundy_value v = 0; v < counts_.size(); ++v)
        if ((std::popcount(v & m) & 1) == 0) r += counts_[v];
      if (r < best_rare) {
        best_rare = r;
        best = m;
      }
    }
    // Worth it only when rare heaps are few; a change of mask rebuilds the list of rare heaps.
    if (best_rare * 4 > g_.size()) best = 0;
    if (best == mask_) return;
    mask_ = best;
    rare_.clear();
    if (mask_ != 0)
      for (std::size_t h = 1; h < g_.size(); ++h)
        if (rare(g_[h])) rare_.push_back(static_cast<heap_size>(h));
  }

  std::vector<grundy_value> g_;
  std::vector<std::uint8_t> g8_;
  bool narrow_ = true;
  std::vector<std::uint64_t> stamp_ = std::vector<std::uint64_t>(2, 0);
  std::uint64_t mark_ = 0;
  std::vector<std::uint64_t> counts_; // heaps of each value, heap 0 left out
  std::uint32_t mask_ = 0;
  std::vector<heap_size> rare_;
  std::vector<grundy_value> needed_;
  std::size_t next_review_ = 1024;
  work_meter meter_;
};

} // namespace

std::unique_ptr<heap_engine> make_grundys_game_engine() { return std::make_unique<grundys_game_engine>(); }

} // namespace grundy::detail
