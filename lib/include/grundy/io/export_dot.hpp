#pragma once
// Game graphs as Graphviz DOT, the export format `dot` (grundy/io/export_formats.hpp), which
// Graphviz also draws as the formats `svg` and `png` (grundy/io/render.hpp).

#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>
#include <grundy/portable_name.hpp>

#include <boost/range/iterator_range.hpp>

#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace grundy {

namespace detail {

// Terminal positions are drawn dark, as in the seed's figures; other P-positions (value 0, a
// loss for the player to move) are shaded; N-positions stay white; draws (in games with
// cycles) are amber with a dashed border, so that they read apart even in grey.
template <class Game> struct dot_vertex_writer {
  const Game* game;
  const game_graph<state_t<Game>>* gg;
  const std::vector<grundy_value>* values;
  const infinite_sets* infinite = nullptr;

  void operator()(std::ostream& os, vertex_id v) const {
    const auto value = (*values)[v];
    const auto k = infinite_set_of(infinite, v);
    // The label is the position's portable name, so that no control byte or invalid UTF-8
    // reaches Graphviz, whose SVG would then not be well-formed XML. Graphviz reads a label's
    // entities (&#27; would put an ESC back) and its escapes (\n, \N, \l): '&', '<', '>' and
    // '"' are written as entities and a backslash doubled, so that it draws the name as it is;
    // "\n" then starts the value's line. Quoted, as a label holding "\n" must be, without
    // boost::escape_dot_string's regular expression, tried first for every vertex.
    std::string quoted = "\"";
    for (char c : position_name(*game, gg->states[v])) {
      switch (c) {
      case '\\':
        quoted += "\\\\";
        break;
      case '&':
        quoted += "&amp;";
        break;
      case '<':
        quoted += "&lt;";
        break;
      case '>':
        quoted += "&gt;";
        break;
      case '"':
        quoted += "&quot;";
        break;
      default:
        quoted += c;
      }
    }
    quoted += "\\ng=" + format_value(value, k);
    os << "[label=" << quoted << '"';
    if (out_degree(v, gg->graph) == 0)
      os << ", fillcolor=\"#303030\", fontcolor=white";
    else if (value == 0)
      os << ", fillcolor=\"#b8d4f0\", penwidth=2";
    else if (generalized_outcome(value, k) == outcome::d)
      os << ", fillcolor=\"#f6d58e\", style=\"rounded,filled,dashed\"";
    os << "]";
  }
};

struct dot_graph_writer {
  void operator()(std::ostream& os) const {
    os << "node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\"];\n";
  }
};

} // namespace detail

// Every vertex is labelled with its position and Grundy value; for a graph with cycles,
// `infinite` gives the sets of the values ∞(K), written g=∞(0,2). The text is the one
// boost::write_graphviz writes, written here directly: Boost's quotes every vertex id of every
// edge through a regular expression, which took nine tenths of the time of a large graph; the
// stream is looked at once per vertex, so that a stop ends the writing at once.
template <game Game>
void write_dot(std::ostream& os, const Game& game, const game_graph<state_t<Game>>& gg,
               const std::vector<grundy_value>& values, const infinite_sets* infinite = nullptr) {
  const detail::dot_vertex_writer<Game> vertex{&game, &gg, &values, infinite};
  os << "digraph G {\n";
  detail::dot_graph_writer{}(os);
  const auto n = static_cast<vertex_id>(gg.vertex_count());
  for (vertex_id v = 0; v < n && os; ++v) {
    os << v;
    vertex(os, v);
    os << ";\n";
  }
  for (vertex_id v = 0; v < n && os; ++v)
    for (auto e : boost::make_iterator_range(out_edges(v, gg.graph)))
      os << v << "->" << target(e, gg.graph) << " ;\n";
  os << "}\n";
}

} // namespace grundy
