#pragma once
// A move of a heap game (Nim, octal games, Moore's Nim) in words.

#include <grundy/games/nim/rules.hpp>

#include <string>

namespace grundy {

// What changed between two positions of a heap game: the heaps that went (largest first) and
// the heaps that came (largest first), as multisets.
struct heap_change {
  heaps removed;
  heaps added;
};
heap_change heap_difference(const heaps& before, const heaps& after);

// "take 3 from the heap of 8, leaving 5", "take 1 from the heap of 7 and split the rest into
// 2 and 4", "take 2 from the heap of 5 (leaving 3) and all of the heap of 2"; "move to
// <position>" when no heap move leads from one to the other.
std::string describe_heap_move(const heaps& before, const heaps& after);

} // namespace grundy
