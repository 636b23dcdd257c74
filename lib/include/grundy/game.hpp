#pragma once
// The interface every impartial game implements to be explored, labelled and played.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/container_hash/hash.hpp>

namespace grundy {

// A state can be hashed when boost::hash accepts it: standard containers, arrays, pairs and
// tuples of hashable values do, and so does any type with a hash_value(const T&) found by ADL.
template <class S>
concept hashable_state = std::regular<S> && requires(const S& s) {
  { boost::hash<S>{}(s) } -> std::convertible_to<std::size_t>;
};

// An impartial game, written as one plain struct:
//
//   struct my_game {
//     using state_type = ...;                                  // a position, a value type
//     state_type canonical(const state_type&) const;           // one representative per position
//     void successors(const state_type&, std::vector<state_type>& out) const;  // appends moves
//     std::string format(const state_type&) const;             // for people: DOT labels, hints
//   };
//
// canonical() is what makes the game graph small and its counts right: two states that are the
// same position (heaps in another order, say) must have equal canonical forms, so they become one
// vertex. successors() may append states in any form and may repeat one; the graph builder
// canonicalises them and keeps each distinct successor once. Nothing here is virtual: the builder
// is instantiated for the game, so move generation inlines into the exploration loop.
//
// Optional members, detected by the builder (the concepts below): `static constexpr bool graded`
// (every move goes one level down), `orbit_size(s)` (symmetry classes with exact raw counts)
// and `distinct_successors()` (no repeats to look for).
template <class G>
concept game = std::copy_constructible<G> && hashable_state<typename G::state_type> &&
    requires(const G& g, const typename G::state_type& s, std::vector<typename G::state_type>& out) {
  { g.canonical(s) } -> std::convertible_to<typename G::state_type>;
  { g.successors(s, out) } -> std::same_as<void>;
  { g.format(s) } -> std::convertible_to<std::string>;
};

template <game G> using state_t = typename G::state_type;

// A game whose every move leads exactly one level down (tablettes: each move merges two
// piles). All paths between two positions then have the same length, a successor can only be
// found in the next level, and the builder needs to index one level at a time.
template <class G>
concept graded_game = game<G> && requires {
  requires G::graded;
};

// A game exploring one representative per class of equivalent positions; orbit_size says how
// many positions a class stands for, so that exact raw counts can still be reported. Its
// successors() must list each distinct raw successor once: the raw edge count of a class is
// its orbit size times the number of successors listed.
template <class G>
concept symmetric_game = game<G> && requires(const G& g, const state_t<G>& s) {
  { g.orbit_size(s) } -> std::convertible_to<std::uint64_t>;
};

} // namespace grundy
