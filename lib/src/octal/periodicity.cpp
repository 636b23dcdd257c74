#include "periodicity.hpp"

#include <grundy/detail/work_meter.hpp>

#include <algorithm>
#include <cstring>
#include <span>
#include <vector>

namespace grundy {

namespace {

// The most heaps a move leaves, as the theorem counts them (at least two).
std::size_t heaps_bound(const octal_code& code) {
  return static_cast<std::size_t>(std::max(2, code.max_heaps_left()));
}

std::size_t needed(std::size_t s, std::size_t p, std::size_t t, std::size_t k) {
  return k * (std::max<std::size_t>(s, 1) + p) + t;
}

// An unproven periodicity is reported only when its repeating part was seen matching over
// at least one whole period and at least this many values, so that a few equal values at the
// end of a sequence do not pass for a period.
constexpr long long min_matches = 64;

// Scanning down from s while g[s - 1] == g[s - 1 + p], not below `floor`: returns where it
// stopped. Near-periodic stretches make some scans long (0.376's multiples of 4 run through
// thousands of values before each exception, and the search tries hundreds of thousands of
// them), so whole blocks are compared with memcmp first.
template <class T> long long match_down(std::span<const T> g, long long s, long long p, long long floor) {
  constexpr long long block = 64;
  while (s - block >= floor &&
         std::memcmp(g.data() + (s - block), g.data() + (s - block + p), block * sizeof(T)) == 0)
    s -= block;
  while (s > floor && g[static_cast<std::size_t>(s - 1)] == g[static_cast<std::size_t>(s - 1 + p)])
    --s;
  return s;
}

template <class T>
std::optional<periodicity> search(std::span<const T> g, std::size_t t, std::size_t k,
                                  const std::atomic<bool>* stop) {
  using index = long long;
  const auto size = static_cast<index>(g.size());
  const auto kk = static_cast<index>(k), tt = static_cast<index>(t);
  std::optional<periodicity> best; // the best periodicity shown but not proven so far
  // Periods recorded with their preperiods: a multiple p of q with p <= size - s_q has a
  // preperiod of at least s_q (the mismatch at s_q - 1 repeats), so it can do no better.
  std::vector<std::pair<index, index>> recorded;
  detail::work_meter meter;
  for (index p = 1; p < size; ++p) {
    if (meter.stop_due(stop, 1 + recorded.size())) throw detail::period_search_interrupted();
    if (std::any_of(recorded.begin(), recorded.end(),
                    [&](const auto& r) { return p % r.first == 0 && p <= size - r.second; }))
      continue;
    // The largest preperiod for which p matters: proven (k (max(s, 1) + p) + t <= size), or
    // shown well enough and better than the best so far.
    const index provable = size >= tt + kk * (1 + p) ? (size - tt) / kk - p : -1;
    const index shown = size - p - std::max(p, min_matches);
    const index better = best ? static_cast<index>(best->preperiod) - 1 : shown;
    const index useful = std::max(provable, std::min(shown, better));
    if (useful < 0) {
      if (provable < 0 && shown < 0) break; // larger p can only do worse
      continue;
    }
    // The preperiod for p is one past the last mismatch: scan down from the end, giving up as
    // soon as it is sure to exceed `useful` (for most p at the first or second comparison).
    index s = match_down(g, size - p, p, std::max<index>(useful, 0));
    if (meter.stop_due(stop, static_cast<std::uint64_t>(size - p - s)))
      throw detail::period_search_interrupted();
    if (s > useful) continue;
    s = match_down(g, s, p, 0);
    const auto found = periodicity{static_cast<std::size_t>(s), static_cast<std::size_t>(p), false};
    // Proven periods are true ones, so they share one preperiod and the first is the least.
    if (s <= provable) return periodicity{found.preperiod, found.period, true};
    if (!best || found.preperiod < best->preperiod) best = found;
    recorded.emplace_back(p, s);
  }
  return best;
}

} // namespace

std::size_t octal_values_to_prove(const octal_code& code, std::size_t preperiod, std::size_t period) {
  return needed(preperiod, period, code.length(), heaps_bound(code));
}

std::optional<periodicity> detail::find_octal_periodicity(const grundy_sequence& values,
                                                          const octal_code& code,
                                                          const std::atomic<bool>* stop) {
  auto found = values.visit([&](auto g) { return search(g, code.length(), heaps_bound(code), stop); });
  if (found) return found;
  // Only where no ordinary periodicity shows, so that every code's report stays what it was
  // unless it had none; arithmetic periodicity is never ordinary-periodic and vice versa.
  // An arithmetic period is proven by the test in hex_periodicity.cpp when it passes.
  found = find_periodicity(values, periodicity_prover([&](const periodicity& p) {
                             if (p.saltus == 0) return false;
                             const auto needed = arithmetic_values_to_prove(code, values, p, stop);
                             return needed && *needed <= values.size();
                           }),
                           stop);
  if (found && found->saltus == 0) return std::nullopt; // the search above would have found it
  return found;
}

} // namespace grundy
