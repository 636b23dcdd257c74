#include <grundy/io/sequence_report.hpp>
#include <grundy/io/text.hpp>

#include <fmt/format.h>

#include <optional>
#include <stdexcept>

namespace grundy::io {

namespace {

std::string number_or_null(const std::optional<std::size_t>& n) { return n ? fmt::format("{}", *n) : "null"; }

template <class Period> std::string preperiod_of(const Period& p) {
  return number_or_null(p ? std::optional(p->preperiod) : std::nullopt);
}

template <class Period> std::string period_of(const Period& p) {
  return number_or_null(p ? std::optional(p->period) : std::nullopt);
}

} // namespace

std::string octal_sequence_json(const heap_analysis& a) {
  const auto* code = a.rule.octal();
  if (!code) throw std::invalid_argument(a.rule.str() + " is not an octal code");
  const auto& p = a.period;
  return fmt::format(
      "{{\"code\": {}, \"values\": {}, \"max_value\": {}, \"preperiod\": {}, \"period\": {}, "
      "\"proven\": {}, \"rare_mask\": {}, \"rare_count\": {}, \"seconds\": {:.6f}, \"method\": {}, "
      "\"saltus\": {}, \"periodicity_checked\": {}}}",
      json_quoted(code->str()), a.values.size(), a.values.max_value(), preperiod_of(p), period_of(p),
      p && p->proven, a.split.mask, a.rare_count, a.seconds, json_quoted(a.method), p ? p->saltus : 0,
      a.periodicity_checked);
}

std::string sequence_json(const heap_analysis& a) {
  const auto& p = a.period;
  return fmt::format(
      "{{\"rule\": {}, \"values\": {}, \"max_value\": {}, \"preperiod\": {}, \"period\": {}, "
      "\"proven\": {}, \"rare_count\": {}, \"seconds\": {:.6f}, \"method\": {}, \"saltus\": {}, "
      "\"periodicity_checked\": {}}}",
      json_quoted(a.rule.str()), a.values.size(), a.values.max_value(), preperiod_of(p), period_of(p),
      p && p->proven, a.rare_count, a.seconds, json_quoted(a.method), p ? p->saltus : 0,
      a.periodicity_checked);
}

} // namespace grundy::io
