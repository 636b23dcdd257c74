#pragma once
// The labelled graph as GraphML, written one vertex and one edge at a time (docs/cli-guide.md,
// "Export formats"). Node ids are the positions' portable names, so that the file names its
// vertices as the game does; the data keys are
//
//   state         string  the portable name again, for tools that show data, not ids
//   value         string  "3" or "∞(0,2)", for people
//   grundy        int     the value; absent for ∞(K)
//   infinite_set  string  K as a JSON array: "[0,2]" for ∞(0,2), "[]" for a finite value
//   outcome       string  P, N or D
//   misere_outcome string P or N, only with misère outcomes
//
// Boost's write_graphml names nodes n0, n1... and types every property as a string, hence a
// writer of its own.

#include <grundy/io/labelled_graph_view.hpp>
#include <grundy/io/text.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace grundy::detail {

// The vertices whose portable names another vertex shares (a game's format need not tell
// every position apart: a game written in Python may print two alike). Found from 64-bit
// hashes, 8 bytes per vertex while it runs: a vertex marked by a mere collision of hashes only
// gets a longer id.
template <game Game> std::vector<bool> shared_names(const labelled_graph_view<Game>& view) {
  std::vector<std::uint64_t> hashes(view.size());
  for (vertex_id v = 0; v < view.size(); ++v)
    hashes[v] = std::hash<std::string>{}(view.state(v));
  std::vector<std::uint64_t> sorted = hashes, repeated;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i] == sorted[i - 1] && (repeated.empty() || repeated.back() != sorted[i]))
      repeated.push_back(sorted[i]);
  std::vector<bool> shared(view.size(), false);
  if (repeated.empty()) return shared;
  for (vertex_id v = 0; v < view.size(); ++v)
    shared[v] = std::binary_search(repeated.begin(), repeated.end(), hashes[v]);
  return shared;
}

template <game Game> void write_graphml(std::ostream& os, const labelled_graph_view<Game>& view) {
  const auto shared = shared_names(view);
  // A portable name has a backslash only before another or before x, so "\#" and the vertex
  // number make an id no name has and no other vertex gets.
  const auto id_of = [&](vertex_id v, std::string escaped_state) {
    if (shared[v]) escaped_state += fmt::format("\\#{}", v);
    return escaped_state;
  };
  const auto id = [&](vertex_id v) { return id_of(v, xml_escaped(view.state(v))); };
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n";
  const auto key = [&](const char* name, const char* type) {
    os << "  <key id=\"" << name << "\" for=\"node\" attr.name=\"" << name << "\" attr.type=\"" << type
       << "\"/>\n";
  };
  key("state", "string");
  key("value", "string");
  key("grundy", "int");
  key("infinite_set", "string");
  key("outcome", "string");
  if (view.misere) key("misere_outcome", "string");
  os << "  <graph id=\"G\" edgedefault=\"directed\">\n";
  std::string line;
  for (vertex_id v = 0; v < view.size(); ++v) {
    line.clear();
    const auto state = xml_escaped(view.state(v));
    fmt::format_to(std::back_inserter(line),
                   "    <node id=\"{}\"><data key=\"state\">{}</data><data key=\"value\">{}</data>",
                   id_of(v, state), state, xml_escaped(view.value(v)));
    if (view.finite(v))
      fmt::format_to(std::back_inserter(line), "<data key=\"grundy\">{}</data>", view.values[v]);
    fmt::format_to(std::back_inserter(line),
                   "<data key=\"infinite_set\">[{}]</data><data key=\"outcome\">{}</data>",
                   fmt::join(view.k(v), ","), view.outcome_char(v));
    if (view.misere)
      fmt::format_to(std::back_inserter(line), "<data key=\"misere_outcome\">{}</data>", view.misere_char(v));
    line += "</node>\n";
    os << line;
  }
  for (vertex_id v = 0; v < view.size(); ++v) {
    bool any = false;
    std::string source;
    view.for_each_successor(v, [&](vertex_id w) {
      if (!any) source = id(v), any = true;
      os << "    <edge source=\"" << source << "\" target=\"" << id(w) << "\"/>\n";
    });
  }
  os << "  </graph>\n</graphml>\n";
}

} // namespace grundy::detail
