#pragma once
// What a front end asks of a game entry beyond the required members, with the defaults used
// when the entry leaves them out. The defaults suit a game whose positions are heaps (as
// grundy/io/games/heap_notation.hpp writes them) and fall back on the game's own format()
// otherwise, so that a new game needs only what registry.hpp requires.

#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/games/registry.hpp>
#include <grundy/strategy/moves.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace grundy::entry_traits {

template <class E> using game_t = typename E::game_type;
template <class E> using state_of = state_t<typename E::game_type>;
template <class E> constexpr bool on_heaps = std::is_same_v<state_of<E>, heaps>;

// The game's name in sentences: "Nim", "the octal game 0.07".
template <class E> std::string title(const game_t<E>& g) {
  if constexpr (requires { E::title(g); })
    return E::title(g);
  else
    return std::string(E::name);
}

// The game's name and rules for a page, in English.
template <class E> constexpr std::string_view display_name() {
  if constexpr (requires { E::display_name; })
    return E::display_name;
  else
    return E::name;
}

template <class E> constexpr std::string_view rules() {
  if constexpr (requires { E::rules; })
    return E::rules;
  else
    return {};
}

// How a page draws a position: a game on heaps as heaps of tokens, others as a list of moves.
template <class E> constexpr std::string_view board() {
  if constexpr (requires { E::board; })
    return E::board;
  else if constexpr (on_heaps<E>)
    return "heaps";
  else
    return "list";
}

template <class E> constexpr std::string_view position_parameter() {
  if constexpr (requires { E::position_parameter; })
    return E::position_parameter;
  else
    return "position";
}

template <class E> std::vector<std::string_view> features() {
  if constexpr (requires { E::features; })
    return {E::features.begin(), E::features.end()};
  else
    return {};
}

// The form that sets the game up; without one, the position's words in one field.
template <class E> std::vector<game_field> fields() {
  if constexpr (requires { E::fields; })
    return {E::fields.begin(), E::fields.end()};
  else
    return {game_field{.name = "position", .help = E::position_help}};
}

// A position drawn for a player, one line or more, each ending in '\n'.
template <class E> std::string show(const game_t<E>& g, const state_of<E>& s) {
  if constexpr (requires { E::show(g, s); })
    return E::show(g, s);
  else if constexpr (on_heaps<E>)
    return show_heaps(s);
  else
    return "  " + g.format(s) + "\n";
}

// The position a typed move leads to, not yet checked against the rules; throws notation_error.
template <class E> state_of<E> read_move(const game_t<E>& g, const state_of<E>& s, std::string_view text) {
  if constexpr (requires { E::read_move(g, s, text); })
    return E::read_move(g, s, text);
  else if constexpr (on_heaps<E>)
    return g.canonical(read_heap_move(s, text));
  else
    throw notation_error("moves of " + std::string(E::name) + " are chosen by their number");
}

// How a move is typed, for the player's help.
template <class E> std::string move_example(const game_t<E>& g) {
  if constexpr (requires { E::move_example(g); })
    return std::string(E::move_example(g));
  else if constexpr (on_heaps<E>)
    return "8>5 (the heap of 8 becomes 5)";
  else
    return "the move's number";
}

// Whether any move is left, without listing them when the entry knows better.
template <class E> bool has_move(const game_t<E>& g, const state_of<E>& s) {
  if constexpr (requires { E::has_move(g, s); })
    return E::has_move(g, s);
  else
    return !legal_moves(g, s).empty();
}

// Refuses (notation_error) a position whose moves are too many to go through: play lists every
// move at each turn (`listing`), hints go through them.
template <class E> void check_moves(const game_position<game_t<E>>& p, bool listing) {
  if constexpr (requires { E::check_moves(p, listing); })
    E::check_moves(p, listing);
  else if constexpr (on_heaps<E>)
    check_heap_moves(p.start, listing);
}

// Refuses (grundy::stopped, a limit) a position whose own moves could not be held in `max_memory`.
template <class E> void check_expansion(const game_position<game_t<E>>& p, std::uint64_t max_memory) {
  if constexpr (requires { E::check_expansion(p, max_memory); })
    E::check_expansion(p, max_memory);
  else if constexpr (on_heaps<E>)
    check_heap_expansion(p.start, 1, max_memory);
}

// The files a position's words name (the digraph game's graph file), which no output the
// position leads to may replace; none for a game read from its words alone.
template <class E> std::vector<std::string> inputs(const position_text& t) {
  if constexpr (requires { E::inputs(t); })
    return E::inputs(t);
  else
    return {};
}

// Calls f(game, start) with the form the whole graph is best explored in (tablettes use 64-bit
// states where they fit); f must accept any game type.
template <class E, class F> decltype(auto) explore(const game_position<game_t<E>>& p, F&& f) {
  if constexpr (requires { E::explore(p, f); })
    return E::explore(p, f);
  else
    return f(p.game, p.start);
}

} // namespace grundy::entry_traits
