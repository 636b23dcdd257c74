// The move reader of `grundy play`: the real command, on small games of each kind, reading
// whatever is typed (move numbers, moves in each game's notation, whole positions, commands).
// The first byte chooses the game; the rest is standard input. A game ends when it is over or
// when its input runs out (run_error, as the command reports it); any other exception, and
// any sanitizer report, is a bug.

#include "cli.hpp"
#include "commands.hpp"

#include <CLI/CLI.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::vector<std::vector<const char*>> games = {
    {"grundy", "play", "nim", "3", "4", "5", "--opponent", "human", "--hints"},
    {"grundy", "play", "octal", "0.137", "7", "5", "--opponent", "random", "--seed", "1"},
    {"grundy", "play", "moore", "--k", "2", "2", "3", "4", "--opponent", "perfect"},
    {"grundy", "play", "tablettes", "-c", "2", "-n", "2", "--opponent", "human", "--hints"},
    {"grundy", "play", "octal", "0.F", "9", "--opponent", "human", "--misere"},
    {"grundy", "play", "nim", "2", "2", "--misere", "--opponent", "perfect", "--first", "computer"},
    {"grundy", "play", "tablettes", "-c", "3", "-n", "1", "[[0,1],[1,1],[2,1]]", "--opponent", "random",
     "--seed", "7", "--misere"},
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The games' transcripts would drown the fuzzer's own output.
  if (!std::freopen("/dev/null", "w", stdout)) return 1;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& args = games[data[0] % games.size()];
  std::istringstream input(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  auto* const keyboard = std::cin.rdbuf(input.rdbuf());
  CLI::App app{"grundy"};
  grundy::cli::add_play_command(app);
  try {
    app.parse(static_cast<int>(args.size()), args.data());
  } catch (const grundy::cli::run_error&) { // the input ended, or said quit, before the end
  }
  std::cin.rdbuf(keyboard);
  std::cin.clear();
  return 0;
}
