#pragma once
// Playing an octal game: an octal game is the heap game of its code, played by heap_strategy
// (games/heap/strategy.hpp), whose octal moves are searched split by split.

#include <grundy/games/heap/strategy.hpp>
#include <grundy/games/octal/rules.hpp>

#include <string>

namespace grundy {

inline heap_strategy make_strategy(const octal_game& g, const heaps& start,
                                   play_convention convention = play_convention::normal,
                                   const build_options& options = {}) {
  return heap_strategy(g, start, convention, options);
}

inline std::string describe_move(const octal_game&, const heaps& before, const heaps& after) {
  return describe_heap_move(before, after);
}

} // namespace grundy
