#pragma once
// Positions of games played on heaps as people type and read them, shared by every such game
// (Nim, octal games, Moore's Nim, a game of the user's): "3 4 5", moves as "8>5", and the
// checks that keep a position's moves within what a front end can go through.

#include <grundy/games/heap_moves.hpp>
#include <grundy/games/nim.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// Heap sizes written "3 4 5", "3,4,5" or "[3,4,5]", in the order typed. Throws notation_error.
heaps parse_heaps_text(std::string_view text);

// The heap sizes of a position's words (each word "3", "3,4" or "[3,4]"), in the order typed;
// `example` is shown when none is given. Throws notation_error.
std::vector<heap_size> parse_heap_words(const std::vector<std::string>& words, std::string_view example);

// The same for sizes up to `largest` that are not heaps of heap_size (Wythoff's 64-bit piles),
// `what` naming one in messages ("pile size").
std::vector<std::uint64_t> parse_sizes_text(std::string_view text, std::uint64_t largest,
                                            std::string_view what);
std::vector<std::uint64_t> parse_size_words(const std::vector<std::string>& words, std::string_view example,
                                            std::uint64_t largest, std::string_view what);

// The position a move typed as "8>5" (the heap of 8 becomes 5), "8>0", "10>3+4" (a split) or
// "5>3 2>0" (several heaps) leads to, or the whole position after it ("3 5 6"), in canonical
// form; not yet checked against the rules. Throws notation_error.
heaps read_heap_move(const heaps& before, std::string_view text);

// Heaps drawn as rows of '|', one per line.
std::string show_heaps(const heaps& h);

// Refuses a position with too many moves to go through, saying which (`why`: "more than 100000
// tokens"): notation_error "this position has too many moves (WHY); try smaller heaps".
[[noreturn]] void refuse_too_many_moves(std::string_view why);

// Refuses (notation_error) heaps with too many moves to list one by one (`listing`: more than
// 10^5 tokens).
void check_heap_moves(const heaps& h, bool listing);

// Refuses (notation_error) a list of `moves` winning moves of `bytes_per_move` each, as a front
// end holds them, that could not be held in `max_memory` (0: the default memory limit); `advice`
// ends the message ("try smaller heaps"). Strategies that count their moves before listing them
// (octal games) are asked this first: a heap of 4·10^9 tokens of 0.07 has 3.8·10^8 of them.
void check_listing_memory(std::uint64_t moves, std::uint64_t bytes_per_move, std::uint64_t max_memory,
                          std::string_view advice);

} // namespace grundy
