#pragma once
// Nim: its rules (nim/rules.hpp) and Bouton's rule to play it (nim/strategy.hpp).
//
// The whole of the game: include this header rather than its parts, so that make_strategy and
// describe_move find the game's own overloads.

#include <grundy/games/nim/rules.hpp>
#include <grundy/games/nim/strategy.hpp>
