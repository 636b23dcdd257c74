// grundy graph GAME ...: explore one game graph, label it, print its statistics.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "misere_forms.hpp"
#include "options.hpp"
#include "positions.hpp"
#include "report.hpp"

#include <grundy/io/export.hpp>
#include <grundy/io/graph_report.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/render.hpp>
#include <grundy/misere.hpp>
#include <grundy/remoteness.hpp>
#include <grundy/solve.hpp>

#if GRUNDY_MPI
#include <grundy/distributed.hpp>
#endif

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace grundy::cli {

namespace {

struct graph_options {
  position_words where; // the game and its start, read as hint and play read them
  std::string format = "text";
  std::string dot;
  std::string render;
  exploration_flags exploration;
  bool misere = false;
  bool remoteness = false;
  bool misere_form = false;
  bool rank_stats = false;
  std::string export_path;
};

using io::misere_figures;

// The start's remoteness under normal play, as the report says it.
std::string remoteness_words(remoteness_value r) {
  if (r == no_remoteness) return "none (a draw: play never ends)";
  if (r == 0) return "0 (no move is left)";
  return fmt::format("{} (the player to move {} in {} move{})", r, r % 2 ? "wins" : "loses", r,
                     r == 1 ? "" : "s");
}

// Prints the statistics as one process would. `json_tail` (members, their values JSON) and
// `text_tail` (lines) add figures at the end.
void print_graph(fields head, const graph_statistics& s, const std::optional<misere_figures>& misere,
                 const std::string& format, const fields& json_tail = {}, const std::string& text_tail = {},
                 std::FILE* out = stdout) {
  if (format == "json")
    fmt::print(out, "{}\n", io::graph_json(std::move(head), s, misere, json_tail));
  else
    fmt::print(out, "{}", io::graph_text(std::move(head), s, misere, text_tail));
}

#if GRUNDY_MPI
// Under mpirun: every rank explores and labels its share, and rank 0 prints what one process
// would have printed, with each rank's figures after it on request.
template <game G>
void run_distributed(const G& g, const state_t<G>& start, const graph_options& o, fields head) {
  if (!o.dot.empty()) throw usage_error("--dot needs the whole graph in one process: run it without mpirun");
  if (!o.export_path.empty())
    throw usage_error("--export needs the whole graph in one process: run it without mpirun");
  if (o.remoteness)
    throw usage_error("--remoteness needs the whole graph in one process: run it without mpirun");
  if (o.misere_form)
    throw usage_error("--misere-form needs the whole graph in one process: run it without mpirun");
  progress_line line(o.exploration.quiet);
  const interruption stop;
  distributed::options d;
  d.build = make_build_options(o.exploration, line, stop);
  if (o.exploration.max_memory.empty()) d.build.max_memory = distributed::default_memory_budget();
  d.misere = o.misere;
  const auto solved = distributed::solve(g, start, d);
  line.clear();
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 0) return;
  head.emplace_back("start", position_name(g, g.canonical(start)));
  std::optional<misere_figures> misere;
  if (solved.misere) misere = misere_figures{solved.misere_start, solved.misere_p_positions};
  fields json;
  std::string text;
  if (o.rank_stats) {
    io::json_writer ranks;
    ranks.begin_array();
    for (auto& r : solved.ranks) {
      ranks.begin_object().member("rank", r.rank).member("states", r.states).member("edges", r.edges);
      ranks.member("bytes_sent", r.bytes_sent).member("bytes_received", r.bytes_received);
      ranks.member("exchanges", r.exchanges).key("mpi_seconds").fixed(r.mpi_seconds, 6);
      ranks.member("peak_memory_bytes", r.peak_memory_bytes).end_object();
      text +=
          fmt::format("rank {:<6} {} states, {} edges, sent {}, received {} in {} exchanges ({} s in MPI), "
                      "peak memory {}\n",
                      r.rank, with_thousands(r.states), with_thousands(r.edges), format_bytes(r.bytes_sent),
                      format_bytes(r.bytes_received), r.exchanges, format_seconds(r.mpi_seconds),
                      format_bytes(r.peak_memory_bytes));
    }
    json.emplace_back("ranks", ranks.end_array().take());
  }
  print_graph(std::move(head), solved.statistics, misere, o.format, json, text);
}
#endif

// The files a run reads, which none of its outputs may replace: the digraph game's graph file.
std::vector<std::string> input_files(const graph_options& o) { return input_files(o.where); }

void refuse_shared_outputs(const graph_options& o) {
  std::vector<std::pair<std::string_view, std::string>> outputs;
  if (!o.dot.empty()) outputs.emplace_back("--dot", o.dot);
  if (!o.dot.empty() && !o.render.empty())
    outputs.emplace_back("--render", io::picture_path(o.dot, o.render));
  if (!o.export_path.empty()) outputs.emplace_back("--export", o.export_path);
  for (std::size_t i = 0; i < outputs.size(); ++i)
    for (std::size_t j = i + 1; j < outputs.size(); ++j)
      if (io::same_output(outputs[i].second, outputs[j].second))
        throw usage_error(fmt::format("{} and {} both write '{}': give them different files",
                                      outputs[i].first, outputs[j].first, portable_name(outputs[j].second)));
}

template <game G> void run(const G& g, const state_t<G>& start, const graph_options& o, fields head) {
#if GRUNDY_MPI
  // The distributed explorer labels acyclic games; the digraph game is refused before this.
  if constexpr (!std::is_same_v<G, digraph_game>)
    if (distributed::running()) return run_distributed(g, start, o, std::move(head));
#endif
  if (o.rank_stats) throw usage_error("--rank-stats is for runs under mpirun");
  if (o.exploration.no_edges && !o.dot.empty()) throw usage_error("--dot needs the edges: drop --no-edges");
  if (o.exploration.no_edges && !o.export_path.empty())
    throw usage_error("--export needs the edges: drop --no-edges");
  if (o.exploration.no_edges && o.remoteness)
    throw usage_error("--remoteness needs the edges: drop --no-edges");
  if (o.exploration.no_edges && o.misere_form)
    throw usage_error("--misere-form needs the edges: drop --no-edges");
  const auto format = o.export_path.empty() ? export_format::json : export_format_of(o.export_path);
  const auto inputs = input_files(o);
  if (!o.dot.empty()) check_output_file(o.dot, "--dot", inputs);
  if (!o.render.empty()) {
    // dot reads the DOT file back: it must be a file, and the picture's name must do too.
    if (io::resolve_output(o.dot, inputs).kind != io::output_kind::file)
      throw usage_error(fmt::format("--render needs --dot to name a file, not '{}'", portable_name(o.dot)));
    check_output_file(io::picture_path(o.dot, o.render), "--render", inputs);
  }
  progress_line line(o.exploration.quiet);
  const interruption stop;
  // Misère values and outcomes come from the same graph, labelled again under the other
  // convention, before any file is written: a graph they refuse leaves none, and the export gives
  // them for every vertex.
  const auto solution = [&] {
    try {
      return io::solve_for_report(g, start, make_build_options(o.exploration, line, stop), o.misere,
                                  o.remoteness);
    } catch (const io::misere_needs_acyclic&) {
      throw usage_error("--misere is for games without cycles: this game graph has a cycle");
    } catch (const io::misere_needs_edges&) {
      throw run_error("--misere needs the graph's edges, which were not kept");
    }
  }();
  line.clear();
  const auto& solved = solution.solved;
  const auto& outcomes = solution.misere_outcomes;
  const auto& misere_grundy = solution.misere_values;
  const auto& misere = solution.misere;
  const auto& remote = solved.remoteness;
  // Before any file is written, as the misère labelling is: a graph with a cycle leaves none.
  const auto form = o.misere_form ? start_form_report(solved.graph.graph, stop.flag()) : form_report{};
  if (!o.dot.empty()) {
    write_file_atomically(
        o.dot, [&](std::ostream& os) { write_dot(os, g, solved.graph, solved.values, &solved.infinite); },
        stop.flag(), inputs);
    if (!o.render.empty()) render_dot(o.dot, o.render, stop.flag(), inputs);
  }
  if (!o.export_path.empty() && export_format_info(format).content == export_content::picture) {
    std::ostringstream dot;
    write_dot(dot, g, solved.graph, solved.values, &solved.infinite);
    const auto picture = io::render_dot_text(dot.str(), export_format_info(format).name, stop.flag(),
                                             std::numeric_limits<std::size_t>::max());
    write_file_atomically(
        o.export_path, [&](std::ostream& os) { os << picture; }, stop.flag(), inputs);
  } else if (!o.export_path.empty()) {
    write_file_atomically(
        o.export_path,
        [&](std::ostream& os) {
          write_labelled_graph(os, format, g, solved.graph, solved.values, &solved.infinite,
                               o.misere ? &outcomes : nullptr, o.misere ? &misere_grundy : nullptr,
                               o.remoteness ? &remote : nullptr);
        },
        stop.flag(), inputs);
  }
  head.emplace_back("start", position_name(g, solved.graph.states[0]));
  // The statistics go to standard error when a file went to standard output (--dot -), so that
  // a pipe gets the file alone.
  const auto on_stdout = [](const std::string& path) {
    return !path.empty() && io::resolve_output(path).kind == io::output_kind::standard_output;
  };
  fields json_tail;
  std::string text_tail;
  if (o.remoteness) {
    const auto r = remote[0];
    json_tail.emplace_back("remoteness", r == no_remoteness ? "null" : std::to_string(r));
    text_tail = fmt::format("{:<13}{}\n", "remoteness", remoteness_words(r));
  }
  if (o.misere_form) {
    json_tail.emplace_back("misere_form", form.json);
    text_tail += form.text;
  }
  print_graph(std::move(head), solved.statistics, misere, o.format, json_tail, text_tail,
              on_stdout(o.dot) || on_stdout(o.export_path) ? stderr : stdout);
}

void run(const graph_options& o) {
  if (!o.render.empty() && o.dot.empty()) throw usage_error("--render needs --dot FILE to render");
  // A bad name fails before any work: a directory or an input first, then a name of no known
  // format, then two outputs under one name (the second would replace the first).
  if (!o.export_path.empty()) {
    check_output_file(o.export_path, "--export", input_files(o));
    export_format_of(o.export_path);
  }
  refuse_shared_outputs(o);
#if GRUNDY_MPI
  if (o.where.game == digraph_entry::name && distributed::running())
    throw usage_error("the digraph game runs in one process: run it without mpirun");
#endif
  // The digraph game's file is read under --max-memory, as the exploration is.
  auto where = o.where;
  where.max_memory = o.exploration.memory_limit();
  where.memory_option = "--max-memory";
  const auto position = parse_position(where);
  check_expansion_fits(position, where.max_memory);
  visit_position(position, [&](auto entry, const auto& p) {
    using E = typename decltype(entry)::type;
    entry_traits::explore<E>(p, [&](const auto& g, const auto& s) { run(g, s, o, E::head(p.game)); });
  });
}

} // namespace

void add_graph_command(CLI::App& app) {
  auto o = std::make_shared<graph_options>();
  auto* cmd = app.add_subcommand("graph", "Explore one game graph and label it with Sprague-Grundy values");
  add_position_arguments(*cmd, o->where, true);
  refuse_empty(cmd->add_option("--export", o->export_path,
                               "also write the whole graph to FILE, in the format its name ends in: " +
                                   io::export_extensions_explained()),
               "a file name");
  cmd->add_flag("--misere", o->misere, "also label the graph for misère play (the last move loses)");
  cmd->add_flag("--remoteness", o->remoteness,
                "also label every position's remoteness (moves to the end when the winner hurries and the "
                "loser holds out), for the report and the export");
  cmd->add_flag("--misere-form", o->misere_form,
                "also give the start's simplest form in misère play (Conway), for games without cycles");
  cmd->add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  refuse_empty(cmd->add_option("--dot", o->dot, "also write the graph in Graphviz DOT to FILE"),
               "a file name");
  const auto pictures = io::export_format_names(export_content::picture);
  cmd->add_option("--render", o->render,
                  "with --dot: also draw it as " + io::or_list(pictures) + " (needs Graphviz)")
      ->check(CLI::IsMember(pictures));
  o->exploration.add_to(*cmd);
#if GRUNDY_MPI
  cmd->add_flag("--rank-stats", o->rank_stats,
                "under mpirun: also print each rank's states, edges, bytes sent and peak memory");
#endif
  cmd->callback([o, cmd] {
    take_position_words(*cmd, o->where);
    run(*o);
  });
}

} // namespace grundy::cli
