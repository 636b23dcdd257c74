#pragma once
// Games and positions as users type them on the command line: the game's name, its position's
// words and the named parameters of every built-in game (grundy/io/games/builtin.hpp), read by the
// games' own notation so that graph, hint and play accept the same words.

#include <grundy/graph.hpp>
#include <grundy/io/games/builtin.hpp>
#include <grundy/io/games/entry_traits.hpp>

#include <CLI/CLI.hpp>

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::cli {

// The words naming a game and a position, as CLI11 collected them.
struct position_words {
  std::string command = "hint"; // the command, for the examples in messages
  std::string game;             // a built-in game's name
  std::vector<std::string> args;
  // The game parameters given (--colors 3: {"colors", "3"}; a flag: "true").
  std::map<std::string, std::string, std::less<>> named;
  // digraph: the memory limit its file is read under (0: the default) and the option that set
  // it, named when it is passed (empty where the command has none).
  std::uint64_t max_memory = 0;
  std::string_view memory_option;
};

using grundy::game_position;
using any_position = any_builtin_position;

// Adds the game name and every built-in game's parameters to a subcommand (`graph`: also those
// only a whole exploration uses); the position's words are what is left over, which
// take_position_words collects once the command is parsed.
void add_position_arguments(CLI::App& cmd, position_words& words, bool graph = false);
void take_position_words(const CLI::App& cmd, position_words& words);

// The files the position is read from (the digraph game's graph file), which no output may
// replace.
std::vector<std::string> input_files(const position_words& words);

// Exploration limits for the games solved through their graph: --max-states, the default
// memory limit, and a stop flag (an interruption's), so that a big position stops cleanly.
build_options graph_limits(std::uint64_t max_states, const std::atomic<bool>* stop = nullptr);

// Parses and checks the position; throws notation_error (or std::invalid_argument from the
// game) with a one-line message naming what is wrong, run_error past the memory limit and
// interrupted_error on Ctrl-C while a file is read.
any_position parse_position(const position_words& words);

// Refuses a position whose moves are too many to go through: play lists every move at each
// turn (`listing`); hints go through every move of Moore's Nim and every three-heap split of a
// hexadecimal game, but not through Nim's or other octal games' moves.
void check_moves_fit(const any_position& p, bool listing);

// Refuses, as a memory limit (grundy::stopped), a position whose own moves could not be held in
// `max_memory` (0: no limit).
void check_expansion_fits(const any_position& p, std::uint64_t max_memory);

} // namespace grundy::cli
