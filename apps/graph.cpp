// grundy graph GAME ...: explore one game graph, label it, print its statistics.

#include "cli.hpp"
#include "commands.hpp"
#include "report.hpp"

#include <grundy/dot.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

namespace grundy::cli {

namespace {

struct graph_options {
  std::string game;
  std::vector<std::string> args;
  unsigned colors = 0;
  unsigned tablets = 0;
  std::string format = "text";
  std::string dot;
  std::string render;
  std::uint64_t max_states = build_options{}.max_states;
};

std::vector<heap_size> parse_heaps(const std::vector<std::string>& words) {
  std::vector<heap_size> sizes;
  for (auto& w : words) {
    const auto n = parse_count(w, "a heap size");
    if (n > 0xFFFF'FFFFu) throw usage_error(fmt::format("heap size {} is too large", w));
    sizes.push_back(static_cast<heap_size>(n));
  }
  if (sizes.empty()) throw usage_error("give at least one heap size, as in: grundy graph nim 3 4 5");
  return sizes;
}

template <game G> void run(const G& g, const state_t<G>& start, const graph_options& o, fields head) {
  const auto solved = solve(g, start, build_options{o.max_states});
  if (!o.dot.empty()) {
    write_file_atomically(o.dot, [&](std::ostream& os) { write_dot(os, g, solved.graph, solved.values); });
    if (!o.render.empty()) render_dot(o.dot, o.render);
  }
  head.emplace_back("start", g.format(solved.graph.states[0]));
  if (o.format == "json") {
    for (auto& [key, value] : head)
      value = json_string(value);
    fmt::print("{}\n", statistics_json(head, solved.statistics));
  } else {
    fmt::print("{}", statistics_text(head, solved.statistics));
  }
}

void run(const graph_options& o) {
  if (!o.render.empty() && o.dot.empty()) throw usage_error("--render needs --dot FILE to render");
  if (o.game == "tablettes") {
    if (!o.args.empty()) throw usage_error("tablettes take --colors C --tablets N, not positions");
    if (o.colors == 0 || o.tablets == 0)
      throw usage_error("tablettes need --colors C and --tablets N, both at least 1");
    const tablettes_game g(o.colors, o.tablets);
    run(g, g.start(), o,
        {{"game", "tablettes"},
         {"colors", std::to_string(o.colors)},
         {"tablets", std::to_string(o.tablets)}});
  } else if (o.game == "nim") {
    const auto sizes = parse_heaps(o.args);
    run(nim_game{}, nim_game::position(sizes), o, {{"game", "nim"}});
  } else if (o.game == "octal") {
    if (o.args.empty())
      throw usage_error("octal needs a code and heap sizes, as in: grundy graph octal 0.07 10 7");
    const octal_game g(octal_code::parse(o.args[0]));
    const auto sizes = parse_heaps({o.args.begin() + 1, o.args.end()});
    run(g, octal_game::position(sizes), o, {{"game", "octal"}, {"code", g.code().str()}});
  }
}

} // namespace

void add_graph_command(CLI::App& app) {
  auto o = std::make_shared<graph_options>();
  auto* cmd = app.add_subcommand("graph", "Explore one game graph and label it with Sprague-Grundy values");
  cmd->add_option("game", o->game, "tablettes, nim or octal")
      ->required()
      ->check(CLI::IsMember({"tablettes", "nim", "octal"}));
  cmd->add_option("position", o->args, "nim: heap sizes; octal: the code, then heap sizes");
  cmd->add_option("--colors,-c", o->colors, "tablettes: number of colours C");
  cmd->add_option("--tablets,-n", o->tablets, "tablettes: tablets per colour N");
  cmd->add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--dot", o->dot, "also write the graph in Graphviz DOT to FILE");
  cmd->add_option("--render", o->render, "with --dot: also draw it as svg or png (needs Graphviz)")
      ->check(CLI::IsMember({"svg", "png"}));
  cmd->add_option("--max-states", o->max_states, "stop past this many positions")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{0xFFFF'FFFFu}));
  cmd->callback([o] { run(*o); });
}

} // namespace grundy::cli
