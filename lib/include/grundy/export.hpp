#pragma once
// A labelled game graph as a whole, in formats other tools read: GraphML (networkx, yEd,
// Gephi), JSON and CSV.

#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>

#include <boost/graph/graphml.hpp>
#include <boost/property_map/function_property_map.hpp>
#include <boost/range/iterator_range.hpp>

#include <fmt/format.h>

#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

enum class export_format { graphml, json, csv };

// The format a file name asks for by its extension: .graphml, .json or .csv. Throws
// std::invalid_argument for any other.
inline export_format export_format_of(std::string_view path) {
  const auto ends = [&](std::string_view suffix) {
    return path.size() >= suffix.size() && path.substr(path.size() - suffix.size()) == suffix;
  };
  if (ends(".graphml")) return export_format::graphml;
  if (ends(".json")) return export_format::json;
  if (ends(".csv")) return export_format::csv;
  throw std::invalid_argument(
      fmt::format("cannot tell the format of '{}': its name must end in .graphml, .json or .csv", path));
}

// A string as a JSON string literal.
inline std::string json_quoted(std::string_view s) {
  std::string r = "\"";
  for (char c : s) {
    switch (c) {
    case '"':
      r += "\\\"";
      break;
    case '\\':
      r += "\\\\";
      break;
    case '\n':
      r += "\\n";
      break;
    case '\t':
      r += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        r += fmt::format("\\u{:04x}", c);
      else
        r += c;
    }
  }
  return r + "\"";
}

// What every format says of a vertex: the position as the game writes it, the value ("3" or
// "∞(0,2)"), and the outcome for the player to move (P, N or D).
template <game Game> struct labelled_graph_view {
  const Game& game;
  const game_graph<state_t<Game>>& gg;
  const std::vector<grundy_value>& values;
  const infinite_sets* infinite; // null for an acyclic graph

  std::span<const grundy_value> k(vertex_id v) const { return infinite_set_of(infinite, v); }
  std::string state(vertex_id v) const { return game.format(gg.states[v]); }
  std::string value(vertex_id v) const { return format_value(values[v], k(v)); }
  char outcome(vertex_id v) const { return to_char(generalized_outcome(values[v], k(v))); }
};

namespace detail {

template <game Game> void write_graphml(std::ostream& os, const labelled_graph_view<Game>& view) {
  const auto text = [](auto f) { return boost::make_function_property_map<vertex_id, std::string>(f); };
  boost::dynamic_properties dp;
  dp.property("state", text([&](vertex_id v) { return view.state(v); }));
  dp.property("value", text([&](vertex_id v) { return view.value(v); }));
  dp.property("outcome", text([&](vertex_id v) { return std::string(1, view.outcome(v)); }));
  boost::write_graphml(os, view.gg.graph, dp, true);
}

// {"vertices": [{"id": 0, "state": "...", "value": "∞(0,2)", "grundy": null,
// "infinite_set": [0, 2], "outcome": "N"}, ...], "edges": [[0, 1], ...]}: grundy is a number
// for a finite value and null for ∞(K), as in the statistics' JSON.
template <game Game> void write_json(std::ostream& os, const labelled_graph_view<Game>& view) {
  const auto& g = view.gg.graph;
  os << "{\"vertices\": [";
  for (vertex_id v = 0; v < view.gg.vertex_count(); ++v) {
    os << (v ? ",\n  " : "\n  ") << "{\"id\": " << v << ", \"state\": " << json_quoted(view.state(v))
       << ", \"value\": " << json_quoted(view.value(v)) << ", \"grundy\": ";
    if (view.values[v] == infinity)
      os << "null, \"infinite_set\": [" << fmt::format("{}", fmt::join(view.k(v), ", ")) << "]";
    else
      os << view.values[v];
    os << ", \"outcome\": \"" << view.outcome(v) << "\"}";
  }
  os << "],\n \"edges\": [";
  bool first = true;
  for (vertex_id v = 0; v < view.gg.vertex_count(); ++v)
    for (auto e : boost::make_iterator_range(out_edges(v, g))) {
      os << (first ? "" : ", ") << '[' << v << ", " << target(e, g) << ']';
      first = false;
    }
  os << "]}\n";
}

// One row per vertex: id,state,grundy,infinite_set,outcome,successors; grundy is empty for
// ∞(K), and the sets and successors are lists separated by spaces.
template <game Game> void write_csv(std::ostream& os, const labelled_graph_view<Game>& view) {
  const auto& g = view.gg.graph;
  os << "id,state,grundy,infinite_set,outcome,successors\n";
  for (vertex_id v = 0; v < view.gg.vertex_count(); ++v) {
    std::string state = view.state(v), quoted = "\"";
    for (char c : state)
      quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    os << v << ',' << quoted << "\",";
    if (view.values[v] != infinity) os << view.values[v];
    os << ',' << fmt::format("{}", fmt::join(view.k(v), " ")) << ',' << view.outcome(v) << ',';
    bool first = true;
    for (auto e : boost::make_iterator_range(out_edges(v, g))) {
      os << (first ? "" : " ") << target(e, g);
      first = false;
    }
    os << '\n';
  }
}

} // namespace detail

// Writes every vertex of a labelled graph with its position, value and outcome, and every
// edge, in `format`. `infinite` gives the sets K of a graph with cycles (null: none). The
// graph must have its edges.
template <game Game>
void write_labelled_graph(std::ostream& os, export_format format, const Game& game,
                          const game_graph<state_t<Game>>& gg, const std::vector<grundy_value>& values,
                          const infinite_sets* infinite = nullptr) {
  if (!gg.has_edges()) throw std::invalid_argument("exporting a graph needs its edges");
  const labelled_graph_view<Game> view{game, gg, values, infinite};
  switch (format) {
  case export_format::graphml:
    return detail::write_graphml(os, view);
  case export_format::json:
    return detail::write_json(os, view);
  case export_format::csv:
    return detail::write_csv(os, view);
  }
}

} // namespace grundy
