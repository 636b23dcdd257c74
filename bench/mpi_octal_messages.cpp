// mpi_octal_messages: what the messages of a distributed octal sequence cost on this machine
// (docs/cluster.md, "One octal sequence on many nodes"), without the work.
//
//   mpirun -np P mpi_octal_messages [VALUES] [BITS]
//
// Rank 0 stands for the master, the others for workers. For each batch size, the master
// broadcasts batches of values (two bytes each) and the workers answer each batch with one
// bitmap of 2^BITS bits (9: 64 bytes) per value, ORed into the master's by MPI_Reduce, as the
// design sends them; no marking is done. Prints the microseconds per batch and the nanoseconds
// per value the messages take, on whatever links the ranks have (here, shared memory).

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::size_t values = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 4'000'000;
  const unsigned bits = argc > 2 ? static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10)) : 9;
  const std::size_t words = ((std::size_t{1} << bits) + 63) / 64;
  if (rank == 0) std::printf("%d ranks, %zu values, bitmaps of %zu bytes\n", size, values, words * 8);
  for (const std::size_t batch : {64, 256, 1024, 4096}) {
    std::vector<std::uint16_t> sent(batch);
    std::vector<std::uint64_t> marks(batch * words), reached(batch * words);
    MPI_Barrier(MPI_COMM_WORLD);
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t sink = 0;
    for (std::size_t done = 0; done < values; done += batch) {
      if (rank == 0)
        for (std::size_t i = 0; i < batch; ++i)
          sent[i] = static_cast<std::uint16_t>(done + i);
      MPI_Bcast(sent.data(), static_cast<int>(batch), MPI_UINT16_T, 0, MPI_COMM_WORLD);
      for (std::size_t i = 0; i < batch; ++i)
        marks[i * words + sent[i] % words] = std::uint64_t{1} << (sent[i] % 64);
      MPI_Reduce(marks.data(), reached.data(), static_cast<int>(marks.size()), MPI_UINT64_T, MPI_BOR, 0,
                 MPI_COMM_WORLD);
      sink += reached[done % reached.size()];
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double batches = static_cast<double>((values + batch - 1) / batch);
    if (rank == 0)
      std::printf("batches of %5zu values: %8.2f us a batch, %7.1f ns a value%s\n", batch,
                  1e6 * seconds / batches, 1e9 * seconds / static_cast<double>(values),
                  sink == 42 ? " " : "");
  }
  MPI_Finalize();
  return 0;
}
