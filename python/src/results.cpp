// The results of grundy.solve and grundy.hint in Python: the Result class (statistics, values,
// outcomes, exports, pictures, networkx) and the Hint class.

#include "bindings.hpp"

#include <grundy/io/export_formats.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/render.hpp>
#include <grundy/io/report.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <limits>
#include <span>
#include <sstream>

namespace grundy::python {

namespace {

// Graphviz's dot run on the DOT text; throws FileNotFoundError when dot is not installed.
py::bytes render(const solved_any& s, const std::string& format) {
  std::ostringstream dot;
  s.write_dot(dot);
  auto subprocess = py::module_::import("subprocess");
  auto done =
      subprocess.attr("run")(py::make_tuple("dot", "-T" + format), py::arg("input") = py::bytes(dot.str()),
                             py::arg("capture_output") = true);
  if (done.attr("returncode").cast<int>() != 0)
    throw io::render_failed("dot could not render the graph: " +
                            done.attr("stderr").attr("decode")("utf-8", "replace").cast<std::string>());
  return done.attr("stdout");
}

std::string json_of(const solved_any& s) {
  return io::statistics_json(io::json_fields(s.head()), s.statistics());
}

const solved_any& solved(const result& r) { return *r.solved; }

// The misère values of a result solved with misere=True; ValueError otherwise.
const std::vector<grundy_value>& misere_of(const result& r) {
  if (!r.misere) throw py::value_error("this result has no misère labels: solve the game with misere=True");
  return *r.misere;
}

vertex_id checked_vertex(const result& r, std::int64_t v) {
  const auto n = static_cast<std::int64_t>(r.solved->values().size());
  if (v < 0 || v >= n)
    throw py::index_error("vertex " + std::to_string(v) + " is not in the graph (vertices 0 to " +
                          std::to_string(n - 1) + ")");
  return static_cast<vertex_id>(v);
}

// The remoteness of a result solved with remoteness=True; ValueError otherwise.
const std::vector<remoteness_value>& remoteness_of(const result& r) {
  if (!r.remoteness)
    throw py::value_error("this result has no remoteness: solve the game with remoteness=True");
  return *r.remoteness;
}

// A read-only NumPy view of `values`, kept alive by `owner`, or a list without NumPy.
template <class T> py::object array_of(const std::vector<T>& values, const py::object& owner) {
  try {
    py::module_::import("numpy");
  } catch (const py::error_already_set&) {
    return py::cast(values);
  }
  py::array_t<T> array({values.size()}, {sizeof(T)}, values.data(), owner);
  array.attr("flags").attr("writeable") = false;
  return array;
}

py::object values_of(const py::object& self) {
  return array_of(self.cast<const result&>().solved->values(), self);
}

py::object remoteness_array(const py::object& self) {
  return array_of(remoteness_of(self.cast<const result&>()), self);
}

// A generalized value as Python sees it: an int, or ("inf", [K]) for ∞(K).
py::object value_object(grundy_value value, std::span<const grundy_value> k) {
  if (value != infinity) return py::int_(value);
  return py::make_tuple("inf", py::cast(std::vector<grundy_value>(k.begin(), k.end())));
}

// The nodes carry the GraphML export's data, with its types (str and int), which
// networkx.write_graphml writes as they are; the nodes themselves are the vertex ids.
py::object to_networkx(const result& r) {
  auto nx = py::module_::import("networkx");
  auto g = nx.attr("DiGraph")();
  const auto& s = solved(r);
  const auto& values = s.values();
  const auto add_node = g.attr("add_node");
  for (vertex_id v = 0; v < values.size(); ++v) {
    const auto k = s.infinite().of(v);
    py::dict data;
    data["state"] = s.portable(v);
    data["value"] = format_value(values[v], k);
    if (values[v] != infinity) data["grundy"] = py::int_(values[v]);
    data["infinite_set"] = fmt::format("[{}]", fmt::join(k, ","));
    data["outcome"] = std::string(1, to_char(generalized_outcome(values[v], k)));
    if (r.misere) {
      data["misere_outcome"] = std::string(1, to_char(outcome_of((*r.misere)[v])));
      data["misere_value"] = py::int_((*r.misere)[v]);
    }
    if (r.remoteness && (*r.remoteness)[v] != no_remoteness)
      data["remoteness"] = py::int_((*r.remoteness)[v]);
    add_node(v, **data);
  }
  py::list edges;
  for (vertex_id v = 0; v < values.size(); ++v)
    for (auto e : boost::make_iterator_range(out_edges(v, s.graph())))
      edges.append(py::make_tuple(v, target(e, s.graph())));
  g.attr("add_edges_from")(edges);
  return g;
}

void export_to(const result& r, const std::string& path) {
  const auto& s = solved(r);
  const auto format = export_format_of_path(path);
  if (!format)
    throw py::value_error("cannot export to '" + path + "': give a file ending in " +
                          io::export_extensions_explained());
  switch (format->content) {
  case export_content::labelled_graph:
    return write_output(
        path,
        [&](std::ostream& os) { s.write_labelled(os, format->format, r.misere.get(), r.remoteness.get()); },
        s.inputs(), s.formats_in_python());
  case export_content::graph:
    return write_output(
        path, [&](std::ostream& os) { s.write_dot(os); }, s.inputs(), s.formats_in_python());
  case export_content::picture: {
    std::string picture;
    try {
      picture = render(s, std::string(format->name));
    } catch (const py::error_already_set& e) {
      if (!e.matches(PyExc_FileNotFoundError)) throw;
      throw io::render_failed("drawing needs Graphviz's dot, which was not found (install graphviz)");
    }
    return write_output(
        path, [&](std::ostream& os) { os << picture; }, s.inputs());
  }
  }
}

// Small graphs draw themselves in Jupyter; larger ones would be unreadable, so they do not.
constexpr std::size_t max_drawn_vertices = 200;

py::object repr_svg(const result& r) {
  if (r.solved->values().size() > max_drawn_vertices) return py::none();
  try {
    return render(*r.solved, "svg").attr("decode")("utf-8", "replace");
  } catch (const py::error_already_set& e) {
    if (e.matches(PyExc_FileNotFoundError)) return py::none();
    throw;
  } catch (const io::render_failed&) {
    return py::none();
  }
}

std::string repr(const result& r) {
  const auto& st = r.solved->statistics();
  return "<grundy.Result " + r.solved->portable(0) + ": " + std::to_string(st.vertices) + " vertices, " +
         std::to_string(st.edges) + " edges, grundy " + format_value(st.start_value, st.start_infinite_set) +
         " (" + to_char(st.start_outcome()) + ")>";
}

py::object optional_class_figure(const result& r, std::uint64_t graph_statistics::*figure) {
  const auto& st = r.solved->statistics();
  if (!st.symmetric) return py::none();
  return py::int_(st.*figure);
}

std::string hint_text(const hint_result& h) {
  std::string text = h.outcome == 'N'   ? "N: the player to move wins"
                     : h.outcome == 'D' ? "D: a draw, neither player can force a win"
                                        : "P: the player to move loses";
  if (!h.remoteness.is_none()) {
    const auto r = h.remoteness.cast<remoteness_value>();
    if (r > 0) text += fmt::format(" in {} move{}", r, r == 1 ? "" : "s");
  }
  if (h.misere) text += " (misère play)";
  if (!h.descriptions.empty()) text += "; " + h.descriptions.front();
  if (!h.drawing_descriptions.empty()) text += "; keep it: " + h.drawing_descriptions.front();
  return text;
}

} // namespace

void add_results(py::module_& m) {
  namespace grundy_ns = grundy;
  const auto export_doc =
      "Writes the result as grundy graph --export does, the very bytes, in the format the file's\n"
      "name ends in: " +
      io::export_extensions_explained() +
      ".\nThe labelled graph is every vertex with its position, value and outcome, and every edge\n"
      "(docs/cli-guide.md, \"Export formats\"). Files are written whole or not at all. The\n"
      "statistics are statistics_json().";
  py::class_<result>(m, "Result",
                     "A solved game graph: every position reachable from the start, its edges (the moves),\n"
                     "and every position's Sprague-Grundy value. Vertex 0 is the start position and\n"
                     "vertices are numbered level by level.")
      .def_property_readonly(
          "vertices", [](const result& r) { return r.solved->statistics().vertices; },
          "Positions (exact counts even with symmetry).")
      .def_property_readonly(
          "edges", [](const result& r) { return r.solved->statistics().edges; }, "Moves between positions.")
      .def_property_readonly(
          "terminals", [](const result& r) { return r.solved->statistics().terminals; },
          "Positions without any move.")
      .def_property_readonly(
          "depth", [](const result& r) { return r.solved->statistics().depth; },
          "Breadth-first levels, the start position's included.")
      .def_property_readonly(
          "grundy",
          [](const result& r) -> py::object {
            const auto x = r.solved->statistics().start_value;
            return x == grundy_ns::infinity ? py::object(py::none()) : py::object(py::int_(x));
          },
          "The start position's Sprague-Grundy value; None when it is ∞(K) (a game with cycles:\n"
          "see infinite_set).")
      .def_property_readonly(
          "infinite_set",
          [](const result& r) -> py::object {
            const auto& st = r.solved->statistics();
            if (st.start_value != grundy_ns::infinity) return py::none();
            return py::cast(st.start_infinite_set);
          },
          "When the start's value is ∞(K): K, the finite values of its successors, as an\n"
          "increasing list (0 in K: the player to move wins; otherwise a draw). None otherwise.")
      .def_property_readonly(
          "outcome",
          [](const result& r) { return std::string(1, to_char(r.solved->statistics().start_outcome())); },
          "'P' when the player to move at the start loses against perfect play, 'N' when they win,\n"
          "'D' for a draw (games with cycles: perfect play never ends).")
      .def_property_readonly(
          "infinite", [](const result& r) { return r.solved->statistics().infinite; },
          "Positions of value ∞(K) (0 for a game without cycles).")
      .def_property_readonly(
          "draws", [](const result& r) { return r.solved->statistics().draws; },
          "Positions of value ∞(K) with 0 not in K: draws.")
      .def_property_readonly(
          "max_value", [](const result& r) { return r.solved->statistics().max_value; },
          "The largest finite value of any position.")
      .def_property_readonly(
          "value_counts", [](const result& r) { return r.solved->statistics().value_counts; },
          "value_counts[g]: the number of positions of value g.")
      .def_property_readonly(
          "seconds",
          [](const result& r) {
            const auto& st = r.solved->statistics();
            return st.explore_seconds + st.label_seconds;
          },
          "Time spent exploring and labelling.")
      .def_property_readonly("explore_seconds",
                             [](const result& r) { return r.solved->statistics().explore_seconds; })
      .def_property_readonly("label_seconds",
                             [](const result& r) { return r.solved->statistics().label_seconds; })
      .def_property_readonly(
          "user_seconds", [](const result& r) { return r.solved->user_seconds(); },
          "Games written in Python: the time spent inside their own functions (0 for built-in games).")
      .def_property_readonly(
          "classes",
          [](const result& r) { return optional_class_figure(r, &grundy_ns::graph_statistics::classes); },
          "With symmetry: the vertices explored, one per class of positions (None without).")
      .def_property_readonly(
          "class_edges",
          [](const result& r) { return optional_class_figure(r, &grundy_ns::graph_statistics::class_edges); },
          "With symmetry: the edges between the classes explored (None without).")
      .def_property_readonly(
          "values", &values_of,
          "Every vertex's Sprague-Grundy value, index = vertex id: a read-only NumPy array (uint32)\n"
          "when NumPy is installed, a list otherwise. A vertex of value ∞(K) holds grundy.INFINITY\n"
          "(2**32 - 1) in both; value(v) gives its set K.")
      .def(
          "value",
          [](const result& r, std::int64_t v) {
            const auto u = checked_vertex(r, v);
            return value_object(r.solved->values()[u], r.solved->infinite().of(u));
          },
          py::arg("v"),
          "Vertex v's value: an int, or (\"inf\", K) with K the increasing list of the finite values\n"
          "of its successors when it is ∞(K).")
      .def(
          "outcome_of",
          [](const result& r, std::int64_t v) {
            const auto u = checked_vertex(r, v);
            return std::string(1, to_char(grundy_ns::generalized_outcome(r.solved->values()[u],
                                                                         r.solved->infinite().of(u))));
          },
          py::arg("v"), "Vertex v's outcome for the player to move: 'P', 'N' or 'D'.")
      .def_property_readonly(
          "misere", [](const result& r) { return static_cast<bool>(r.misere); },
          "True when solved with misere=True: misere_value, misere_outcome and the exports then give\n"
          "every vertex's misère labels.")
      .def(
          "misere_value",
          [](const result& r, std::int64_t v) {
            const auto& m = misere_of(r);
            return m[checked_vertex(r, v)];
          },
          py::arg("v"),
          "Vertex v's misère Grundy value (solve with misere=True): 1 where no move is left, else the\n"
          "mex of its successors' misère values; 0 exactly at the misère P-positions. Misère values\n"
          "do not add by XOR as normal values do.")
      .def_property_readonly(
          "remoteness", &remoteness_array,
          "Every vertex's remoteness (solve with remoteness=True), index = vertex id: in how many\n"
          "moves the game ends when the winner hurries and the loser holds out (0 where no move is\n"
          "left; odd where the player to move wins, even where they lose). A read-only NumPy array\n"
          "(uint32) when NumPy is installed, a list otherwise; a draw holds grundy.NO_REMOTENESS\n"
          "(2**32 - 1).")
      .def(
          "remoteness_of",
          [](const result& r, std::int64_t v) -> py::object {
            const auto x = remoteness_of(r)[checked_vertex(r, v)];
            return x == no_remoteness ? py::object(py::none()) : py::object(py::int_(x));
          },
          py::arg("v"), "Vertex v's remoteness (solve with remoteness=True); None for a draw.")
      .def(
          "misere_outcome",
          [](const result& r, std::int64_t v) {
            const auto& m = misere_of(r);
            return std::string(1, to_char(grundy_ns::outcome_of(m[checked_vertex(r, v)])));
          },
          py::arg("v"), "Vertex v's outcome in misère play (solve with misere=True): 'P' or 'N'.")
      .def(
          "state", [](const result& r, std::int64_t v) { return r.solved->state(checked_vertex(r, v)); },
          py::arg("v"), "The position of vertex v, as a Python object.")
      .def(
          "states",
          [](const result& r) {
            py::list all;
            for (grundy_ns::vertex_id v = 0; v < r.solved->values().size(); ++v) {
              check_signals(v);
              all.append(r.solved->state(v));
            }
            return all;
          },
          "Every vertex's position, index = vertex id.")
      .def(
          "format", [](const result& r, std::int64_t v) { return r.solved->format(checked_vertex(r, v)); },
          py::arg("v"), "The position of vertex v as the game writes it.")
      .def(
          "successors",
          [](const result& r, std::int64_t v) {
            std::vector<grundy_ns::vertex_id> out;
            const auto& g = r.solved->graph();
            for (auto e : boost::make_iterator_range(out_edges(checked_vertex(r, v), g)))
              out.push_back(target(e, g));
            return out;
          },
          py::arg("v"), "The vertices one move leads to from vertex v.")
      .def(
          "to_dot",
          [](const result& r, const py::object& path) -> py::object {
            if (path.is_none()) {
              std::ostringstream os;
              r.solved->write_dot(os);
              return py::str(os.str());
            }
            const auto file = path_of(path);
            write_output(
                file, [&](std::ostream& os) { r.solved->write_dot(os); }, r.solved->inputs(),
                r.solved->formats_in_python());
            return py::none();
          },
          py::arg("path") = py::none(),
          "The graph in Graphviz DOT, every vertex labelled with its position and value (terminal\n"
          "positions dark, other P-positions shaded): returned as a string, or written to path.")
      .def("to_networkx", &to_networkx,
           "The graph as a networkx.DiGraph (needs networkx): nodes are vertex ids, with the GraphML\n"
           "export's attributes: state (the position's portable name), value ('3' or '∞(0,2)'),\n"
           "grundy (an int; absent for ∞(K)), infinite_set ('[0,2]', '[]' for a finite value) and\n"
           "outcome ('P', 'N' or 'D'), and when solved with misere=True misere_outcome ('P' or 'N')\n"
           "and misere_value (an int). All are str or int, so networkx.write_graphml writes them.\n"
           "state(v) gives a vertex's position as a Python object.")
      .def(
          "export", [](const result& r, const py::object& path) { export_to(r, path_of(path)); },
          py::arg("path"), export_doc.c_str())
      .def(
          "statistics_json", [](const result& r) { return json_of(*r.solved); },
          "The statistics as one JSON object, as grundy graph --format json prints them: the game,\n"
          "its start (a string), vertices, edges, grundy, outcome, value_counts, timings...\n"
          "json.loads() turns it into a dict.")
      .def("_repr_svg_", &repr_svg)
      .def("__len__", [](const result& r) { return r.solved->values().size(); })
      .def("__repr__", &repr);

  py::class_<hint_result>(m, "Hint", "Who wins from a position, and how.")
      .def_readonly("position", &hint_result::position)
      .def_property_readonly(
          "outcome", [](const hint_result& h) { return std::string(1, h.outcome); },
          "'N': the player to move wins; 'P': they lose against perfect play; 'D': a draw (games\n"
          "with cycles), where no move wins and drawing_moves keep the draw.")
      .def_readonly("misere", &hint_result::misere)
      .def_readonly("remoteness_known", &hint_result::remoteness_known,
                    "True where the hint comes from the game graph, which gives remoteness; False for a\n"
                    "game answered by a rule of its own (Nim, heap and octal games, Wythoff), whose\n"
                    "remoteness needs the graph: grundy.solve(game, remoteness=True).")
      .def_readonly("remoteness", &hint_result::remoteness,
                    "In how many moves the game ends from the position when the winner hurries and the\n"
                    "loser holds out: odd when the player to move wins, even when they lose (normal\n"
                    "play). None for a draw, or when remoteness_known is False.")
      .def_readonly("move_remoteness", &hint_result::move_remoteness,
                    "The remoteness after each move of moves (the fastest win first); empty when\n"
                    "remoteness_known is False.")
      .def_readonly("moves", &hint_result::moves,
                    "The positions the winning moves lead to: the first max_moves of them.")
      .def_readonly("winning_move_count", &hint_result::winning_move_count,
                    "How many winning moves there are, those max_moves left out of moves included.")
      .def_readonly("descriptions", &hint_result::descriptions, "The winning moves in words.")
      .def_readonly("drawing_moves", &hint_result::drawing_moves,
                    "In a draw: the positions the moves that keep the draw lead to (any other loses).")
      .def_readonly("drawing_descriptions", &hint_result::drawing_descriptions,
                    "The moves that keep the draw in words.")
      .def_property_readonly(
          "move",
          [](const hint_result& h) -> py::object {
            return h.moves.empty() ? py::none() : py::object(h.moves[0]);
          },
          "The first winning move's position (None when the player to move loses).")
      .def("__str__", &hint_text)
      .def("__repr__", [](const hint_result& h) { return "<grundy.Hint " + hint_text(h) + ">"; });
}

} // namespace grundy::python
