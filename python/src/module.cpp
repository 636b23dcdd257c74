// The module `grundy`: its exceptions, the limits of a solve, and solve, winning_moves and hint for
// every game; the classes of each area are added by their own sources.

#include "bindings.hpp"
#include "heap_rules.hpp"

#include <grundy/io/notation.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/render.hpp>
#include <grundy/memory.hpp>
#include <grundy/version.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <limits>
#include <span>
#include <sstream>

namespace grundy::python {

solve_settings solve_settings::from_python(unsigned threads, const py::object& max_states,
                                           const py::object& max_memory) {
  solve_settings s;
  s.threads = threads;
  // Whole numbers only: a float (nan, 1e9) is refused by name rather than by pybind11's cast.
  const auto whole = [](const py::object& value, const char* name) {
    if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
      throw py::type_error(std::string(name) + " must be an int, not " + py::repr(value).cast<std::string>());
    const auto n = py::reinterpret_borrow<py::int_>(value);
    if (n > py::int_(std::numeric_limits<long long>::max()) ||
        n < py::int_(std::numeric_limits<long long>::min()))
      throw py::value_error(std::string(name) + " " + py::repr(value).cast<std::string>() + " is too large");
    return n.cast<long long>();
  };
  if (!max_states.is_none()) {
    const auto n = whole(max_states, "max_states");
    if (n < 1 || n > 0xFFFF'FFFFll)
      throw py::value_error("max_states must be from 1 to 4294967295, not " + std::to_string(n));
    s.max_states = static_cast<std::uint64_t>(n);
  }
  if (max_memory.is_none())
    s.max_memory = default_memory_limit();
  else if (py::isinstance<py::str>(max_memory))
    s.max_memory = io::parse_size(max_memory.cast<std::string>(), "max_memory");
  else {
    const auto n = whole(max_memory, "max_memory");
    if (n < 0) throw py::value_error("max_memory must be a number of bytes, not " + std::to_string(n));
    s.max_memory = static_cast<std::uint64_t>(n);
  }
  return s;
}

build_options solve_settings::options(const std::atomic<bool>* stop) const {
  build_options o;
  o.max_states = max_states;
  o.max_memory = max_memory;
  o.threads = threads;
  o.stop = stop;
  return o;
}

namespace {

// solve(..., misere=True): the graph just solved labelled a second time, for misère play.
void add_misere_values(result& r) {
  const auto& graph = r.solved->graph();
  if (num_vertices(graph) != r.solved->values().size())
    throw py::value_error("misere=True needs the graph's edges, which were not kept");
  bool cyclic = false;
  auto values = interruptible([&](const std::atomic<bool>* stop) {
    py::gil_scoped_release release;
    try {
      return misere_values(graph, stop);
    } catch (const not_acyclic&) {
      cyclic = true;
      return std::vector<grundy_value>{};
    }
  });
  if (cyclic) throw py::value_error("misere=True is for games without cycles: this game graph has a cycle");
  r.misere = std::make_shared<const std::vector<grundy_value>>(std::move(values));
}

constexpr std::size_t default_hint_moves = 100;

// hint's max_moves: a whole number from 0, or None for every move.
std::size_t moves_limit(const py::object& max_moves) {
  if (max_moves.is_none()) return std::numeric_limits<std::size_t>::max();
  if (!py::isinstance<py::int_>(max_moves) || py::isinstance<py::bool_>(max_moves))
    throw py::type_error("max_moves must be an int or None, not " + py::repr(max_moves).cast<std::string>());
  const auto n = py::reinterpret_borrow<py::int_>(max_moves);
  if (n < py::int_(0))
    throw py::value_error("max_moves must be at least 0 (None lists every move), not " +
                          py::repr(max_moves).cast<std::string>());
  if (n > py::int_(std::numeric_limits<std::size_t>::max())) return std::numeric_limits<std::size_t>::max();
  return n.cast<std::size_t>();
}

} // namespace

} // namespace grundy::python

using namespace grundy::python;
namespace grundy_ns = grundy;

PYBIND11_MODULE(grundy, m) {
  m.doc() = "Game graphs and Sprague-Grundy values of impartial games.\n\n"
            "Built-in games (Tablettes, Nim, Heap, Moore, Digraph, Wythoff) run at C++ speed; games written\n"
            "in Python (an object with successors(state)) are explored and labelled by the same engine.\n"
            "solve() explores and labels a game's graph, octal_sequence() computes an octal game's\n"
            "values until their period is proven, winning_moves() and hint() say how to win.";
  m.attr("__version__") = std::string(grundy_ns::version());
  m.attr("INFINITY") = grundy_ns::infinity;
  m.attr("NO_REMOTENESS") = grundy_ns::no_remoteness;

  auto limit = py::exception<grundy_ns::stopped>(m, "LimitExceeded", PyExc_RuntimeError);
  limit.doc() = "An exploration passed max_states or max_memory. The attributes states, edges, levels, "
                "seconds and memory_bytes give the figures reached.";
  py::register_exception_translator(translate_errors);

  add_results(m);
  add_heap_rules(m);
  add_misere(m);
  add_misere_forms(m);
  add_compounds(m);

  m.def(
      "solve",
      [](const py::object& given, const py::object& start, unsigned threads, const py::object& max_states,
         const py::object& max_memory, bool misere, bool with_remoteness) {
        const auto game = heap_rule_game(given);
        auto settings = solve_settings::from_python(threads, max_states, max_memory);
        settings.remoteness = with_remoteness;
        auto r = solve_builtin(game, settings);
        if (r && !start.is_none())
          throw py::value_error(
              "built-in games carry their start position: give it to the game, not to solve");
        if (!r && start.is_none())
          throw py::value_error("a game written in Python needs a start position: grundy.solve(game, start)");
        if (!r) r = solve_python(game, start, settings);
        if (misere) add_misere_values(*r);
        return *r;
      },
      py::arg("game"), py::arg("start") = py::none(), py::kw_only(), py::arg("threads") = 0,
      py::arg("max_states") = py::none(), py::arg("max_memory") = py::none(), py::arg("misere") = false,
      py::arg("remoteness") = false,
      "Explores every position reachable from the start, labels each with its Sprague-Grundy\n"
      "value, and returns a Result. A game whose moves may come back to a position (cycles) gets\n"
      "generalized values: a number, or ∞(K) (Result.grundy None, Result.infinite_set K), with\n"
      "draws (outcome 'D').\n\n"
      "game: a built-in game (Tablettes, Nim, Moore, Digraph, Heap, Wythoff, or a rule such as\n"
      "  GrundysGame given heaps=[...]), which carries its start position, or\n"
      "  any object with successors(state) returning an iterable of states, with `start` given.\n"
      "  States are hashable Python values (tuples, not lists). Optional members: canonical(state)\n"
      "  (one representative per position), format(state) (a label), graded = True (every move\n"
      "  goes one level down), successors_many(states) (a list of successor lists, for move\n"
      "  generation written over many states at once).\n"
      "threads: threads for built-in games (0: every core).\n"
      "max_states, max_memory: limits past which grundy.LimitExceeded is raised (max_memory in\n"
      "  bytes or as '6G'; default: 3/4 of the memory free).\n"
      "misere: also label every vertex for misère play (the last move loses): its misère Grundy\n"
      "  value (1 where no move is left, else the mex of its successors'; Result.misere_value) and\n"
      "  outcome (Result.misere_outcome), which exports and to_networkx then carry too. Only for\n"
      "  games without cycles: a graph with one raises ValueError.\n"
      "remoteness: also label every vertex's remoteness (Result.remoteness, Result.remoteness_of):\n"
      "  in how many moves the game ends when the winner hurries and the loser holds out, None\n"
      "  (NO_REMOTENESS) for a draw; exports and to_networkx then carry it too.\n"
      "Ctrl-C raises KeyboardInterrupt.");

  m.def(
      "winning_moves",
      [](const py::object& given, const py::object& position, bool misere, const py::object& max_states,
         const py::object& max_memory) {
        const auto game = heap_rule_game(given);
        const auto settings = solve_settings::from_python(0, max_states, max_memory);
        if (auto moves = winning_moves_builtin(game, position, misere, settings)) return *moves;
        if (position.is_none()) throw py::value_error("a game written in Python needs a position");
        return winning_moves_python(game, position, misere, settings);
      },
      py::arg("game"), py::arg("position") = py::none(), py::kw_only(), py::arg("misere") = false,
      py::arg("max_states") = py::none(), py::arg("max_memory") = py::none(),
      "The positions the winning moves from `position` lead to (the game's start position when\n"
      "None); empty when the player to move loses. Nim, octal and heap games, Moore's Nim and\n"
      "Wythoff's game use their rules, other games the graph of the positions reachable from `position`. "
      "misere=True: the\n"
      "player who makes the last move loses. max_states, max_memory: as for solve, for the games\n"
      "solved by their graph.");

  m.def(
      "hint",
      [](const py::object& given, const py::object& position, bool misere, const py::object& max_states,
         const py::object& max_memory, const py::object& max_moves) {
        const auto game = heap_rule_game(given);
        const auto settings = solve_settings::from_python(0, max_states, max_memory);
        const auto most = moves_limit(max_moves);
        if (auto h = hint_builtin(game, position, misere, settings, most)) return *h;
        if (position.is_none()) throw py::value_error("a game written in Python needs a position");
        return hint_python(game, position, misere, settings, most);
      },
      py::arg("game"), py::arg("position") = py::none(), py::kw_only(), py::arg("misere") = false,
      py::arg("max_states") = py::none(), py::arg("max_memory") = py::none(),
      py::arg("max_moves") = default_hint_moves,
      "Who wins from `position` (the start position when None), and the winning moves as\n"
      "positions and in words, as `grundy hint` says them. In a draw (outcome 'D', games with\n"
      "cycles) no move wins, and drawing_moves lists the moves that keep the draw. max_states,\n"
      "max_memory: as for solve, for the games solved by their graph.\n"
      "max_moves: list at most this many winning moves (100 by default; None lists every one);\n"
      "Hint.winning_move_count counts them all.");

  add_builtin_games(m);
  add_octal(m);
}
