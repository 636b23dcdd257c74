#pragma once
// Compounds of positions of built-in games, for every front end alike: each component's game
// graph built and labelled, the compound decided by the core (grundy/compound.hpp), and the
// answer written as text or as one JSON object.
//
//   const auto parts = grundy::io::compound_components(position);   // heaps, tokens, or itself
//   const auto a = grundy::io::compute_compound(grundy::compound_kind::conjunctive, parts, {});
//   std::string json = grundy::io::compound_json(a);

#include <grundy/compound.hpp>
#include <grundy/graph.hpp>
#include <grundy/io/games/builtin.hpp>
#include <grundy/values.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::io {

// The kind a user names: "conjunctive", "continued-conjunctive" (or "continued"), "selective".
// Throws std::invalid_argument naming the three.
compound_kind parse_compound_kind(std::string_view text);

// The components a position stands for when it is a sum: one per heap of a Nim, octal or heap
// position, one per token of the digraph game; any other position is one component.
std::vector<any_builtin_position> compound_components(const any_builtin_position& position);

struct compound_component_answer {
  std::string position; // the game's name of it
  outcome result = outcome::p;
  std::optional<remoteness_value> remoteness; // nullopt: a draw
  std::optional<remoteness_value> suspense;   // nullopt: its graph has a cycle
  std::optional<std::string> move;            // the position it moves to; nullopt: not moved
  std::uint64_t positions = 0;                // the vertices of its game graph
};

struct compound_answer {
  compound_kind kind = compound_kind::conjunctive;
  play_convention convention = play_convention::normal;
  outcome result = outcome::p;
  std::optional<remoteness_value> length; // remoteness (conjunctive) or suspense (continued)
  bool has_move = false;
  std::vector<compound_component_answer> components;
};

// Builds each component's graph under `limits` (its max_states and max_memory per component;
// its stop polled throughout) and decides the compound. Throws what build_graph and
// solve_compound throw (std::invalid_argument for a compound the components' cycles leave
// undefined, grundy::stopped).
compound_answer compute_compound(compound_kind kind, const std::vector<any_builtin_position>& components,
                                 play_convention convention, const build_options& limits);

// "remoteness" or "suspense": what the compound's length is.
std::string_view compound_length_name(compound_kind kind) noexcept;

std::string compound_text(const compound_answer& a);
std::string compound_json(const compound_answer& a); // one line, no newline

} // namespace grundy::io
