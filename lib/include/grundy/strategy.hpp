#pragma once
// Winning moves for every built-in game at once: the strategy core (strategy/) and each game's
// strategy (games/<name>/strategy.hpp). Kept for compatibility with the programs that include
// it; a program about one game includes that game's header (games/nim.hpp, say) and gets the
// core with it, without compiling every other game.
//
//   auto moves = grundy::winning_moves(game, position);                          // normal play
//   auto moves = grundy::winning_moves(game, position, grundy::play_convention::misere);
//   for (auto& m : moves) std::cout << grundy::describe_move(game, position, m) << '\n';
//
// make_strategy picks the fastest method known for the game: Bouton's rule (and its misère
// form) for Nim, the XOR of single-heap values for octal games, Moore's rule for Moore's Nim,
// Smith's rule for the digraph game, and otherwise the game graph of every position reachable
// from the start.

#include <grundy/strategy/concept.hpp>
#include <grundy/strategy/graph_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>
#include <grundy/strategy/moves.hpp>

#include <grundy/games/digraph/strategy.hpp>
#include <grundy/games/moore/strategy.hpp>
#include <grundy/games/nim/strategy.hpp>
#include <grundy/games/octal/strategy.hpp>
#include <grundy/games/tablettes/strategy.hpp>
