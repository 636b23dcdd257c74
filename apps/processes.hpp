#pragma once
// The processes running one command: this one alone, or every rank of an MPI job, all running
// the same command line (mpirun -np 4 grundy graph ...).

#include <exception>
#include <memory>
#include <string>
#include <string_view>

namespace grundy::cli {

class processes {
public:
  // Starts MPI when an MPI launcher started this process, and only then (in a build with
  // GRUNDY_MPI), so that an ordinary run behaves and costs as in a build without it.
  processes(int& argc, char**& argv);
  ~processes();
  processes(const processes&) = delete;
  processes& operator=(const processes&) = delete;

  bool distributed() const noexcept;
  // The process that prints: rank 0, or the only one.
  bool leader() const noexcept;

  // Reports the failure in flight (std::current_exception) as one line on stderr and returns
  // the exit status. With several ranks, a failure met by all of them together (bad input,
  // which every rank reads alike, or a limit they agreed on) is reported by rank 0 alone and
  // every rank returns; a failure of one rank alone is reported by it, and it ends the job.
  // `command` (graph, octal...) picks the options the advice names; empty before one is known.
  int fail(const std::exception_ptr& failure, std::string_view command = {}) const;

private:
  struct state;
  std::unique_ptr<state> state_;
};

} // namespace grundy::cli
