#pragma once
// The values the library gives positions: Sprague-Grundy numbers, the generalized values ∞(K)
// of games with cycles, outcomes, and the play conventions they are read under.

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// A vertex of a game graph; vertices are numbered from 0 (the start position) in 32 bits.
using vertex_id = std::uint32_t;

using grundy_value = std::uint32_t;

// The value of a position of a game with cycles from which neither player can force the game
// into a finite value: the generalized value ∞(K) of loopy.hpp, whose set K is kept beside the
// values. No finite value reaches it (a value is at most the out-degree, below 2^32 - 1).
inline constexpr grundy_value infinity = std::numeric_limits<grundy_value>::max();

// Normal play: the player to move loses exactly at the positions of value 0 (P-positions).
// In a game with cycles some positions are draws (D): perfect play goes on for ever.
enum class outcome : char { p = 'P', n = 'N', d = 'D' };

// For a finite value; the outcome of ∞(K) depends on K (generalized_outcome).
constexpr outcome outcome_of(grundy_value g) noexcept { return g == 0 ? outcome::p : outcome::n; }
constexpr char to_char(outcome o) noexcept { return static_cast<char>(o); }

// The remoteness of a position (remoteness.hpp): how many moves are left when the winner
// hurries and the loser holds out; no_remoteness for a draw, where play never ends.
using remoteness_value = std::uint32_t;
inline constexpr remoteness_value no_remoteness = std::numeric_limits<remoteness_value>::max();

// Normal play: the player who makes the last move wins. Misère play: that player loses.
enum class play_convention : char { normal, misere };

constexpr std::string_view to_string(play_convention c) noexcept {
  return c == play_convention::normal ? "normal" : "misère";
}

// The sets K of the vertices of value ∞(K), side by side with the values. Few vertices of
// most games are infinite, and their sets are short, so they are kept as three flat arrays
// (the infinite vertices, increasing, and their sets one after the other) rather than as one
// set per vertex: nothing is spent on the finite vertices, and a look-up is a binary search.
struct infinite_sets {
  std::vector<vertex_id> vertices;      // the vertices of value ∞, increasing
  std::vector<std::uint64_t> starts{0}; // K of vertices[i] is sets[starts[i] .. starts[i + 1])
  std::vector<grundy_value> sets;       // each K increasing

  std::size_t size() const noexcept { return vertices.size(); }
  bool empty() const noexcept { return vertices.empty(); }

  // Appends the next infinite vertex (larger than any before) with its set, increasing.
  void add(vertex_id v, std::span<const grundy_value> k) {
    vertices.push_back(v);
    sets.insert(sets.end(), k.begin(), k.end());
    starts.push_back(sets.size());
  }
  // K of v; empty for a vertex that is not infinite (and for ∞ with an empty K).
  std::span<const grundy_value> of(vertex_id v) const {
    const auto it = std::lower_bound(vertices.begin(), vertices.end(), v);
    if (it == vertices.end() || *it != v) return {};
    const auto i = static_cast<std::size_t>(it - vertices.begin());
    return {sets.data() + starts[i], sets.data() + starts[i + 1]};
  }
};

// K of v in `sets`, which may be null (an acyclic graph, where no value is infinite).
inline std::span<const grundy_value> infinite_set_of(const infinite_sets* sets, vertex_id v) {
  return sets ? sets->of(v) : std::span<const grundy_value>{};
}

// The outcome of a generalized value: value is a number, or infinity with its set k.
inline outcome generalized_outcome(grundy_value value, std::span<const grundy_value> k) noexcept {
  if (value != infinity) return outcome_of(value);
  return !k.empty() && k.front() == 0 ? outcome::n : outcome::d;
}

// "3", or "∞(0,2)"; "∞(∅)" when no successor has a finite value.
inline std::string format_value(grundy_value value, std::span<const grundy_value> k) {
  if (value != infinity) return std::to_string(value);
  if (k.empty()) return "∞(∅)";
  return fmt::format("∞({})", fmt::join(k, ","));
}

// What a labelling gives every vertex of a graph (see label() in label.hpp). Under normal play,
// values[v] is v's Sprague-Grundy value, or infinity for ∞(K) with K in `infinite` (empty for an
// acyclic graph); `outcomes` is filled when asked for. Under misère play values[v] is v's misère
// Grundy value (1 where no move is left; misere_values in misere.hpp), which does not add up by
// XOR as normal values do, and `outcomes` is always filled (P exactly at value 0). `remoteness`
// is filled when asked for (labelling_options::remoteness), under the labelling's convention.
struct labelling {
  std::vector<grundy_value> values;
  infinite_sets infinite;
  std::vector<outcome> outcomes;
  std::vector<remoteness_value> remoteness;
  std::vector<remoteness_value> suspense; // suspense numbers (suspense.hpp), when asked for

  outcome outcome_of(vertex_id v) const {
    return outcomes.empty() ? generalized_outcome(values[v], infinite.of(v)) : outcomes[v];
  }
  // The value as people read it: "3", "∞(0,2)".
  std::string format_value(vertex_id v) const { return grundy::format_value(values[v], infinite.of(v)); }
};

} // namespace grundy
