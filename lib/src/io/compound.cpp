// Compounds of built-in positions: components, their graphs, the answer as text and JSON.

#include <grundy/io/compound.hpp>

#include <grundy/io/json_writer.hpp>
#include <grundy/io/text.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <boost/unordered/unordered_flat_map.hpp>

#include <algorithm>
#include <stdexcept>
#include <type_traits>

namespace grundy::io {

compound_kind parse_compound_kind(std::string_view text) {
  if (text == "conjunctive") return compound_kind::conjunctive;
  if (text == "continued-conjunctive" || text == "continued") return compound_kind::continued_conjunctive;
  if (text == "selective") return compound_kind::selective;
  throw std::invalid_argument(fmt::format(
      "unknown compound '{}': conjunctive, continued-conjunctive or selective", portable_name(text)));
}

std::vector<any_builtin_position> compound_components(const any_builtin_position& position) {
  return std::visit(
      [](const auto& p) {
        using G = std::decay_t<decltype(p.game)>;
        std::vector<any_builtin_position> parts;
        constexpr bool heaps_sum =
            std::is_same_v<G, nim_game> || std::is_same_v<G, octal_game> || std::is_same_v<G, heap_game>;
        if constexpr (heaps_sum || std::is_same_v<G, digraph_game>) {
          for (const auto& part : p.start) {
            state_t<G> one;
            one.push_back(part);
            parts.push_back(game_position<G>{p.game, p.game.canonical(one), {}});
          }
          if (parts.empty()) parts.push_back(p); // no heap at all: the empty position, one part
        } else {
          parts.push_back(p);
        }
        return parts;
      },
      position);
}

namespace {

// One component's graph and labels, kept alive for the compound's decision.
struct component_graph {
  csr_graph graph;
  compound_labels labels;
  std::vector<std::string> names; // of its vertices, as the game writes them
};

template <class G>
component_graph graph_of(const game_position<G>& p, vertex_id& start, const build_options& limits) {
  auto gg = build_graph(p.game, p.game.canonical(p.start), limits);
  if (!gg.has_edges()) throw std::invalid_argument("a compound needs each component's graph with its edges");
  component_graph c;
  c.labels = label_for_compounds(gg.graph, limits.stop);
  c.names.reserve(gg.states.size());
  for (const auto& s : gg.states)
    c.names.push_back(position_name(p.game, s));
  c.graph = std::move(gg.graph);
  start = 0; // build_graph gives the start vertex 0
  return c;
}

std::optional<remoteness_value> known(remoteness_value r) {
  return r == no_remoteness ? std::nullopt : std::optional(r);
}

} // namespace

compound_answer compute_compound(compound_kind kind, const std::vector<any_builtin_position>& components,
                                 play_convention convention, const build_options& limits) {
  if (components.empty()) throw std::invalid_argument("a compound needs at least one component");
  std::vector<component_graph> graphs;
  graphs.reserve(components.size());
  std::vector<compound_part> parts;
  for (const auto& position : components) {
    vertex_id start = 0;
    graphs.push_back(std::visit([&](const auto& p) { return graph_of(p, start, limits); }, position));
    parts.push_back({nullptr, nullptr, start});
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    parts[i].graph = &graphs[i].graph;
    parts[i].labels = &graphs[i].labels;
  }
  const auto r = solve_compound(kind, parts, convention, limits.stop);
  compound_answer a;
  a.kind = kind;
  a.convention = convention;
  a.result = r.result;
  a.length = r.length;
  a.has_move = !r.move.empty();
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto& g = graphs[i];
    const auto v = parts[i].vertex;
    compound_component_answer c;
    c.position = g.names[v];
    c.remoteness = known(g.labels.remoteness(convention)[v]);
    c.result = outcome_of_remoteness(g.labels.remoteness(convention)[v], convention);
    if (g.labels.acyclic) c.suspense = g.labels.suspense(convention)[v];
    if (a.has_move && r.move[i]) c.move = g.names[*r.move[i]];
    c.positions = num_vertices(g.graph);
    a.components.push_back(std::move(c));
  }
  return a;
}

std::string_view compound_length_name(compound_kind kind) noexcept {
  return kind == compound_kind::continued_conjunctive ? "suspense" : "remoteness";
}

namespace {

std::string says(outcome o) {
  switch (o) {
  case outcome::p:
    return "P: the player to move loses";
  case outcome::n:
    return "N: the player to move wins";
  case outcome::d:
    return "D: a draw, neither player can force a win";
  }
  return "";
}

std::string number_or(std::optional<remoteness_value> x, std::string_view none) {
  return x ? std::to_string(*x) : std::string(none);
}

} // namespace

std::string compound_text(const compound_answer& a) {
  std::string out = fmt::format("compound     {} ({} play)\n", compound_name(a.kind),
                                a.convention == play_convention::normal ? "normal" : "misère");
  out += fmt::format("outcome      {}\n", says(a.result));
  if (a.kind != compound_kind::selective) {
    out += fmt::format("{:<13}", compound_length_name(a.kind));
    if (a.length)
      out += fmt::format("{} (the compound lasts {} move{} with best play: the {} of the components')\n",
                         *a.length, *a.length, *a.length == 1 ? "" : "s",
                         a.kind == compound_kind::conjunctive ? "least" : "largest");
    else
      out += "none (a draw)\n";
  }
  if (!a.has_move) out += "move         none: the compound is over\n";
  std::size_t width = 8;
  for (const auto& c : a.components)
    width = std::max(width, c.position.size());
  out += fmt::format("{:<{}}  outcome  remoteness  suspense  move\n", "position", width);
  for (const auto& c : a.components) {
    auto row =
        fmt::format("{:<{}}  {:<7}  {:<10}  {:<8}  {}", c.position, width, std::string(1, to_char(c.result)),
                    number_or(c.remoteness, "-"), number_or(c.suspense, "-"),
                    !a.has_move ? ""
                    : c.move    ? "> " + *c.move
                                : "(not moved)");
    row.erase(row.find_last_not_of(' ') + 1);
    out += row + "\n";
  }
  return out;
}

std::string compound_json(const compound_answer& a) {
  // One object on one line with no spaces, as `grundy compound --format json` has always given it.
  json_writer w(json_compact);
  w.begin_object().member("compound", compound_name(a.kind));
  w.member("convention", a.convention == play_convention::normal ? "normal" : "misere");
  w.member("outcome", to_char(a.result));
  if (a.kind != compound_kind::selective) w.member(compound_length_name(a.kind), a.length);
  w.key("components").begin_array();
  for (const auto& c : a.components) {
    w.begin_object().member("position", c.position).member("outcome", to_char(c.result));
    w.member("remoteness", c.remoteness).member("suspense", c.suspense).member("move", c.move);
    w.member("positions", c.positions).end_object();
  }
  return w.end_array().member("has_move", a.has_move).end_object().take();
}

} // namespace grundy::io
