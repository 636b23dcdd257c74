#include "exploration.hpp"

#include "cli.hpp"
#include "report.hpp"

#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <charconv>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace grundy::cli {

namespace {

// Signal handlers may only touch lock-free atomics; this one flag is the process's.
std::atomic<bool> stop_requested{false};

extern "C" void request_stop(int) { stop_requested.store(true, std::memory_order_relaxed); }

} // namespace

void exploration_flags::add_to(CLI::App& command) {
  command.add_option("--max-states", max_states, "stop past this many positions")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{0xFFFF'FFFFu}))
      ->capture_default_str();
  command.add_option("--max-memory", max_memory,
                     "stop past this much memory, as 800M or 6G (default: 80% of RAM)");
  command.add_option("--threads,-j", threads, "threads for exploring and labelling (default: every core)")
      ->check(CLI::Range(0u, 1024u));
  command.add_flag("--no-edges", no_edges, "keep no edges: label by regenerating moves (tablettes)");
  command.add_flag("--quiet,-q", quiet, "no progress line on stderr");
}

std::uint64_t exploration_flags::memory_limit() const {
  if (max_memory.empty()) return physical_memory_bytes() / 5 * 4;
  double number = 0;
  const char* end = max_memory.data() + max_memory.size();
  auto [p, ec] = std::from_chars(max_memory.data(), end, number);
  double unit = 1;
  if (ec == std::errc{} && p + 1 == end) {
    switch (*p) {
    case 'k':
    case 'K':
      unit = 1024.0;
      break;
    case 'm':
    case 'M':
      unit = 1024.0 * 1024;
      break;
    case 'g':
    case 'G':
      unit = 1024.0 * 1024 * 1024;
      break;
    case 't':
    case 'T':
      unit = 1024.0 * 1024 * 1024 * 1024;
      break;
    default:
      unit = 0;
    }
    ++p;
  }
  if (ec != std::errc{} || p != end || unit == 0 || !(number > 0) || number * unit > 1e18)
    throw usage_error(fmt::format("--max-memory takes a size such as 800M or 6G, not '{}'", max_memory));
  return static_cast<std::uint64_t>(number * unit);
}

progress_line::progress_line(bool quiet) : enabled_(!quiet && ::isatty(STDERR_FILENO)) {}

progress_line::~progress_line() { clear(); }

void progress_line::show(const build_progress& p) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  shown_ = true;
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
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
}

interruption::~interruption() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
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

std::string with_thousands(std::uint64_t n) {
  const auto digits = std::to_string(n);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string describe_stop(const exploration_stopped& e) {
  const auto& r = e.reached();
  return fmt::format("{}; reached {} positions and {} moves in {} levels, {} s, {} of memory", e.what(),
                     with_thousands(r.states), with_thousands(r.edges), r.levels, format_seconds(r.seconds),
                     format_bytes(r.memory_bytes));
}

} // namespace grundy::cli
