#pragma once
// Tablettes positions as people type and read them: piles as [colour,height], the counts of
// tablets per colour, moves as "[1,2] on [0,2]".

#include <grundy/games/tablettes.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// The counts of tablets per colour: N with `colors` colours (0: not given), or one count per
// colour ("3,3,2,4", the colours implied, or checked against `colors`); each from 1 to 63.
// `colors_name` and `tablets_name` are the parameters as the user typed them. Throws
// notation_error.
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
