// The library's errors as Python's exceptions, worded with Python's argument names.

#include "bindings.hpp"

#include <grundy/games/digraph.hpp>
#include <grundy/io/notation.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/report.hpp>

#include <fmt/format.h>

namespace grundy::python {

namespace {

// A limit passed, in Python's words: the library's sentence (which names no option), the
// figures reached, and the argument to raise, chosen by the limit's kind.
std::string limit_message(const stopped& e) {
  const auto& r = e.reached();
  const char* advice = e.reason() == stop_reason::states ? "raise max_states if memory allows"
                       : e.reason() == stop_reason::memory
                           ? "raise max_memory if the machine has more"
                           : "the game has more positions in one level than can be numbered";
  return fmt::format("{}; reached {} positions and {} moves in {} levels, {} s, {} of memory ({})", e.what(),
                     io::with_thousands(r.states), io::with_thousands(r.edges), r.levels,
                     io::format_seconds(r.seconds), io::format_bytes(r.memory_bytes), advice);
}

} // namespace

void translate_errors(std::exception_ptr p) {
  static PyObject* limit_type = nullptr;
  if (!p) return;
  try {
    std::rethrow_exception(p);
  } catch (const stopped& e) {
    // A request to stop (a file left unwritten among them) is Python's own: the handler of
    // Ctrl-C has run (interruptible()).
    if (!e.by_limit()) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
      return;
    }
    if (!limit_type) limit_type = py::module_::import("grundy").attr("LimitExceeded").ptr();
    auto error = py::reinterpret_borrow<py::object>(limit_type)(limit_message(e));
    const auto& r = e.reached();
    error.attr("states") = r.states;
    error.attr("edges") = r.edges;
    error.attr("levels") = r.levels;
    error.attr("seconds") = r.seconds;
    error.attr("memory_bytes") = r.memory_bytes;
    PyErr_SetObject(limit_type, error.ptr());
  } catch (const io::output_failed& e) {
    // The file could not be written now (no such folder, no permission, a full disk).
    PyErr_SetString(PyExc_OSError, e.what());
  } catch (const not_acyclic& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const io::notation_error& e) {
    // A size or count the user typed, named by the argument the module passed (max_memory...).
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const std::out_of_range& e) {
    // A position not reachable from the start, a heap past the values computed.
    PyErr_SetString(PyExc_ValueError, e.what());
  }
}

} // namespace grundy::python
