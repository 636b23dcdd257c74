#!/usr/bin/env bash
# Installs what is missing, then configures and builds everything in Release under build/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The distributed explorer (grundy graph under mpirun) whenever MPI is there, which setup.sh
# installs; -DGRUNDY_MPI=OFF among the arguments still turns it off.
mpi=()
if command -v mpicxx >/dev/null; then mpi=(-DGRUNDY_MPI=ON); fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${mpi[@]}" "$@" >/dev/null
cmake --build build -j"$(nproc)"
