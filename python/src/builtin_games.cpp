// The built-in games in Python, whatever the game: each game of the library's list becomes a
// class, and grundy.solve, winning_moves and hint go through the list to find the game a
// Python object holds, solving it with the GIL released so that other Python threads run
// meanwhile.

#include "builtin_games.hpp"

#include <grundy/misere/quotient_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <pybind11/stl.h>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace grundy::python {

namespace {

// The module's own words for the games: the class of a game of the list is its entry's name with
// a capital (nim: grundy.Nim, lasker: grundy.Lasker), so that a game added to the list needs no
// word here; the stubs and the tests hold the names the module answers to.
std::string class_name_of(std::string_view entry_name) {
  std::string name(entry_name);
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

template <class E> const std::string& class_name() {
  static const std::string name = class_name_of(E::name);
  return name;
}

// A heap of 10^7 tokens has hundreds of thousands of winning moves: see check_signals.
template <class G> py::list to_python_list(const G& g, const std::vector<state_t<G>>& states) {
  py::list out;
  for (std::size_t i = 0; i < states.size(); ++i) {
    check_signals(i);
    out.append(to_python(g, states[i]));
  }
  return out;
}

template <class E> using game_of = typename E::game_type;
template <class E> using held = game_with_start<game_of<E>>;

template <class G> game_position<G> as_position_of(const game_with_start<G>& w) {
  return {w.game, w.start, {}};
}

template <class E> game_position<game_of<E>> as_position(const game_of<E>& g, const state_t<game_of<E>>& s) {
  return {g, s, {}};
}

template <class G>
result solve_from(const G& g, const state_t<G>& start, const solve_settings& settings, game_fields head,
                  std::vector<std::string> inputs) {
  return interruptible([&](const std::atomic<bool>* stop) {
    const auto options = settings.options(stop);
    py::gil_scoped_release release;
    return result_of<G, typename traits_of<G>::type>(g, grundy::solve(g, start, options, settings.remoteness),
                                                     settings.remoteness, std::move(head), 0,
                                                     std::move(inputs));
  });
}

// Explored in the form the game's entry prefers (tablettes in 64-bit states where they fit).
template <class E> result solve_game(const held<E>& w, const solve_settings& settings) {
  const auto p = as_position<E>(w.game, w.start);
  entry_traits::check_expansion<E>(p, settings.max_memory);
  return entry_traits::explore<E>(
      p, [&](const auto& g, const auto& s) { return solve_from(g, s, settings, E::head(w.game), w.inputs); });
}

// A position given from Python: the game's own conversion where it has one (piles, vertex
// names), heap sizes for any game on heaps, else the text of the position after a move.
template <class E> state_t<game_of<E>> position_or_start(const held<E>& w, const py::object& position) {
  if (position.is_none()) return w.start;
  if constexpr (requires { state_from(w.game, position); })
    return w.game.canonical(state_from(w.game, position));
  else if constexpr (std::is_same_v<state_t<game_of<E>>, heaps>)
    return w.game.canonical(heaps_from(position));
  else {
    if (!py::isinstance<py::str>(position))
      throw py::type_error(
          fmt::format("positions of {} are written as text, as format() writes them", class_name<E>()));
    return w.game.canonical(entry_traits::read_move<E>(w.game, w.start, utf8_of(position, "position")));
  }
}

// A position of 0.07 with a heap of 4·10^9 tokens has 3.8·10^8 winning moves: listed, with a
// Python list and a description each (about 256 bytes besides the state), they took 15 GB
// before std::bad_alloc. Octal strategies count them first; past the memory limit the
// position is refused as too large, as a position with too many moves is.
template <class S, class State>
void check_listing_fits(const S&, const State& s, std::uint64_t listed, std::uint64_t max_memory) {
  std::uint64_t per_move = 256 + sizeof(State);
  if constexpr (requires { s.size(); }) per_move += 4 * (s.size() + 2);
  check_listing_memory(listed, per_move, max_memory, "give a smaller max_moves, or try smaller heaps");
}

// The first `most` winning moves and how many there are in all: strategies that can find the
// first ones and count the rest (octal games) do so without listing them, since a heap of
// 3·10^7 tokens of 0.07 has 10^7 winning moves that took a minute and 4 GB to list.
template <class S, class State>
std::pair<std::vector<State>, std::uint64_t> first_winning_moves(const S& strategy, const State& s,
                                                                 std::size_t most, std::uint64_t max_memory) {
  if constexpr (
      requires { strategy.winning_moves(s, most); } && requires { strategy.winning_move_count(s); }) {
    const std::uint64_t count = strategy.winning_move_count(s);
    check_listing_fits(strategy, s, std::min<std::uint64_t>(count, most), max_memory);
    return {strategy.winning_moves(s, most), count};
  } else {
    auto moves = strategy.winning_moves(s);
    const std::uint64_t count = moves.size();
    sort_fastest_first(strategy, moves);
    if (moves.size() > most) moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(most), moves.end());
    return {std::move(moves), count};
  }
}

template <class E>
hint_result hint_game(const held<E>& w, const py::object& position, bool misere,
                      const solve_settings& settings, std::size_t most) {
  const auto s = position_or_start<E>(w, position);
  entry_traits::check_moves<E>(as_position<E>(w.game, s), false);
  const auto convention = misere ? play_convention::misere : play_convention::normal;
  std::vector<state_t<game_of<E>>> moves, draws;
  std::uint64_t count = 0;
  outcome o{};
  std::optional<remoteness_value> remoteness;
  std::vector<std::optional<remoteness_value>> after;
  bool remoteness_known = false;
  interruptible([&](const std::atomic<bool>* stop) {
    py::gil_scoped_release release;
    const auto answer = [&](const auto& strategy) {
      std::tie(moves, count) = first_winning_moves(strategy, s, most, settings.max_memory);
      o = strategy.outcome_of(s);
      if constexpr (requires { strategy.remoteness_of(s); }) {
        remoteness = strategy.remoteness_of(s);
        remoteness_known = remoteness.has_value() || o == outcome::d;
        if (remoteness_known)
          for (const auto& m : moves)
            after.push_back(strategy.remoteness_of(m));
      }
      if constexpr (requires { strategy.drawing_moves(s); })
        if (o == outcome::d) draws = strategy.drawing_moves(s);
    };
    // Misère heap games as `grundy hint` answers them: from the misère quotient when it can be
    // had within its budget, charged to max_memory like the game graph it replaces.
    if constexpr (std::is_same_v<game_of<E>, heap_game>)
      if (misere) {
        quotient_budget budget;
        if (settings.max_memory != 0) budget.max_memory = std::min(budget.max_memory, settings.max_memory);
        if (const auto q = quotient_strategy::make(w.game.rule(), s, stop, budget)) return answer(*q);
      }
    answer(make_strategy(w.game, s, convention, settings.options(stop)));
  });
  hint_result h;
  h.position = to_python(w.game, s);
  h.outcome = to_char(o);
  h.misere = misere;
  h.winning_move_count = count;
  set_remoteness(h, remoteness_known, remoteness, after);
  h.moves = to_python_list(w.game, moves);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    check_signals(i);
    h.descriptions.push_back(describe_move(w.game, s, moves[i]));
  }
  h.drawing_moves = to_python_list(w.game, draws);
  for (auto& m : draws)
    h.drawing_descriptions.push_back(describe_move(w.game, s, m));
  return h;
}

// Calls f(std::type_identity<E>{}, game_with_start&) with the built-in game `obj` holds;
// nullopt when it holds none.
template <class F, class... E>
auto visit_builtin(const py::handle& obj, F&& f, game_list<E...>)
    -> std::optional<decltype(f(std::type_identity<nim_entry>{}, std::declval<const held<nim_entry>&>()))> {
  using R = decltype(f(std::type_identity<nim_entry>{}, std::declval<const held<nim_entry>&>()));
  std::optional<R> answer;
  const auto try_one = [&](auto entry) {
    using Entry = typename decltype(entry)::type;
    if (!answer && py::isinstance<held<Entry>>(obj)) answer = f(entry, obj.cast<const held<Entry>&>());
  };
  (try_one(std::type_identity<E>{}), ...);
  return answer;
}

template <class F> auto visit_builtin(const py::handle& obj, F&& f) {
  return visit_builtin(obj, std::forward<F>(f), python_games{});
}

} // namespace

// A position's words and parameters from Python: ints and strs as they are written, an
// iterable as one word of its items separated by commas ([3, 4, 5] -> "3,4,5"). Anything else
// is refused by name: None met Python's "'NoneType' object is not iterable", True became the
// word "true" and b"grundy" the word "103,114,117,110,100,121".
std::string word_of(const py::handle& obj, std::string_view python_name) {
  if (py::isinstance<py::str>(obj)) return utf8_of(obj, fmt::format("an argument of grundy.{}", python_name));
  if (py::isinstance<py::int_>(obj) && !py::isinstance<py::bool_>(obj))
    return py::str(obj).cast<std::string>();
  if (py::isinstance<py::bool_>(obj) || py::isinstance<py::bytes>(obj) || !py::isinstance<py::iterable>(obj))
    throw py::type_error(fmt::format("grundy.{} takes ints, strs and lists of them, not {}", python_name,
                                     py::repr(obj).cast<std::string>()));
  std::vector<std::string> items;
  for (auto item : obj)
    items.push_back(word_of(item, python_name));
  return fmt::format("{}", fmt::join(items, ","));
}

// Python's words for the games' messages: colors, "pass undirected=True", "grundy.Nim(3, 4, 5)".
front_end_words python_words(std::string_view python_name) {
  return {[](std::string_view parameter) { return std::string(parameter); },
          [](std::string_view flag) { return fmt::format("pass {}=True", flag); },
          [python_name](std::string_view, std::string_view words) {
            std::string args(words);
            for (std::size_t at = 0; (at = args.find(' ', at)) != std::string::npos; at += 2)
              args.replace(at, 1, ", ");
            return fmt::format("grundy.{}({})", python_name, args);
          }};
}

// The call that makes the game again: its fields besides its name (by keyword when they are
// parameters), then its position: Heap('S(1,3,4)', [5, 7]), Wythoff(3, 5).
template <class E> std::string constructor_call(const held<E>& w) {
  std::vector<std::string> args;
  for (const auto& [key, value] : E::head(w.game)) {
    if (key == "game") continue;
    bool named = false;
    for (const auto& p : E::parameters)
      named = named || p.name == key;
    args.push_back((named ? key + "=" : std::string()) +
                   py::repr(py::str(value)).template cast<std::string>());
  }
  const auto position = to_python(w.game, w.start);
  if (py::isinstance<py::tuple>(position))
    for (auto item : position)
      args.push_back(py::repr(item).template cast<std::string>());
  else
    args.push_back(py::repr(position).template cast<std::string>());
  return fmt::format("{}({})", class_name<E>(), fmt::join(args, ", "));
}

// Any game of the list without a constructor of its own: grundy.<class_name>(*words,
// **parameters), its words and parameters read by the game's notation as on the command line.
template <class E> py::class_<held<E>> add_class(py::module_& m, std::type_identity<E>) {
  std::string doc = fmt::format("The game {}: {}({}{}), the position being {}.", E::name, class_name<E>(),
                                "*position", E::parameters.empty() ? "" : ", **parameters", E::position_help);
  for (const auto& p : E::parameters)
    doc += fmt::format("\n{}: {}", p.name, p.help);
  py::class_<held<E>> c(m, class_name<E>().c_str(), doc.c_str());
  c.def(py::init([](const py::args& args, const py::kwargs& kwargs) {
    position_text t;
    for (auto arg : args)
      t.words.push_back(word_of(arg, class_name<E>()));
    for (auto [key, value] : kwargs) {
      const auto name = py::cast<std::string>(key);
      bool known = false;
      for (const auto& p : E::parameters)
        known = known || p.name == name;
      if (!known)
        throw py::type_error(
            fmt::format("{}() got an unexpected keyword argument '{}'", class_name<E>(), name));
      if (py::isinstance<py::bool_>(value) && !py::cast<bool>(value)) continue; // a flag left off
      t.named[name] = py::isinstance<py::bool_>(value) ? "true" : word_of(value, class_name<E>());
    }
    t.say = python_words(class_name<E>());
    auto p = E::make(t);
    auto inputs = entry_traits::inputs<E>(t);
    return held<E>{std::move(p.game), std::move(p.start), std::move(inputs)};
  }));
  c.def("__repr__", [](const held<E>& w) { return constructor_call<E>(w); });
  return c;
}

std::optional<any_builtin_position> builtin_position(const py::handle& game) {
  return visit_builtin(game, [](auto, const auto& w) { return any_builtin_position(as_position_of(w)); });
}

std::optional<result> solve_builtin(const py::handle& game, const solve_settings& settings) {
  return visit_builtin(game, [&](auto entry, const auto& w) {
    return solve_game<typename decltype(entry)::type>(w, settings);
  });
}

std::optional<hint_result> hint_builtin(const py::handle& game, const py::object& position, bool misere,
                                        const solve_settings& settings, std::size_t max_moves) {
  return visit_builtin(game, [&](auto entry, const auto& w) {
    return hint_game<typename decltype(entry)::type>(w, position, misere, settings, max_moves);
  });
}

std::optional<py::list> winning_moves_builtin(const py::handle& game, const py::object& position, bool misere,
                                              const solve_settings& settings) {
  const auto h = hint_builtin(game, position, misere, settings, std::numeric_limits<std::size_t>::max());
  return h ? std::optional<py::list>(h->moves) : std::nullopt;
}

void add_builtin_games(py::module_& m) {
  for_each_game(python_games{}, [&](auto entry) {
    using E = typename decltype(entry)::type;
    using W = held<E>;
    auto c = add_class(m, entry);
    if constexpr (requires { add_members(m, c); }) add_members(m, c);
    // What every built-in game class offers besides its constructor.
    c.def_property_readonly(
         "start", [](const W& w) { return to_python(w.game, w.start); }, "The position play starts from.")
        .def(
            "format",
            [](const W& w, const py::object& p) { return w.game.format(position_or_start<E>(w, p)); },
            py::arg("position") = py::none(), "A position as the CLI writes it.")
        .def(
            "moves",
            [](const W& w, const py::object& p) {
              const auto s = position_or_start<E>(w, p);
              entry_traits::check_moves<E>(as_position<E>(w.game, s), true);
              return to_python_list(w.game, legal_moves(w.game, s));
            },
            py::arg("position") = py::none(),
            "Every distinct position one move leads to from `position` (the start when None).");
  });
}

} // namespace grundy::python
