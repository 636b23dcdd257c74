#pragma once
// The one search behind find_periodicity (grundy/periodicity.hpp): for every rule, given a
// prover, and for the theorems that say in closed form how many values their proof needs (the
// octal theorem), given that count, with which it gives up on most periods at once.

#include <grundy/detail/work_meter.hpp>
#include <grundy/periodicity.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace grundy::detail {

namespace period_search {

using index = long long;

// An unproven periodicity must have been seen repeating over at least one whole period and
// this many values, so that a few equal values at the end do not pass for one.
constexpr index min_matches = 64;

// Scanning down from s while G(n + p) = G(n) + d at n = s - 1, not below `floor`: returns where
// it stopped. Near-periodic stretches make some scans long (0.376's multiples of 4 run through
// thousands of values before each exception, and the search tries hundreds of thousands of
// them), so with d = 0 whole blocks are compared with memcmp first.
template <class T> index match_down(std::span<const T> g, index s, index p, long long d, index floor) {
  if (d == 0) {
    constexpr index block = 64;
    while (s - block >= floor &&
           std::memcmp(g.data() + (s - block), g.data() + (s - block + p), block * sizeof(T)) == 0)
      s -= block;
    while (s > floor && g[static_cast<std::size_t>(s - 1)] == g[static_cast<std::size_t>(s - 1 + p)])
      --s;
    return s;
  }
  while (s > floor && static_cast<long long>(g[static_cast<std::size_t>(s - 1 + p)]) -
                              static_cast<long long>(g[static_cast<std::size_t>(s - 1)]) ==
                          d)
    --s;
  return s;
}

// The largest preperiod s with needed(s, p) <= size, or -1 when there is none. It only falls as
// p grows, so it is followed down from the last period's: a call or two a period.
template <class Count> class provable_preperiod {
public:
  provable_preperiod(const Count& needed, index size) : needed_(needed), size_(size) {}

  index at(index p) {
    if (!started_) {
      started_ = true;
      index lo = -1, hi = size_; // fits(lo) (or lo = -1), and the answer is at most hi
      while (lo < hi) {
        const index mid = hi - (hi - lo) / 2;
        if (fits(mid, p))
          lo = mid;
        else
          hi = mid - 1;
      }
      s_ = lo;
    }
    while (s_ >= 0 && !fits(s_, p))
      --s_;
    return s_;
  }

private:
  bool fits(index s, index p) const {
    return needed_(static_cast<std::size_t>(s), static_cast<std::size_t>(p)) <=
           static_cast<std::size_t>(size_);
  }

  const Count& needed_;
  index size_;
  index s_ = -1;
  bool started_ = false;
};

// The one search: for each period p the saltus the last values show, then the preperiod, one
// past the last n where G(n + p) = G(n) + saltus fails, scanning down from the end. It reports
// the smallest preperiod, then the smallest period, a proven one before one only shown.
// With a closed form (`needed`) it looks at ordinary periodicity only, proves by the closed form
// alone and stops at the first proven period: proven periods are true ones, so they share one
// preperiod and the first is the least. Otherwise `prove` (if any) is asked of every period
// seen repeating whole at least once.
template <class T, class Count>
std::optional<periodicity> search(std::span<const T> g, const periodicity_prover& prove, const Count& needed,
                                  const std::atomic<bool>* stop) {
  constexpr bool closed_form = !std::is_same_v<Count, std::nullptr_t>;
  const auto size = static_cast<index>(g.size());
  std::optional<periodicity> proven, shown;
  const auto better = [](const std::optional<periodicity>& best, index s) {
    return !best || s < static_cast<index>(best->preperiod);
  };
  std::optional<provable_preperiod<Count>> bound;
  if constexpr (closed_form) bound.emplace(needed, size);
  // Periods recorded with their preperiods: a multiple k q of a period q (saltus d) with
  // k q < size - s_q has saltus k d, as the last values show it, and repeats the mismatch at
  // s_q - 1, so it can do no better than q. (At k q = size - s_q its saltus may differ.)
  std::vector<std::pair<index, index>> recorded;
  work_meter meter;
  const auto count = [&](index work) {
    if (meter.stop_due(stop, static_cast<std::uint64_t>(work))) throw period_search_interrupted();
  };
  for (index p = 1; p < size; ++p) {
    count(1 + static_cast<index>(recorded.size()));
    if (std::any_of(recorded.begin(), recorded.end(),
                    [&](const auto& r) { return p % r.first == 0 && p < size - r.second; }))
      continue;
    // The largest preperiods for which p matters: one a proof accepts (without a closed form,
    // one that shows a whole period, all a prover is asked about), one shown over enough values,
    // and one better than the best shown so far.
    index provable = size - 2 * p;
    if constexpr (closed_form) provable = bound->at(p);
    const index enough = size - p - std::max(p, min_matches);
    const index beats_shown = shown ? static_cast<index>(shown->preperiod) - 1 : enough;
    const index useful = std::max(provable, std::min(enough, beats_shown));
    if (useful < 0) {
      if (provable < 0 && enough < 0) break; // larger p can only do worse
      continue;
    }
    // The saltus is the difference the last values show; a negative one cannot go on (the
    // values would fall below 0), and a closed form proves ordinary periodicity only.
    const auto last = static_cast<long long>(g[static_cast<std::size_t>(size - 1)]);
    const auto before = static_cast<long long>(g[static_cast<std::size_t>(size - 1 - p)]);
    if (closed_form ? last != before : last < before) continue;
    const auto d = last - before;
    // Scanning gives up as soon as the preperiod is sure to exceed `useful` (with a closed form,
    // for most p at the first or second comparison).
    index s = match_down(g, size - p, p, d, std::max<index>(useful, 0));
    if (s > useful) {
      count(size - p - s);
      continue;
    }
    s = match_down(g, s, p, d, 0);
    count(size - p - s);
    periodicity found{static_cast<std::size_t>(s), static_cast<std::size_t>(p), false,
                      static_cast<grundy_value>(d)};
    if constexpr (closed_form) {
      if (s <= provable) return periodicity{found.preperiod, found.period, true, 0};
    } else if (prove && better(proven, s) && prove(found)) {
      found.proven = true;
      proven = found;
      recorded.emplace_back(p, s);
      continue;
    }
    if (s <= enough && better(shown, s)) shown = found;
    recorded.emplace_back(p, s);
  }
  if (proven) return proven;
  return shown;
}

} // namespace period_search

// find_periodicity for ordinary periodicity proven by a theorem whose count needed(s, p), the
// values G(0..N-1) it needs to prove preperiod s and period p, is a closed form nondecreasing in
// both (the octal theorem: octal_count). Knowing the largest preperiod proven for each period,
// the search gives up on most periods at the first comparison or two, and stops at the first
// proven one. A template so that the count, asked of every period, is inlined.
template <class Count>
std::optional<periodicity> find_ordinary_periodicity(const grundy_sequence& values, const Count& needed,
                                                     const std::atomic<bool>* stop) {
  return values.visit([&](auto g) { return period_search::search(g, periodicity_prover{}, needed, stop); });
}

} // namespace grundy::detail
