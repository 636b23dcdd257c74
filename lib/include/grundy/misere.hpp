#pragma once
// Outcomes of every vertex of a finite game graph under either play convention.

#include <grundy/labelling.hpp>
#include <grundy/values.hpp>

#include <boost/graph/graph_traits.hpp>
#include <boost/range/iterator_range.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace grundy {

// play_convention is in values.hpp.

// Misère outcomes cannot be read off Sprague-Grundy values (a sum of games has no misère value
// that adds like XOR), so they are labelled directly: a position with no move is won by the
// player to move, since the opponent made the last move; any other position is won exactly
// when some move leads to a position lost for the player who then moves. One pass in the
// order sprague_grundy uses decides every vertex. Works on the same graphs as sprague_grundy,
// throws not_acyclic for a graph with a cycle, and grundy::stopped once *stop is true.
template <class Graph>
std::vector<outcome> misere_outcomes(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  std::vector<outcome> result(num_vertices(g), outcome::n);
  detail::work_meter meter; // one unit per vertex and per edge
  for (auto v : sinks_first_order(g, stop)) {
    if (meter.due(out_degree(v, g) + 1)) detail::check_stop(stop);
    if (out_degree(v, g) == 0) continue; // no move: the player to move has already won
    outcome o = outcome::p;
    for (auto e : boost::make_iterator_range(out_edges(v, g)))
      if (result[target(e, g)] == outcome::p) {
        o = outcome::n;
        break;
      }
    result[v] = o;
  }
  return result;
}

// Misère Grundy values (Conway's G⁻): 1 for a position with no move (the player to move has
// won, as at *1 in normal play), else the mex of its successors' values. A position is a misère
// P-position exactly when its value is 0, and a misère value n says that the position plus a
// Nim heap of n is a misère P-position; unlike normal values they do not add by XOR (misère Nim:
// the XOR of the heaps, unless every heap is 0 or 1, then 1 XOR that). Same graphs, order and
// exceptions as misere_outcomes: a graph with a cycle throws not_acyclic.
template <class Graph>
std::vector<grundy_value> misere_values(const Graph& g, const std::atomic<bool>* stop = nullptr) {
  std::vector<grundy_value> value(num_vertices(g), 1);
  std::vector<char> seen(detail::max_out_degree(g) + 1, 0);
  detail::work_meter meter; // one unit per vertex and per edge
  for (auto v : sinks_first_order(g, stop)) {
    if (meter.due(out_degree(v, g) + 1)) detail::check_stop(stop);
    if (out_degree(v, g) != 0) value[v] = detail::mex_of_successors(g, v, value, seen);
  }
  return value;
}

// Outcomes read off finite values under either convention: P exactly at value 0, since a
// misère value is 0 exactly at the misère P-positions as a Sprague-Grundy value is at normal
// play's.
inline std::vector<outcome> outcomes_of(const std::vector<grundy_value>& values) {
  std::vector<outcome> result;
  result.reserve(values.size());
  for (auto x : values)
    result.push_back(outcome_of(x));
  return result;
}

// How many vertices are P-positions: positions lost by the player to move.
inline std::uint64_t count_p_positions(const std::vector<outcome>& o) {
  std::uint64_t n = 0;
  for (auto x : o)
    n += x == outcome::p;
  return n;
}

} // namespace grundy
