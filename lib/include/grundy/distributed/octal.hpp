#pragma once
// One octal sequence computed by the ranks of an MPI job (docs/cluster.md, "One octal sequence
// on many nodes"): rank 0, the master, settles the values in order; the heaps come in batches,
// which the ranks prove in turn, rank 0 included. The other ranks, the workers, know the values
// a lag L behind the master: for the heaps of their batches they mark the pairs (a, h-n-a) whose
// heaps are both at least L (the rare pairs, and the proof's pairs until the values the
// candidate needs are found) and send one bitmap a heap of the values reached. The master ORs
// it into its row of the heap, marks the pairs with a heap below L, takes the candidate and
// ends the proof, which the worker's pairs have mostly done. It sends the values back in
// batches; nothing waits for a single heap.
//
// The master is an octal_extender that analyse and resume_octal run in place of their own
// engine, so the checks, the checkpoints and where the run ends are those of one process, and a
// checkpoint it writes is resumed by any number of ranks, or by one process. The workers run
// octal_worker until the master's extender is destroyed.

#include <grundy/heap/analysis.hpp>

#include <mpi.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

namespace grundy::distributed {

// What the distribution cost, for --rank-stats and the benchmarks.
struct octal_figures {
  std::size_t ranks = 1;
  std::size_t batch = 0;                // heaps a message carries
  std::size_t lag = 0;                  // L: the workers mark pairs whose heaps are all >= L
  double round_trip_seconds = 0;        // measured at the start, from which batch and lag follow
  std::uint64_t values = 0;             // values settled by the ranks (after rank 0's first ones)
  std::uint64_t distributed_values = 0; // of those, values of the workers' batches
  std::uint64_t messages = 0;           // sent and received by the master
  std::uint64_t bytes = 0;              // sent and received by the master
  std::uint64_t master_proofs = 0;      // proofs the master scanned pairs for (the workers' unfinished too)
  std::uint64_t master_proof_pairs = 0; // pairs the master's proofs scanned
  std::uint64_t full_scans = 0;         // proofs that went through every pair
  double master_wait_seconds = 0;       // the master waiting for bitmaps
};

class octal_master final : public octal_extender {
public:
  // `interrupt` is the flag this process's signal handler sets. A worker's stop (its own Ctrl-C
  // or SIGTERM) calls on_worker_stop with what the worker sent (its signal), which should raise
  // that flag, so that the run ends as if interrupted here.
  octal_master(const octal_code& code, const std::atomic<bool>* interrupt,
               std::function<void(int)> on_worker_stop, MPI_Comm comm = MPI_COMM_WORLD);
  ~octal_master() override; // tells the workers to end
  octal_master(const octal_master&) = delete;
  octal_master& operator=(const octal_master&) = delete;

  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) override;
  rare_split split() const override;
  std::size_t rare_count() const override;

  // Between chunks: notices a worker's stop while no heap is being settled.
  void poll();

  const octal_figures& figures() const noexcept;

  struct state;

private:
  std::unique_ptr<state> state_;
};

// Ends the workers of a run that fails before an octal_master was made (a checkpoint that
// cannot be read): they are waiting for rank 0 in octal_worker.
void release_octal_workers(MPI_Comm comm = MPI_COMM_WORLD);

// A worker's part of the run: returns once the master ends it. `stop` is this process's signal
// flag: the worker passes the stop on to the master, with reason() (its signal), and the master
// ends every rank.
void octal_worker(const std::atomic<bool>* stop, std::function<int()> reason, MPI_Comm comm = MPI_COMM_WORLD);

} // namespace grundy::distributed
