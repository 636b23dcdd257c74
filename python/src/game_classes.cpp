// The constructors of the first release's built-in games in Python (Tablettes, Nim, Moore,
// Digraph, and Octal, which makes a Heap), with the conversions of their positions from Python
// objects.

#include "builtin_games.hpp"

#include <grundy/io/games/tablettes/entry.hpp>
#include <grundy/io/notation.hpp>
#include <grundy/io/read_digraph.hpp>

#include <pybind11/stl.h>

#include <boost/unordered/unordered_flat_map.hpp>

#include <algorithm>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace grundy::python {

namespace {

// A vertex name as Python may give it: a str, or an int standing for its decimal name.
std::string vertex_name(const py::handle& obj) {
  if (py::isinstance<py::str>(obj)) return obj.cast<std::string>();
  if (py::isinstance<py::int_>(obj) && !py::isinstance<py::bool_>(obj))
    return py::str(obj).cast<std::string>();
  throw py::type_error("vertex names are str or int, not " + py::repr(obj).cast<std::string>());
}

std::string repr_of(const py::handle& obj) { return py::repr(obj).cast<std::string>(); }

// Compared as Python ints: a cast of 2**70 or of a str would fail with pybind11's RuntimeError,
// which names no argument.
std::uint8_t small_number(const py::handle& obj, const char* what) {
  if (!py::isinstance<py::int_>(obj))
    throw py::type_error(std::string(what) + " is an int, not " + repr_of(obj));
  const auto n = py::reinterpret_borrow<py::int_>(obj);
  if (n < py::int_(0) || n > py::int_(255))
    throw py::value_error(std::string(what) + " must be from 0 to 255, not " + repr_of(n));
  return n.cast<std::uint8_t>();
}

// An iterable Python gives for a list, else the TypeError naming what was expected: "'float'
// object is not iterable" would not say which argument was wrong.
void expect_iterable(const py::handle& obj, const std::string& expected) {
  if (!py::isinstance<py::iterable>(obj)) throw py::type_error(expected + ", not " + repr_of(obj));
}

// A graph file read under Ctrl-C (KeyboardInterrupt) and max_memory (LimitExceeded), with the
// GIL released so that other threads run meanwhile.
digraph_game read_digraph(const std::string& path, bool undirected, const py::object& max_memory) {
  io::read_options options;
  options.undirected = undirected;
  options.max_memory = solve_settings::from_python(0, py::none(), max_memory).max_memory;
  // Past max_memory the library's stop at a limit becomes LimitExceeded, naming max_memory, as
  // for a solve.
  return interruptible([&](const std::atomic<bool>* stop) {
    options.stop = stop;
    try {
      const py::gil_scoped_release unlocked;
      return io::read_digraph(path, options);
    } catch (const undirected_digraph_error& e) {
      throw py::value_error(e.description() +
                            "; pass undirected=True to let a token move both ways along each edge");
    } catch (const digraph_error& e) {
      if (!e.system_error()) throw;
      // OSError(errno, message) is FileNotFoundError, IsADirectoryError... as Python's open says.
      PyErr_SetObject(PyExc_OSError, py::make_tuple(e.system_error(), e.what()).ptr());
      throw py::error_already_set();
    }
  });
}

// A file's path (str, bytes or os.PathLike), or an iterable of (u, v) edges whose vertices are named
// in the order they first appear; `undirected` reads each edge both ways.
bool is_path(const py::object& source) {
  return py::isinstance<py::str>(source) || py::isinstance<py::bytes>(source) ||
         py::hasattr(source, "__fspath__");
}

digraph_game digraph_from(const py::object& source, bool undirected, const py::object& max_memory) {
  if (is_path(source)) {
    auto path = path_of(source);
    return read_digraph(path, undirected, max_memory);
  }
  // Checked though no file is read, so that max_memory=1.5 is refused whatever the graph.
  (void)solve_settings::from_python(0, py::none(), max_memory);
  std::vector<std::string> names;
  boost::unordered_flat_map<std::string, vertex_id> index;
  std::vector<std::pair<vertex_id, vertex_id>> edges;
  const auto id = [&](const py::handle& obj) {
    auto name = vertex_name(obj);
    const auto [it, added] = index.try_emplace(name, static_cast<vertex_id>(names.size()));
    if (added) names.push_back(std::move(name));
    return it->second;
  };
  for (auto item : source) {
    if (py::isinstance<py::str>(item) || !py::isinstance<py::sequence>(item) || py::len(item) != 2)
      throw py::value_error("an edge is a (u, v) pair, not " + py::repr(item).cast<std::string>());
    const auto pair = py::reinterpret_borrow<py::sequence>(item);
    const auto u = id(pair[0]);
    const auto v = id(pair[1]);
    edges.emplace_back(u, v);
    if (undirected) edges.emplace_back(v, u);
  }
  return digraph_game::from_edges(std::move(names), edges);
}

} // namespace

// One vertex name (one token), or an iterable of them (one token on each: a sum of games).
std::vector<std::string> token_names(const py::handle& obj) {
  std::vector<std::string> names;
  if (py::isinstance<py::str>(obj) || py::isinstance<py::int_>(obj) || !py::isinstance<py::iterable>(obj))
    names.push_back(vertex_name(obj));
  else
    for (auto item : obj)
      names.push_back(vertex_name(item));
  if (names.empty()) throw py::value_error("a digraph position needs at least one token");
  return names;
}

// One heap size, or an iterable of them.
heaps heaps_from(const py::handle& obj) {
  std::vector<heap_size> sizes;
  const auto add = [&](const py::handle& item) {
    if (!py::isinstance<py::int_>(item))
      throw py::type_error("heap sizes are integers, not " + py::repr(item).cast<std::string>());
    // Compared as Python ints: 2**70 does not fit the C++ integer a cast would need.
    const auto n = py::reinterpret_borrow<py::int_>(item);
    const auto text = py::repr(n).cast<std::string>();
    if (n < py::int_(0)) throw py::value_error("heap sizes cannot be negative, not " + text);
    if (n > py::int_(0xFFFF'FFFFll))
      throw py::value_error("heap size " + text + " is too large: heap sizes stop at 4294967295 (2**32 - 1)");
    sizes.push_back(n.cast<heap_size>());
  };
  if (py::isinstance<py::int_>(obj))
    add(obj);
  else {
    expect_iterable(obj, "heap sizes are integers");
    for (auto item : obj)
      add(item);
  }
  return nim_game::position(sizes);
}

// Piles as (colour, height) pairs, in the order given.
tablettes_game::piles_type piles_from(const py::handle& obj) {
  tablettes_game::piles_type piles;
  if (py::isinstance<py::str>(obj))
    throw py::type_error("a position of Tablettes is a list of (colour, height) pairs, not " + repr_of(obj));
  expect_iterable(obj, "a position of Tablettes is a list of (colour, height) pairs");
  for (auto item : obj) {
    // A str of two characters is a sequence of length 2, but no pile.
    if (py::isinstance<py::str>(item) || !py::isinstance<py::sequence>(item) || py::len(item) != 2)
      throw py::value_error("a pile is a (colour, height) pair, not " + repr_of(item));
    const auto pair = py::reinterpret_borrow<py::sequence>(item);
    if (piles.size() == tablettes_game::max_piles)
      throw py::value_error("a position has at most " + std::to_string(tablettes_game::max_piles) + " piles");
    piles.push_back({small_number(pair[0], "a colour"), small_number(pair[1], "a height")});
  }
  return piles;
}

digraph_game::state_type state_from(const digraph_game& g, const py::handle& obj) {
  const auto names = token_names(obj);
  return g.position(names);
}
tablettes_state state_from(const tablettes_game& g, const py::handle& obj) {
  const auto piles = piles_from(obj);
  return g.make_state(piles);
}

py::class_<game_with_start<tablettes_game>> add_class(py::module_& m, std::type_identity<tablettes_entry>) {
  py::class_<game_with_start<tablettes_game>> tablettes(
      m, "Tablettes",
      "Tablettes (sold as Babylon): C colours of N tablets, every tablet alone at the start. Two\n"
      "piles may be stacked when they have the same height or the same top colour. Positions are\n"
      "lists of (colour, height) pairs.");
  tablettes
      .def(py::init([](long long colors, const py::object& tablets, bool symmetry) {
             if (colors < 1)
               throw py::value_error("tablettes need at least 1 colour, not " + std::to_string(colors));
             // Each count as decimal text, which parse_tablets checks against its range: 2**70
             // fits no C++ integer.
             const auto count = [](const py::handle& t) {
               if (!py::isinstance<py::int_>(t))
                 throw py::type_error("tablets is an int or a list of ints, not " + repr_of(t));
               if (py::isinstance<py::bool_>(t)) return std::string(t.cast<bool>() ? "1" : "0");
               return py::str(t).cast<std::string>();
             };
             std::string text;
             if (py::isinstance<py::int_>(tablets))
               text = count(tablets);
             else {
               if (py::isinstance<py::str>(tablets)) count(tablets);
               expect_iterable(tablets, "tablets is an int or a list of ints");
               bool any = false;
               for (auto t : tablets) {
                 if (any) text += ',';
                 text += count(t);
                 any = true;
               }
               if (!any) throw py::value_error("tablets needs at least one count");
             }
             if (text.find('-') != std::string::npos)
               throw py::value_error("tablet counts cannot be negative, not " + text);
             if (colors > tablettes_entry::max_colors)
               throw py::value_error("colors " + std::to_string(colors) + " is too many (at most " +
                                     std::to_string(tablettes_entry::max_colors) + ")");
             const auto counts = parse_tablets(static_cast<unsigned>(colors), text, "colors", "tablets");
             tablettes_game g(counts, {.symmetry = symmetry});
             const auto start = g.start();
             return game_with_start<tablettes_game>{std::move(g), start, {}};
           }),
           py::arg("colors"), py::arg("tablets"), py::arg("symmetry") = false,
           "colors: C; tablets: N tablets per colour, or a list of one count per colour.\n"
           "symmetry=True explores one position per colour relabelling (counts stay exact).")
      .def_property_readonly("colors",
                             [](const game_with_start<tablettes_game>& w) { return w.game.colors(); })
      .def_property_readonly(
          "tablets", [](const game_with_start<tablettes_game>& w) { return w.game.tablets_per_color(); })
      .def_property_readonly("symmetry",
                             [](const game_with_start<tablettes_game>& w) { return w.game.symmetry(); })
      .def(
          "stack",
          [](const game_with_start<tablettes_game>&, const py::object& position, long long i, long long j) {
            const auto piles = piles_from(position);
            const auto n = static_cast<long long>(piles.size());
            if (i < 0 || j < 0 || i >= n || j >= n || i == j)
              throw py::value_error("stack takes two different piles among the " + std::to_string(n) +
                                    ", not " + std::to_string(i) + " and " + std::to_string(j));
            py::list out;
            for (auto& result :
                 tablettes_game::stack(piles, static_cast<std::size_t>(i), static_cast<std::size_t>(j))) {
              py::list sorted;
              for (auto p : result)
                sorted.append(py::make_tuple(p.colour, p.height));
              out.append(sorted);
            }
            return out;
          },
          py::arg("position"), py::arg("i"), py::arg("j"),
          "The seed's empile: the positions reached by stacking pile i on pile j, and pile j on\n"
          "pile i when that differs, each sorted; empty when they may not be stacked.")
      .def("__repr__", [](const game_with_start<tablettes_game>& w) {
        return "Tablettes(" + std::to_string(w.game.colors()) + ", " +
               tablettes_entry::head(w.game)[2].second + (w.game.symmetry() ? ", symmetry=True)" : ")");
      });
  return tablettes;
}

py::class_<game_with_start<nim_game>> add_class(py::module_& m, std::type_identity<nim_entry>) {
  py::class_<game_with_start<nim_game>> nim(m, "Nim", "Nim: take any number of tokens from one heap.");
  nim.def(py::init([](const py::object& heaps) {
            return game_with_start<nim_game>{{}, heaps_from(heaps), {}};
          }),
          py::arg("heaps"), "heaps: the heap sizes of the start position (one size, or a list).")
      .def("__repr__",
           [](const game_with_start<nim_game>& w) { return "Nim(" + w.game.format(w.start) + ")"; });
  return nim;
}

void add_members(py::module_& m, py::class_<game_with_start<heap_game>>& heap) {
  using held_heap = game_with_start<heap_game>;
  heap.def_property_readonly(
          "rule", [](const held_heap& w) { return w.game.rule().str(); },
          "The rule as grundy heap reads it: '0.07', 'S(1,3,4)', 'grundy', a HeapGame's name.")
      .def_property_readonly(
          "code",
          [](const held_heap& w) -> py::object {
            if (const auto* code = w.game.rule().octal()) return py::str(code->str());
            return py::none();
          },
          "The octal or hexadecimal code, normalised ('.7' is '0.7'), when the rule is one (None\n"
          "otherwise), as HeapSequence.code.");
  // A code read as `grundy graph octal` reads it: its errors (a sign, a digit past F) are the
  // octal game's.
  m.def(
      "Octal",
      [](const std::string& code, const py::object& heaps) {
        return held_heap{heap_game(heap_rule(parse_octal_code(code))), heaps_from(heaps), {}};
      },
      py::arg("code"), py::arg("heaps"),
      "An octal (or hexadecimal) game played on a sum of heaps, such as 0.07 (Dawson's Kayles): a\n"
      "Heap whose rule is that code, as Heap(code, heaps) but with the octal game's reading of the\n"
      "code. code: as in '0.137', '.137', '4.7' or '0.F'; heaps: the start position's heap sizes.");
}

py::class_<game_with_start<moore_game>> add_class(py::module_& m, std::type_identity<moore_entry>) {
  py::class_<game_with_start<moore_game>> moore(
      m, "Moore", "Moore's Nim_k: take tokens from at least one and at most k heaps in one move.");
  moore
      .def(py::init([](long long k, const py::object& heaps) {
             if (k < 1 || k > 64)
               throw py::value_error("moore's k must be from 1 to 64, not " + std::to_string(k));
             return game_with_start<moore_game>{moore_game(static_cast<unsigned>(k)), heaps_from(heaps), {}};
           }),
           py::arg("k"), py::arg("heaps"))
      .def_property_readonly("k", [](const game_with_start<moore_game>& w) { return w.game.k(); })
      .def("__repr__", [](const game_with_start<moore_game>& w) {
        return "Moore(" + std::to_string(w.game.k()) + ", " + w.game.format(w.start) + ")";
      });
  return moore;
}

py::class_<game_with_start<digraph_game>> add_class(py::module_& m, std::type_identity<digraph_entry>) {
  py::class_<game_with_start<digraph_game>> digraph(
      m, "Digraph",
      "The digraph game: a token on a vertex of a directed graph, moved along one edge per turn; the\n"
      "graph may have cycles (then draws are possible). Several tokens make a sum of games: the\n"
      "player to move slides one of them. Positions are vertex names: a str for one token, a list\n"
      "of names for several. As `grundy graph digraph FILE --start V` (or --tokens a,b).");
  digraph
      .def(py::init([](const py::object& source, const py::object& start, bool undirected,
                       const py::object& max_memory) {
             auto g = digraph_from(source, undirected, max_memory);
             auto s = g.position(token_names(start));
             std::vector<std::string> inputs;
             if (is_path(source)) inputs.push_back(path_of(source));
             return game_with_start<digraph_game>{std::move(g), std::move(s), std::move(inputs)};
           }),
           py::arg("graph"), py::arg("start"), py::kw_only(), py::arg("undirected") = false,
           py::arg("max_memory") = py::none(),
           "graph: a path (str or os.PathLike) to a Graphviz DOT file (.dot, .gv), a GraphML file\n"
           "  (.graphml, .xml) or an edge list (any other name: 'u v' per line), or an iterable of\n"
           "  (u, v) edges with vertex names as str or int (ints stand for their decimal names).\n"
           "start: the token's vertex, or a list of vertices for several tokens.\n"
           "undirected: read each edge both ways. An undirected file (DOT `graph`, GraphML\n"
           "  edgedefault=\"undirected\") raises ValueError without it.\n"
           "max_memory: bytes (or \"800M\", \"6G\") the file's reading may hold, else LimitExceeded;\n"
           "  None: 3/4 of the memory free. Ctrl-C stops the reading with KeyboardInterrupt.")
      .def_property_readonly(
          "vertices",
          [](const game_with_start<digraph_game>& w) {
            std::vector<std::string> names;
            for (vertex_id v = 0; v < w.game.vertex_count(); ++v)
              names.push_back(w.game.name(v));
            return names;
          },
          "Every vertex name, in the graph's order.")
      .def_property_readonly(
          "edge_count", [](const game_with_start<digraph_game>& w) { return w.game.edge_count(); },
          "The graph's distinct edges.")
      .def("__repr__", [](const game_with_start<digraph_game>& w) {
        return "<grundy.Digraph " + digraph_entry::head(w.game)[1].second + ", start " +
               w.game.format(w.start) + ">";
      });
  return digraph;
}

} // namespace grundy::python
