#pragma once
// The one list of built-in games. The command line (grundy graph, hint, play, --export) and the
// Python module iterate it: a game added here, with its rules under games/<name>/ and its entry
// under io/games/<name>/, is accepted by every front end the same way (docs/architecture.md,
// "Adding a game").

#include <grundy/io/games/digraph/entry.hpp>
#include <grundy/io/games/heap/entry.hpp>
#include <grundy/io/games/moore/entry.hpp>
#include <grundy/io/games/nim/entry.hpp>
#include <grundy/io/games/octal/entry.hpp>
#include <grundy/io/games/registry.hpp>
#include <grundy/io/games/tablettes/entry.hpp>
#include <grundy/io/games/wythoff/entry.hpp>

#include <type_traits>
#include <variant>

namespace grundy {

using builtin_games =
    game_list<nim_entry, octal_entry, moore_entry, tablettes_entry, digraph_entry, heap_entry, wythoff_entry>;

using any_builtin_position = any_position_of<builtin_games>::type;

// Calls f(std::type_identity<Entry>{}, position) with the entry of the position's game: how a
// front end reaches the one description of the game a position belongs to.
template <class F> decltype(auto) visit_position(const any_builtin_position& p, F&& f) {
  return std::visit(
      [&](const auto& q) -> decltype(auto) {
        using G = std::decay_t<decltype(q.game)>;
        return f(std::type_identity<entry_for_t<G, builtin_games>>{}, q);
      },
      p);
}

} // namespace grundy
