#include "periodicity_search.hpp"

namespace grundy {

std::optional<periodicity> find_periodicity(const grundy_sequence& values, const periodicity_prover& prove,
                                            const std::atomic<bool>* stop) {
  return values.visit([&](auto g) { return detail::period_search::search(g, prove, nullptr, stop); });
}

grundy_value periodic_value(const grundy_sequence& values, const periodicity& period, std::uint64_t n) {
  if (n < values.size()) return values[static_cast<std::size_t>(n)];
  const std::uint64_t s = period.preperiod;
  const std::uint64_t turns = (n - s) / period.period;
  return values[static_cast<std::size_t>(s + (n - s) % period.period)] +
         static_cast<grundy_value>(turns * period.saltus);
}

} // namespace grundy
