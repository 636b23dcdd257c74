#include "exploration.hpp"

#include "cli.hpp"
#include "options.hpp"
#include "report.hpp"

#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <signal.h>
#include <unistd.h>

namespace grundy::cli {

namespace {

// Signal handlers may only touch lock-free atomics; this one flag is the process's.
std::atomic<bool> stop_requested{false};
std::atomic<int> stopping_signal{SIGINT};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

// The first signal asks the command to stop where it can and report; a second one, for a
// user who will not wait, ends the process at once as if no handler were there (an output
// file being written then stays under its temporary name, never the real one).
extern "C" void request_stop(int signal) {
  if (stop_requested.load()) {
    std::signal(signal, SIG_DFL);
    std::raise(signal); // delivered, and fatal, once this handler returns
    return;
  }
  stopping_signal.store(signal);
  stop_requested.store(true);
}

// The handlers an interruption replaced, put back when it ends (a program embedding these
// commands, such as a fuzzer, keeps its own).
using signal_action = struct sigaction;
signal_action previous_int{}, previous_term{};

void handle(int signal, void (*handler)(int), signal_action* previous) {
  signal_action action{};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART; // a write to a file or a pipe goes on after the signal
  sigaction(signal, &action, previous);
}

} // namespace

void exploration_flags::add_to(CLI::App& command) {
  // Vertex ids are 32-bit.
  add_whole_option(command, "--max-states", max_states, "stop past this many positions", 1, 0xFFFF'FFFFu)
      ->default_str(std::to_string(max_states));
  command
      .add_option("--max-memory", max_memory,
                  "stop past this much memory, as 800M or 6G (default: 3/4 of the memory free at start); "
                  "under mpirun, each rank's limit")
      ->each([](const std::string& text) { parse_size(text, "--max-memory"); }); // '' included
  add_whole_option(command, "--threads,-j", threads,
                   "threads for exploring and labelling (default: every core)", 0, 1024);
  command.add_flag("--no-edges", no_edges, "keep no edges: label by regenerating moves (tablettes)");
  command.add_flag("--quiet,-q", quiet, "no progress line on stderr");
}

std::uint64_t exploration_flags::memory_limit() const {
  if (max_memory.empty()) return default_memory_limit();
  return parse_size(max_memory, "--max-memory");
}

progress_line::progress_line(bool quiet) : enabled_(!quiet && ::isatty(STDERR_FILENO)) {}

progress_line::~progress_line() { clear(); }

void progress_line::show(const build_progress& p) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  shown_ = true;
  if (p.labelling) {
    fmt::print(stderr, "\r\033[K labelling level {} | {} of {} states | {} | {:.1f} s", p.levels,
               with_thousands(p.labelled), with_thousands(p.states), format_bytes(p.memory_bytes), p.seconds);
    std::fflush(stderr);
    return;
  }
  const double rate = p.seconds > 0 ? p.states / p.seconds : 0;
  fmt::print(stderr, "\r\033[K level {} | {} states | {} edges | {:.2f} M states/s | {} | {:.1f} s", p.levels,
             with_thousands(p.states), with_thousands(p.edges), rate / 1e6, format_bytes(p.memory_bytes),
             p.seconds);
  std::fflush(stderr);
}

void progress_line::clear() {
  if (!shown_) return;
  fmt::print(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

interruption::interruption() {
  stop_requested.store(false);
  stopping_signal.store(SIGINT);
  handle(SIGINT, request_stop, &previous_int);
  handle(SIGTERM, request_stop, &previous_term);
}

interruption::~interruption() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

bool interruption::requested() const noexcept { return stop_requested.load(); }

int stop_signal() noexcept { return stopping_signal.load(); }

void interruption::request(int signal) const noexcept {
  if (stop_requested.load()) return;
  stopping_signal.store(signal);
  stop_requested.store(true);
}

const std::atomic<bool>* interruption::flag() const noexcept { return &stop_requested; }

build_options make_build_options(const exploration_flags& flags, progress_line& line,
                                 const interruption& stop) {
  build_options o;
  o.max_states = flags.max_states;
  o.max_memory = flags.memory_limit();
  o.threads = flags.threads;
  o.keep_edges = !flags.no_edges;
  o.progress = [&line](const build_progress& p) { line.show(p); };
  o.stop = stop.flag();
  return o;
}

} // namespace grundy::cli
