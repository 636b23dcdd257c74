#pragma once
// Heap games under any heap rule in the list of built-in games: `heap S(1,3,4) 5 7`,
// `heap grundy 12`, `heap squares 10`, `heap 0.07 5 7`.

#include <grundy/games/heap.hpp>
#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/games/registry.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

struct heap_entry {
  using game_type = heap_game;
  static constexpr std::string_view name = "heap";
  static constexpr std::string_view position_help =
      "the rule (an octal code, S(1,3,4), allbut(1,3,4), grundy or squares), then heap sizes";
  static constexpr std::array<game_parameter, 0> parameters{};
  static constexpr std::string_view display_name = "Subtraction and other heap games";
  static constexpr std::string_view rules =
      "Take tokens from one heap as the rule says: S(1,3,4), 1, 3 or 4 tokens; allbut(1,2), any number but 1 "
      "or 2; squares, a square number; grundy: split a heap into two unequal heaps.";
  static constexpr std::array<std::string_view, 1> features{"heap_rules"};
  static constexpr std::array fields{
      game_field{
          .name = "rule", .example = "S(1,3,4)", .help = "S(1,3,4), allbut(1,2), grundy, squares, or a code"},
      game_field{
          .name = "heaps", .example = "5 7", .help = "heap sizes", .kind = parameter_kind::whole_list}};

  // Heaps of a rule other than an octal code or a finite subtraction set past this many tokens
  // are refused: their values are computed for every heap up to the largest one.
  static constexpr heap_size most_tokens_for_values = 10'000'000;

  static game_position<heap_game> make(const position_text& t);
  static game_fields head(const heap_game& g) { return {{"game", "heap"}, {"rule", g.rule().str()}}; }
  // "the subtraction game S(1,3,4)", "Grundy's game", "the octal game 0.07".
  static std::string title(const heap_game& g);
  static std::string move_example(const heap_game& g);
  static bool has_move(const heap_game& g, const heaps& s);
  static void check_moves(const game_position<heap_game>& p, bool listing);
  static void check_expansion(const game_position<heap_game>& p, std::uint64_t max_memory);
};

} // namespace grundy
