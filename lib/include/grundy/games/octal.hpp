#pragma once
// Octal games: their rules (octal/rules.hpp) and the XOR rule to play them (octal/strategy.hpp).
//
// The whole of the game: include this header rather than its parts, so that make_strategy and
// describe_move find the game's own overloads.

#include <grundy/games/octal/rules.hpp>
#include <grundy/games/octal/strategy.hpp>
