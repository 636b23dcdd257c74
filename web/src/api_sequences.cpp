// /api/octal and /api/misere: a heap rule's Grundy sequence with its period, as `grundy octal`
// gives it, and its misère quotient, as `grundy misere` does.

#include "endpoints.hpp"

#include <grundy/heap/analysis.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/io/games/octal/entry.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/io/quotient_report.hpp>
#include <grundy/io/sequence_report.hpp>
#include <grundy/misere/genus.hpp>
#include <grundy/misere/quotient.hpp>
#include <grundy/octal/sparse.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <array>
#include <limits>
#include <string>

namespace grundy::web {

namespace {

// As `grundy octal` reads its argument: a point and no parenthesis make an octal code, anything
// else a heap rule (S(1,3,4), allbut(1,2), grundy, squares).
bool looks_octal(const std::string& text) {
  return text.find('.') != std::string::npos && text.find('(') == std::string::npos;
}

std::function<void(const octal_progress&)> sequence_progress(computation& work) {
  return [&work](const octal_progress& p) {
    work.note_reached(fmt::format("G(0..{}) in {:.1f} s", p.values ? p.values - 1 : 0, p.seconds));
    io::json_writer w;
    w.begin_object().member("values", p.values).member("rare_count", p.rare_count);
    work.progress(w.key("seconds").fixed(p.seconds, 3).end_object().take());
  };
}

// The values, for the page's plot and table; with the heaps the sparse split makes rare. The
// lists have no spaces: they are the longest part of the answer.
void add_sequence(io::fields& tail, const grundy_sequence& values, const std::vector<std::size_t>& rare) {
  io::json_writer w(io::json_compact);
  w.begin_array();
  values.visit([&](auto g) {
    for (std::size_t n = 0; n < g.size(); ++n)
      w.value(static_cast<grundy_value>(g[n]));
  });
  tail.emplace_back("sequence", w.end_array().take());
  tail.emplace_back("rare_heaps", w.values(rare).take());
}

// A run the server's time limit stopped keeps what it computed: the values so far, their
// period when one is seen (proven or not, as the answer says), marked as partial. A run stopped
// for any other reason (the server stopping, the client gone, memory) is an error.
template <class Analysis> bool kept_partial(const Analysis& a, const computation& work) {
  if (!a.interrupted) return false;
  if (work.cause() != stop_cause::time || work.account().exceeded() || a.values.size() == 0)
    throw stopped("interrupted while computing the sequence", stop_reason::interrupted, {});
  return true;
}

void add_partial(io::fields& tail, const computation& work) {
  io::json_writer w;
  tail.emplace_back(
      "partial",
      w.begin_object().member("code", "limit.time").member("seconds", work.seconds()).end_object().take());
}

} // namespace

answer api_octal(const endpoint_request& r) {
  static constexpr std::array<std::string_view, 4> known{"code", "max", "values", "progress"};
  r.params.refuse_unknown(known);
  const auto& code = r.params.required("code");
  const auto max =
      static_cast<std::size_t>(r.params.whole("max", 1, r.bounds.max_values, r.bounds.max_values));
  const bool with_values = r.params.flag("values");
  io::fields tail;
  if (looks_octal(code)) {
    analysis_options options;
    options.max_values = max;
    options.threads = 1;
    options.stop = r.work.stop_flag();
    options.on_progress = sequence_progress(r.work);
    const auto a = analyse(parse_octal_code(code), options);
    const bool partial = kept_partial(a, r.work);
    if (partial) add_partial(tail, r.work);
    if (with_values) {
      std::vector<std::size_t> rare;
      if (a.split.mask != 0) {
        sparse_options fixed;
        fixed.fixed_split = a.split;
        sparse_engine engine(*a.rule.octal(), fixed);
        engine.catch_up(a.values);
        for (std::size_t h = 1; h < a.values.size(); ++h)
          if (engine.is_rare(h, a.values[h])) rare.push_back(h);
      }
      add_sequence(tail, a.values, rare);
    }
    return json_answer(io::octal_sequence_json(a, tail));
  } else {
    analysis_options options;
    options.max_values = max;
    options.threads = 1;
    options.stop = r.work.stop_flag();
    options.on_progress = sequence_progress(r.work);
    const auto a = analyse(heap_rule::parse(code), options);
    const bool partial = kept_partial(a, r.work);
    if (partial) add_partial(tail, r.work);
    if (with_values) add_sequence(tail, a.values, {});
    return json_answer(io::sequence_json(a, tail));
  }
}

answer api_misere(const endpoint_request& r) {
  static constexpr std::array<std::string_view, 5> known{"code", "max_heap", "max_order", "genus",
                                                         "progress"};
  r.params.refuse_unknown(known);
  const auto rule = heap_rule::parse(r.params.required("code"));
  if (!r.params.has("max_heap")) throw http_error(400, "the parameter 'max_heap' is missing");
  const auto max_heap = static_cast<heap_size>(r.params.whole("max_heap", 1, r.bounds.max_quotient_heap, 1));
  quotient_options options;
  options.max_order = static_cast<std::size_t>(
      r.params.whole("max_order", 1, quotient_options{}.max_order, quotient_options{}.max_order));
  options.max_memory = r.bounds.max_memory;
  options.stop = r.work.stop_flag();
  options.on_progress = [&work = r.work](const quotient_progress& p) {
    work.note_reached(fmt::format("heaps 1..{} (order {}) in {:.1f} s", p.heap, p.order, p.seconds));
    io::json_writer w;
    w.begin_object().member("heap", p.heap).member("order", p.order).member("candidates", p.candidates);
    work.progress(w.key("seconds").fixed(p.seconds, 3).end_object().take());
  };
  const auto q = compute_misere_quotient(rule, max_heap, options);
  if (!r.params.flag("genus")) return json_answer(io::quotient_json(q, nullptr));
  genus_options g;
  g.max_memory = r.bounds.max_memory;
  g.stop = r.work.stop_flag();
  const io::heap_genus_report genera{heap_genera(rule, max_heap, g), heap_tameness(rule, max_heap, g)};
  return json_answer(io::quotient_json(q, &genera));
}

} // namespace grundy::web
