// Positions as typed after `grundy hint` or `grundy play`: the game's name, --colors,
// --tablets and --k, then the words of the position. The first four bytes choose the game and
// the options (see option_value), the rest is the words, split at spaces as a shell would. A
// position is accepted or refused with usage_error or std::invalid_argument, quickly and
// nothing else; an accepted one prints, in the game's notation, text that reads back to the
// same position.

#include "check.hpp"

#include "cli.hpp"
#include "positions.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

using grundy::fuzz::require;
namespace cli = grundy::cli;

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

template <class T> bool accepted(const cli::position_words& w, T& out) {
  try {
    out = cli::parse_position(w);
    return true;
  } catch (const cli::usage_error&) {
  } catch (const std::invalid_argument&) {
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 4) return 0;
  static const char* const games[] = {"nim", "octal", "moore", "tablettes"};
  cli::position_words w;
  w.game = games[data[0] % 4];
  // The options go with their game, except now and then, to reach the errors that say so.
  const bool any_game = (data[0] & 0x80) != 0;
  if (w.game == "tablettes" || any_game) {
    w.colors = option_value(data[1]);
    w.tablets = std::to_string(option_value(data[2]));
  }
  if (w.game == "moore" || any_game) w.k = option_value(data[3]);
  w.args = words_of({reinterpret_cast<const char*>(data) + 4, size - 4});

  cli::any_position position;
  if (!accepted(w, position)) return 0;
  try {
    cli::check_moves_fit(position, true);
  } catch (const cli::usage_error&) {
  }

  std::visit(
      [&](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        // The position as the game prints it, typed again with the same game and options.
        cli::position_words again;
        again.game = w.game;
        const auto text = p.game.format(p.start);
        if constexpr (std::is_same_v<P, cli::game_position<grundy::tablettes_game>>) {
          again.colors = w.colors;
          again.tablets = w.tablets;
          again.args = {text};
        } else if constexpr (std::is_same_v<P, cli::game_position<grundy::octal_game>>) {
          again.args = {p.game.code().str(), text};
        } else if constexpr (std::is_same_v<P, cli::game_position<grundy::moore_game>>) {
          again.k = p.game.k();
          again.args = {text};
        } else {
          again.args = {text};
        }
        cli::any_position read;
        require(accepted(again, read), "a position's printed text is accepted");
        const auto* same = std::get_if<P>(&read);
        require(same != nullptr, "a position's printed text reads as the same game");
        require(same->start == p.start, "a position's printed text reads back to the same position");
      },
      position);
  return 0;
}
