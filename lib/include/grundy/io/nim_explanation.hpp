#pragma once
// Nim's hint in words: Bouton's parity table for normal play, and his rule for misère play.

#include <grundy/games/nim.hpp>

#include <string>
#include <vector>

namespace grundy::io {

struct nim_explanation {
  std::string text;         // lines, each ending in '\n'
  std::vector<heaps> moves; // the positions the text tells the player to move to, canonical
};

// How to play the heaps `typed` (in the order typed) under `convention`, and the move it names:
// none when the player to move loses or no move is left.
//
// Normal play: each heap in binary, the parity of every column (their XOR), and the heap that
// makes every column even. Misère play (Bouton): while two heaps or more have more than one
// token, play as in normal Nim, with the same table; with one such heap, make it 0 or 1 so as
// to leave an odd number of heaps of 1; with none, take a heap of 1 when their number is even.
nim_explanation explain_nim(const std::vector<heap_size>& typed, play_convention convention);

} // namespace grundy::io
