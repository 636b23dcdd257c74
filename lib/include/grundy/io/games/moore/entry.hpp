#pragma once
// Moore's Nim in the list of built-in games: `moore 2 3 4 5` or `moore --k 2 3 4 5`.

#include <grundy/games/moore.hpp>
#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/games/registry.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

struct moore_entry {
  using game_type = moore_game;
  static constexpr std::string_view name = "moore";
  static constexpr std::string_view position_help = "k (unless given by name), then heap sizes";
  static constexpr std::array parameters{game_parameter{.name = "k",
                                                        .help = "the most heaps one move may take from",
                                                        .kind = parameter_kind::whole,
                                                        .low = 1,
                                                        .high = moore_game::max_k}};
  static constexpr std::string_view display_name = "Moore's Nim";
  static constexpr std::string_view rules = "Take tokens from at most k heaps at once (at least one token).";
  static constexpr std::array fields{
      game_field{.name = "k", .role = field_role::parameter, .example = "2"},
      game_field{
          .name = "heaps", .example = "1 2 3", .help = "heap sizes", .kind = parameter_kind::whole_list}};

  static game_position<moore_game> make(const position_text& t);
  static game_fields head(const moore_game& g) { return {{"game", "moore"}, {"k", std::to_string(g.k())}}; }
  static std::string title(const moore_game& g);
  static std::string_view move_example(const moore_game&) { return "8>5 or 8>5,4>0"; }
  static bool has_move(const moore_game&, const heaps& s) { return !s.empty(); }
  // Hints go through every way to take, as play does: more than 2·10^6 are refused.
  static void check_moves(const game_position<moore_game>& p, bool listing);
  static void check_expansion(const game_position<moore_game>& p, std::uint64_t max_memory);
};

} // namespace grundy
