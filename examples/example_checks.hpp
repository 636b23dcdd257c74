#pragma once
// What the example programs share: a check that counts failures, and the figures of a
// graph as explored (one vertex per canonical form, one edge per distinct successor), which
// is what their DOT diagrams show.

#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>

#include <fmt/format.h>

#include <string>

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
  fmt::print("{} {}\n", ok ? "ok    " : "FAILED", what);
  if (!ok) ++failures;
}

// The figures of the graph as explored, which the DOT diagram shows: one vertex per canonical
// form, one edge per distinct successor.
template <class Solved> void print_graph(const std::string& title, const Solved& solved) {
  const auto& gg = solved.graph;
  std::size_t terminals = 0;
  for (grundy::vertex_id v = 0; v < gg.vertex_count(); ++v)
    terminals += out_degree(v, gg.graph) == 0;
  const grundy::grundy_value start = solved.values.front();
  fmt::print("{}: {} vertices, {} edges, {} terminal, {} levels\n", title, gg.vertex_count(), gg.edge_count(),
             terminals, gg.depth());
  fmt::print("  start value {} ({}: the player to move {})\n", start,
             grundy::to_char(grundy::outcome_of(start)), start == 0 ? "loses" : "wins");
}

} // namespace
