#pragma once
// Tablettes: its rules (tablettes/rules.hpp) and its moves in words (tablettes/strategy.hpp).
//
// The whole of the game: include this header rather than its parts, so that make_strategy and
// describe_move find the game's own overloads.

#include <grundy/games/tablettes/rules.hpp>
#include <grundy/games/tablettes/strategy.hpp>
