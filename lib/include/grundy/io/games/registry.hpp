#pragma once
// How a front end meets the built-in games: by name, through one list
// (grundy/io/games/builtin.hpp).
//
// Every built-in game has an entry, a struct in its folder (io/games/<name>/entry.hpp) that says
// what the game is called, which named parameters it takes besides its position's words
// (colors, k, start...), how those words become a game and a start position, and the figures
// that name it in reports. The command line, the Python module and any later front end
// iterate the one list, so a game added to it is accepted by every command and every binding
// the same way, and the words of one game are read by one function whatever the front end.
//
// An entry E provides:
//   using game_type = ...;                               // a type satisfying grundy::game
//   static constexpr std::string_view name;              // "nim": what users type
//   static constexpr std::string_view position_help;     // "heap sizes": what the words are
//   static constexpr std::string_view title_help;        // one line for lists of games
//   static constexpr std::array<game_parameter, N> parameters;
//   static game_position<game_type> make(const position_text&);   // throws notation_error
//   static game_fields head(const game_type&);            // game, code, k...: report heads
// and may provide (entry_traits.hpp has the defaults, which suit any game on heaps):
//   title(g), show(g, s), read_move(g, s, text), move_example(g), has_move(g, s),
//   check_moves(position, listing), check_expansion(position, max_memory), explore(position, f),
//   inputs(text): the files the words name, which no output may replace.
// and, for a page that sets a game up and draws it (the web's /api/games), may provide
//   display_name, rules: the game's name and rules in English sentences;
//   fields: the form that sets it up, an array of game_field (default: one field, the position);
//   board: how a position is drawn, "heaps", "tablettes" or "list" (default: heaps for a game
//   on heaps, else list); position_parameter: the named parameter a position is given by when it
//   is not the position's words (the digraph's "start"); features: what a page offers with this
//   game beyond play, so that no page writes a game's name: "first" (the game a first visit
//   opens), "table" (a table of values over ranges of its parameters, /api/table), "nim_sum" (the
//   heaps' binary table, whose parity row is the nim-sum), "octal_codes" and "heap_rules" (plays
//   heaps of any octal code, of any heap rule, given in its text field).

#include <grundy/game.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/io/notation.hpp>
#include <grundy/io/report.hpp>
#include <grundy/portable_name.hpp>

#include <array>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace grundy {

// Text that does not name a position of the game: a std::invalid_argument, as the games' own
// checks are, so that every front end reports both as the user's mistake. The one type of the
// notation of numbers too (grundy/io/notation.hpp).
using io::notation_error;

// A game with its starting position. `typed` keeps heap sizes in the order they were typed,
// for displays that follow the user's order (Nim's binary table); it is empty otherwise.
template <class G> struct game_position {
  G game;
  state_t<G> start;
  std::vector<heap_size> typed;
};

enum class parameter_kind {
  whole,      // a whole number from low to high
  whole_list, // one whole number, or one per item separated by commas (tablettes' counts)
  text,       // any non-empty text
  flag,       // given or not
};

// A named parameter of a game: --colors on the command line, colors= in Python.
struct game_parameter {
  std::string_view name;
  std::string_view help;
  parameter_kind kind = parameter_kind::text;
  std::uint64_t low = 0; // whole numbers: the range
  std::uint64_t high = 0;
  std::string_view needs = {}; // text: what an empty value should have been ("a vertex name")
  // Parameters another game refuses together, in one message ("--colors and --tablets are for
  // tablettes only"); 0: none, the parameter is named alone.
  int group = 0;
  bool graph_only = false; // only where a whole graph is explored (tablettes' symmetry)
};

// One field of the form that sets a game up, in the order the game reads them. A parameter's
// field takes its help, kind and range from the parameter of that name; the parts of the
// position's words (octal's code, then its heaps) and a body (a graph file's text) say theirs.
enum class field_role { parameter, position, body };

struct game_field {
  std::string_view name;
  field_role role = field_role::position;
  std::string_view example = {}; // what the form holds first
  std::string_view help = {};
  parameter_kind kind = parameter_kind::text;
  std::uint64_t low = 0; // whole numbers: the range; high 0: no bound but the server's
  std::uint64_t high = 0;
};

// How a front end words what it asks of the user, so that the games' messages name no front
// end's options: the command line writes "--k", Python "k".
struct front_end_words {
  // A parameter's name as typed: "--k" on the command line.
  std::function<std::string(std::string_view parameter)> parameter;
  // The advice to turn a flag on: "give --undirected", "pass undirected=True".
  std::function<std::string(std::string_view flag)> set_flag;
  // A whole example of a game and its words: "grundy hint nim 3 4 5".
  std::function<std::string(std::string_view game, std::string_view words)> example;
};

// A position as typed: the words after the game's name and the named parameters given (as
// text, flags as "true"), with the limits under which a file the position names is read.
struct position_text {
  std::vector<std::string> words;
  std::map<std::string, std::string, std::less<>> named;
  front_end_words say;
  std::uint64_t max_memory = 0; // a graph file's reading; 0: 3/4 of the memory available
  const std::atomic<bool>* stop = nullptr;
  // The text of the file the words name, when it was sent rather than saved (a graph posted to a
  // server): the word is then only its name, for messages and for its format (by its extension,
  // or by the text when it has none), and nothing is read from disk.
  std::optional<std::string_view> file_text;

  const std::string* find(std::string_view parameter) const;
  bool flag(std::string_view parameter) const { return find(parameter) != nullptr; }
  // The parameter's whole number, checked against [low, high]; throws notation_error.
  std::uint64_t whole(std::string_view parameter, std::uint64_t low, std::uint64_t high) const;
  std::string name(std::string_view parameter) const;
  std::string set_flag(std::string_view flag) const;
  std::string example(std::string_view game, std::string_view words) const;
};

// The figures that name a game in reports, before its statistics: {"game", "octal"}, {"code", "0.07"}.
using game_fields = io::fields;

template <class E>
concept game_entry = game<typename E::game_type> &&
    requires(const position_text& t, const typename E::game_type& g) {
  { E::name } -> std::convertible_to<std::string_view>;
  { E::position_help } -> std::convertible_to<std::string_view>;
  { E::parameters.size() } -> std::convertible_to<std::size_t>;
  { E::make(t) } -> std::same_as<game_position<typename E::game_type>>;
  { E::head(g) } -> std::same_as<game_fields>;
};

// A list of game entries; builtin_games (grundy/io/games/builtin.hpp) is the one the front ends use.
template <game_entry... E> struct game_list {};

// A position of any game of the list: the variant of their game_position types.
template <class List> struct any_position_of;
template <class... E> struct any_position_of<game_list<E...>> {
  using type = std::variant<game_position<typename E::game_type>...>;
};

// Calls f(std::type_identity<E>{}) for each entry, in the list's order.
template <class... E, class F> void for_each_game(game_list<E...>, F&& f) {
  (f(std::type_identity<E>{}), ...);
}

// The entry of a game type in the list.
template <class G, class List> struct entry_for;
template <class G, class E, class... Rest> struct entry_for<G, game_list<E, Rest...>> {
  using type = std::conditional_t<std::is_same_v<G, typename E::game_type>, E,
                                  typename entry_for<G, game_list<Rest...>>::type>;
};
template <class G> struct entry_for<G, game_list<>> { using type = void; };
template <class G, class List> using entry_for_t = typename entry_for<G, List>::type;

namespace detail {

// Words as a sentence: "a, b and c" (`last` is " and " or " or ").
template <class Words> std::string sentence(const Words& words, std::string_view last) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) text += i + 1 == words.size() ? last : std::string_view(", ");
    text += words[i];
  }
  return text;
}

} // namespace detail

// The games' names as a sentence: "nim, octal, moore, tablettes or digraph".
template <class... E> std::string game_names(game_list<E...>) {
  return detail::sentence(std::array<std::string_view, sizeof...(E)>{E::name...}, " or ");
}

// Whether the list has a game of that name.
template <class... E> bool has_game(game_list<E...>, std::string_view name) {
  return ((E::name == name) || ...);
}

// The parameters of every game of the list, each name once, in the list's order.
template <class... E> std::vector<game_parameter> all_parameters(game_list<E...>) {
  std::vector<game_parameter> all;
  const auto add = [&](const auto& parameters) {
    for (const auto& p : parameters) {
      bool known = false;
      for (const auto& q : all)
        known = known || q.name == p.name;
      if (!known) all.push_back(p);
    }
  };
  (add(E::parameters), ...);
  return all;
}

namespace detail {

// Refuses a named parameter the game does not take, naming the game that does: "--k is for
// moore only", "--colors and --tablets are for tablettes only".
template <class... E>
void refuse_foreign_parameters(game_list<E...>, std::string_view game, const position_text& t) {
  for (const auto& given : t.named) {
    bool own = false;
    std::string owner;
    std::vector<std::string> together;
    const auto look = [&](auto entry) {
      using Entry = typename decltype(entry)::type;
      for (const auto& p : Entry::parameters) {
        if (p.name != given.first) continue;
        if (Entry::name == game) own = true;
        if (owner.empty()) {
          owner = Entry::name;
          for (const auto& q : Entry::parameters)
            if (p.group == 0 ? q.name == p.name : q.group == p.group) together.push_back(t.name(q.name));
        }
      }
    };
    (look(std::type_identity<E>{}), ...);
    if (own || owner.empty()) continue;
    throw notation_error(detail::sentence(together, " and ") + (together.size() > 1 ? " are" : " is") +
                         " for " + owner + " only");
  }
}

} // namespace detail

// The position `t` names in the game called `name`; throws notation_error for a name the list
// does not have, a parameter of another game, or words the game cannot read.
template <class... E>
typename any_position_of<game_list<E...>>::type parse_position(game_list<E...> list, std::string_view name,
                                                               const position_text& t) {
  using result = typename any_position_of<game_list<E...>>::type;
  if (!has_game(list, name))
    throw notation_error(std::string("unknown game '").append(portable_name(name)) +
                         "': " + game_names(list));
  detail::refuse_foreign_parameters(list, name, t);
  std::optional<result> found;
  const auto try_one = [&](auto entry) {
    using Entry = typename decltype(entry)::type;
    if (!found && Entry::name == name) found.emplace(Entry::make(t));
  };
  (try_one(std::type_identity<E>{}), ...);
  return std::move(*found);
}

} // namespace grundy
