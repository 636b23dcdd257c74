// grundy.compound and grundy.Compound: conjunctive, continued conjunctive and selective
// compounds of positions of built-in games, as `grundy compound` decides them.

#include "bindings.hpp"
#include "builtin_games.hpp"
#include "heap_rules.hpp"

#include <grundy/io/compound.hpp>

#include <fmt/format.h>

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

namespace grundy::python {

namespace {

any_builtin_position component_of(const py::handle& item) {
  const auto game = heap_rule_game(py::reinterpret_borrow<py::object>(item));
  if (auto p = builtin_position(game)) return *p;
  throw py::type_error("a component must be a built-in game holding its position (grundy.Nim, grundy.Heap, "
                       "grundy.Wythoff...), not " +
                       py::repr(item).cast<std::string>());
}

std::vector<any_builtin_position> components_of(const py::object& games) {
  if (py::isinstance<py::list>(games) || py::isinstance<py::tuple>(games)) {
    std::vector<any_builtin_position> parts;
    for (const auto& item : games)
      parts.push_back(component_of(item));
    if (parts.empty()) throw py::value_error("a compound needs at least one component");
    return parts;
  }
  return io::compound_components(component_of(games));
}

std::string outcome_text(outcome o) { return std::string(1, to_char(o)); }

} // namespace

void add_compounds(py::module_& m) {
  using answer = io::compound_answer;
  py::class_<answer>(
      m, "Compound",
      "A compound of positions decided: outcome, its remoteness or suspense, and the best move "
      "in each component.")
      .def_property_readonly("kind", [](const answer& a) { return std::string(compound_name(a.kind)); })
      .def_property_readonly("misere",
                             [](const answer& a) { return a.convention == play_convention::misere; })
      .def_property_readonly(
          "outcome", [](const answer& a) { return outcome_text(a.result); },
          "'N' (the player to move wins), 'P' (loses) or 'D' (a draw).")
      .def_property_readonly(
          "remoteness",
          [](const answer& a) -> std::optional<remoteness_value> {
            return a.kind == compound_kind::conjunctive ? a.length : std::nullopt;
          },
          "A conjunctive compound's remoteness (the least of its components'); None otherwise or for a draw.")
      .def_property_readonly(
          "suspense",
          [](const answer& a) -> std::optional<remoteness_value> {
            return a.kind == compound_kind::continued_conjunctive ? a.length : std::nullopt;
          },
          "A continued conjunctive compound's suspense number (the largest of its components'); None "
          "otherwise.")
      .def_property_readonly("positions",
                             [](const answer& a) {
                               std::vector<std::string> out;
                               for (const auto& c : a.components)
                                 out.push_back(c.position);
                               return out;
                             })
      .def_property_readonly(
          "move",
          [](const answer& a) -> std::optional<std::vector<std::optional<std::string>>> {
            if (!a.has_move) return std::nullopt;
            std::vector<std::optional<std::string>> out;
            for (const auto& c : a.components)
              out.push_back(c.move);
            return out;
          },
          "Per component, the position the best move leads to (None: not moved); None when the compound "
          "is over. A winning move for 'N', the longest resistance for 'P', a drawing move for 'D'.")
      .def_property_readonly("component_outcomes",
                             [](const answer& a) {
                               std::vector<std::string> out;
                               for (const auto& c : a.components)
                                 out.push_back(outcome_text(c.result));
                               return out;
                             })
      .def_property_readonly("component_remoteness",
                             [](const answer& a) {
                               std::vector<std::optional<remoteness_value>> out;
                               for (const auto& c : a.components)
                                 out.push_back(c.remoteness);
                               return out;
                             })
      .def_property_readonly("component_suspense",
                             [](const answer& a) {
                               std::vector<std::optional<remoteness_value>> out;
                               for (const auto& c : a.components)
                                 out.push_back(c.suspense);
                               return out;
                             })
      .def(
          "to_json", [](const answer& a) { return io::compound_json(a); },
          "As grundy compound --format json.")
      .def("__str__", [](const answer& a) { return io::compound_text(a); })
      .def("__repr__", [](const answer& a) {
        return fmt::format("<grundy.Compound {} outcome={}>", compound_name(a.kind), outcome_text(a.result));
      });

  m.def(
      "compound",
      [](const std::string& kind_name, const py::object& games, bool misere, const py::object& max_states,
         const py::object& max_memory) {
        compound_kind kind{};
        try {
          kind = io::parse_compound_kind(kind_name);
        } catch (const std::invalid_argument& e) {
          throw py::value_error(e.what());
        }
        const auto parts = components_of(games);
        const auto settings = solve_settings::from_python(0, max_states, max_memory);
        return interruptible([&](const std::atomic<bool>* stop) {
          const auto limits = settings.options(stop);
          const py::gil_scoped_release release;
          return io::compute_compound(kind, parts, misere ? play_convention::misere : play_convention::normal,
                                      limits);
        });
      },
      py::arg("kind"), py::arg("games"), py::kw_only(), py::arg("misere") = false,
      py::arg("max_states") = py::none(), py::arg("max_memory") = py::none(),
      "Decides a compound of positions of built-in games.\n"
      "kind: 'conjunctive' (move in every component; over as soon as one is over: decided by\n"
      "  remoteness), 'continued-conjunctive' (move in every component that can; over when none\n"
      "  can: decided by suspense numbers) or 'selective' (move in any non-empty set of components).\n"
      "games: a list of built-in games, each holding one component's position, or one game whose\n"
      "  heaps (Nim, Heap) or tokens (Digraph) are the components.\n"
      "misere: the player who makes the last move loses.\n"
      "max_states, max_memory: as for solve, for each component's graph.\n"
      "Components with cycles: conjunctive compounds and normal-play selective ones are decided;\n"
      "the others raise ValueError. Ctrl-C raises KeyboardInterrupt.");
}

} // namespace grundy::python
