#pragma once
// Exploration and labelling of one game graph by the processes (ranks) of an MPI job together,
// none of which holds the whole graph. Link grundy::grundy_mpi (built with -DGRUNDY_MPI=ON).
//
//   grundy::distributed::environment mpi(argc, argv);
//   const auto solved = grundy::distributed::solve(game, start);
//   if (mpi.rank() == 0) print(solved.statistics); // the same figures as grundy::solve
//
// The pieces, each usable alone: distributed/environment.hpp (MPI itself), errors.hpp,
// codec.hpp (states on the wire), options.hpp (options and results), graph.hpp (the
// distributed graph) and solve.hpp.

#include <grundy/distributed/codec.hpp>
#include <grundy/distributed/environment.hpp>
#include <grundy/distributed/errors.hpp>
#include <grundy/distributed/graph.hpp>
#include <grundy/distributed/octal.hpp>
#include <grundy/distributed/options.hpp>
#include <grundy/distributed/solve.hpp>
