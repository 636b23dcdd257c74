#pragma once
// Playing Tablettes: no rule of its own is known, so make_strategy gives the game graph
// (graph_strategy); what the game adds is its moves in words.

#include <grundy/games/tablettes/rules.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <string>

namespace grundy {

// "put the pile [1,2] on the pile [0,2]"; "move to <position>" for anything else.
std::string describe_move(const tablettes_game& g, const tablettes_game::state_type& before,
                          const tablettes_game::state_type& after);

// "[1,2]": a pile as its top colour and height, the notation of tablettes_game::format.
std::string format_pile(pile p);

} // namespace grundy
