#pragma once
// Tablettes positions as people type and read them: piles as [colour,height], moves as
// "[1,2] on [0,2]" (and the counts of tablets per colour).

#include <grundy/games/tablettes.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// Tablet counts of the tablettes game, read as `tablets_name` alongside `colors` colours read as
// `colors_name` (0: not given): one count for every colour, or one per colour ("3,3,2,4", the
// colours implied, or checked against `colors`). Each count from 1 to tablettes_entry::max_tablets, at most
// max_colors colours. Throws notation_error.
std::vector<unsigned> parse_tablets(unsigned colors, std::string_view tablets, std::string_view colors_name,
                                    std::string_view tablets_name);

// Piles written as tablettes_game::format writes them: "[[0,1],[1,2]]" (spaces allowed).
// Throws notation_error.
std::vector<pile> parse_piles_text(std::string_view text);

// One pile: "[1,2]" or "1,2". Throws notation_error.
pile parse_pile_text(std::string_view text);

// Piles drawn for a player, one per line: their colour and height.
std::string show_piles(const tablettes_game& g, const tablettes_game::state_type& s);

// The position a move typed as "[1,2] on [0,2]" (the first pile stacked on the second), or the
// whole position after it, leads to; not yet checked against the rules. Throws notation_error.
tablettes_game::state_type
read_tablettes_move(const tablettes_game& g, const tablettes_game::state_type& before, std::string_view text);

} // namespace grundy
