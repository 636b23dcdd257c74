#include "../octal/run.hpp"
#include "engines.hpp"

#include <grundy/heap/analysis.hpp>
#include <grundy/periodicity.hpp>

#include <algorithm>
#include <chrono>
#include <limits>

namespace grundy {

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

} // namespace

heap_analysis analyse(const heap_rule& rule, const analysis_options& options) {
  if (const auto* code = rule.octal()) return detail::analyse_octal_code(*code, options);
  const auto t0 = clock_type::now();
  const std::size_t max_values =
      std::max<std::size_t>(options.max_values.value_or(analysis_options::default_max_values_other_rules), 1);
  heap_analysis a;
  a.rule = rule;
  auto engine = detail::make_heap_engine(rule);
  a.method = std::string(engine->name());
  auto& values = a.values;
  // Room for the values up front, but not gigabytes for a max that a stop will cut short.
  values.reserve(std::min<std::size_t>(max_values, std::size_t{1} << 24));
  // As an octal code's run: chunks of about a quarter of a second keep progress live; periodicity is
  // checked whenever the values have grown by an eighth, and a chunk never runs past a check,
  // so where the run ends does not depend on the machine's speed.
  std::size_t chunk = 64, next_check = 64;
  // As in an octal code's run, the search stops on the flag too, and the result then says that the
  // periodicity was not looked for.
  const auto look_for_period = [&] {
    try {
      a.period = find_periodicity(values, rule, options.stop);
      a.values_to_prove.reset();
      if (a.period) a.values_to_prove = values_to_prove(rule, values, *a.period, options.stop);
    } catch (const stopped&) {
      a.interrupted = true;
      a.period.reset();
      a.values_to_prove.reset();
      a.periodicity_checked = false;
    }
  };
  while (values.size() < max_values) {
    if (detail::stop_requested(options.stop)) {
      a.interrupted = true;
      break;
    }
    const auto c0 = clock_type::now();
    const std::size_t target =
        std::min({max_values, values.size() + chunk, options.keep_going ? max_values : next_check});
    try {
      engine->extend(values, target, options.stop);
    } catch (const stopped&) {
      a.interrupted = true;
      break;
    }
    const double took = seconds_since(c0);
    if (options.on_progress) options.on_progress({values.size(), seconds_since(t0), engine->rare_count()});
    if (!options.keep_going && values.size() >= next_check && values.size() < max_values) {
      look_for_period();
      if (a.interrupted || (a.period && a.period->proven)) break;
      next_check = values.size() + std::max<std::size_t>(values.size() / 8, 64);
      if (a.values_to_prove && *a.values_to_prove > values.size())
        next_check = std::min(next_check, *a.values_to_prove);
    }
    if (took < 0.1)
      chunk = std::min<std::size_t>(chunk * 2, std::numeric_limits<std::size_t>::max() / 4);
    else if (took > 0.5 && chunk > 64)
      chunk /= 2;
  }
  if (a.interrupted) {
    a.period.reset();
    a.values_to_prove.reset();
    a.periodicity_checked = false;
  } else if (!a.period || !a.period->proven) {
    look_for_period();
  }
  a.rare_count = engine->rare_count();
  a.seconds = seconds_since(t0);
  return a;
}

} // namespace grundy
