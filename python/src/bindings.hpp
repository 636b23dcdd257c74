#pragma once
// What the parts of the Python module share: the solved-graph result every game returns, the
// settings of a solve, Ctrl-C while the library runs, and the registration of each part.

#include <grundy/io/export.hpp>
#include <grundy/misere.hpp>
#include <grundy/remoteness.hpp>
#include <grundy/solve.hpp>

#include <grundy/io/report.hpp>

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace grundy::python {

namespace py = pybind11;

// A solved graph as Python sees it, whatever the game. Results of all games are one Python
// class, so this interface hides the game's type; each game implements it once, through
// solved_game below, with its own way of turning a state into a Python object.
class solved_any {
public:
  virtual ~solved_any() = default;
  virtual const graph_statistics& statistics() const = 0;
  virtual const std::vector<grundy_value>& values() const = 0;
  // The sets K of the vertices of value ∞(K); empty for an acyclic graph.
  virtual const infinite_sets& infinite() const = 0;
  virtual const csr_graph& graph() const = 0;
  virtual py::object state(vertex_id v) const = 0;
  virtual std::string format(vertex_id v) const = 0;
  // The position's portable name, as the exports write it.
  virtual std::string portable(vertex_id v) const = 0;
  virtual void write_dot(std::ostream& os) const = 0;
  // `misere`: misère values to write beside the misère outcomes read off them, or null;
  // `remoteness`: every vertex's remoteness, or null.
  virtual void write_labelled(std::ostream& os, export_format format, const std::vector<grundy_value>* misere,
                              const std::vector<remoteness_value>* remoteness) const = 0;
  // The fields the CLI prints before the statistics (game, its parameters, start).
  virtual io::fields head() const = 0;
  // Seconds spent inside the user's own functions (games written in Python); 0 otherwise.
  virtual double user_seconds() const { return 0; }
  // The files the game was read from, which an export may not replace.
  virtual std::span<const std::string> inputs() const { return {}; }
  // Whether formatting its positions calls Python (a game written in Python): its writing then
  // keeps the GIL, while a built-in game's lets other Python threads run.
  virtual bool formats_in_python() const { return false; }
};

// Traits<G>::to_python(game, state): the state as a Python object (a list of heap sizes, a
// list of (colour, height) pairs, the user's own object).
template <class G, class Traits> class solved_game final : public solved_any {
public:
  solved_game(G g, solved_graph<G> solved, io::fields head, double user_seconds = 0,
              std::vector<std::string> inputs = {})
      : game_(std::move(g)), solved_(std::move(solved)), head_(std::move(head)), user_seconds_(user_seconds),
        inputs_(std::move(inputs)) {
    head_.emplace_back("start", position_name(game_, solved_.graph.states[0]));
  }
  const graph_statistics& statistics() const override { return solved_.statistics; }
  const std::vector<grundy_value>& values() const override { return solved_.values; }
  const infinite_sets& infinite() const override { return solved_.infinite; }
  const csr_graph& graph() const override { return solved_.graph.graph; }
  py::object state(vertex_id v) const override { return Traits::to_python(game_, solved_.graph.states[v]); }
  std::string format(vertex_id v) const override { return game_.format(solved_.graph.states[v]); }
  std::string portable(vertex_id v) const override { return position_name(game_, solved_.graph.states[v]); }
  void write_dot(std::ostream& os) const override {
    grundy::write_dot(os, game_, solved_.graph, solved_.values, &solved_.infinite);
  }
  void write_labelled(std::ostream& os, export_format format, const std::vector<grundy_value>* misere,
                      const std::vector<remoteness_value>* remoteness) const override {
    if (!misere)
      return write_labelled_graph(os, format, game_, solved_.graph, solved_.values, &solved_.infinite,
                                  nullptr, nullptr, remoteness);
    const auto outcomes = outcomes_of(*misere);
    write_labelled_graph(os, format, game_, solved_.graph, solved_.values, &solved_.infinite, &outcomes,
                         misere, remoteness);
  }
  io::fields head() const override { return head_; }
  double user_seconds() const override { return user_seconds_; }
  std::span<const std::string> inputs() const override { return inputs_; }
  bool formats_in_python() const override {
    if constexpr (requires { Traits::formats_in_python; })
      return Traits::formats_in_python;
    else
      return false;
  }

private:
  G game_;
  solved_graph<G> solved_;
  io::fields head_;
  double user_seconds_;
  std::vector<std::string> inputs_;
};

// The Python class grundy.Result.
struct result {
  std::shared_ptr<const solved_any> solved;
  // With solve(..., misere=True): every vertex's misère Grundy value (misere_values).
  std::shared_ptr<const std::vector<grundy_value>> misere = nullptr;
  // With solve(..., remoteness=True): every vertex's remoteness under normal play.
  std::shared_ptr<const std::vector<remoteness_value>> remoteness = nullptr;
};

// The result of a game solved as `solved` (by grundy::solve, with `with_remoteness` as it was
// given), its remoteness moved out of the labelling into the result.
template <class G, class Traits>
result result_of(const G& g, solved_graph<G> solved, bool with_remoteness, io::fields head,
                 double user_seconds = 0, std::vector<std::string> inputs = {}) {
  std::shared_ptr<const std::vector<remoteness_value>> remoteness;
  if (with_remoteness)
    remoteness = std::make_shared<const std::vector<remoteness_value>>(std::move(solved.remoteness));
  return result{std::make_shared<solved_game<G, Traits>>(g, std::move(solved), std::move(head), user_seconds,
                                                         std::move(inputs)),
                nullptr, std::move(remoteness)};
}

// What grundy.hint returns.
struct hint_result {
  py::object position;
  char outcome = 'N';
  bool misere = false;
  py::list moves;                        // positions the winning moves lead to (at most max_moves)
  std::vector<std::string> descriptions; // the same moves in words
  std::uint64_t winning_move_count = 0;  // all of them, listed or not
  // In a draw (outcome 'D', games with cycles) no move wins: the moves that keep the draw.
  py::list drawing_moves;
  std::vector<std::string> drawing_descriptions;
  // Where the strategy has the game graph: in how many moves the game ends for the player to
  // move (None for a draw), and after each listed winning move (grundy/remoteness.hpp).
  bool remoteness_known = false;
  py::object remoteness = py::none();
  py::list move_remoteness;
};

// Fills h's remoteness fields: `known` where the strategy has it, with r the position's (nullopt
// for a draw) and `after` the listed winning moves'.
inline void set_remoteness(hint_result& h, bool known, std::optional<remoteness_value> r,
                           const std::vector<std::optional<remoteness_value>>& after) {
  h.remoteness_known = known;
  if (!known) return;
  if (r) h.remoteness = py::int_(*r);
  for (const auto& x : after)
    h.move_remoteness.append(x ? py::object(py::int_(*x)) : py::object(py::none()));
}

// Ctrl-C during a call into the library. While a guard is alive on Python's main thread, SIGINT
// sets a flag the library watches (its loops end within a fraction of a second, with the GIL
// released or not) and still trips Python's own handler, so that Python code called meanwhile
// (a game written in Python) is interrupted as usual. Guards nest: the outermost one installs
// the handler and puts Python's back. Elsewhere, or when SIGINT is ignored or left to its
// default action, it does nothing and flag() is null.
class sigint_guard {
public:
  sigint_guard();
  ~sigint_guard();
  sigint_guard(const sigint_guard&) = delete;
  sigint_guard& operator=(const sigint_guard&) = delete;
  const std::atomic<bool>* flag() const noexcept;
  bool received() const noexcept { return flag() && flag()->load(); }
  // With the GIL held: runs Python's handler now if SIGINT came (rather than at some later
  // line of the caller's code) and throws what it raises, KeyboardInterrupt by default.
  // Returns whether SIGINT came and the handler raised nothing.
  bool run_python_handler() const;

private:
  bool installed_ = false;
  bool counted_ = false;
};

// Writes an output file as every front end does (grundy::io::write_file: an exclusive temporary
// renamed once whole, pipes written directly, links followed), Ctrl-C honoured; none of
// `inputs` is replaced. A file that cannot be written is an OSError. The GIL is released while
// the file is written unless `keep_gil` (`write` calls Python).
void write_output(const std::string& path, const std::function<void(std::ostream&)>& write,
                  std::span<const std::string> inputs = {}, bool keep_gil = false);

// The library's exceptions as Python's (registered with pybind11): bad input a ValueError, a
// limit passed a LimitExceeded carrying the figures reached, a stop a KeyboardInterrupt, a file
// that cannot be written an OSError.
void translate_errors(std::exception_ptr p);

// A path as Python's own functions take it (str, bytes or os.PathLike); ValueError for one
// holding a NUL byte, as open() says.
std::string path_of(const py::handle& path);

// A str as UTF-8, or ValueError naming `what` for one that has none: a lone surrogate
// ('\udcff', as os.fsdecode makes of a stray byte) met pybind11's "Unable to cast Python
// instance to C++ type", which names nothing.
inline std::string utf8_of(const py::handle& text, const std::string& what) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (data == nullptr) {
    PyErr_Clear();
    throw py::value_error(what + " must be text that UTF-8 can encode, not " +
                          py::repr(text).cast<std::string>());
  }
  return {data, static_cast<std::size_t>(size)};
}

// Raises KeyboardInterrupt in Python.
[[noreturn]] void throw_keyboard_interrupt();

// In a long loop that turns results into Python objects (the GIL held, Python's handler in
// place): Python's handler runs every few thousand items, so that Ctrl-C stops the loop.
inline void check_signals(std::size_t i) {
  if (i % 4096 == 4095 && PyErr_CheckSignals() != 0) throw py::error_already_set();
}

// The one way the module runs anything that may take long (solving, hints, octal values,
// reading files), called with the GIL held: f(stop) runs under a sigint_guard, stop being its
// flag for the library's options (f may release the GIL). A SIGINT during the call raises
// KeyboardInterrupt (or whatever Python's handler raises) once f returns or throws, however
// the library stopped. A result that only says it was cut short (heap_analysis::interrupted)
// is the caller's to turn into KeyboardInterrupt when the handler raised nothing.
template <class F> auto interruptible(F&& f) -> decltype(f(static_cast<const std::atomic<bool>*>(nullptr))) {
  const sigint_guard guard;
  using R = decltype(f(guard.flag()));
  try {
    if constexpr (std::is_void_v<R>) {
      f(guard.flag());
      guard.run_python_handler();
    } else {
      R r = f(guard.flag());
      guard.run_python_handler();
      return r;
    }
  } catch (...) {
    // The library stopped on the flag (`interrupted`), or Python code called meanwhile raised
    // (its handler then ran already), or something failed: a handler that raises now wins, and
    // otherwise the exception goes on (an interruption becomes KeyboardInterrupt).
    guard.run_python_handler();
    throw;
  }
}

// The limits a solve takes from Python: threads=0, max_states=None (the library's default),
// max_memory=None (the CLI's default: 3/4 of the memory free), as bytes or as "6G".
struct solve_settings {
  unsigned threads = 0;
  std::uint64_t max_states = build_options{}.max_states;
  std::uint64_t max_memory = 0;
  // Every vertex's remoteness too, in the labelling's pass (solve(..., remoteness=True)).
  bool remoteness = false;

  static solve_settings from_python(unsigned threads, const py::object& max_states,
                                    const py::object& max_memory);
  build_options options(const std::atomic<bool>* stop) const;
};

// grundy.solve, winning_moves and hint for the built-in games: nullopt when `game` is not one.
std::optional<result> solve_builtin(const py::handle& game, const solve_settings& settings);
std::optional<py::list> winning_moves_builtin(const py::handle& game, const py::object& position, bool misere,
                                              const solve_settings& settings);
std::optional<hint_result> hint_builtin(const py::handle& game, const py::object& position, bool misere,
                                        const solve_settings& settings, std::size_t max_moves);

// The same for a game written in Python.
result solve_python(const py::object& game, const py::object& start, const solve_settings& settings);
py::list winning_moves_python(const py::object& game, const py::object& position, bool misere,
                              const solve_settings& settings);
hint_result hint_python(const py::object& game, const py::object& position, bool misere,
                        const solve_settings& settings, std::size_t max_moves);

// A limit or a stop of the engines, in Python's words: LimitExceeded naming the argument to
// raise (max_memory for memory), or KeyboardInterrupt.
[[noreturn]] void raise_stop(const stopped& e, const char* limit_argument);
// A max_memory argument in bytes, `fallback` when None.
std::uint64_t memory_of(const py::object& max_memory, std::uint64_t fallback);

// The classes and functions of each part.
void add_builtin_games(py::module_& m);
void add_octal(py::module_& m);
void add_results(py::module_& m);
void add_heap_rules(py::module_& m);
void add_misere(py::module_& m);
void add_misere_forms(py::module_& m);
void add_compounds(py::module_& m);

} // namespace grundy::python
