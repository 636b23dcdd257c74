// grundy table: the tablettes C x N table, one cell per game graph.

#include "cli.hpp"
#include "commands.hpp"
#include "report.hpp"

#include <grundy/games/tablettes.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace grundy::cli {

namespace {

struct table_options {
  std::string colors = "1..4";
  std::string tablets = "1..4";
  std::string format = "md";
  std::uint64_t max_states = build_options{}.max_states;
};

void print_header(const std::string& format) {
  if (format == "md") {
    fmt::print("| C | N | vertices | edges | terminals | depth | seconds | grundy | outcome |\n");
    fmt::print("|--:|--:|--:|--:|--:|--:|--:|--:|:-:|\n");
  } else if (format == "csv") {
    fmt::print("colors,tablets,vertices,edges,terminals,depth,seconds,grundy,outcome\n");
  }
}

void print_row(const std::string& format, unsigned c, unsigned n, const graph_statistics& s, bool first) {
  const double seconds = s.explore_seconds + s.label_seconds;
  if (format == "md")
    fmt::print("| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", c, n, s.vertices, s.edges, s.terminals,
               s.depth, format_seconds(seconds), s.start_value, to_char(s.start_outcome()));
  else if (format == "csv")
    fmt::print("{},{},{},{},{},{},{:.6f},{},{}\n", c, n, s.vertices, s.edges, s.terminals, s.depth, seconds,
               s.start_value, to_char(s.start_outcome()));
  else
    fmt::print("{}\n  {}", first ? "" : ",",
               statistics_json({{"colors", std::to_string(c)}, {"tablets", std::to_string(n)}}, s));
  std::fflush(stdout); // rows appear as cells finish, which matters for the large ones
}

void run(const table_options& o) {
  const auto colors = parse_range(o.colors, "--colors");
  const auto tablets = parse_range(o.tablets, "--tablets");
  print_header(o.format);
  if (o.format == "json") fmt::print("[");
  bool first = true;
  // A limit reached in one cell ends the table, but the finished rows stay valid output.
  auto close = [&] {
    if (o.format == "json") fmt::print("\n]\n");
  };
  try {
    for (auto c = colors.first; c <= colors.last; ++c)
      for (auto n = tablets.first; n <= tablets.last; ++n) {
        const tablettes_game g(c, n);
        const auto solved = solve(g, g.start(), build_options{o.max_states});
        print_row(o.format, c, n, solved.statistics, first);
        first = false;
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
  cmd->add_option("--max-states", o->max_states, "stop a cell past this many positions")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{0xFFFF'FFFFu}))
      ->capture_default_str();
  cmd->callback([o] { run(*o); });
}

} // namespace grundy::cli
