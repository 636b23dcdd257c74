#pragma once
// What every export format says of a vertex, read from a labelled game graph one vertex at a
// time: the exports stream, and never hold more than one vertex's text. Each writer stops at the
// next vertex once its stream has gone bad (a stop asked for, a failed write): the output layer
// then says why, and a stop does not wait for the rest of a large graph.

#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/io/text.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>

#include <boost/range/iterator_range.hpp>

#include <span>
#include <string>
#include <vector>

namespace grundy {

template <game Game> struct labelled_graph_view {
  const Game& game;
  const game_graph<state_t<Game>>& gg;
  const std::vector<grundy_value>& values;
  const infinite_sets* infinite;      // null for an acyclic graph
  const std::vector<outcome>* misere; // misère outcomes, null when not asked for
  // Misère Grundy values (misere_values), null when not given: written beside the outcomes.
  const std::vector<grundy_value>* misere_values = nullptr;
  // Remoteness under normal play (grundy/remoteness.hpp), null when not given: the field
  // "remoteness", written after the outcomes, empty (null in JSON) for a draw.
  const std::vector<remoteness_value>* remoteness = nullptr;

  vertex_id size() const noexcept { return static_cast<vertex_id>(gg.vertex_count()); }
  bool finite(vertex_id v) const { return values[v] != infinity; }
  std::span<const grundy_value> k(vertex_id v) const { return infinite_set_of(infinite, v); }
  // The position as the game writes it, in the portable form every format shares.
  std::string state(vertex_id v) const { return position_name(game, gg.states[v]); }
  // "3" or "∞(0,2)": the value as people read it.
  std::string value(vertex_id v) const { return format_value(values[v], k(v)); }
  char outcome_char(vertex_id v) const { return to_char(generalized_outcome(values[v], k(v))); }
  char misere_char(vertex_id v) const { return to_char((*misere)[v]); }
  bool has_misere_values() const noexcept { return misere && misere_values; }
  // The remoteness as every format writes it: a number, or "" for a draw.
  std::string remoteness_text(vertex_id v) const {
    const auto r = (*remoteness)[v];
    return r == no_remoteness ? std::string() : std::to_string(r);
  }
  template <class F> void for_each_successor(vertex_id v, F&& f) const {
    for (auto e : boost::make_iterator_range(out_edges(v, gg.graph)))
      f(static_cast<vertex_id>(target(e, gg.graph)));
  }
};

} // namespace grundy
