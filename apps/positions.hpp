#pragma once
// Games and positions as users type them, on the command line and during a game.

#include <grundy/games/digraph.hpp>
#include <grundy/games/moore.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/graph.hpp>

#include <CLI/CLI.hpp>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace grundy::cli {

// The words naming a game and a position, as CLI11 collected them.
// Every command reads positions through these, so that one notation, one set of checks and one
// wording of each mistake hold for graph, hint and play alike.
struct position_words {
  std::string command = "hint"; // the command, for the examples in messages
  std::string game;             // nim, octal, moore, tablettes or digraph
  std::vector<std::string> args;
  unsigned colors = 0;     // tablettes
  std::string tablets;     // tablettes: N, or one count per colour, 3,3,2
  bool symmetry = false;   // tablettes: one position per colour relabelling (graph only)
  unsigned k = 0;          // moore; 0 when the first word gives it
  std::string start;       // digraph: the token's vertex
  std::string tokens;      // digraph: several tokens' vertices, a,b,c
  bool undirected = false; // digraph: --undirected
  // digraph: the memory limit its file is read under (0: the default) and the option that set
  // it, named when it is passed (empty where the command has none).
  std::uint64_t max_memory = 0;
  std::string_view memory_option;
};

// Adds the game name and the options that go with positions to a subcommand; the position's
// words are what is left over, which take_position_words collects once the command is parsed.
void add_position_arguments(CLI::App& cmd, position_words& words);
void take_position_words(const CLI::App& cmd, position_words& words);

// An octal code as typed on the command line ("0.07", ".137", "4.7", "0.F"). Throws
// usage_error for a signed code, which would otherwise read as a malformed one, and
// std::invalid_argument (the library's message) for any other mistake.
octal_code parse_octal_code(std::string_view text);

// A game with its starting position. `typed` keeps heap sizes in the order they were typed,
// for displays that follow the user's order (Nim's binary table); it is empty for tablettes.
template <class G> struct game_position {
  G game;
  typename G::state_type start;
  std::vector<heap_size> typed;
};

using any_position =
    std::variant<game_position<nim_game>, game_position<octal_game>, game_position<moore_game>,
                 game_position<tablettes_game>, game_position<digraph_game>>;

// How the digraph game's file is read: --undirected, the memory limit, and the option that set
// that limit ("--max-memory"; empty where the command has none), named when it is passed.
struct digraph_file_options {
  bool undirected = false;
  std::uint64_t max_memory = 0;
  std::string_view memory_option;
};

// The digraph game's graph and tokens: the file, and --start V or --tokens a,b,c (one of
// them). The file is read under a Ctrl-C handler and the memory limit. Throws usage_error,
// digraph_error for a file that cannot be used, run_error past the memory limit and
// interrupted_error on Ctrl-C.
game_position<digraph_game> digraph_position(const std::vector<std::string>& words, const std::string& start,
                                             const std::string& tokens, const digraph_file_options& file,
                                             std::string_view command = "hint");

// A digraph move typed as FROM>TO (vertex names), or the whole position after it, a+b.
digraph_game::state_type read_digraph_move(const digraph_game& g, const digraph_game::state_type& before,
                                           std::string_view text);

// Exploration limits for the games solved through their graph: --max-states, the default
// memory limit, and a stop flag (an interruption's), so that a big position stops cleanly.
build_options graph_limits(std::uint64_t max_states, const std::atomic<bool>* stop = nullptr);

// Parses and checks the position; throws usage_error (or std::invalid_argument from the game)
// with a one-line message naming what is wrong.
any_position parse_position(const position_words& words);

// Refuses, with a usage_error, a position whose moves are too many to go through: play lists
// every move at each turn (`listing`); hints go through every move of Moore's Nim and every
// three-heap split of a hexadecimal game, but not through Nim's or other octal games' moves.
void check_moves_fit(const any_position& p, bool listing);

// Refuses, as a limit_exceeded of memory, a heap position whose own moves could not be held in
// `max_memory` (0: no limit): a game hands a position's moves over all at once, before the
// exploration can look at its memory, so Nim 10^8 would otherwise grow past any limit.
void check_expansion_fits(const any_position& p, std::uint64_t max_memory);

// Heap sizes written "3 4 5", "3,4,5" or "[3,4,5]". Throws usage_error.
heaps parse_heaps_text(std::string_view text);

// Piles written as tablettes_game::format writes them: "[[0,1],[1,2]]" (spaces allowed).
// Throws usage_error.
std::vector<pile> parse_piles_text(std::string_view text);

// One pile: "[1,2]" or "1,2". Throws usage_error.
pile parse_pile_text(std::string_view text);

// Positions drawn for a player: heaps as rows of '|', piles as their colour and height.
std::string show_heaps(const heaps& h);
std::string show_piles(const tablettes_game& g, const tablettes_game::state_type& s);

// The position a move typed in its natural notation leads to, not yet checked against the
// rules (the caller compares it with the legal moves). Heaps: "8>5" (the heap of 8 becomes 5),
// "8>0", "10>3+4" (split), "5>3 2>0" (several heaps, Moore's Nim), or the whole position
// after the move, "3 5 6". Tablettes: "[1,2] on [0,2]", or the whole position after the move.
// Throws usage_error for text that cannot be read, or names a heap or pile that is not there.
heaps read_heap_move(const heaps& before, std::string_view text);
tablettes_game::state_type
read_tablettes_move(const tablettes_game& g, const tablettes_game::state_type& before, std::string_view text);

} // namespace grundy::cli
