#pragma once
// One entry point for labelling a graph: label() gives every vertex its value, its set K when
// the value is ∞(K), and its outcome, under either play convention, choosing the fastest of
// the labellings of labelling.hpp, loopy.hpp and misere.hpp that the graph allows.
//
//   auto l = grundy::label(game, graph);                                  // normal play values
//   auto m = grundy::label(graph.graph, {.convention = grundy::play_convention::misere});
//   auto f = grundy::label(graph.graph, {.cycles = grundy::cycle_policy::refuse, .stop = &flag});
//
// Every labelling throws grundy::stopped once *options.stop is true.

#include <grundy/detail/exploration.hpp>
#include <grundy/detail/regenerated_labels.hpp>
#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>
#include <grundy/misere.hpp>
#include <grundy/remoteness.hpp>
#include <grundy/suspense.hpp>
#include <grundy/values.hpp>

#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace grundy {

// What a normal-play labelling does with a graph that has a cycle.
enum class cycle_policy : char {
  refuse,      // throw not_acyclic: the game was meant to be finite
  generalized, // generalized values ∞(K), and draws among the outcomes (loopy.hpp)
};

struct labelling_options {
  play_convention convention = play_convention::normal;
  // Normal play only. Misère play has no draws here: a graph with a cycle throws not_acyclic
  // (misere_values_with_cycles below gives generalized misère values).
  cycle_policy cycles = cycle_policy::generalized;
  // Normal play: fill labelling::outcomes too (misère play fills them always).
  bool outcomes = false;
  // Fill labelling::remoteness too (remoteness.hpp), under `convention`: in the same pass as
  // the values for an acyclic graph, by a second retrograde analysis over the same predecessor
  // lists for a graph with cycles. Needs the graph's edges.
  bool remoteness = false;
  // Fill labelling::suspense too (suspense.hpp), under `convention`: one more pass. Needs the
  // graph's edges and no cycle (not_acyclic otherwise: suspense is unbounded in a loopy game).
  bool suspense = false;
  // Threads for a graded game's graph (0: every core). Results do not depend on it.
  unsigned threads = 0;
  // When *stop becomes true (by a signal handler, say), labelling throws grundy::stopped.
  const std::atomic<bool>* stop = nullptr;
  // Hears from the labelling of a graph built without edges (build_options::keep_edges),
  // which regenerates the moves and takes as long as the exploration.
  std::function<void(const build_progress&)> progress = {};
};

namespace detail {

// Normal-play outcomes read off the values, in place.
inline void add_outcomes(labelling& l) {
  l.outcomes.reserve(l.values.size());
  if (l.infinite.empty())
    for (auto x : l.values)
      l.outcomes.push_back(outcome_of(x));
  else
    for (std::size_t v = 0; v < l.values.size(); ++v)
      l.outcomes.push_back(generalized_outcome(l.values[v], l.infinite.of(static_cast<vertex_id>(v))));
}

inline labelling finish(labelling l, const labelling_options& options) {
  if (options.outcomes) add_outcomes(l);
  return l;
}

// The labelling with its suspense numbers when asked for.
template <class Graph>
labelling with_suspense(labelling l, const Graph& g, const labelling_options& options) {
  if (options.suspense) l.suspense = suspense(g, options.convention, options.stop);
  return l;
}

// The values and outcomes label() gives, without the remoteness.
template <class Graph> labelling label_values(const Graph& g, const labelling_options& options) {
  if (options.convention == play_convention::misere) {
    labelling l;
    l.values = misere_values(g, options.stop);
    l.outcomes = outcomes_of(l.values);
    return l;
  }
  if (options.cycles == cycle_policy::refuse) {
    labelling l;
    l.values = sprague_grundy(g, options.stop);
    return finish(std::move(l), options);
  }
  return finish(sprague_grundy_with_cycles(g, options.stop), options);
}

// The values, outcomes and remoteness label() gives, without the suspense numbers.
template <class Graph> labelling label_with_remoteness(const Graph& g, const labelling_options& options) {
  if (!options.remoteness) return label_values(g, options);
  // An acyclic graph: the values and the remoteness in the same pass over each edge list.
  try {
    auto l = values_and_remoteness(g, options.convention, options.stop);
    if (options.convention == play_convention::misere) {
      l.outcomes = outcomes_of(l.values);
      return l;
    }
    return finish(std::move(l), options);
  } catch (const not_acyclic&) {
    if (options.convention == play_convention::misere || options.cycles == cycle_policy::refuse) throw;
  }
  // With cycles, two retrograde analyses over the same predecessor lists.
  const auto in = reverse_of(g);
  auto l = generalized_sprague_grundy(g, in, options.stop);
  l.remoteness = remoteness_by_retrograde(g, in, options.convention, options.stop);
  return finish(std::move(l), options);
}

} // namespace detail

// Labels any Boost.Graph incidence and vertex-list graph whose vertex descriptors are indices
// (a csr_graph, a game_graph's .graph). Normal play: Sprague-Grundy values, from the acyclic
// labelling unless the graph has a cycle (its topological sort is what finds one), then as
// options.cycles says. Misère play: misère values (misere_values) and outcomes. With
// options.remoteness, the remoteness of every vertex too (remoteness.hpp).
template <class Graph> labelling label(const Graph& g, const labelling_options& options = {}) {
  return detail::with_suspense(detail::label_with_remoteness(g, options), g, options);
}

// Misère values of a graph that may have cycles. Misère play on g is normal play on g with one
// vertex more, a sink, to which every terminal vertex of g gets a move: the player left without
// a move in g makes that one and wins. So the generalized values of that graph (loopy.hpp),
// the sink dropped, are g's generalized misère values: a number (the misère value of
// misere_values where g has no cycle) or ∞(K), with draws among the outcomes. An acyclic graph
// gets misere_values' labelling at its speed; label() itself refuses cycles under misère play.
template <class Graph>
labelling misere_values_with_cycles(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  labelling l;
  try {
    l.values = misere_values(g, stop);
    l.outcomes = outcomes_of(l.values);
    return l;
  } catch (const not_acyclic&) {
  }
  const std::size_t n = num_vertices(g);
  std::vector<edge_index> rows;
  std::vector<vertex_id> targets;
  rows.reserve(n + 2);
  for (auto v : boost::make_iterator_range(vertices(g))) {
    rows.push_back(targets.size());
    if (out_degree(v, g) == 0) targets.push_back(static_cast<vertex_id>(n));
    for (auto e : boost::make_iterator_range(out_edges(v, g)))
      targets.push_back(static_cast<vertex_id>(target(e, g)));
  }
  rows.push_back(targets.size()); // the sink, without a move
  rows.push_back(targets.size());
  csr_graph with_sink;
  detail::adopt_csr(with_sink, std::move(rows), std::move(targets));
  l = generalized_sprague_grundy(with_sink, stop);
  l.values.pop_back(); // the sink, of value 0, is never among the infinite vertices
  l.outcomes.reserve(n);
  for (std::size_t v = 0; v < n; ++v)
    l.outcomes.push_back(generalized_outcome(l.values[v], l.infinite.of(static_cast<vertex_id>(v))));
  return l;
}

// Labels an explored game graph by the fastest means it allows: a graded game's graph level by
// level on options.threads threads, or, built without edges, by regenerating its moves (normal
// play only). Throws std::invalid_argument for a graph without edges that cannot be labelled so,
// or whose remoteness is asked for.
template <game G>
labelling label(const G& g, const game_graph<state_t<G>>& gg, const labelling_options& options = {}) {
  if (!gg.has_edges()) {
    if (options.remoteness || options.suspense)
      throw std::invalid_argument(std::string(options.remoteness ? "remoteness" : "suspense numbers") +
                                  " can be labelled only for a graph built with its edges");
    if constexpr (graded_game<G>) {
      if (options.convention == play_convention::normal) {
        labelling l;
        l.values = detail::regenerated_values(g, gg, options.threads, options.stop, options.progress);
        return detail::finish(std::move(l), options);
      }
      throw std::invalid_argument("misère outcomes can be labelled only for a graph built with its edges");
    }
    throw std::invalid_argument("a graph built without edges can be labelled only for graded games");
  }
  if constexpr (graded_game<G>) {
    if (options.convention == play_convention::normal) {
      // Every edge leads one level down: the levels from the deepest up put each vertex after
      // its successors without a topological sort.
      if (options.remoteness)
        return detail::with_suspense(
            detail::finish(detail::values_and_remoteness_by_level(gg.graph, gg.level_starts, options.threads,
                                                                  options.stop),
                           options),
            gg.graph, options);
      labelling l;
      l.values = sprague_grundy_by_level(gg.graph, gg.level_starts, options.threads, options.stop);
      return detail::with_suspense(detail::finish(std::move(l), options), gg.graph, options);
    }
  }
  return label(gg.graph, options);
}

} // namespace grundy
