#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the build needs and the machine lacks.
# Safe to run again: packages already present are left alone.
set -euo pipefail

packages=(
  build-essential cmake
  # a compiler cache, used by the build when present: rebuilds compile only what changed
  ccache
  # Boost's headers hold Beast and Asio, grundy serve's HTTP server
  libboost1.81-dev libboost-graph1.81-dev libboost-json1.81-dev libboost-test1.81-dev
  libfmt-dev libcli11-dev
  # GraphML files are read by expat, a streaming XML parser
  libexpat1-dev
  graphviz
  # the Python module (python/) and its tests; networkx also loads grundy's GraphML exports
  python3-dev pybind11-dev python3-pybind11 python3-pytest python3-numpy python3-networkx
  # the Debian package's test reads its man page
  man-db
  # pip install . in a venv, from Debian's setuptools and wheel (pyproject.toml, setup.py)
  python3-venv python3-pip python3-setuptools python3-wheel
  # docs/tutorial.ipynb, executed by the test suite with Debian's Jupyter (jupyter-nbconvert;
  # Debian's jupyter-core, the `jupyter` command, would pull in Boost 1.74's headers)
  python3-nbconvert jupyter-nbconvert python3-ipykernel python3-matplotlib
  openmpi-bin libopenmpi-dev
  # grundy serve's browser test: a real headless browser driven through WebDriver
  chromium chromium-driver python3-selenium
  # scripts/check-sanitizers.sh and scripts/fuzz.sh: clang, its sanitizer and libFuzzer
  # runtimes, and llvm-symbolizer for readable reports.
  clang-14 libclang-rt-14-dev llvm-14
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  # libboost1.81-dev and libboost1.74-dev cannot be installed together.
  if dpkg-query -W -f='${Status}' libboost1.74-dev 2>/dev/null | grep -q 'install ok installed'; then
    $sudo apt-get remove -y -qq libboost1.74-dev
  fi
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
