#pragma once
// Nim in the list of built-in games: `nim 3 4 5`.

#include <grundy/games/nim.hpp>
#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/games/registry.hpp>

#include <array>
#include <string>
#include <string_view>

namespace grundy {

struct nim_entry {
  using game_type = nim_game;
  static constexpr std::string_view name = "nim";
  static constexpr std::string_view position_help = "heap sizes";
  static constexpr std::array<game_parameter, 0> parameters{};
  static constexpr std::string_view display_name = "Nim";
  static constexpr std::string_view rules = "Take as many tokens as you like from one heap.";
  static constexpr std::array<std::string_view, 1> features{"nim_sum"};
  static constexpr std::array fields{game_field{
      .name = "heaps", .example = "3 4 5", .help = "heap sizes", .kind = parameter_kind::whole_list}};

  static game_position<nim_game> make(const position_text& t) {
    const auto typed = parse_heap_words(t.words, t.example(name, "3 4 5"));
    return {nim_game{}, nim_game::position(typed), typed};
  }
  static game_fields head(const nim_game&) { return {{"game", "nim"}}; }
  static std::string title(const nim_game&) { return "Nim"; }
  // Any heap left has a move: a heap of 10^9 tokens is not listed to find one.
  static bool has_move(const nim_game&, const heaps& s) { return !s.empty(); }
};

} // namespace grundy
