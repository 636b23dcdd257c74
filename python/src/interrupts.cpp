// Ctrl-C while the library runs (sigint_guard, interruptible) and the files the module writes
// under it (write_output).

#include "bindings.hpp"

#include <grundy/io/output_file.hpp>

#include <csignal>
#include <signal.h>

namespace grundy::python {

namespace {

// Signal handlers may only touch lock-free atomics: this flag is the one the library watches.
std::atomic<bool> sigint_received{false};
struct sigaction python_handler {};
int guard_depth = 0; // guards alive, touched with the GIL held only

// Sets the library's flag, then calls Python's own C handler, which only marks the signal as
// pending (it is async-signal-safe): Python runs its handler at its next check, in Python code
// called meanwhile or once the call returns.
extern "C" void on_sigint(int signal, siginfo_t* info, void* context) {
  sigint_received.store(true);
  if (python_handler.sa_flags & SA_SIGINFO) {
    if (python_handler.sa_sigaction) python_handler.sa_sigaction(signal, info, context);
  } else if (python_handler.sa_handler != SIG_DFL && python_handler.sa_handler != SIG_IGN) {
    python_handler.sa_handler(signal);
  }
}

bool on_main_thread() {
  auto threading = py::module_::import("threading");
  return threading.attr("current_thread")().is(threading.attr("main_thread")());
}

} // namespace

sigint_guard::sigint_guard() {
  if (!on_main_thread()) return;
  counted_ = true;
  if (guard_depth++ > 0) {
    installed_ = true; // the outer guard's handler and flag serve
    return;
  }
  struct sigaction current {};
  sigaction(SIGINT, nullptr, &current);
  // A program that ignores SIGINT, or left it to kill the process, keeps it so.
  const bool plain = !(current.sa_flags & SA_SIGINFO);
  if (plain && (current.sa_handler == SIG_IGN || current.sa_handler == SIG_DFL)) return;
  sigint_received.store(false);
  struct sigaction action {};
  action.sa_sigaction = on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_SIGINFO;
  installed_ = sigaction(SIGINT, &action, &python_handler) == 0;
}

sigint_guard::~sigint_guard() {
  if (!counted_) return;
  if (--guard_depth == 0 && installed_) sigaction(SIGINT, &python_handler, nullptr);
}

// Off the main thread no handler was installed: the flag would be another call's.
const std::atomic<bool>* sigint_guard::flag() const noexcept {
  return installed_ ? &sigint_received : nullptr;
}

bool sigint_guard::run_python_handler() const {
  if (!received()) return false;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  return true;
}

void write_output(const std::string& path, const std::function<void(std::ostream&)>& write,
                  std::span<const std::string> inputs, bool keep_gil) {
  // What Python printed before, through its own buffer, comes first on standard output.
  if (io::resolve_output(path, inputs).kind == io::output_kind::standard_output)
    py::module_::import("sys").attr("stdout").attr("flush")();
  interruptible([&](const std::atomic<bool>* stop) {
    if (keep_gil) return io::write_file(path, write, stop, inputs);
    // Other Python threads run meanwhile, and a pipe waiting for its reader holds none of them.
    const py::gil_scoped_release unlocked;
    io::write_file(path, write, stop, inputs);
  });
}

std::string path_of(const py::handle& path) {
  auto text = py::module_::import("os").attr("fsdecode")(path).cast<std::string>();
  // The system would stop at the first NUL and name another file.
  if (text.find('\0') != std::string::npos) throw py::value_error("embedded null byte in the path");
  return text;
}

void throw_keyboard_interrupt() {
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw py::error_already_set();
}

} // namespace grundy::python
