#pragma once
// Lasker's Nim in the list of built-in games: `lasker 3 4 5`, grundy.Lasker(3, 4, 5).

#include <grundy/games/lasker/rules.hpp>

#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/games/registry.hpp>

#include <array>
#include <string_view>

namespace grundy {

struct lasker_entry {
  using game_type = lasker_game;
  static constexpr std::string_view name = "lasker";
  static constexpr std::string_view position_help = "heap sizes";
  static constexpr std::array<game_parameter, 0> parameters{};
  // What the web page shows: its name, rules and form (drawn as heaps, as every game on heaps).
  static constexpr std::string_view display_name = "Lasker's Nim";
  static constexpr std::string_view rules =
      "Take tokens from one heap, or split a heap into two non-empty heaps.";
  static constexpr std::array fields{game_field{
      .name = "heaps", .example = "3 4 5", .help = "heap sizes", .kind = parameter_kind::whole_list}};

  static game_position<lasker_game> make(const position_text& t) {
    const auto typed = parse_heap_words(t.words, t.example(name, "3 4 5"));
    return {lasker_game{}, nim_game::position(typed), typed};
  }
  static game_fields head(const lasker_game&) { return {{"game", "lasker"}}; }
};

} // namespace grundy
