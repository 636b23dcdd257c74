#pragma once
// The digraph game: its rules (digraph/rules.hpp) and Smith's rule to play it (digraph/strategy.hpp).
//
// The whole of the game: include this header rather than its parts, so that make_strategy and
// describe_move find the game's own overloads.

#include <grundy/games/digraph/rules.hpp>
#include <grundy/games/digraph/strategy.hpp>
