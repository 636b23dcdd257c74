// grundy.MisereForm, grundy.misere_form and grundy.misere_games_born_by: misère simplest forms,
// as `grundy misere --form` and `--born-by` show them.

#include "bindings.hpp"
#include "heap_rules.hpp"

#include <grundy/games/heap.hpp>
#include <grundy/graph.hpp>
#include <grundy/misere/forms.hpp>

#include <fmt/format.h>

#include <pybind11/stl.h>

#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace grundy::python {

namespace {

// A form and the table it lives in. Forms of two tables are compared or added after copying
// one into the other's table.
struct py_form {
  std::shared_ptr<misere_forms> table;
  misere_forms::form f = 0;

  misere_forms::form in_mine(const py_form& other) const { return table->copy_from(*other.table, other.f); }
};

py_form nim_form(const py::handle& n_object) {
  if (!py::isinstance<py::int_>(n_object) || py::isinstance<py::bool_>(n_object))
    throw py::type_error("n must be an int, not " + py::repr(n_object).cast<std::string>());
  const auto n = py::reinterpret_borrow<py::int_>(n_object);
  if (n < py::int_(0) || n > py::int_(4096))
    throw py::value_error("n must be from 0 to 4096, not " + py::repr(n).cast<std::string>());
  auto table = std::make_shared<misere_forms>();
  const auto f = table->nim_heap(n.cast<unsigned>());
  return {table, f};
}

py_form heap_form(const py::object& rule_object, const py::object& heaps_object,
                  const py::object& max_memory) {
  const auto rule = to_heap_rule(rule_object, "rule");
  heaps start;
  const auto add = [&](const py::handle& item) {
    if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item))
      throw py::type_error("a heap must be an int, not " + py::repr(item).cast<std::string>());
    const auto h = py::reinterpret_borrow<py::int_>(item);
    if (h < py::int_(0) || h > py::int_(std::numeric_limits<heap_size>::max() - 1))
      throw py::value_error(fmt::format("a heap must be from 0 to {}, not {}",
                                        std::numeric_limits<heap_size>::max() - 1,
                                        py::repr(h).cast<std::string>()));
    if (start.size() >= 4096) throw py::value_error("heaps lists at most 4096 heaps");
    if (h > py::int_(0)) start.push_back(h.cast<heap_size>());
  };
  if (py::isinstance<py::int_>(heaps_object))
    add(heaps_object);
  else if (!py::isinstance<py::str>(heaps_object) && py::isinstance<py::iterable>(heaps_object))
    for (const auto& item : py::reinterpret_borrow<py::iterable>(heaps_object))
      add(item);
  else
    throw py::type_error("heaps must be an int or a list of ints, not " +
                         py::repr(heaps_object).cast<std::string>());
  build_options options;
  options.max_memory =
      memory_of(max_memory, solve_settings::from_python(0, py::none(), py::none()).max_memory);
  auto table = std::make_shared<misere_forms>();
  misere_forms::form f = 0;
  try {
    interruptible([&](const std::atomic<bool>* stop) {
      options.stop = stop;
      const py::gil_scoped_release release;
      const heap_game game(rule);
      const auto gg = build_graph(game, game.canonical(start), options);
      f = misere_forms_of(gg.graph, *table, stop)[0];
    });
  } catch (const stopped& e) {
    raise_stop(e, "max_memory");
  }
  return {table, f};
}

// The simplest form of vertex v of a solved game's graph.
py_form result_form(const result& r, std::int64_t v) {
  const auto& graph = r.solved->graph();
  const auto n = static_cast<std::int64_t>(r.solved->values().size());
  if (v < 0 || v >= n)
    throw py::index_error(fmt::format("vertex {} is not in the graph (vertices 0 to {})", v, n - 1));
  if (static_cast<std::int64_t>(num_vertices(graph)) != n)
    throw py::value_error("misère forms need the graph's edges, which were not kept");
  auto table = std::make_shared<misere_forms>();
  std::vector<misere_forms::form> of;
  try {
    interruptible([&](const std::atomic<bool>* stop) {
      const py::gil_scoped_release release;
      of = misere_forms_of(graph, *table, stop);
    });
  } catch (const std::invalid_argument&) {
    throw py::value_error("misère forms are those of games without cycles: this game graph has a cycle");
  } catch (const stopped& e) {
    raise_stop(e, "max_memory");
  }
  return {table, of[static_cast<std::size_t>(v)]};
}

// misere_form(rule, heaps), or misere_form(game) for any game grundy.solve takes.
py::object misere_form_of(const py::object& first, const py::object& heaps, const py::object& max_memory,
                          const py::module_& m) {
  if (heaps.is_none()) {
    if (py::isinstance<py::str>(first))
      throw py::type_error("misere_form(rule, heaps) needs the heaps: misere_form('0.07', [4, 4])");
    const auto solved = m.attr("solve")(first, py::arg("max_memory") = max_memory);
    return py::cast(result_form(solved.cast<const result&>(), 0));
  }
  return py::cast(heap_form(first, heaps, max_memory));
}

// The games born by `day` (0 to 4), as forms of one table, in the order they are made.
std::vector<py_form> forms_born_by(const py::object& day_object) {
  if (!py::isinstance<py::int_>(day_object) || py::isinstance<py::bool_>(day_object))
    throw py::type_error("day must be an int, not " + py::repr(day_object).cast<std::string>());
  const auto day = py::reinterpret_borrow<py::int_>(day_object);
  if (day < py::int_(0) || day > py::int_(max_counted_day - 1))
    throw py::value_error(fmt::format("day must be from 0 to {}, not {}: day {}'s {} games are too many to "
                                      "hold (misere_games_born_by({}) counts them)",
                                      max_counted_day - 1, py::repr(day).cast<std::string>(), max_counted_day,
                                      4171780, max_counted_day));
  auto table = std::make_shared<misere_forms>();
  std::vector<misere_forms::form> made;
  try {
    interruptible([&](const std::atomic<bool>* stop) {
      const py::gil_scoped_release release;
      made = born_by(*table, day.cast<unsigned>(), stop);
    });
  } catch (const stopped& e) {
    raise_stop(e, "day");
  }
  std::vector<py_form> out;
  for (const auto f : made)
    out.push_back({table, f});
  return out;
}

} // namespace

void add_misere_forms(py::module_& m) {
  py::class_<py_form>(m, "MisereForm",
                      "A misère simplest form (Conway): two games are interchangeable in every misère "
                      "sum exactly when their forms are equal.")
      .def_static("nim", &nim_form, py::arg("n"), "*n, the Nim heap of n tokens.")
      .def_property_readonly(
          "options",
          [](const py::object& self) {
            const auto& me = self.cast<const py_form&>();
            std::vector<py_form> out;
            for (const auto x : me.table->options(me.f))
              out.push_back({me.table, x});
            return out;
          },
          "The options of the form, each a MisereForm.")
      .def_property_readonly(
          "outcome", [](const py_form& x) { return x.table->is_p(x.f) ? "P" : "N"; },
          "'P' when the player to move loses in misère play, else 'N'.")
      .def_property_readonly(
          "birthday", [](const py_form& x) { return x.table->birthday(x.f); }, "The day the form is born.")
      .def_property_readonly(
          "nim_heap", [](const py_form& x) { return x.table->nim_value(x.f); },
          "n when the form is *n, else None.")
      .def(
          "text", [](const py_form& x, std::size_t max_length) { return x.table->name(x.f, max_length); },
          py::arg("max_length") = 4000,
          "The form written out: 0, *, *2 for Nim heaps, {a, b, ...} otherwise (cut with '...').")
      .def("__str__", [](const py_form& x) { return x.table->name(x.f, 4000); })
      .def("__repr__", [](const py_form& x) { return "<grundy.MisereForm " + x.table->name(x.f, 200) + ">"; })
      .def("__eq__",
           [](const py_form& a, const py::object& b) -> py::object {
             if (!py::isinstance<py_form>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(a.f == a.in_mine(b.cast<const py_form&>()));
           })
      .def("__hash__", [](const py_form& x) { return py::hash(py::str(x.table->name(x.f, 1u << 20))); })
      .def("__add__", [](const py_form& a, const py::object& b) -> py::object {
        if (!py::isinstance<py_form>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        const auto other = a.in_mine(b.cast<const py_form&>());
        return py::cast(py_form{a.table, a.table->add(a.f, other)});
      });

  m.def(
      "misere_form",
      [m](const py::object& first, const py::object& heaps, const py::object& max_memory) {
        return misere_form_of(first, heaps, max_memory, m);
      },
      py::arg("game"), py::arg("heaps") = py::none(), py::kw_only(), py::arg("max_memory") = py::none(),
      "The misère simplest form (a MisereForm) of a position, made from its game graph:\n"
      "misere_form(rule, heaps) for a heap of a heap rule, or a sum of heaps given as a list;\n"
      "misere_form(game) for the start of any game solve() takes (grundy.Tablettes(2, 3),\n"
      "grundy.Wythoff(3, 4), a game written in Python...). Result.misere_form(v) gives any vertex's.");
  m.def("misere_forms_born_by", &forms_born_by, py::arg("day"),
        "Every misère game in simplest form born by `day` (0 to 4), as MisereForms in the order\n"
        "they are made: 1, 2, 3, 5 and 22 of them. Day 5's 4171780 are only counted\n"
        "(misere_games_born_by).");
  py::reinterpret_borrow<py::class_<result>>(m.attr("Result"))
      .def("misere_form", &result_form, py::arg("v") = 0,
           "Vertex v's simplest form in misère play (a MisereForm; the start's by default). ValueError\n"
           "for a graph with a cycle.");
  m.def(
      "misere_games_born_by",
      [](const py::object& day_object) {
        if (!py::isinstance<py::int_>(day_object) || py::isinstance<py::bool_>(day_object))
          throw py::type_error("day must be an int, not " + py::repr(day_object).cast<std::string>());
        const auto day = py::reinterpret_borrow<py::int_>(day_object);
        if (day < py::int_(0) || day > py::int_(max_counted_day))
          throw py::value_error(fmt::format("day must be from 0 to {}, not {}", max_counted_day,
                                            py::repr(day).cast<std::string>()));
        try {
          return interruptible([&](const std::atomic<bool>* stop) {
            const py::gil_scoped_release release;
            return count_born_by(day.cast<unsigned>(), stop);
          });
        } catch (const stopped& e) {
          raise_stop(e, "day");
        }
      },
      py::arg("day"),
      "How many misère games in simplest form are born by `day` (0 to 5): 1, 2, 3, 5, 22, 4171780.");
}

} // namespace grundy::python
