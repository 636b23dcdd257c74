#pragma once
// The built-in games in Python: each game of the library's list (grundy/io/games/builtin.hpp) is
// a class holding the rules and the position play starts from, so that
// grundy.solve(grundy.Nim([3, 4, 5])) reads like the CLI's grundy graph nim 3 4 5. Four games
// of the first release have constructors of their own (game_classes.cpp); any other game of
// the list gets one from its entry: grundy.<class name>(*words, **parameters), the class named
// by the module (builtin_games.cpp), not by the entry.

#include "bindings.hpp"

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/games/entry_traits.hpp>

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace grundy::python {

// The list without the entry Drop, its games in the same order.
template <class Drop, class List, class Kept = game_list<>> struct without_entry;
template <class Drop, class... Kept> struct without_entry<Drop, game_list<>, game_list<Kept...>> {
  using type = game_list<Kept...>;
};
template <class Drop, class E, class... Rest, class... Kept>
struct without_entry<Drop, game_list<E, Rest...>, game_list<Kept...>>
    : without_entry<Drop, game_list<Rest...>,
                    std::conditional_t<std::is_same_v<E, Drop>, game_list<Kept...>, game_list<Kept..., E>>> {
};

// The module's classes: every game of the library's list but octal, whose games are heap games
// under an octal rule. One class, Heap, plays every heap rule, so that a game's class, repr and
// statistics do not depend on how its rule was written; Octal(code, heaps) is a function that
// returns a Heap (game_classes.cpp). The command line keeps both entries.
using python_games = without_entry<octal_entry, builtin_games>::type;

template <class G> struct game_with_start {
  G game;
  state_t<G> start;
  // The files the game was read from (a Digraph's graph file): its results' exports may not
  // replace them.
  std::vector<std::string> inputs;
};

// Heaps are lists of sizes in Python, smallest first as the canonical form has them.
struct heap_traits {
  template <class G> static py::object to_python(const G&, const heaps& h) {
    py::list sizes;
    for (auto x : h)
      sizes.append(x);
    return sizes;
  }
};

// Tablettes positions are lists of (colour, height) pairs sorted as the seed sorts them.
struct tablettes_traits {
  static py::object to_python(const tablettes_game& g, const tablettes_state& s) {
    py::list piles;
    for (auto p : g.piles(s))
      piles.append(py::make_tuple(p.colour, p.height));
    return piles;
  }
};

// Digraph positions keep the file's vertex names: a name for one token, a list of names (in
// the graph's vertex order) for several.
struct digraph_traits {
  static py::object to_python(const digraph_game& g, const digraph_game::state_type& s) {
    if (s.size() == 1) return py::str(g.name(s[0]));
    py::list names;
    for (auto v : s)
      names.append(g.name(v));
    return names;
  }
};

// Tablettes whose positions fit in 64 bits are explored in the compact form (see
// with_tablettes), and their positions widened back on the way out.
struct compact_tablettes_traits {
  static py::object to_python(const compact_tablettes_game& g, const compact_tablettes_state& s) {
    return tablettes_traits::to_python(g.game(), compact_tablettes_game::widen(s));
  }
};

// Wythoff's positions are (x, y) tuples, the smaller pile first.
struct wythoff_traits {
  template <class Pile>
  static py::object to_python(const basic_wythoff_game<Pile>&, const std::array<Pile, 2>& s) {
    return py::make_tuple(s[0], s[1]);
  }
};

// Positions of any other game are the text its format() writes.
struct text_traits {
  template <class G> static py::object to_python(const G& g, const state_t<G>& s) {
    return py::str(g.format(s));
  }
};

template <class G> struct traits_of {
  using type = std::conditional_t<std::is_same_v<state_t<G>, heaps>, heap_traits, text_traits>;
};
template <> struct traits_of<tablettes_game> { using type = tablettes_traits; };
template <> struct traits_of<compact_tablettes_game> { using type = compact_tablettes_traits; };
template <> struct traits_of<digraph_game> { using type = digraph_traits; };
template <> struct traits_of<wythoff_game> { using type = wythoff_traits; };
template <> struct traits_of<compact_wythoff_game> { using type = wythoff_traits; };

template <class G> py::object to_python(const G& g, const state_t<G>& s) {
  return traits_of<G>::type::to_python(g, s);
}

// Positions from Python: heap sizes (one int, or an iterable), piles as (colour, height) pairs,
// vertex names (one str or int, or an iterable). Raise TypeError or ValueError.
heaps heaps_from(const py::handle& obj);
tablettes_game::piles_type piles_from(const py::handle& obj);
std::vector<std::string> token_names(const py::handle& obj);

// The position a built-in game object holds (its start); nullopt for any other object.
std::optional<any_builtin_position> builtin_position(const py::handle& game);
tablettes_state state_from(const tablettes_game& g, const py::handle& obj);
digraph_game::state_type state_from(const digraph_game& g, const py::handle& obj);
wythoff_game::state_type state_from(const wythoff_game& g, const py::handle& obj);

// The class of each built-in game, before what every one of them offers (add_builtin_games):
// the first release's games by their own constructors, any other by its entry's parameters.
py::class_<game_with_start<nim_game>> add_class(py::module_& m, std::type_identity<nim_entry>);
py::class_<game_with_start<moore_game>> add_class(py::module_& m, std::type_identity<moore_entry>);
py::class_<game_with_start<tablettes_game>> add_class(py::module_& m, std::type_identity<tablettes_entry>);
py::class_<game_with_start<digraph_game>> add_class(py::module_& m, std::type_identity<digraph_entry>);

// Members a class has besides those its entry gives it: Heap's rule and code, with the
// function Octal that makes a Heap of an octal code.
void add_members(py::module_& m, py::class_<game_with_start<heap_game>>& heap);

} // namespace grundy::python
