#pragma once
// Whether an MPI launcher started this process: a test of the environment, without MPI itself,
// so that a program built without MPI can tell too (see apps/processes.cpp).

#include <cstdlib>

namespace grundy::distributed {

// True when an MPI launcher started this process (mpirun or mpiexec of Open MPI, or a PMI or
// PMIx launcher such as Slurm's srun), so that a program may start MPI only then: an ordinary
// run never pays for MPI_Init.
inline bool launched_by_mpi() {
  // Open MPI's launchers set the first; PMIx and PMI launchers (srun among them) the others.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

} // namespace grundy::distributed
