#pragma once
// Octal and hexadecimal games in the list of built-in games: `octal 0.07 5 7`.

#include <grundy/games/octal.hpp>
#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/games/registry.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

// An octal code as typed ("0.07", ".137", "4.7", "0.F"); a sign is refused with a message of
// its own, since it would otherwise read as a malformed code. Throws std::invalid_argument.
octal_code parse_octal_code(std::string_view text);

struct octal_entry {
  using game_type = octal_game;
  static constexpr std::string_view name = "octal";
  static constexpr std::string_view position_help = "the code, then heap sizes";
  static constexpr std::array<game_parameter, 0> parameters{};
  static constexpr std::string_view display_name = "Octal game";
  static constexpr std::string_view rules =
      "The code says how many tokens a move takes and how many heaps it "
      "may leave behind.";
  static constexpr std::array<std::string_view, 1> features{"octal_codes"};
  static constexpr std::array fields{
      game_field{.name = "code", .example = "0.07", .help = "an octal code: 0.07, 0.137, 4.07"},
      game_field{
          .name = "heaps", .example = "4 5", .help = "heap sizes", .kind = parameter_kind::whole_list}};

  static game_position<octal_game> make(const position_text& t);
  static game_fields head(const octal_game& g) { return {{"game", "octal"}, {"code", g.code().str()}}; }
  static std::string title(const octal_game& g) { return "the octal game " + g.code().str(); }
  static std::string_view move_example(const octal_game&) { return "8>5, or 10>3+4 to split"; }
  static bool has_move(const octal_game& g, const heaps& s);
  // Besides the tokens play lists, a game that splits heaps in three has about h^2/12 moves
  // from a heap of h: heaps past 1000 are refused there.
  static void check_moves(const game_position<octal_game>& p, bool listing);
  static void check_expansion(const game_position<octal_game>& p, std::uint64_t max_memory) {
    check_heap_expansion(p.start, heap_rule(p.game.code()), max_memory);
  }
};

} // namespace grundy
