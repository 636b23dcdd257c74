// grundy octal RULE for heap rules other than octal codes (subtraction and all-but sets,
// Grundy's game, take-a-square): the same report as for a code, with the rule's own engine and
// the theorem that proves its periodicity, when one does.

#include "cli.hpp"
#include "exploration.hpp"
#include "sequence_output.hpp"

#include <grundy/heap/analysis.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/sequence_report.hpp>

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <unistd.h>

namespace grundy::cli {

namespace {

void print_heap_analysis(const heap_analysis& a, const std::string& format, std::FILE* out) {
  const auto& p = a.period;
  if (format == "json") {
    fmt::print(out, "{}\n", io::sequence_json(a));
    return;
  }
  std::string first;
  if (a.values.empty()) first = "-";
  const std::size_t shown = std::min<std::size_t>(a.values.size(), 40);
  for (std::size_t n = 0; n < shown; ++n)
    first += fmt::format("{}{}", n ? " " : "", a.values[n]);
  if (shown < a.values.size()) first += " ...";
  const std::pair<const char*, std::string> rows[] = {
      {"rule", a.rule.str()},
      {"values",
       fmt::format("{} in {} s, {} engine",
                   a.values.empty() ? std::string("none") : fmt::format("G(0..{})", a.values.size() - 1),
                   format_seconds(a.seconds), a.method)},
      {"max value", fmt::format("{}", a.values.max_value())},
      {"period", p                       ? period_text(*p, a.values_to_prove)
                 : a.periodicity_checked ? std::string("none seen")
                                         : std::string(not_looked_for)},
      {"rare", a.rare_count ? fmt::format("{} rare heaps", a.rare_count) : std::string("-")},
      {"first", first},
  };
  for (const auto& [key, value] : rows)
    fmt::print(out, "{:<9}  {}\n", key, value);
}

} // namespace

void run_heap_sequence(const heap_rule& rule, const heap_sequence_options& o) {
  const auto format = o.format.empty() ? std::string("text") : o.format;
  if (format != "text" && format != "json")
    throw usage_error(
        fmt::format("--format takes text or json for one rule, not '{}'", portable_name(format)));
  analysis_options options;
  if (!o.max.empty()) options.max_values = parse_max(o.max, 1);
  options.keep_going = o.keep_going;
  options.threads = o.threads;
  const bool progress = !o.quiet && ::isatty(STDERR_FILENO) == 1;
  if (progress)
    options.on_progress = [&,
                           last = std::chrono::steady_clock::time_point{}](const octal_progress& p) mutable {
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::milliseconds(200)) return;
      last = now;
      fmt::print(stderr, "\r\033[K{}: heap {}, {:.0f} values/s", rule.str(), p.values,
                 p.seconds > 0 ? static_cast<double>(p.values) / p.seconds : 0.0);
    };
  if (!o.out.empty()) check_output_file(o.out, "--out");
  std::FILE* summary =
      !o.out.empty() && io::resolve_output(o.out).kind == io::output_kind::standard_output ? stderr : stdout;
  const interruption stop;
  options.stop = stop.flag();
  const auto a = analyse(rule, options);
  if (progress) fmt::print(stderr, "\r\033[K");
  if (a.interrupted) {
    print_heap_analysis(a, format, summary);
    std::fflush(summary);
    throw interrupted_error(
        fmt::format("interrupted after {} values in {} s", a.values.size(), format_seconds(a.seconds)));
  }
  if (!o.out.empty()) write_values(o.out, a.values, stop.flag(), {});
  print_heap_analysis(a, format, summary);
}

} // namespace grundy::cli
