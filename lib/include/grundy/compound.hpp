#pragma once
// The compounds of impartial games besides the disjunctive sum (C. A. B. Smith, Graphs and
// composite games, J. Combinatorial Theory 1 (1966) 51-81; Winning Ways, ch. 9):
//
// - conjunctive: a move is a move in every component; the compound ends as soon as one
//   component has no move. Its remoteness is the least of its components' (remoteness.hpp).
// - continued conjunctive: a move is a move in every component that can still move; the
//   compound ends when none can. Its suspense number is the largest of its components'
//   (suspense.hpp).
// - selective: a move is a move in any non-empty set of components; the compound ends when none
//   can move. Under normal play it is lost exactly when every component is; under misère play
//   the same while two components or more can move, and the misère outcome of the last one that
//   can move once it is alone (a compound with none is won: the opponent made the last move).
//
// The components are positions of game graphs, each graph labelled once for every compound of
// its positions (label_for_compounds). Under either convention the player unable to move in
// the compound loses (normal) or wins (misère).
//
//   auto labels = grundy::label_for_compounds(gg.graph);
//   std::vector<grundy::compound_part> parts{{&gg.graph, &labels, 5}, {&gg.graph, &labels, 7}};
//   auto r = grundy::solve_compound(grundy::compound_kind::conjunctive, parts);
//   // r.result, r.length (the compound's remoteness), r.move (a vertex per component)
//
// Graphs with cycles: remoteness is defined for their won and lost positions, so conjunctive
// compounds are decided, a component's draw counting as never ending (a compound whose
// components are all draws is a draw); a selective compound under normal play is a draw as soon
// as one component is. Suspense numbers are not bounded where a winner may delay round a cycle,
// and the misère selective rule is proved for finite games only: those compounds of a component
// whose graph has a cycle throw std::invalid_argument.

#include <grundy/graph.hpp>
#include <grundy/values.hpp>

#include <atomic>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace grundy {

enum class compound_kind : char { conjunctive, continued_conjunctive, selective };

// "conjunctive", "continued-conjunctive", "selective".
std::string_view compound_name(compound_kind k) noexcept;

// What the compounds of a graph's positions are decided by, for both conventions: remoteness
// (any graph) and suspense numbers (empty for a graph with a cycle).
struct compound_labels {
  std::vector<remoteness_value> normal_remoteness, misere_remoteness;
  std::vector<remoteness_value> normal_suspense, misere_suspense;
  bool acyclic = true;

  const std::vector<remoteness_value>& remoteness(play_convention c) const noexcept {
    return c == play_convention::normal ? normal_remoteness : misere_remoteness;
  }
  const std::vector<remoteness_value>& suspense(play_convention c) const noexcept {
    return c == play_convention::normal ? normal_suspense : misere_suspense;
  }
};

// Four passes over the graph's edges (two when it has a cycle) and the predecessor lists for a
// graph with cycles. Throws grundy::stopped once *stop is true.
compound_labels label_for_compounds(const csr_graph& g, const std::atomic<bool>* stop = nullptr);

// One component: a vertex of a graph and the graph's labels (both outlive the call).
struct compound_part {
  const csr_graph* graph = nullptr;
  const compound_labels* labels = nullptr;
  vertex_id vertex = 0;
};

struct compound_result {
  outcome result = outcome::p; // for the player to move in the compound
  // The compound's remoteness (conjunctive) or suspense number (continued conjunctive): how many
  // moves it lasts with the winner playing `move` and its sequels. nullopt for a selective
  // compound and for a draw.
  std::optional<remoteness_value> length;
  // The best move: per component, the vertex it moves to, or nullopt where it is not moved (a
  // selective compound's untouched components, a finished component of a continued conjunctive
  // one). A winning move when result is N; when it is P the move that holds out longest (the
  // loser's best); when it is D one that keeps the draw. Empty when the compound has no move.
  std::vector<std::optional<vertex_id>> move;
};

// Decides the compound of `parts` (one or more) under `convention`. Throws std::invalid_argument
// for no part, a vertex outside its graph, labels of another graph, or a compound that is not
// defined for a component with a cycle (see above).
compound_result solve_compound(compound_kind kind, std::span<const compound_part> parts,
                               play_convention convention = play_convention::normal,
                               const std::atomic<bool>* stop = nullptr);

} // namespace grundy
