#pragma once
// What a distributed computation is asked to do, and what it reports.

#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/statistics.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace grundy::distributed {

enum class labelling_method {
  automatic,  // by levels for graded games, by propagation for the others
  by_levels,  // graded games only: the deepest level first, each asking the level below
  propagation // any game: from the terminal positions up, each position once its moves are known
};

struct options {
  // max_states counts the positions of all ranks together; max_memory is each rank's budget
  // (0: none); keep_edges = false keeps no edges (graded games), and labelling regenerates
  // the moves; progress is called on rank 0 with the figures of all ranks; stop is checked
  // on every rank, and stops all of them. threads is not used: run one rank per core.
  build_options build;
  labelling_method labelling = labelling_method::automatic;
  // Also label misère outcomes (solve only).
  bool misere = false;
  // Bytes of states each rank sends in one exchange, at most (one state more): the memory in
  // flight per rank is a few times this.
  std::size_t exchange_bytes = std::size_t{16} << 20;
};

// One rank's share of the work.
struct rank_figures {
  std::uint64_t rank = 0;
  std::uint64_t states = 0;         // vertices it owns
  std::uint64_t edges = 0;          // edges out of them
  std::uint64_t bytes_sent = 0;     // to other ranks
  std::uint64_t bytes_received = 0; // from other ranks
  std::uint64_t exchanges = 0;      // all-to-all exchanges it took part in
  std::uint64_t peak_memory_bytes = 0;
  double mpi_seconds = 0; // in MPI calls: moving data, and waiting for the other ranks
};

struct solution {
  graph_statistics statistics; // the same on every rank; peak_memory_bytes is the largest rank's
  bool misere = false;         // whether the misère figures were computed
  outcome misere_start = outcome::n;
  std::uint64_t misere_p_positions = 0; // positions lost by the player to move, under misère play
  std::vector<rank_figures> ranks;      // every rank's, on every rank
};

} // namespace grundy::distributed
