#pragma once
// MPI for a process: whether a launcher started it, MPI_Init and MPI_Finalize, and the memory
// budget of each rank. Defined in distributed.cpp.

#include <grundy/distributed/launch.hpp>

#include <mpi.h>

#include <cstdint>

namespace grundy::distributed {

// True between MPI_Init and MPI_Finalize.
bool running();

// MPI for the life of the object: MPI_Init when made, MPI_Finalize when destroyed. One per
// process, made before any other use of MPI.
class environment {
public:
  environment(int& argc, char**& argv);
  ~environment();
  environment(const environment&) = delete;
  environment& operator=(const environment&) = delete;

  int rank() const noexcept { return rank_; }
  int size() const noexcept { return size_; }

  // Ends every rank of the job with `status`: for a failure met by this rank alone, which the
  // other ranks, waiting for it in a collective call, would otherwise wait for forever.
  [[noreturn]] void abort(int status) const;

private:
  int rank_ = 0;
  int size_ = 1;
};

// default_memory_limit() shared among the ranks of `comm` running on this machine: each rank's
// memory budget when none is given. Collective.
std::uint64_t default_memory_budget(MPI_Comm comm = MPI_COMM_WORLD);

} // namespace grundy::distributed
