#pragma once
// Wythoff's game: its rules (wythoff/rules.hpp) and Wythoff's theorem to play it
// (wythoff/strategy.hpp).
//
// The whole of the game: include this header rather than its parts, so that make_strategy and
// describe_move find the game's own overloads.

#include <grundy/games/wythoff/rules.hpp>
#include <grundy/games/wythoff/strategy.hpp>
