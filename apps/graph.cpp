// grundy graph GAME ...: explore one game graph, label it, print its statistics.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "positions.hpp"
#include "report.hpp"

#include <grundy/dot.hpp>
#include <grundy/export.hpp>
#include <grundy/games/digraph.hpp>
#include <grundy/games/moore.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/misere.hpp>
#include <grundy/solve.hpp>

#if GRUNDY_MPI
#include <grundy/distributed.hpp>
#endif

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace grundy::cli {

namespace {

struct graph_options {
  std::string game;
  std::vector<std::string> args;
  unsigned colors = 0;
  std::string tablets; // N, or one count per colour: 3,3,2,4
  bool symmetry = false;
  std::string format = "text";
  std::string dot;
  std::string render;
  exploration_flags exploration;
  bool misere = false;
  unsigned k = 0; // moore; 0 when the first word gives it
  bool rank_stats = false;
  std::string start;       // digraph
  std::string tokens;      // digraph
  bool undirected = false; // digraph
  std::string export_path;
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

// The misère figures printed after the head, when asked for.
struct misere_figures {
  outcome start = outcome::n;
  std::uint64_t p_positions = 0; // positions, as counted for the statistics
};

// Prints the statistics as one process would. `json_tail` (members after a comma) and
// `text_tail` (lines) add figures at the end.
void print_graph(fields head, const graph_statistics& s, const std::optional<misere_figures>& misere,
                 const std::string& format, const std::string& json_tail = {},
                 const std::string& text_tail = {}) {
  if (format == "json") {
    for (auto& [key, value] : head)
      value = json_value(value);
    if (misere) {
      head.emplace_back("misere_outcome", json_string(std::string(1, to_char(misere->start))));
      head.emplace_back("misere_p_positions", std::to_string(misere->p_positions));
    }
    auto text = statistics_json(head, s);
    if (!json_tail.empty()) text.insert(text.size() - 1, ", " + json_tail);
    fmt::print("{}\n", text);
  } else {
    if (misere) {
      head.emplace_back("misere",
                        fmt::format("{} (misère play: the player to move {})", to_char(misere->start),
                                    misere->start == outcome::n ? "wins" : "loses"));
      head.emplace_back("misere P-positions", std::to_string(misere->p_positions));
    }
    fmt::print("{}{}", statistics_text(head, s), text_tail);
  }
}

#if GRUNDY_MPI
// Under mpirun: every rank explores and labels its share, and rank 0 prints what one process
// would have printed, with each rank's figures after it on request.
template <game G>
void run_distributed(const G& g, const state_t<G>& start, const graph_options& o, fields head) {
  if (!o.dot.empty()) throw usage_error("--dot needs the whole graph in one process: run it without mpirun");
  if (!o.export_path.empty())
    throw usage_error("--export needs the whole graph in one process: run it without mpirun");
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
  head.emplace_back("start", g.format(g.canonical(start)));
  std::optional<misere_figures> misere;
  if (solved.misere) misere = misere_figures{solved.misere_start, solved.misere_p_positions};
  std::string json, text;
  if (o.rank_stats) {
    std::vector<std::string> ranks;
    for (auto& r : solved.ranks) {
      ranks.push_back(fmt::format("{{\"rank\": {}, \"states\": {}, \"edges\": {}, \"bytes_sent\": {}, "
                                  "\"bytes_received\": {}, \"exchanges\": {}, \"mpi_seconds\": {:.6f}, "
                                  "\"peak_memory_bytes\": {}}}",
                                  r.rank, r.states, r.edges, r.bytes_sent, r.bytes_received, r.exchanges,
                                  r.mpi_seconds, r.peak_memory_bytes));
      text +=
          fmt::format("rank {:<6} {} states, {} edges, sent {}, received {} in {} exchanges ({} s in MPI), "
                      "peak memory {}\n",
                      r.rank, with_thousands(r.states), with_thousands(r.edges), format_bytes(r.bytes_sent),
                      format_bytes(r.bytes_received), r.exchanges, format_seconds(r.mpi_seconds),
                      format_bytes(r.peak_memory_bytes));
    }
    json = fmt::format("\"ranks\": [{}]", fmt::join(ranks, ", "));
  }
  print_graph(std::move(head), solved.statistics, misere, o.format, json, text);
}
#endif

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
  const auto format = o.export_path.empty() ? export_format::json : export_format_of(o.export_path);
  if (!o.dot.empty()) check_output_file(o.dot, "--dot");
  progress_line line(o.exploration.quiet);
  const interruption stop;
  const auto solved = solve(g, start, make_build_options(o.exploration, line, stop));
  line.clear();
  if (!o.dot.empty()) {
    write_file_atomically(
        o.dot, [&](std::ostream& os) { write_dot(os, g, solved.graph, solved.values, &solved.infinite); },
        stop.flag());
    if (!o.render.empty()) render_dot(o.dot, o.render, stop.flag());
  }
  if (!o.export_path.empty())
    write_file_atomically(
        o.export_path,
        [&](std::ostream& os) {
          write_labelled_graph(os, format, g, solved.graph, solved.values, &solved.infinite);
        },
        stop.flag());
  head.emplace_back("start", g.format(solved.graph.states[0]));
  // Misère outcomes come from the same graph, labelled again under the other convention.
  std::optional<misere_figures> misere;
  if (o.misere) {
    if (!solved.graph.has_edges()) throw run_error("--misere needs the graph's edges, which were not kept");
    std::vector<outcome> outcomes;
    try {
      outcomes = misere_outcomes(solved.graph.graph, stop.flag());
    } catch (const not_acyclic&) {
      throw usage_error("--misere is for games without cycles: this game graph has a cycle");
    } catch (const labelling_stopped&) {
      throw interrupted_error(
          fmt::format("interrupted while labelling misère outcomes; explored {} positions and {} moves",
                      solved.graph.vertex_count(), solved.graph.edge_count()));
    }
    misere = misere_figures{outcomes[0], count_positions(g, solved.graph, [&](vertex_id v) {
                              return outcomes[v] == outcome::p;
                            })};
  }
  print_graph(std::move(head), solved.statistics, misere, o.format);
}

void run(const graph_options& o) {
  if (!o.render.empty() && o.dot.empty()) throw usage_error("--render needs --dot FILE to render");
  if (o.game != "digraph" && (!o.start.empty() || !o.tokens.empty()))
    throw usage_error("--start and --tokens are for digraph only");
  if (o.game != "digraph" && o.undirected) throw usage_error("--undirected is for digraph only");
  // A bad name fails before any work: a directory first, then a name of no known format.
  if (!o.export_path.empty()) {
    check_output_file(o.export_path, "--export");
    export_format_of(o.export_path);
  }
  if (o.game == "digraph") {
#if GRUNDY_MPI
    if (distributed::running())
      throw usage_error("the digraph game runs in one process: run it without mpirun");
#endif
    const auto p = digraph_position(o.args, o.start, o.tokens,
                                    {o.undirected, o.exploration.memory_limit(), "--max-memory"});
    run(p.game, p.start, o,
        {{"game", "digraph"},
         {"graph", fmt::format("{} vertices, {} edges", p.game.vertex_count(), p.game.edge_count())}});
  } else if (o.game == "tablettes") {
    if (!o.args.empty()) throw usage_error("tablettes take --colors C --tablets N, not positions");
    const auto counts = parse_tablets(o.colors, o.tablets);
    with_tablettes(tablettes_game(counts, {.symmetry = o.symmetry}), [&](const auto& g, const auto& start) {
      run(g, start, o,
          {{"game", "tablettes"},
           {"colors", std::to_string(counts.size())},
           {"tablets", std::adjacent_find(counts.begin(), counts.end(), std::not_equal_to<>{}) == counts.end()
                           ? std::to_string(counts[0])
                           : fmt::format("{}", fmt::join(counts, ","))}});
    });
  } else if (o.game == "nim") {
    const auto sizes = parse_heaps(o.args);
    run(nim_game{}, nim_game::position(sizes), o, {{"game", "nim"}});
  } else if (o.game == "octal") {
    if (o.args.empty())
      throw usage_error("octal needs a code and heap sizes, as in: grundy graph octal 0.07 10 7");
    const octal_game g(octal_code::parse(o.args[0]));
    const auto sizes = parse_heaps({o.args.begin() + 1, o.args.end()});
    run(g, octal_game::position(sizes), o, {{"game", "octal"}, {"code", g.code().str()}});
  } else if (o.game == "moore") {
    std::vector<std::string> words = o.args;
    unsigned k = o.k;
    if (k == 0) {
      if (words.empty())
        throw usage_error("moore needs k and heap sizes, as in: grundy graph moore --k 2 3 4 5");
      const auto typed_k = parse_count(words.front(), "moore's k");
      if (typed_k == 0 || typed_k > 64)
        throw usage_error(fmt::format("moore's k must be from 1 to 64, not {}", typed_k));
      k = static_cast<unsigned>(typed_k);
      words.erase(words.begin());
    }
    const moore_game g(k);
    run(g, moore_game::position(parse_heaps(words)), o, {{"game", "moore"}, {"k", std::to_string(k)}});
  }
}

} // namespace

void add_graph_command(CLI::App& app) {
  auto o = std::make_shared<graph_options>();
  auto* cmd = app.add_subcommand("graph", "Explore one game graph and label it with Sprague-Grundy values");
  cmd->add_option("game", o->game, "tablettes, nim, octal, moore or digraph")
      ->required()
      ->check(CLI::IsMember({"tablettes", "nim", "octal", "moore", "digraph"}));
  cmd->add_option(
      "position", o->args,
      "nim: heap sizes; octal: the code, then heap sizes; moore: k (unless --k), then heap sizes; "
      "digraph: a graph file (.dot, .graphml, or an edge list 'u v' per line)");
  cmd->add_option("--start", o->start, "digraph: the vertex the token starts on");
  cmd->add_option("--tokens", o->tokens, "digraph: several tokens' vertices, as a,b,c (a sum of games)");
  cmd->add_flag(
      "--undirected", o->undirected,
      "digraph: read an undirected graph file (DOT graph, GraphML edgedefault=\"undirected\"), each "
      "edge both ways");
  cmd->add_option("--export", o->export_path,
                  "also write the whole labelled graph to FILE: .graphml, .json or .csv by its name");
  cmd->add_option("--k,-k", o->k, "moore: the most heaps one move may take from")->check(CLI::Range(1u, 64u));
  cmd->add_flag("--misere", o->misere, "also label the graph for misère play (the last move loses)");
  cmd->add_option("--colors,-c", o->colors, "tablettes: number of colours C");
  cmd->add_option("--tablets,-n", o->tablets,
                  "tablettes: tablets per colour N, or one count per colour: 3,3,2,4");
  cmd->add_flag("--symmetry", o->symmetry,
                "tablettes: explore one position per colour relabelling (counts stay exact)");
  cmd->add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--dot", o->dot, "also write the graph in Graphviz DOT to FILE");
  cmd->add_option("--render", o->render, "with --dot: also draw it as svg or png (needs Graphviz)")
      ->check(CLI::IsMember({"svg", "png"}));
  o->exploration.add_to(*cmd);
#if GRUNDY_MPI
  cmd->add_flag("--rank-stats", o->rank_stats,
                "under mpirun: also print each rank's states, edges, bytes sent and peak memory");
#endif
  cmd->callback([o] { run(*o); });
}

} // namespace grundy::cli
