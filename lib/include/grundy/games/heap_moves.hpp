#pragma once
// A move of a heap game (Nim, octal games, Moore's Nim) in words, and the memory a position's
// moves take at once.

#include <grundy/games/nim/rules.hpp>
#include <grundy/heap/rule.hpp>

#include <cstddef>
#include <cstdint>
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

// Refuses (grundy::stopped, a memory limit) heaps whose own moves, `moves_per_token` for each token of
// each heap of a different size (one for Nim), could not be held in `max_memory` (0: no limit)
// at once: a game hands a position's moves over all at once, before the exploration can look
// at its memory.
void check_heap_expansion(const heaps& h, std::uint64_t moves_per_token, std::uint64_t max_memory);

// The same check with the moves the rule gives each heap (heap_option_count): three for a heap
// of any size under S(1,3,4).
void check_heap_expansion(const heaps& h, const heap_rule& rule, std::uint64_t max_memory);

// The same check for a position known to have `moves` moves, each held in `bytes_per_move`
// until the exploration takes it: heap_move_bytes(heap_count) for a position of heaps.
void check_expansion_memory(std::uint64_t moves, std::uint64_t bytes_per_move, std::uint64_t max_memory);
std::uint64_t heap_move_bytes(std::size_t heap_count);

} // namespace grundy
