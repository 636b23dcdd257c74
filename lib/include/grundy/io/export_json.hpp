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

#include <grundy/io/labelled_graph_view.hpp>
#include <grundy/io/text.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <ostream>
#include <string>

namespace grundy::detail {

template <game Game> void write_json(std::ostream& os, const labelled_graph_view<Game>& view) {
  os << "{\"vertices\": [";
  std::string line;
  for (vertex_id v = 0; v < view.size() && os; ++v) {
    line.clear();
    fmt::format_to(
        std::back_inserter(line),
        "{}\n  {{\"id\": {}, \"state\": {}, \"value\": {}, \"grundy\": {}, \"infinite_set\": [{}], "
        "\"outcome\": \"{}\"",
        v ? "," : "", v, json_quoted(view.state(v)), json_quoted(view.value(v)),
        view.finite(v) ? std::to_string(view.values[v]) : std::string("null"), fmt::join(view.k(v), ", "),
        view.outcome_char(v));
    if (view.misere)
      fmt::format_to(std::back_inserter(line), ", \"misere_outcome\": \"{}\"", view.misere_char(v));
    if (view.has_misere_values())
      fmt::format_to(std::back_inserter(line), ", \"misere_value\": {}", (*view.misere_values)[v]);
    if (view.remoteness) {
      const auto r = view.remoteness_text(v);
      fmt::format_to(std::back_inserter(line), ", \"remoteness\": {}", r.empty() ? "null" : r);
    }
    line += '}';
    os << line;
  }
  os << "],\n \"edges\": [";
  bool first = true;
  for (vertex_id v = 0; v < view.size() && os; ++v)
    view.for_each_successor(v, [&](vertex_id w) {
      os << (first ? "\n  [" : ",\n  [") << v << ", " << w << ']';
      first = false;
    });
  os << "]}\n";
}

} // namespace grundy::detail
