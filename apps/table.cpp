// grundy table: the tablettes C x N table, one cell per game graph.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "report.hpp"

#include <grundy/games/tablettes.hpp>
#include <grundy/io/graph_report.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/misere.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace grundy::cli {

namespace {

struct table_options {
  std::string colors = "1..4";
  std::string tablets = "1..4";
  std::string format = "md";
  exploration_flags exploration;
  bool symmetry = false;
  bool misere = false;
};

// Misère play adds the start's misère outcome and the number of misère P-positions.
using misere_cell = io::misere_figures;

void print_header(const std::string& format, bool misere) {
  if (format == "md") {
    fmt::print("| C | N | vertices | edges | terminals | depth | seconds | grundy | outcome |{}\n",
               misere ? " misère | misère P |" : "");
    fmt::print("|--:|--:|--:|--:|--:|--:|--:|--:|:-:|{}\n", misere ? ":-:|--:|" : "");
  } else if (format == "csv") {
    fmt::print("colors,tablets,vertices,edges,terminals,depth,seconds,grundy,outcome{}\n",
               misere ? ",misere_outcome,misere_p_positions" : "");
  }
}

// `rows` is the JSON list the row goes into.
void print_row(const std::string& format, unsigned c, unsigned n, const graph_statistics& s,
               io::json_writer& rows, const std::optional<misere_cell>& m) {
  const double seconds = s.explore_seconds + s.label_seconds;
  if (format == "md")
    fmt::print("| {} | {} | {} | {} | {} | {} | {} | {} | {} |{}\n", c, n, s.vertices, s.edges, s.terminals,
               s.depth, format_seconds(seconds), s.start_value, to_char(s.start_outcome()),
               m ? fmt::format(" {} | {} |", to_char(m->start), m->p_positions) : "");
  else if (format == "csv")
    fmt::print("{},{},{},{},{},{},{:.6f},{},{}{}\n", c, n, s.vertices, s.edges, s.terminals, s.depth, seconds,
               s.start_value, to_char(s.start_outcome()),
               m ? fmt::format(",{},{}", to_char(m->start), m->p_positions) : "");
  else
    fmt::print("{}", rows.raw(io::table_row_json(c, n, s, m)).take());
  std::fflush(stdout); // rows appear as cells finish, which matters for the large ones
}

void run(const table_options& o) {
  const auto colors = parse_range(o.colors, "--colors");
  const auto tablets = parse_range(o.tablets, "--tablets");
  o.exploration.memory_limit(); // a malformed --max-memory is refused before the table starts
  print_header(o.format, o.misere);
  io::json_writer rows;
  if (o.format == "json") fmt::print("{}", rows.begin_array(io::json_lines).take());
  progress_line line(o.exploration.quiet);
  const interruption stop;
  // A limit reached in one cell ends the table, but the finished rows stay valid output.
  auto close = [&] {
    if (o.format == "json") fmt::print("{}\n", rows.end_array().take());
  };
  try {
    for (auto c = colors.first; c <= colors.last; ++c)
      for (auto n = tablets.first; n <= tablets.last; ++n) {
        with_tablettes(tablettes_game(c, n, {.symmetry = o.symmetry}), [&](const auto& g, const auto& start) {
          const auto solved = solve(g, start, make_build_options(o.exploration, line, stop));
          line.clear();
          std::optional<misere_cell> m;
          if (o.misere) {
            if (!solved.graph.has_edges())
              throw run_error("--misere needs the graph's edges, which were not kept");
            const auto misere = misere_outcomes(solved.graph.graph);
            m = misere_cell{misere[0], count_positions(g, solved.graph,
                                                       [&](vertex_id v) { return misere[v] == outcome::p; })};
          }
          print_row(o.format, c, n, solved.statistics, rows, m);
        });
      }
  } catch (...) {
    close();
    throw;
  }
  close();
}

} // namespace

void add_table_command(CLI::App& app) {
  auto o = std::make_shared<table_options>();
  auto* cmd = app.add_subcommand("table", "The tablettes table: every C colours x N tablets cell");
  cmd->add_option("--colors,-c", o->colors, "colours: one number or a range A..B")->capture_default_str();
  cmd->add_option("--tablets,-n", o->tablets, "tablets per colour: one number or a range A..B")
      ->capture_default_str();
  cmd->add_option("--format", o->format, "md, csv or json")
      ->check(CLI::IsMember({"md", "csv", "json"}))
      ->capture_default_str();
  cmd->add_flag("--symmetry", o->symmetry, "explore one position per colour relabelling (counts stay exact)");
  o->exploration.add_to(*cmd);
  cmd->add_flag("--misere", o->misere, "also give each start's misère outcome and misère P-position count");
  cmd->callback([o] { run(*o); });
}

} // namespace grundy::cli
