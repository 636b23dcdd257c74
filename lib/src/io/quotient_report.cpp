#include <grundy/io/quotient_report.hpp>
#include <grundy/io/quotient_text.hpp>
#include <grundy/io/text.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace grundy::io {

namespace {

std::string json_names(const misere_quotient& q, const std::vector<misere_quotient::element>& elements) {
  std::string text;
  for (auto x : elements)
    text += (text.empty() ? "" : ", ") + json_quoted(q.name(x));
  return "[" + text + "]";
}

char heap_outcome(const misere_quotient& q, heap_size h) { return q.is_p(q.heap(h)) ? 'P' : 'N'; }

} // namespace

std::string quotient_json(const misere_quotient& q, const heap_genus_report* g) {
  const auto& p = q.presentation();
  std::string generators, relations, elements;
  for (const auto& x : p.generators)
    generators += fmt::format("{}{{\"name\": {}, \"heap\": {}}}", generators.empty() ? "" : ", ",
                              json_quoted(x.name), x.heap);
  for (const auto& r : p.relations)
    relations +=
        fmt::format("{}{{\"left\": {}, \"right\": {}}}", relations.empty() ? "" : ", ",
                    json_quoted(io::quotient_word(p, r.left)), json_quoted(io::quotient_word(p, r.right)));
  for (heap_size h = 1; h <= q.max_heap(); ++h)
    elements += fmt::format("{}{{\"heap\": {}, \"element\": {}, \"outcome\": \"{}\"}}", h > 1 ? ", " : "", h,
                            json_quoted(q.name(q.heap(h))), heap_outcome(q, h));
  auto text = fmt::format(
      "{{\"rule\": {}, \"max_heap\": {}, \"order\": {}, \"p_portion\": {}, \"presentation\": {{\"text\": "
      "{}, \"generators\": [{}], \"relations\": [{}]}}, \"decides_every_heap\": {}, \"elements\": [{}]",
      json_quoted(q.rule().str()), q.max_heap(), q.order(), json_names(q, q.p_portion()),
      json_quoted(p.str()), generators, relations, q.decides_every_heap(), elements);
  if (g) {
    std::string heaps;
    for (heap_size h = 1; h <= q.max_heap(); ++h) {
      const auto& x = g->heaps[h];
      heaps +=
          fmt::format("{}{{\"heap\": {}, \"symbol\": {}, \"normal\": {}, \"gammas\": [{}], \"tame\": {}}}",
                      h > 1 ? ", " : "", h, json_quoted(x.symbol()), x.normal, fmt::join(x.gammas, ", "),
                      static_cast<bool>(g->tame.heap_tame[h]));
    }
    const auto& t = g->tame;
    text += fmt::format(", \"genus\": [{}], \"tame\": {}", heaps, t.tame);
    if (!t.tame)
      text += fmt::format(", \"wild\": {{\"heap\": {}, \"position\": [{}], \"genus\": {}}}", t.heap,
                          fmt::join(t.position, ", "), json_quoted(t.position_genus.symbol()));
  }
  return text + "}";
}

} // namespace grundy::io
