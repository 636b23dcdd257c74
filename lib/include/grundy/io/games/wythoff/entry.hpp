#pragma once
// Wythoff's game in the list of built-in games: `wythoff 5 7`.

#include <grundy/games/wythoff.hpp>
#include <grundy/io/games/registry.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

// Positions are typed "5 7" (or "5,7"); moves as the piles left ("3 5"), as the piles changed
// ("7>4", "7>5 5>3" for both), or as the whole move ("5 7 > 3 5").
struct wythoff_entry {
  using game_type = wythoff_game;
  static constexpr std::string_view name = "wythoff";
  static constexpr std::string_view position_help = "the two piles";
  static constexpr std::array<game_parameter, 0> parameters{};
  static constexpr std::string_view display_name = "Wythoff's game";
  static constexpr std::string_view rules =
      "Take any number of tokens from one pile, or the same number from "
      "both.";
  static constexpr std::string_view board = "heaps";
  static constexpr std::array fields{game_field{
      .name = "piles", .example = "5 7", .help = "the two piles", .kind = parameter_kind::whole_list}};

  static game_position<wythoff_game> make(const position_text& t);
  static game_fields head(const wythoff_game&) { return {{"game", "wythoff"}}; }
  static std::string title(const wythoff_game&) { return "Wythoff's game"; }
  static std::string show(const wythoff_game& g, const wythoff_game::state_type& s);
  static wythoff_game::state_type read_move(const wythoff_game& g, const wythoff_game::state_type& s,
                                            std::string_view text);
  static std::string_view move_example(const wythoff_game&) { return "7>4, 7>5 5>3 (both piles), or 3 5"; }
  static bool has_move(const wythoff_game&, const wythoff_game::state_type& s) {
    return s[0] > 0 || s[1] > 0;
  }
  // Play lists every move: piles of more than 100000 tokens in all are refused there.
  static void check_moves(const game_position<wythoff_game>& p, bool listing);
  // A graph's exploration holds a position's moves at once: x + y + min(x, y) of them.
  static void check_expansion(const game_position<wythoff_game>& p, std::uint64_t max_memory);

  // The whole graph is explored with 32-bit piles where they fit (compact_wythoff_game).
  template <class F> static decltype(auto) explore(const game_position<wythoff_game>& p, F&& f) {
    constexpr std::uint64_t most = 0xFFFF'FFFFu;
    if (p.start[0] <= most && p.start[1] <= most) {
      const compact_wythoff_game compact;
      return f(compact, compact.canonical({static_cast<std::uint32_t>(p.start[0]),
                                           static_cast<std::uint32_t>(p.start[1])}));
    }
    return f(p.game, p.start);
  }
};

} // namespace grundy
