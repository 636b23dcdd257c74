#pragma once
// Tablettes in the list of built-in games: `tablettes --colors 3 --tablets 2`, optionally with
// the piles of a position, and explored in 64-bit states where they fit.

#include <grundy/games/tablettes.hpp>
#include <grundy/io/games/registry.hpp>
#include <grundy/io/games/tablettes/notation.hpp>

#include <array>
#include <string>
#include <string_view>

namespace grundy {

struct tablettes_entry {
  using game_type = tablettes_game;
  static constexpr std::string_view name = "tablettes";
  // The ranges every front end checks, before tablettes_game's own limit (2T + C <= 128 bits).
  static constexpr unsigned max_colors = 128;
  static constexpr unsigned max_tablets = 63;
  static constexpr std::string_view position_help =
      "piles as [[colour,height],...] (default: every tablet alone)";
  static constexpr std::array parameters{
      game_parameter{.name = "colors",
                     .help = "number of colours C",
                     .kind = parameter_kind::whole,
                     .low = 1,
                     .high = max_colors,
                     .group = 1},
      game_parameter{.name = "tablets",
                     .help = "tablets per colour N, or one count per colour: 3,3,2,4",
                     .kind = parameter_kind::whole_list,
                     .low = 1,
                     .high = max_tablets,
                     .group = 1},
      game_parameter{.name = "symmetry",
                     .help = "explore one position per colour relabelling (counts stay exact)",
                     .kind = parameter_kind::flag,
                     .group = 2,
                     .graph_only = true}};
  static constexpr std::string_view display_name = "Tablettes (Babylon)";
  static constexpr std::string_view rules =
      "Put one pile on another of the same height or with the same colour on top; the pile takes the colour "
      "of the one put on top.";
  static constexpr std::string_view board = "tablettes";
  static constexpr std::array<std::string_view, 2> features{"first", "table"};
  static constexpr std::array fields{
      game_field{.name = "colors", .role = field_role::parameter, .example = "2"},
      game_field{.name = "tablets", .role = field_role::parameter, .example = "3"}};

  static game_position<tablettes_game> make(const position_text& t);
  // colors, and tablets as typed: one count, or one per colour.
  static game_fields head(const tablettes_game& g);
  static std::string title(const tablettes_game& g);
  static std::string show(const tablettes_game& g, const tablettes_game::state_type& s) {
    return show_piles(g, s);
  }
  static tablettes_game::state_type read_move(const tablettes_game& g, const tablettes_game::state_type& s,
                                              std::string_view text) {
    return read_tablettes_move(g, s, text);
  }
  static std::string_view move_example(const tablettes_game&) { return "[1,2] on [0,2]"; }
  static bool has_move(const tablettes_game& g, const tablettes_game::state_type& s);
  static void check_moves(const game_position<tablettes_game>&, bool) {}
  static void check_expansion(const game_position<tablettes_game>&, std::uint64_t) {}

  // The whole graph is explored in 64-bit states where they fit, from the position typed.
  template <class F> static decltype(auto) explore(const game_position<tablettes_game>& p, F&& f) {
    if (compact_tablettes_game::fits(p.game)) {
      const compact_tablettes_game compact(p.game);
      return f(compact, compact.canonical(compact_tablettes_game::narrow(p.start)));
    }
    return f(p.game, p.start);
  }
};

} // namespace grundy
