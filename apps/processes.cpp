#include "processes.hpp"

#include "cli.hpp"
#include "exploration.hpp"

#include <grundy/graph.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <new>
#include <optional>
#include <stdexcept>

#if GRUNDY_MPI
#include <grundy/distributed.hpp>
#elif defined(GRUNDY_MPI_TOOL)
#include <grundy/distributed/launch.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unistd.h>
#endif

namespace grundy::cli {

namespace {

struct failure {
  std::string message;
  int status = 1;
  bool all_ranks = true; // met by every rank alike
};

// A stop every rank agreed on: always so for one process.
bool agreed([[maybe_unused]] const std::exception& e) {
#if GRUNDY_MPI
  return !distributed::running() || dynamic_cast<const distributed::raised_on_all_ranks*>(&e) != nullptr;
#else
  return true;
#endif
}

bool running_distributed() {
#if GRUNDY_MPI
  return distributed::running();
#else
  return false;
#endif
}

// The library words its limits without naming any front end's options: the advice that goes
// with them names this command's.
std::string limit_advice(stop_reason kind, std::string_view command) {
  switch (kind) {
  case stop_reason::interrupted:
    return {};
  case stop_reason::states:
    return "raise --max-states if memory allows";
  case stop_reason::memory:
    if (command == "hint" || command == "misere")
      return "raise --max-memory if the machine has more, or try a smaller position";
    if (command != "graph" && command != "table")
      return "three quarters of the memory free at start: try a smaller position";
    return running_distributed() ? "raise --max-memory, which is per rank, run more ranks, or try --no-edges"
                                 : "raise --max-memory if the machine has more, or try --no-edges";
  case stop_reason::level_size:
    return "try --no-edges";
  }
  return {};
}

// Out of memory before a limit stopped the run: what governs the memory the command takes.
std::string out_of_memory(std::string_view command) {
  if (command == "octal")
    return "out of memory: lower --max, the number of values computed (with --survey, --threads codes "
           "hold that many at once)";
  if (command == "graph" || command == "table")
    return "out of memory before the --max-memory limit was reached: set a lower --max-memory, so that "
           "the run stops with its figures, or try --no-edges";
  if (command == "hint")
    return "out of memory: try a smaller position, or a lower --max-states or --max-memory";
  if (command == "play") return "out of memory: try a smaller position, or a lower --max-states";
  return "out of memory";
}

failure describe(const std::exception_ptr& p, std::string_view command) {
  try {
    std::rethrow_exception(p);
  } catch (const CLI::ParseError& e) {
    // CLI11 quotes what was typed as it was: a terminal must not obey it.
    return {fmt::format("{} (see grundy {}{}--help)", portable_name(e.what()), command,
                        command.empty() ? "" : " "),
            2};
  } catch (const usage_error& e) {
    return {e.what(), 2};
  } catch (const std::invalid_argument& e) { // invalid codes, sizes and positions
    return {e.what(), 2};
  } catch (const stopped& e) {
    // Only a computation with figures (an exploration, a reader) is described with them.
    if (!e.has_figures()) return {e.what(), 1, agreed(e)};
    if (!e.by_limit()) return {describe_stop(e), 128 + stop_signal(), agreed(e)};
    return {describe_stop(e, limit_advice(e.reason(), command)), 1, agreed(e)};
  } catch (const interrupted_error& e) { // stopped by a signal outside an exploration
    return {e.what(), 128 + stop_signal()};
  } catch (const std::bad_alloc&) {
    return {out_of_memory(command), 1, false};
#if GRUNDY_MPI
  } catch (const distributed::rank_failure& e) {
    auto f = describe(e.cause(), command);
    return {fmt::format("rank {}: {}", e.rank(), f.message), f.status, false};
#endif
  } catch (const std::exception& e) {
    return {e.what(), 1, agreed(e)};
  } catch (...) {
    return {"unknown failure", 1, false};
  }
}

// Every failure reaches the user as one line on stderr.
void report(const std::string& message) {
  std::string line = message;
  for (auto& c : line)
    if (c == '\n') c = ' ';
  fmt::print(stderr, "grundy: {}\n", line);
}

#if !GRUNDY_MPI && defined(GRUNDY_MPI_TOOL)
// Under an MPI launcher, this build (without MPI) becomes the one with it, installed beside it,
// with the same arguments and environment: the launcher sees one process all along.
[[noreturn]] void hand_over_to_mpi_tool(char** argv) {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const auto tool =
      (ec ? std::filesystem::path(argv[0]).parent_path() : self.parent_path()) / GRUNDY_MPI_TOOL;
  ::execv(tool.c_str(), argv);
  report(fmt::format("under mpirun, grundy runs as {}, which could not be started: {}", tool.string(),
                     std::strerror(errno)));
  std::exit(1);
}
#endif

} // namespace

struct processes::state {
#if GRUNDY_MPI
  std::optional<distributed::environment> mpi;
#endif
};

processes::processes([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv)
    : state_(std::make_unique<state>()) {
#if GRUNDY_MPI
  if (distributed::launched_by_mpi()) state_->mpi.emplace(argc, argv);
#elif defined(GRUNDY_MPI_TOOL)
  if (distributed::launched_by_mpi()) hand_over_to_mpi_tool(argv);
#endif
}

processes::~processes() = default; // where state is complete

bool processes::distributed() const noexcept {
#if GRUNDY_MPI
  return state_->mpi.has_value();
#else
  return false;
#endif
}

bool processes::leader() const noexcept {
#if GRUNDY_MPI
  return !state_->mpi || state_->mpi->rank() == 0;
#else
  return true;
#endif
}

int processes::fail(const std::exception_ptr& p, std::string_view command) const {
  const auto f = describe(p, command);
  if (f.all_ranks) {
    if (leader()) report(f.message);
    return f.status;
  }
  report(f.message);
#if GRUNDY_MPI
  // The other ranks may be waiting for this one in a collective call: end them all.
  if (state_->mpi) {
    std::fflush(stderr);
    state_->mpi->abort(f.status);
  }
#endif
  return f.status;
}

} // namespace grundy::cli
