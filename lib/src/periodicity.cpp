#include <grundy/detail/work_meter.hpp>
#include <grundy/periodicity.hpp>

#include <algorithm>
#include <span>
#include <utility>
#include <vector>

namespace grundy {

namespace {

// As for octal codes: an unproven periodicity must have been seen repeating over at least one
// whole period and this many values, so that a few values at the end do not pass for one.
constexpr long long min_matches = 64;

template <class T>
std::optional<periodicity> search(std::span<const T> g, const periodicity_prover& prove,
                                  const std::atomic<bool>* stop) {
  using index = long long;
  const auto size = static_cast<index>(g.size());
  std::optional<periodicity> proven, shown;
  const auto better = [](const std::optional<periodicity>& best, const periodicity& p) {
    return !best || p.preperiod < best->preperiod;
  };
  // Periods recorded with their preperiods: a multiple k q of a period q (saltus d) with
  // k q < size - s_q has saltus k d, as the last values show it, and repeats the mismatch at
  // s_q - 1, so it can do no better than q. (At k q = size - s_q its saltus may differ.)
  std::vector<std::pair<index, index>> recorded;
  detail::work_meter meter;
  for (index p = 1; p < size; ++p) {
    if (meter.stop_due(stop, 1 + recorded.size())) throw detail::period_search_interrupted();
    if (std::any_of(recorded.begin(), recorded.end(),
                    [&](const auto& r) { return p % r.first == 0 && p < size - r.second; }))
      continue;
    // The saltus is the difference the last values show; a negative one cannot go on (the
    // values would fall below 0).
    const auto last = static_cast<long long>(g[static_cast<std::size_t>(size - 1)]);
    const auto before = static_cast<long long>(g[static_cast<std::size_t>(size - 1 - p)]);
    if (last < before) continue;
    const auto d = last - before;
    index s = size - p;
    while (s > 0 && static_cast<long long>(g[static_cast<std::size_t>(s - 1 + p)]) -
                            static_cast<long long>(g[static_cast<std::size_t>(s - 1)]) ==
                        d)
      --s;
    if (meter.stop_due(stop, static_cast<std::uint64_t>(size - p - s)))
      throw detail::period_search_interrupted();
    // Only a period seen repeating whole at least once is worth a proof or a record: the others
    // (most p, whose last values happen to match) cost nothing more.
    if (size - p - s < p) continue;
    periodicity found{static_cast<std::size_t>(s), static_cast<std::size_t>(p), false,
                      static_cast<grundy_value>(d)};
    const bool enough = size - p - s >= std::max<index>(p, min_matches);
    if (prove && better(proven, found) && prove(found)) {
      found.proven = true;
      proven = found;
    } else if (enough && better(shown, found)) {
      shown = found;
    }
    recorded.emplace_back(p, s);
  }
  if (proven) return proven;
  return shown;
}

} // namespace

std::optional<periodicity> find_periodicity(const grundy_sequence& values, const periodicity_prover& prove,
                                            const std::atomic<bool>* stop) {
  return values.visit([&](auto g) { return search(g, prove, stop); });
}

grundy_value periodic_value(const grundy_sequence& values, const periodicity& period, std::uint64_t n) {
  if (n < values.size()) return values[static_cast<std::size_t>(n)];
  const std::uint64_t s = period.preperiod;
  const std::uint64_t turns = (n - s) / period.period;
  return values[static_cast<std::size_t>(s + (n - s) % period.period)] +
         static_cast<grundy_value>(turns * period.saltus);
}

} // namespace grundy
