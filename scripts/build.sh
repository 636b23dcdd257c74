#!/usr/bin/env bash
# Installs what is missing, then configures in Release under build/ and builds the tool (with
# grundy serve's page) and the Python module. With --tests, builds everything: the tests, the
# examples, the benchmarks, the fuzz targets' corpus replays and, with MPI, grundy-mpi.
# Other arguments go to CMake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
targets=(--target grundy_tools)
args=()
for arg in "$@"; do
  if [ "$arg" = --tests ]; then targets=(); else args+=("$arg"); fi
done
# The distributed explorer (grundy graph under mpirun) whenever MPI is there, which setup.sh
# installs; -DGRUNDY_MPI=OFF among the arguments still turns it off. Both builds configure the
# same way, so that --tests after a first build only adds what it adds.
mpi=()
if command -v mpicxx >/dev/null; then mpi=(-DGRUNDY_MPI=ON); fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${mpi[@]}" "${args[@]}" >/dev/null
cmake --build build -j"$(nproc)" "${targets[@]}"
