#pragma once
// Moore's Nim: its rules (moore/rules.hpp) and Moore's rule to play it (moore/strategy.hpp).
//
// The whole of the game: include this header rather than its parts, so that make_strategy and
// describe_move find the game's own overloads.

#include <grundy/games/moore/rules.hpp>
#include <grundy/games/moore/strategy.hpp>
