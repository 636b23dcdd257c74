#include <grundy/io/json_writer.hpp>
#include <grundy/io/sequence_report.hpp>

#include <optional>
#include <stdexcept>

namespace grundy::io {

namespace {

// The members from max_value to periodicity_checked, with the sparse engine's mask or without.
void sequence_members(json_writer& w, const heap_analysis& a, bool with_mask, const fields& tail) {
  const auto& p = a.period;
  w.member("values", a.values.size()).member("max_value", a.values.max_value());
  w.member("preperiod", p ? std::optional(p->preperiod) : std::nullopt);
  w.member("period", p ? std::optional(p->period) : std::nullopt).member("proven", p && p->proven);
  if (with_mask) w.member("rare_mask", a.split.mask);
  w.member("rare_count", a.rare_count).key("seconds").fixed(a.seconds, 6).member("method", a.method);
  w.member("saltus", p ? p->saltus : 0).member("periodicity_checked", a.periodicity_checked);
  for (const auto& [key, value] : tail)
    w.key(key).raw(value);
}

} // namespace

std::string octal_sequence_json(const heap_analysis& a, const fields& tail) {
  const auto* code = a.rule.octal();
  if (!code) throw std::invalid_argument(a.rule.str() + " is not an octal code");
  json_writer w;
  w.begin_object().member("code", code->str());
  sequence_members(w, a, true, tail);
  return w.end_object().take();
}

std::string sequence_json(const heap_analysis& a, const fields& tail) {
  json_writer w;
  w.begin_object().member("rule", a.rule.str());
  sequence_members(w, a, false, tail);
  return w.end_object().take();
}

} // namespace grundy::io
