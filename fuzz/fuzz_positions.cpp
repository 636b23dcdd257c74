// Positions as typed after a game's name (`grundy hint nim 3 4 5`, `grundy.Nim(...)`): the game,
// its named parameters colors, tablets and k, then the words of the position, read by the games'
// own notation (grundy/io/games/builtin.hpp). The first four bytes choose the game and the
// parameters (see option_value), the rest is the words, split at spaces as a shell would. A
// position is accepted or refused with std::invalid_argument (notation_error), quickly and
// nothing else; an accepted one prints, in the game's notation, text that reads back to the
// same position.

#include "check.hpp"

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/games/entry_traits.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

using grundy::fuzz::require;

namespace {

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::size_t pos = 0;
  while ((pos = text.find_first_not_of(' ', pos)) != std::string_view::npos) {
    const auto end = std::min(text.find(' ', pos), text.size());
    words.emplace_back(text.substr(pos, end - pos));
    pos = end;
  }
  return words;
}

// A byte as an option's number: small ones as they are, the others spread over the whole of
// 32 bits, where a count typed by mistake (or on purpose) must be refused, not allocated for.
unsigned option_value(std::uint8_t byte) {
  return byte < 0x80 ? byte : static_cast<unsigned>((byte - 0x7Fu) * 0x2000000u - 1u);
}

struct typed {
  std::string game;
  grundy::position_text text;
};

bool accepted(const typed& t, grundy::any_builtin_position& out) {
  try {
    out = grundy::parse_position(grundy::builtin_games{}, t.game, t.text);
    return true;
  } catch (const std::invalid_argument& e) {
    require(grundy::fuzz::shown_as_is(e.what()), "a message shows what it echoes as a portable name");
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 4) return 0;
  static const char* const games[] = {"nim", "octal", "moore", "tablettes"};
  typed w;
  w.game = games[data[0] % 4];
  // The parameters go with their game, except now and then, to reach the errors that say so.
  const bool any_game = (data[0] & 0x80) != 0;
  if (w.game == "tablettes" || any_game) {
    w.text.named["colors"] = std::to_string(option_value(data[1]));
    w.text.named["tablets"] = std::to_string(option_value(data[2]));
  }
  if (w.game == "moore" || any_game) w.text.named["k"] = std::to_string(option_value(data[3]));
  w.text.words = words_of({reinterpret_cast<const char*>(data) + 4, size - 4});

  grundy::any_builtin_position position;
  if (!accepted(w, position)) return 0;
  std::visit(
      [&](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        using E = grundy::entry_for_t<decltype(p.game), grundy::builtin_games>;
        try {
          grundy::entry_traits::check_moves<E>(p, true);
        } catch (const grundy::notation_error&) {
        }
        // The position as the game prints it, typed again with the same game and parameters.
        typed again;
        again.game = w.game;
        const auto text = p.game.format(p.start);
        if constexpr (std::is_same_v<P, grundy::game_position<grundy::tablettes_game>>) {
          again.text.named = w.text.named;
          again.text.words = {text};
        } else if constexpr (std::is_same_v<P, grundy::game_position<grundy::octal_game>>) {
          again.text.words = {p.game.code().str(), text};
        } else if constexpr (std::is_same_v<P, grundy::game_position<grundy::moore_game>>) {
          again.text.named["k"] = std::to_string(p.game.k());
          again.text.words = {text};
        } else {
          again.text.words = {text};
        }
        grundy::any_builtin_position read;
        require(accepted(again, read), "a position's printed text is accepted");
        const auto* same = std::get_if<P>(&read);
        require(same != nullptr, "a position's printed text reads as the same game");
        require(same->start == p.start, "a position's printed text reads back to the same position");
      },
      position);
  return 0;
}
