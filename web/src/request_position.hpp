#pragma once
// Games and positions as a request names them: `game`, `position` (the words the command line
// takes after the game's name, separated by spaces) and the game's parameters by name, read by
// the games' own notation so that the web and the command line accept the same positions. The
// digraph game's graph file comes in the request's body, never from the server's disk.

#include "parameters.hpp"

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/games/entry_traits.hpp>
#include <grundy/web/server.hpp>

#include <atomic>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace grundy::web {

// The parameters every game request may carry besides the games' own.
bool is_position_parameter(std::string_view name);

// Whether the request explores the position's game graph (/api/graph) or asks a strategy, which
// explores it only when no rule answers (misère play of Wythoff's game) and then checks its
// own start (hints and move lists, as the command line's).
enum class position_use { graph, strategy };

// The position the request names. Throws http_error 400 (in the web's words) for a bad game or
// position, grundy::stopped once *stop is set or past the reading's memory; for a graph,
// grundy::stopped (a limit) when the start position's own moves could not be held in memory.
any_builtin_position read_position(const parameters& p, std::string_view body, const limits& bounds,
                                   const std::atomic<bool>* stop, position_use use);

} // namespace grundy::web
