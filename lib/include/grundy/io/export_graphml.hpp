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
//   remoteness    int     only with remoteness; absent for a draw
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
#include <string_view>
#include <vector>

namespace grundy::detail {

// Every vertex's portable name, XML-escaped, formatted once into one buffer: ids are written
// again for every edge, and formatting a position (the game's own format) costs more than the
// rest of the export. The buffer holds the names' bytes and one offset per vertex, less than the
// graph itself holds.
class graphml_names {
public:
  template <game Game>
  explicit graphml_names(const labelled_graph_view<Game>& view) : start_(view.size() + 1) {
    for (vertex_id v = 0; v < view.size(); ++v) {
      start_[v] = text_.size();
      text_ += xml_escaped(view.state(v));
    }
    start_[view.size()] = text_.size();
    mark_shared();
  }
  std::string_view state(vertex_id v) const { return {text_.data() + start_[v], start_[v + 1] - start_[v]}; }
  // A portable name has a backslash only before another or before x, so "\#" and the vertex
  // number make an id no name has and no other vertex gets.
  void write_id(std::string& out, vertex_id v) const {
    out += state(v);
    if (shared_[v]) fmt::format_to(std::back_inserter(out), "\\#{}", v);
  }

private:
  // The vertices whose names another vertex shares (a game's format need not tell every
  // position apart: a game written in Python may print two alike).
  void mark_shared() {
    const auto n = start_.size() - 1;
    std::vector<std::string_view> sorted(n);
    for (vertex_id v = 0; v < n; ++v)
      sorted[v] = state(v);
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::string_view> repeated;
    for (std::size_t i = 1; i < n; ++i)
      if (sorted[i] == sorted[i - 1] && (repeated.empty() || repeated.back() != sorted[i]))
        repeated.push_back(sorted[i]);
    shared_.assign(n, false);
    if (repeated.empty()) return;
    for (vertex_id v = 0; v < n; ++v)
      shared_[v] = std::binary_search(repeated.begin(), repeated.end(), state(v));
  }

  std::string text_;
  std::vector<std::size_t> start_;
  std::vector<bool> shared_;
};

template <game Game> void write_graphml(std::ostream& os, const labelled_graph_view<Game>& view) {
  const graphml_names names(view);
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
  if (view.has_misere_values()) key("misere_value", "int");
  if (view.remoteness) key("remoteness", "int");
  os << "  <graph id=\"G\" edgedefault=\"directed\">\n";
  std::string line;
  for (vertex_id v = 0; v < view.size() && os; ++v) {
    line = "    <node id=\"";
    names.write_id(line, v);
    fmt::format_to(std::back_inserter(line), "\"><data key=\"state\">{}</data><data key=\"value\">{}</data>",
                   names.state(v), xml_escaped(view.value(v)));
    if (view.finite(v))
      fmt::format_to(std::back_inserter(line), "<data key=\"grundy\">{}</data>", view.values[v]);
    fmt::format_to(std::back_inserter(line),
                   "<data key=\"infinite_set\">[{}]</data><data key=\"outcome\">{}</data>",
                   fmt::join(view.k(v), ","), view.outcome_char(v));
    if (view.misere)
      fmt::format_to(std::back_inserter(line), "<data key=\"misere_outcome\">{}</data>", view.misere_char(v));
    if (view.has_misere_values())
      fmt::format_to(std::back_inserter(line), "<data key=\"misere_value\">{}</data>",
                     (*view.misere_values)[v]);
    if (view.remoteness && (*view.remoteness)[v] != no_remoteness)
      fmt::format_to(std::back_inserter(line), "<data key=\"remoteness\">{}</data>", (*view.remoteness)[v]);
    line += "</node>\n";
    os << line;
  }
  for (vertex_id v = 0; v < view.size() && os; ++v)
    view.for_each_successor(v, [&](vertex_id w) {
      line = "    <edge source=\"";
      names.write_id(line, v);
      line += "\" target=\"";
      names.write_id(line, w);
      line += "\"/>\n";
      os << line;
    });
  os << "  </graph>\n</graphml>\n";
}

} // namespace grundy::detail
