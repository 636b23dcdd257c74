#pragma once
// Explore, label and measure with every rank of an MPI job: grundy::solve for a cluster.

#include <grundy/distributed/errors.hpp>
#include <grundy/distributed/graph.hpp>
#include <grundy/distributed/options.hpp>
#include <grundy/misere.hpp>

#include <mpi.h>

#include <chrono>

namespace grundy::distributed {

// Explores, labels and measures the graph reachable from `start` with every rank of `comm`,
// which all call it with the same arguments: grundy::solve for a cluster, giving the same
// statistics. Throws what the graph's members throw, and rank_failure, on the failing rank
// only, for anything that went wrong on one rank alone (see environment::abort).
template <game G>
solution solve(const G& g, const state_t<G>& start, const options& o = {}, MPI_Comm comm = MPI_COMM_WORLD) {
  graph<G> gr(g, comm, o);
  return detail::on_this_rank(gr.rank(), [&] {
    solution r;
    gr.explore(start);
    const auto t0 = std::chrono::steady_clock::now();
    auto values = gr.label(play_convention::normal);
    const double label_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.statistics = gr.statistics(values, label_seconds);
    if (o.misere) {
      values = gr.label(play_convention::misere);
      r.misere = true;
      r.misere_start = outcome_of(gr.start_label(values));
      r.misere_p_positions = gr.count_positions(values, [](grundy_value x) { return x == 0; });
    }
    r.ranks = gr.all_figures();
    return r;
  });
}

} // namespace grundy::distributed
