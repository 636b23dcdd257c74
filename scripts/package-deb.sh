#!/usr/bin/env bash
# Builds the Debian package of grundy (cmake/package.cmake): configures a build folder of its
# own for the prefix /usr, with the Python module where Debian's python3 looks, builds the tool,
# the library and the module (no tests), and runs cpack -G DEB there. Prints the package's path.
# Usage: scripts/package-deb.sh [BUILD_FOLDER]   (default: build-deb)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-deb}
mpi=()
if command -v mpicxx >/dev/null; then mpi=(-DGRUNDY_MPI=ON); fi
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DGRUNDY_PYTHON=ON -DGRUNDY_PYTHON_INSTALL_DIR=lib/python3/dist-packages \
  -DGRUNDY_BUILD_TESTS=OFF -DGRUNDY_BUILD_EXAMPLES=OFF -DGRUNDY_BUILD_BENCH=OFF "${mpi[@]}" >/dev/null
cmake --build "$build" -j"$(nproc)"
(cd "$build" && cpack -G DEB >/dev/null)
ls "$PWD/$build"/grundy_*.deb 2>/dev/null || ls "$build"/grundy_*.deb
