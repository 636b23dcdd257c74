#pragma once
// `grundy graph`'s report as every front end gives it: one game solved (and labelled for misère
// play when asked), its statistics as aligned text or one JSON object, so that the command line
// and the web server answer the same words for the same game.

#include <grundy/io/report.hpp>
#include <grundy/misere.hpp>
#include <grundy/solve.hpp>
#include <grundy/statistics.hpp>
#include <grundy/values.hpp>

#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace grundy::io {

// The misère figures a report adds after the game's head.
struct misere_figures {
  outcome start = outcome::n;
  std::uint64_t p_positions = 0; // positions, as counted for the statistics
};

// The statistics as aligned text (`head` as text fields), the misère figures after the head.
// `tail` adds lines at the end.
std::string graph_text(fields head, const graph_statistics& s, const std::optional<misere_figures>& misere,
                       const std::string& tail = {});

// The same as one JSON object on one line, without its line feed (`head` as text fields:
// json_fields types them). `tail` adds members at the end, their values already JSON.
std::string graph_json(fields head, const graph_statistics& s, const std::optional<misere_figures>& misere,
                       const fields& tail = {});

// One cell of the tablettes table (`grundy table --format json`): C, N, then the statistics.
std::string table_row_json(unsigned colors, unsigned tablets, const graph_statistics& s,
                           const std::optional<misere_figures>& misere);

// A game solved for a report: the graph and its labelling, with misère values and outcomes of
// every vertex when asked.
template <game G> struct graph_solution {
  solved_graph<G> solved;
  std::vector<grundy_value> misere_values; // empty without misère play
  std::vector<outcome> misere_outcomes;
  std::optional<misere_figures> misere;
};

// A graph with a cycle asked for misère play, which is defined for acyclic games only.
class misere_needs_acyclic : public std::invalid_argument {
public:
  misere_needs_acyclic()
      : std::invalid_argument("misère play is for games without cycles: this game graph has a cycle") {}
};

// A graph built without its edges asked for misère play, whose labelling needs them.
class misere_needs_edges : public std::logic_error {
public:
  misere_needs_edges() : std::logic_error("misère values need the graph's edges, which were not kept") {}
};

// solve() (with every vertex's remoteness when `remoteness`, in the labelling's pass), then,
// with `misere`, the misère labelling of the same graph. Throws what solve
// throws, misere_needs_acyclic, misere_needs_edges for a graph kept without its edges, and
// grundy::stopped once options.stop is set (with the graph's figures, in the misère labelling
// too).
template <game G>
graph_solution<G> solve_for_report(const G& g, const state_t<G>& start, const build_options& options,
                                   bool misere, bool remoteness = false) {
  graph_solution<G> r{solve(g, start, options, remoteness), {}, {}, std::nullopt};
  if (!misere) return r;
  const auto& graph = r.solved.graph;
  if (!graph.has_edges()) throw misere_needs_edges();
  try {
    r.misere_values = misere_values(graph.graph, options.stop);
  } catch (const not_acyclic&) {
    throw misere_needs_acyclic();
  } catch (const stopped&) {
    throw stopped(
        "interrupted while labelling misère outcomes", stop_reason::interrupted,
        {graph.depth(), graph.vertex_count(), graph.edge_count(), graph.seconds, current_memory_bytes()});
  }
  r.misere_outcomes = outcomes_of(r.misere_values);
  r.misere = misere_figures{r.misere_outcomes[0], count_positions(g, graph, [&](vertex_id v) {
                              return r.misere_outcomes[v] == outcome::p;
                            })};
  return r;
}

} // namespace grundy::io
