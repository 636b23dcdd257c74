#include "engines.hpp"

#include <grundy/heap/analysis.hpp>

#include <algorithm>
#include <chrono>
#include <limits>

namespace grundy {

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

heap_analysis from_octal(const heap_rule& rule, const octal_code& code,
                         const heap_analysis_options& options) {
  analysis_options o;
  if (options.max_values) o.max_values = *options.max_values;
  o.keep_going = options.keep_going;
  o.threads = options.threads;
  o.on_progress = options.on_progress;
  o.stop = options.stop;
  auto a = analyse_octal(code, o);
  heap_analysis r;
  r.rule = rule;
  r.values = std::move(a.values);
  r.period = a.period;
  r.method = std::string(to_string(a.method));
  r.split = a.split;
  r.rare_count = a.rare_count;
  r.seconds = a.seconds;
  r.interrupted = a.interrupted;
  r.periodicity_checked = a.periodicity_checked;
  if (r.period) {
    try {
      r.values_to_prove = heap_values_to_prove(rule, r.values, *r.period, options.stop);
    } catch (const stopped&) {
      r.interrupted = true;
      r.period.reset();
      r.periodicity_checked = false;
    }
  }
  return r;
}

} // namespace

heap_analysis analyse_heap_rule(const heap_rule& rule, const heap_analysis_options& options) {
  if (const auto* code = rule.octal()) return from_octal(rule, *code, options);
  const auto t0 = clock_type::now();
  const std::size_t max_values =
      std::max<std::size_t>(options.max_values.value_or(heap_analysis_options::default_max_values), 1);
  heap_analysis a;
  a.rule = rule;
  auto engine = detail::make_heap_engine(rule);
  a.method = std::string(engine->name());
  auto& values = a.values;
  // Room for the values up front, but not gigabytes for a max that a stop will cut short.
  values.reserve(std::min<std::size_t>(max_values, std::size_t{1} << 24));
  // As analyse_octal: chunks of about a quarter of a second keep progress live; periodicity is
  // checked whenever the values have grown by an eighth, and a chunk never runs past a check,
  // so where the run ends does not depend on the machine's speed.
  std::size_t chunk = 64, next_check = 64;
  // As in analyse_octal, the search stops on the flag too, and the result then says that the
  // periodicity was not looked for.
  const auto look_for_period = [&] {
    try {
      a.period = find_heap_periodicity(values, rule, options.stop);
      a.values_to_prove.reset();
      if (a.period) a.values_to_prove = heap_values_to_prove(rule, values, *a.period, options.stop);
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
