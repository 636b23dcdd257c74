#pragma once
// The labelled graph as CSV, one row per vertex (docs/cli-guide.md, "Export formats"):
//
// id,state,value,grundy,infinite_set,outcome[,misere_outcome[,misere_value]][,remoteness],successors
// 0,a,"∞(0,2)",,0 2,N,1 2
//
// grundy is empty for ∞(K); infinite_set and successors are numbers separated by spaces
// (infinite_set empty for a finite value, remoteness empty for a draw). Fields are quoted as RFC 4180 says;
// rows end in a line feed. state is the portable name (grundy/portable_name.hpp).

#include <grundy/io/labelled_graph_view.hpp>
#include <grundy/io/text.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <ostream>
#include <string>

namespace grundy::detail {

template <game Game> void write_csv(std::ostream& os, const labelled_graph_view<Game>& view) {
  os << "id,state,value,grundy,infinite_set,outcome" << (view.misere ? ",misere_outcome" : "")
     << (view.has_misere_values() ? ",misere_value" : "") << (view.remoteness ? ",remoteness" : "")
     << ",successors\n";
  std::string line;
  for (vertex_id v = 0; v < view.size() && os; ++v) {
    line.clear();
    fmt::format_to(std::back_inserter(line), "{},{},{},{},{},{}", v, csv_field(view.state(v)),
                   csv_field(view.value(v)), view.finite(v) ? std::to_string(view.values[v]) : std::string(),
                   fmt::join(view.k(v), " "), view.outcome_char(v));
    if (view.misere) (line += ',') += view.misere_char(v);
    if (view.has_misere_values()) fmt::format_to(std::back_inserter(line), ",{}", (*view.misere_values)[v]);
    if (view.remoteness) (line += ',') += view.remoteness_text(v);
    line += ',';
    bool first = true;
    view.for_each_successor(v, [&](vertex_id w) {
      fmt::format_to(std::back_inserter(line), "{}{}", first ? "" : " ", w);
      first = false;
    });
    line += '\n';
    os << line;
  }
}

} // namespace grundy::detail
