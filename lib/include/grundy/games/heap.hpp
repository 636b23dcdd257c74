#pragma once
// Heap games under any heap rule: their rules (heap/rules.hpp) and the XOR rule to play them
// (heap/strategy.hpp).
//
// The whole of the game: include this header rather than its parts, so that make_strategy and
// describe_move find the game's own overloads.

#include <grundy/games/heap/rules.hpp>
#include <grundy/games/heap/strategy.hpp>
