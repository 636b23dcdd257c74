#pragma once
// Lasker's Nim in the list of built-in games: `lasker 3 4 5`, grundy.Lasker(3, 4, 5).

#include <grundy/games/lasker/rules.hpp>

#include <grundy/games/heap_notation.hpp>
#include <grundy/games/registry.hpp>

#include <array>
#include <string_view>

namespace grundy {

struct lasker_entry {
  using game_type = lasker_game;
  static constexpr std::string_view name = "lasker";
  static constexpr std::string_view python_name = "Lasker";
  static constexpr std::string_view position_help = "heap sizes";
  static constexpr std::array<game_parameter, 0> parameters{};

  static game_position<lasker_game> make(const position_text& t) {
    const auto typed = parse_heap_words(t.words, t.example(name, "3 4 5"));
    return {lasker_game{}, nim_game::position(typed), typed};
  }
  static game_fields head(const lasker_game&) { return {{"game", "lasker"}}; }
};

} // namespace grundy
