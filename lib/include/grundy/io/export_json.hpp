#pragma once
// The labelled graph as JSON, written one vertex and one edge at a time (docs/cli-guide.md,
// "Export formats"):
//
// {"vertices": [
//   {"id": 0, "state": "a", "value": "∞(0,2)", "grundy": null, "infinite_set": [0, 2], "outcome": "N"},
//   {"id": 1, "state": "b", "value": "3", "grundy": 3, "infinite_set": [], "outcome": "N"},
//   ...],
//  "edges": [
//   [0, 1],
//   ...]}
//
// grundy is a number for a finite value and null for ∞(K); infinite_set is on every vertex,
// K for ∞(K) and [] for a finite value. With misère outcomes, "misere_outcome" follows
// "outcome", and with misère values "misere_value" (a number) follows it; with remoteness,
// "remoteness" (a number, null for a draw) comes last. state is the portable name
// (grundy/portable_name.hpp).

#include <grundy/io/json_writer.hpp>
#include <grundy/io/labelled_graph_view.hpp>

#include <ostream>
#include <string>

namespace grundy::detail {

template <game Game> void write_json(std::ostream& os, const labelled_graph_view<Game>& view) {
  // The lists one item a line, the top object's two members on lines of their own.
  static constexpr io::json_layout top{"", ",\n ", "", ": "};
  static constexpr io::json_layout list{"\n  ", ",\n  ", "", ": "};
  io::json_writer w;
  w.begin_object(top).key("vertices").begin_array(list);
  for (vertex_id v = 0; v < view.size() && os; ++v) {
    w.begin_object()
        .member("id", v)
        .member("state", view.state(v))
        .member("value", view.value(v))
        .key("grundy");
    if (view.finite(v))
      w.value(view.values[v]);
    else
      w.value(nullptr);
    w.key("infinite_set").values(view.k(v)).member("outcome", view.outcome_char(v));
    if (view.misere) w.member("misere_outcome", view.misere_char(v));
    if (view.has_misere_values()) w.member("misere_value", (*view.misere_values)[v]);
    if (view.remoteness) {
      const auto r = view.remoteness_text(v);
      w.key("remoteness").raw(r.empty() ? "null" : r);
    }
    w.end_object();
    w.flush_to(os);
  }
  w.end_array().key("edges").begin_array(list);
  for (vertex_id v = 0; v < view.size() && os; ++v)
    view.for_each_successor(v, [&](vertex_id x) {
      w.begin_array().value(v).value(x).end_array();
      w.flush_to(os);
    });
  w.end_array().end_object();
  w.flush_to(os);
  os << '\n';
}

} // namespace grundy::detail
