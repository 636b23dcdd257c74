// Heap rules in Python: the rule classes (Subtraction, GrundysGame, TakeASquare, HeapGame), the
// rules the module's functions take (to_heap_rule), and a rule given heaps as a game, played
// through the built-in game `heap` (grundy.Heap).

#include "heap_rules.hpp"

#include "bindings.hpp"
#include "builtin_games.hpp"

#include <grundy/strategy/moves.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <pybind11/stl.h>

#include <boost/unordered/unordered_flat_map.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace grundy::python {

namespace {

std::string repr_of(const py::handle& obj) { return py::repr(obj).cast<std::string>(); }

// A rule, and the heaps play starts from when it was given some: a game then.
struct rule_object {
  heap_rule rule;
  std::optional<heaps> start;
};
struct subtraction_object : rule_object {};
struct grundys_game_object : rule_object {};
struct take_a_square_object : rule_object {};
struct heap_game_object : rule_object {
  py::object options;
  std::string name;
};

// The user's function and the options it gave, shared by the copies of the rule. Every touch
// of a Python object holds the GIL: the library may call the rule, or drop its last copy, with
// the GIL released (a solve lets other Python threads run).
struct python_options {
  py::object function;
  std::string name;
  // The options of each heap already asked for, as the heaps of every option one after the
  // other and where each option ends: a game graph asks for the same heap in many positions.
  struct options_of_heap {
    std::vector<heap_size> heaps;
    std::vector<std::size_t> ends;
  };
  boost::unordered_flat_map<heap_size, options_of_heap> known;
  std::size_t known_heaps = 0;

  ~python_options() {
    py::gil_scoped_acquire gil;
    function = py::object();
  }
};

// Past this many heaps held in all, options are asked for again rather than kept: a rule with
// many options per heap (splits) would otherwise keep a quadratic number of them.
constexpr std::size_t most_known_heaps = std::size_t{1} << 24;

heap_size option_heap(const python_options& o, heap_size h, const py::handle& item) {
  if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item))
    throw py::type_error(fmt::format("options of HeapGame {}: the options of a heap of {} are tuples of heap "
                                     "sizes (ints), not {}",
                                     o.name, h, repr_of(item)));
  const auto n = py::reinterpret_borrow<py::int_>(item);
  if (n < py::int_(0) || n >= py::int_(h))
    throw py::value_error(
        fmt::format("options of HeapGame {}: an option of a heap of {} leaves heaps from 0 to "
                    "{}, not {}",
                    o.name, h, h - 1, repr_of(item)));
  return n.cast<heap_size>();
}

// The options of a heap of h as the user's function gives them: an iterable of options, each an
// iterable of heap sizes (or one int for one heap).
python_options::options_of_heap ask(python_options& o, heap_size h) {
  python_options::options_of_heap result;
  const py::object given = o.function(h);
  if (!py::isinstance<py::iterable>(given))
    throw py::type_error(
        fmt::format("options of HeapGame {} must return an iterable of options for a heap of "
                    "{}, not {}",
                    o.name, h, repr_of(given)));
  for (auto option : given) {
    if (py::isinstance<py::int_>(option)) {
      if (const auto x = option_heap(o, h, option); x > 0) result.heaps.push_back(x);
    } else if (py::isinstance<py::iterable>(option) && !py::isinstance<py::str>(option)) {
      for (auto item : option)
        if (const auto x = option_heap(o, h, item); x > 0) result.heaps.push_back(x);
    } else {
      throw py::type_error(fmt::format("options of HeapGame {}: an option of a heap of {} is a tuple of heap "
                                       "sizes, not {}",
                                       o.name, h, repr_of(option)));
    }
    result.ends.push_back(result.heaps.size());
  }
  return result;
}

heap_rule python_rule(const py::object& function, const std::string& name) {
  auto shared = std::make_shared<python_options>();
  shared->function = function;
  shared->name = name;
  return heap_rule::user(name, [shared](heap_size h, const user_heap_rule::emit_function& emit) {
    if (h == 0) return; // no heap at all: nothing to ask
    python_options::options_of_heap options;
    {
      py::gil_scoped_acquire gil;
      auto& o = *shared;
      if (const auto it = o.known.find(h); it != o.known.end()) {
        options = it->second;
      } else {
        // Ctrl-C: Python's handler runs between two calls, and its KeyboardInterrupt leaves the
        // library as an exception.
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        options = ask(o, h);
        if (o.known_heaps + options.heaps.size() + options.ends.size() <= most_known_heaps) {
          o.known_heaps += options.heaps.size() + options.ends.size();
          o.known.emplace(h, options);
        }
      }
    }
    std::size_t begin = 0;
    for (auto end : options.ends) {
      emit(std::span<const heap_size>(options.heaps.data() + begin, end - begin));
      begin = end;
    }
  });
}

std::optional<heaps> heaps_argument(const py::object& given) {
  if (given.is_none()) return std::nullopt;
  return heaps_from(given);
}

std::string heaps_repr(const std::optional<heaps>& h) {
  if (!h) return {};
  return fmt::format("heaps=[{}]", fmt::join(*h, ", "));
}

std::string with_heaps(std::string head, const rule_object& r) {
  if (!r.start) return head + ")";
  return head + (head.back() == '(' ? "" : ", ") + heaps_repr(r.start) + ")";
}

py::list heap_list(const heaps& h) {
  py::list out;
  for (auto x : h)
    out.append(x);
  return out;
}

// The heaps `position` names, or the rule's own; ValueError for a rule with neither.
heaps position_of(const rule_object& r, const py::object& position, const char* what) {
  if (!position.is_none()) return heaps_from(position);
  if (!r.start)
    throw py::value_error(fmt::format("{} has no heaps: give a position, or heaps=[...] to the rule", what));
  return *r.start;
}

// rule(heaps=[...]): the same rule as a game on those heaps.
template <class T> T on_heaps(const T& rule, const py::object& heaps) {
  T game = rule;
  game.start = heaps_from(heaps);
  return game;
}
constexpr const char* call_doc = "The same rule as a game on `heaps`: grundy.GrundysGame()(heaps=[5, 7]).";

} // namespace

heap_rule to_heap_rule(const py::handle& rule, const char* argument) {
  if (py::isinstance<py::str>(rule)) {
    try {
      return heap_rule::parse(rule.cast<std::string>());
    } catch (const std::invalid_argument& e) {
      throw py::value_error(std::string(argument) + ": " + e.what());
    }
  }
  if (py::isinstance<rule_object>(rule)) return rule.cast<const rule_object&>().rule;
  throw py::type_error(
      std::string(argument) +
      " must be a rule: a code or rule string such as '0.07' or 'S(1,3,4)', or a rule object "
      "such as grundy.Subtraction([1, 3, 4]), not " +
      repr_of(rule));
}

py::object heap_rule_game(const py::object& game) {
  if (!py::isinstance<rule_object>(game)) return game;
  const auto& r = game.cast<const rule_object&>();
  if (!r.start)
    throw py::value_error(fmt::format("{} is a rule, not a game: give it heaps to play on, as in "
                                      "grundy.GrundysGame(heaps=[5, 7])",
                                      repr_of(game)));
  return py::cast(game_with_start<heap_game>{heap_game(r.rule), *r.start, {}});
}

void add_heap_rules(py::module_& m) {
  py::class_<rule_object> base(m, "HeapRule",
                               "A heap rule: what one move may leave of one heap. Given heaps=[...], a game "
                               "that solve, hint, winning_moves and exports accept.");
  base.def_property_readonly(
          "rule", [](const rule_object& r) { return r.rule.str(); },
          "The rule as grundy heap and grundy octal read it: 'S(1,3,4)', 'grundy', 'squares'.")
      .def_property_readonly(
          "heaps",
          [](const rule_object& r) -> py::object {
            return r.start ? py::object(heap_list(*r.start)) : py::none();
          },
          "The heaps play starts from, smallest first; None for a rule alone.")
      .def(
          "format",
          [](const rule_object& r, const py::object& position) {
            return format_heaps(position_of(r, position, "format"));
          },
          py::arg("position") = py::none(), "A position as the CLI writes it: [5,7].")
      .def(
          "moves",
          [](const rule_object& r, const py::object& position) {
            const heap_game g(r.rule);
            const auto s = position_of(r, position, "moves");
            check_heap_moves(s, true);
            py::list out;
            for (const auto& m : legal_moves(g, s))
              out.append(heap_list(m));
            return out;
          },
          py::arg("position") = py::none(),
          "Every distinct position one move leads to from `position` (the rule's heaps when None).")
      .def("__str__", [](const rule_object& r) {
        return r.start ? fmt::format("{} {}", r.rule.str(), format_heaps(*r.start)) : r.rule.str();
      });

  py::class_<subtraction_object, rule_object>(
      m, "Subtraction",
      "A subtraction game: remove s tokens from one heap for s in subtraction_set, or, with all_but=True, "
      "for any s >= 1 not in it.")
      .def(py::init([](const py::object& numbers, bool all_but, const py::object& heaps) {
             std::vector<heap_size> set;
             if (!py::isinstance<py::iterable>(numbers) || py::isinstance<py::str>(numbers))
               throw py::type_error("subtraction_set must be an iterable of positive ints, not " +
                                    repr_of(numbers));
             for (auto item : numbers) {
               if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item))
                 throw py::type_error("subtraction_set holds ints, not " + repr_of(item));
               const auto n = py::reinterpret_borrow<py::int_>(item);
               if (n < py::int_(1) || n > py::int_(0xFFFF'FFFFll))
                 throw py::value_error("subtraction_set holds numbers of tokens from 1 to 4294967295, not " +
                                       repr_of(item));
               set.push_back(n.cast<heap_size>());
             }
             if (set.empty() && !all_but)
               throw py::value_error("subtraction_set needs at least one number (or all_but=True)");
             subtraction_object r{{heap_rule::subtraction(std::move(set), all_but), heaps_argument(heaps)}};
             return r;
           }),
           py::arg("subtraction_set"), py::arg("all_but") = false, py::arg("heaps") = py::none())
      .def_property_readonly(
          "subtraction_set",
          [](const subtraction_object& r) { return std::get<subtraction_rule>(r.rule.kind()).set; })
      .def_property_readonly(
          "all_but",
          [](const subtraction_object& r) { return std::get<subtraction_rule>(r.rule.kind()).all_but; })
      .def("__call__", &on_heaps<subtraction_object>, py::arg("heaps"), call_doc)
      .def("__repr__", [](const subtraction_object& r) {
        const auto& k = std::get<subtraction_rule>(r.rule.kind());
        return with_heaps(
            fmt::format("Subtraction([{}]{}", fmt::join(k.set, ", "), k.all_but ? ", all_but=True" : ""), r);
      });

  py::class_<grundys_game_object, rule_object>(
      m, "GrundysGame", "Grundy's game: split one heap into two non-empty heaps of different sizes.")
      .def(py::init([](const py::object& heaps) {
             return grundys_game_object{{heap_rule::grundys_game(), heaps_argument(heaps)}};
           }),
           py::arg("heaps") = py::none())
      .def("__call__", &on_heaps<grundys_game_object>, py::arg("heaps"), call_doc)
      .def("__repr__", [](const grundys_game_object& r) { return with_heaps("GrundysGame(", r); });

  py::class_<take_a_square_object, rule_object>(
      m, "TakeASquare",
      "Take-a-square: remove a positive square number of tokens from "
      "one heap.")
      .def(py::init([](const py::object& heaps) {
             return take_a_square_object{{heap_rule::take_a_square(), heaps_argument(heaps)}};
           }),
           py::arg("heaps") = py::none())
      .def("__call__", &on_heaps<take_a_square_object>, py::arg("heaps"), call_doc)
      .def("__repr__", [](const take_a_square_object& r) { return with_heaps("TakeASquare(", r); });

  py::class_<heap_game_object, rule_object>(
      m, "HeapGame",
      "A heap game of your own: options(h) gives the options of a heap of h >= 1 tokens, an iterable of\n"
      "tuples of the heaps each leaves (every heap smaller than h; 0 stands for none). It is called\n"
      "once per heap size and its answers kept. name: what reports print (the function's name by default).")
      .def(py::init([](const py::object& options, const py::object& heaps, const py::object& name) {
             if (!PyCallable_Check(options.ptr()))
               throw py::type_error("options must be a function from a heap size to its options, not " +
                                    repr_of(options));
             std::string rule_name;
             if (!name.is_none()) {
               if (!py::isinstance<py::str>(name))
                 throw py::type_error("name must be a str, not " + repr_of(name));
               rule_name = name.cast<std::string>();
               if (rule_name.empty()) throw py::value_error("name must not be empty");
             } else {
               rule_name = py::hasattr(options, "__name__")
                               ? py::str(options.attr("__name__")).cast<std::string>()
                               : repr_of(options);
             }
             heap_game_object r{{python_rule(options, rule_name), heaps_argument(heaps)}, options, rule_name};
             return r;
           }),
           py::arg("options"), py::arg("heaps") = py::none(), py::arg("name") = py::none())
      .def_property_readonly("options", [](const heap_game_object& r) { return r.options; })
      .def_property_readonly("name", [](const heap_game_object& r) { return r.name; })
      .def("__call__", &on_heaps<heap_game_object>, py::arg("heaps"), call_doc)
      .def("__repr__", [](const heap_game_object& r) { return with_heaps("HeapGame(" + r.name, r); });
}

} // namespace grundy::python
