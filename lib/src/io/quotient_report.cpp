#include <grundy/io/json_writer.hpp>
#include <grundy/io/quotient_report.hpp>
#include <grundy/io/quotient_text.hpp>

namespace grundy::io {

namespace {

char heap_outcome(const misere_quotient& q, heap_size h) { return q.is_p(q.heap(h)) ? 'P' : 'N'; }

// The heaps' genus symbols, whether the quotient's sums are tame, and a wild one if not.
void genus_members(json_writer& w, const misere_quotient& q, const heap_genus_report& g) {
  w.key("genus").begin_array();
  for (heap_size h = 1; h <= q.max_heap(); ++h) {
    const auto& x = g.heaps[h];
    w.begin_object().member("heap", h).member("symbol", x.symbol()).member("normal", x.normal);
    w.key("gammas").values(x.gammas).member("tame", static_cast<bool>(g.tame.heap_tame[h])).end_object();
  }
  const auto& t = g.tame;
  w.end_array().member("tame", t.tame);
  if (!t.tame) {
    w.key("wild").begin_object().member("heap", t.heap).key("position").values(t.position);
    w.member("genus", t.position_genus.symbol()).end_object();
  }
}

} // namespace

std::string quotient_json(const misere_quotient& q, const heap_genus_report* g) {
  const auto& p = q.presentation();
  json_writer w;
  w.begin_object().member("rule", q.rule().str()).member("max_heap", q.max_heap()).member("order", q.order());
  w.key("p_portion").begin_array();
  for (auto x : q.p_portion())
    w.value(q.name(x));
  w.end_array().key("presentation").begin_object().member("text", p.str()).key("generators").begin_array();
  for (const auto& x : p.generators)
    w.begin_object().member("name", x.name).member("heap", x.heap).end_object();
  w.end_array().key("relations").begin_array();
  for (const auto& r : p.relations)
    w.begin_object()
        .member("left", io::quotient_word(p, r.left))
        .member("right", io::quotient_word(p, r.right))
        .end_object();
  w.end_array()
      .end_object()
      .member("decides_every_heap", q.decides_every_heap())
      .key("elements")
      .begin_array();
  for (heap_size h = 1; h <= q.max_heap(); ++h)
    w.begin_object()
        .member("heap", h)
        .member("element", q.name(q.heap(h)))
        .member("outcome", heap_outcome(q, h))
        .end_object();
  w.end_array();
  if (g) genus_members(w, q, *g);
  return w.end_object().take();
}

} // namespace grundy::io
