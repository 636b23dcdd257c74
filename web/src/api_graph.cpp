// /api/graph, /api/graph.svg and /api/export: a game graph's statistics, its picture and the
// whole labelled graph, as `grundy graph` gives them.

#include "bounded_text.hpp"
#include "endpoints.hpp"
#include "request_position.hpp"

#include <grundy/io/export_dot.hpp>
#include <grundy/io/export.hpp>
#include <grundy/io/graph_report.hpp>
#include <grundy/io/render.hpp>

#include <fmt/format.h>

#include <array>
#include <string>

namespace grundy::web {

namespace {

constexpr std::array<std::string_view, 4> graph_parameters{"game", "position", "max_states", "progress"};

// Solves the position the request names and calls f(game, solution, head).
template <class F> void solve_request(const endpoint_request& r, bool misere, F&& f) {
  const auto position = read_position(r.params, r.body, r.bounds, r.work.stop_flag(), position_use::graph);
  visit_position(position, [&](auto entry, const auto& p) {
    using E = typename decltype(entry)::type;
    entry_traits::explore<E>(p, [&](const auto& g, const auto& s) {
      auto solution = io::solve_for_report(g, s, exploration_options(r), misere);
      auto head = E::head(p.game);
      head.emplace_back("start", position_name(g, solution.solved.graph.states[0]));
      f(g, solution, std::move(head));
    });
  });
}

} // namespace

build_options exploration_options(const endpoint_request& r) {
  build_options o;
  o.max_states = r.params.whole("max_states", 1, r.bounds.max_states, r.bounds.max_states);
  o.max_memory = r.bounds.max_memory; // read from the computation's own account
  o.threads = 1;
  o.stop = r.work.stop_flag();
  if (r.work.wants_progress())
    o.progress = [&work = r.work](const build_progress& p) {
      work.progress(fmt::format("{{\"states\": {}, \"edges\": {}, \"levels\": {}, \"labelling\": {}, "
                                "\"labelled\": {}, \"seconds\": {:.3f}}}",
                                p.states, p.edges, p.levels, p.labelling, p.labelled, p.seconds));
    };
  return o;
}

answer api_graph(const endpoint_request& r) {
  static constexpr std::array<std::string_view, 5> known{"game", "position", "max_states", "progress",
                                                         "misere"};
  r.params.refuse_unknown(known, is_position_parameter);
  std::string json;
  solve_request(r, r.params.flag("misere"), [&](const auto&, const auto& solution, io::fields head) {
    json = io::graph_json(std::move(head), solution.solved.statistics, solution.misere);
  });
  return json_answer(std::move(json));
}

answer api_graph_svg(const endpoint_request& r) {
  r.params.refuse_unknown(graph_parameters, is_position_parameter);
  std::string dot;
  solve_request(r, false, [&](const auto& g, const auto& solution, io::fields) {
    const auto& s = solution.solved;
    if (s.graph.vertex_count() > r.bounds.max_drawn)
      throw http_error(422, fmt::format("the graph has {} positions, more than the {} a picture shows",
                                        s.graph.vertex_count(), r.bounds.max_drawn));
    dot = write_bounded(r.bounds.max_answer, r.work.stop_flag(),
                        [&](std::ostream& os) { write_dot(os, g, s.graph, s.values, &s.infinite); });
  });
  return {200, "image/svg+xml", io::render_dot_text(dot, "svg", r.work.stop_flag(), r.bounds.max_answer)};
}

answer api_export(const endpoint_request& r) {
  static constexpr std::array<std::string_view, 6> known{"game",     "position", "max_states",
                                                         "progress", "misere",   "format"};
  r.params.refuse_unknown(known, is_position_parameter);
  const auto& name = r.params.required("format");
  const auto format = name == "json"      ? export_format::json
                      : name == "graphml" ? export_format::graphml
                      : name == "csv"
                          ? export_format::csv
                          : throw http_error(400, fmt::format("format={} is not an export format: "
                                                              "json, graphml or csv",
                                                              name));
  const bool misere = r.params.flag("misere");
  std::string text;
  solve_request(r, misere, [&](const auto& g, const auto& solution, io::fields) {
    const auto& s = solution.solved;
    if (s.graph.vertex_count() > r.bounds.max_exported)
      throw http_error(422, fmt::format("the graph has {} positions, more than the {} an export gives",
                                        s.graph.vertex_count(), r.bounds.max_exported));
    text = write_bounded(r.bounds.max_answer, r.work.stop_flag(), [&](std::ostream& os) {
      write_labelled_graph(os, format, g, s.graph, s.values, &s.infinite,
                           misere ? &solution.misere_outcomes : nullptr,
                           misere ? &solution.misere_values : nullptr);
    });
  });
  const char* type = format == export_format::json      ? "application/json; charset=utf-8"
                     : format == export_format::graphml ? "application/graphml+xml; charset=utf-8"
                                                        : "text/csv; charset=utf-8";
  return {200, type, std::move(text)};
}

} // namespace grundy::web
