#pragma once
// The winning moves of an octal code's heaps, split by split, cut short past a proven period.

#include <grundy/games/heap/strategy.hpp>
#include <grundy/octal/code.hpp>
#include <grundy/stop.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace grundy::detail {

// The splits of one heap whose parts' values XOR to a wanted value, in the game's order (that
// of heap_rule::for_each_option for octal codes). Past a proven period s, p the search is cut short: a split
// into parts b <= c with b >= max(first, s) + p wins exactly when the split into b - p and
// c + p does (both parts past the preperiod keep their values), so a first winning part is
// always found below max(first, s) + p, and the winning parts from there on repeat every p.
// An arithmetic period (a hexadecimal code's G(h + p) = G(h) + saltus) moves values instead of
// repeating them, so no split stands for another: the search then tries every split.
class split_search {
public:
  split_search(const heap_value_table& g, const std::atomic<bool>* stop) : g_(g), stop_(stop) {
    if (const auto& p = g.period(); p && p->saltus == 0) {
      preperiod_ = p->preperiod;
      period_ = p->period;
    }
  }

  // Calls f(a, b, c), the parts left (0 for none, a <= b <= c), for each winning way to
  // remove n tokens from a heap of h, until f returns false; returns false then.
  template <class F>
  bool each(const octal_code& code, heap_size h, std::size_t n, grundy_value wanted, F& f) {
    const auto d = code.digit(n);
    const heap_size r = h - static_cast<heap_size>(n);
    if ((d & octal_bits::vanish) && r == 0 && wanted == 0 && !f(0, 0, 0)) return false;
    if ((d & octal_bits::one_heap) && r >= 1 && n >= 1 && g_(r) == wanted && !f(0, 0, r)) return false;
    if (d & octal_bits::two_heaps) {
      auto pair = [&](heap_size b, heap_size c) { return f(0, b, c); };
      if (!each_pair(1, r, wanted, pair)) return false;
    }
    if (d & octal_bits::three_heaps) {
      bool found = false;
      for (heap_size a = 1; 3 * std::uint64_t{a} <= r; ++a) {
        // A winning a past the period's first window would give a winning a - p (the parts
        // a - p, b, c + p): none there means none at all.
        if (period_ && a == periodic_from(1) + period_ && !found) break;
        auto triple = [&](heap_size b, heap_size c) {
          found = true;
          return f(a, b, c);
        };
        if (!each_pair(a, r - a, wanted ^ g_(a), triple)) return false;
      }
    }
    return true;
  }

  // How many winning ways there are to remove n tokens from a heap of h.
  std::uint64_t count(const octal_code& code, heap_size h, std::size_t n, grundy_value wanted) {
    const auto d = code.digit(n);
    const heap_size r = h - static_cast<heap_size>(n);
    std::uint64_t total = 0;
    if ((d & octal_bits::vanish) && r == 0 && wanted == 0) ++total;
    if ((d & octal_bits::one_heap) && r >= 1 && n >= 1 && g_(r) == wanted) ++total;
    if (d & octal_bits::two_heaps) total += count_pairs(1, r, wanted);
    if (d & octal_bits::three_heaps)
      for (heap_size a = 1; 3 * std::uint64_t{a} <= r; ++a)
        total += count_pairs(a, r - a, wanted ^ g_(a));
    return total;
  }

private:
  // From where a part's value is periodic, for parts of at least `first` tokens.
  std::uint64_t periodic_from(heap_size first) const { return std::max<std::uint64_t>(first, preperiod_); }

  void tick() {
    if ((++ticks_ & 0xFFF) == 0 && stop_ && stop_->load(std::memory_order_relaxed))
      throw stopped("interrupted while looking for winning moves", stop_reason::interrupted, {});
  }

  // f(b, r - b) for first <= b <= r - b with G(b) ^ G(r - b) = wanted, in increasing b.
  template <class F> bool each_pair(heap_size first, heap_size r, grundy_value wanted, F& f) {
    const heap_size last = r / 2;
    bool found = false;
    for (heap_size b = first; b <= last; ++b) {
      tick();
      if (period_ && b == periodic_from(first) + period_ && !found) break;
      if ((g_(b) ^ g_(r - b)) == wanted) {
        found = true;
        if (!f(b, r - b)) return false;
      }
    }
    return true;
  }

  // The number of such b: past the period, the winning b of one window each stand for every
  // b of their class up to r / 2.
  std::uint64_t count_pairs(heap_size first, heap_size r, grundy_value wanted) {
    const std::uint64_t last = r / 2;
    if (first > last) return 0;
    const std::uint64_t direct_end = period_ ? std::min(periodic_from(first), last + 1) : last + 1;
    std::uint64_t total = 0;
    for (std::uint64_t b = first; b < direct_end; ++b) {
      tick();
      total += (g_(b) ^ g_(r - b)) == wanted;
    }
    for (std::uint64_t b = direct_end; b < direct_end + period_ && b <= last; ++b) {
      tick();
      if ((g_(b) ^ g_(r - b)) == wanted) total += (last - b) / period_ + 1;
    }
    return total;
  }

  const heap_value_table& g_;
  const std::atomic<bool>* stop_;
  std::uint64_t preperiod_ = 0, period_ = 0; // period_ 0: none proven
  std::uint64_t ticks_ = 0;
};

// Calls f(i, a, b, c) for the winning moves of an octal code of s (canonical, of value x != 0) in order: heap
// s[i] replaced by the parts a, b, c. Heaps of equal size give the same moves, so only the
// last of them is tried. Stops when f returns false.
template <class F>
void each_winning_split(const octal_code& code, const heap_value_table& g, const std::atomic<bool>* stop,
                        const heaps& s, grundy_value x, F&& f) {
  split_search search(g, stop);
  for (std::size_t i = s.size(); i-- > 0;) {
    if (i + 1 < s.size() && s[i] == s[i + 1]) continue;
    // The heap must become parts worth x ^ G(h), so that the total XOR becomes 0.
    const grundy_value wanted = x ^ g(s[i]);
    auto part = [&](heap_size a, heap_size b, heap_size c) { return f(i, a, b, c); };
    const std::size_t first = code.splits_without_removing() ? 0 : 1;
    for (std::size_t n = first; n <= std::min<std::size_t>(s[i], code.length()); ++n)
      if (!search.each(code, s[i], n, wanted, part)) return;
  }
}

} // namespace grundy::detail
