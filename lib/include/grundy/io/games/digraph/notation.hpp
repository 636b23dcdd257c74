#pragma once
// Digraph game positions as people type and read them: tokens by their vertices' names.

#include <grundy/games/digraph.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// The vertex names of "a,b,c". Throws notation_error for an empty name; `what` names the text.
std::vector<std::string> parse_token_names(std::string_view text, std::string_view what);

// A move typed as FROM>TO (vertex names), or the whole position after it, a+b. Throws
// notation_error (std::invalid_argument for a name the graph does not have).
digraph_game::state_type read_digraph_move(const digraph_game& g, const digraph_game::state_type& before,
                                           std::string_view text);

// The tokens drawn for a player, with the vertices each may move to.
std::string show_tokens(const digraph_game& g, const digraph_game::state_type& s);

} // namespace grundy
