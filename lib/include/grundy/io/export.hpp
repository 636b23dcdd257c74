#pragma once
// A labelled game graph as a whole, in formats other tools read: GraphML (networkx, yEd,
// Gephi), JSON, CSV and Graphviz DOT. The formats are one table (export_formats.hpp); each
// writer has its header in grundy/io/; docs/cli-guide.md ("Export formats") gives the fields,
// their types, the ∞ and misère cases and how odd names are written.

#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/io/export_csv.hpp>
#include <grundy/io/export_dot.hpp>
#include <grundy/io/export_formats.hpp>
#include <grundy/io/export_graphml.hpp>
#include <grundy/io/export_json.hpp>
#include <grundy/io/labelled_graph_view.hpp>
#include <grundy/io/text.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>

#include <fmt/format.h>

#include <ostream>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace grundy {

// Writes every vertex of a labelled graph with its position, value and outcome, and every
// edge, in `format`, one vertex at a time. `infinite` gives the sets K of a graph with cycles
// (null: none); `misere`, when not null, every vertex's misère outcome (misere_outcomes), which
// the formats then add, with, when `misere_values` is not null too, its misère Grundy value
// (misere_values); `remoteness`, when not null, every vertex's remoteness under normal play
// (grundy/remoteness.hpp). The graph must have its edges. DOT gives the values alone; a picture
// is not written here but drawn by Graphviz from DOT (io::render_dot_text): std::invalid_argument.
template <game Game>
void write_labelled_graph(std::ostream& os, export_format format, const Game& game,
                          const game_graph<state_t<Game>>& gg, const std::vector<grundy_value>& values,
                          const infinite_sets* infinite = nullptr,
                          const std::vector<outcome>* misere = nullptr,
                          const std::vector<grundy_value>* misere_values = nullptr,
                          const std::vector<remoteness_value>* remoteness = nullptr) {
  if (!gg.has_edges()) throw std::invalid_argument("exporting a graph needs its edges");
  if (values.size() != gg.vertex_count() || (misere && misere->size() != gg.vertex_count()) ||
      (misere && misere_values && misere_values->size() != gg.vertex_count()) ||
      (remoteness && remoteness->size() != gg.vertex_count()))
    throw std::invalid_argument("exporting a graph needs a value and an outcome for each of its vertices");
  const labelled_graph_view<Game> view{game, gg, values, infinite, misere, misere_values, remoteness};
  switch (format) {
  case export_format::graphml:
    return detail::write_graphml(os, view);
  case export_format::json:
    return detail::write_json(os, view);
  case export_format::csv:
    return detail::write_csv(os, view);
  case export_format::dot:
    return write_dot(os, game, gg, values, infinite);
  case export_format::svg:
  case export_format::png:
    break;
  }
  throw std::invalid_argument(
      fmt::format("{} is a picture, drawn by Graphviz from the dot export", export_format_info(format).name));
}

} // namespace grundy
