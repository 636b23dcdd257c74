// /api/graph, /api/graph.svg and /api/export: a game graph's statistics, its picture and the
// whole graph in any export format (grundy/io/export_formats.hpp), as `grundy graph` gives them.

#include "bounded_text.hpp"
#include "endpoints.hpp"
#include "request_position.hpp"

#include <grundy/io/export.hpp>
#include <grundy/io/graph_report.hpp>
#include <grundy/io/json_writer.hpp>
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
      io::json_writer w;
      w.begin_object().member("states", p.states).member("edges", p.edges).member("levels", p.levels);
      w.member("labelling", p.labelling).member("labelled", p.labelled).key("seconds").fixed(p.seconds, 3);
      work.progress(w.end_object().take());
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
  return {200, std::string(export_format_info(export_format::svg).mime_type),
          io::render_dot_text(dot, "svg", r.work.stop_flag(), r.bounds.max_answer)};
}

answer api_export(const endpoint_request& r) {
  static constexpr std::array<std::string_view, 6> known{"game",     "position", "max_states",
                                                         "progress", "misere",   "format"};
  r.params.refuse_unknown(known, is_position_parameter);
  const auto& name = r.params.required("format");
  const auto format = export_format_named(name);
  if (!format)
    throw http_error(400,
                     fmt::format("format={} is not an export format: {}", name, io::export_format_names()));
  const bool picture = format->content == export_content::picture;
  const bool misere = r.params.flag("misere");
  std::string text;
  solve_request(r, misere, [&](const auto& g, const auto& solution, io::fields) {
    const auto& s = solution.solved;
    const auto most = picture ? r.bounds.max_drawn : r.bounds.max_exported;
    if (s.graph.vertex_count() > most)
      throw http_error(422,
                       fmt::format("the graph has {} positions, more than the {} {}", s.graph.vertex_count(),
                                   most, picture ? "a picture shows" : "an export gives"));
    text = write_bounded(r.bounds.max_answer, r.work.stop_flag(), [&](std::ostream& os) {
      write_labelled_graph(os, picture ? export_format::dot : format->format, g, s.graph, s.values,
                           &s.infinite, misere ? &solution.misere_outcomes : nullptr,
                           misere ? &solution.misere_values : nullptr);
    });
  });
  if (picture) text = io::render_dot_text(text, format->name, r.work.stop_flag(), r.bounds.max_answer);
  return {200, std::string(format->mime_type), std::move(text)};
}

} // namespace grundy::web
