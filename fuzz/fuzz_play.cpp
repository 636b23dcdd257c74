// The move reader of a game in progress (`grundy play`, and any front end that lets a person
// type moves): small games of each kind, reading whatever is typed, line by line, in each
// game's notation (grundy/io/games/entry_traits.hpp read_move). The first byte chooses the game;
// the rest is the lines. A line is read or refused with std::invalid_argument, nothing else;
// a move read is played when it is one of the legal moves, which the game's own rules list, so
// that no input puts a game in a state it could not reach; a game ends when no move is left.

#include "check.hpp"

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/games/entry_traits.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

using grundy::fuzz::require;

namespace {

struct start {
  const char* game;
  std::vector<std::string> words;
  std::vector<std::pair<std::string, std::string>> named;
};

const std::vector<start> games = {
    {"nim", {"3", "4", "5"}, {}},
    {"octal", {"0.137", "7", "5"}, {}},
    {"moore", {"2", "3", "4"}, {{"k", "2"}}},
    {"tablettes", {}, {{"colors", "2"}, {"tablets", "2"}}},
    {"octal", {"0.F", "9"}, {}},
    {"nim", {"2", "2"}, {}},
    {"tablettes", {"[[0,1],[1,1],[2,1]]"}, {{"colors", "3"}, {"tablets", "1"}}},
};

template <class E> void play(const grundy::game_position<typename E::game_type>& p, std::string_view input) {
  namespace traits = grundy::entry_traits;
  auto position = p.start;
  for (std::size_t pos = 0; pos < input.size();) {
    const auto end = std::min(input.find('\n', pos), input.size());
    const auto line = input.substr(pos, end - pos);
    pos = end + 1;
    const auto moves = grundy::legal_moves(p.game, position);
    if (moves.empty()) return;
    require(traits::has_move<E>(p.game, position), "a position with legal moves has a move");
    try {
      const auto after = p.game.canonical(traits::read_move<E>(p.game, position, line));
      if (std::find(moves.begin(), moves.end(), after) != moves.end()) position = after;
    } catch (const std::invalid_argument& e) {
      require(grundy::fuzz::shown_as_is(e.what()), "a message shows what it echoes as a portable name");
    }
    // What a player is shown never fails.
    require(!traits::show<E>(p.game, position).empty(), "a position is drawn");
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& s = games[data[0] % games.size()];
  grundy::position_text text;
  text.words = s.words;
  for (const auto& [name, value] : s.named)
    text.named[name] = value;
  const auto position = grundy::parse_position(grundy::builtin_games{}, s.game, text);
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::visit(
      [&](const auto& p) { play<grundy::entry_for_t<decltype(p.game), grundy::builtin_games>>(p, input); },
      position);
  return 0;
}
