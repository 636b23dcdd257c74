#!/usr/bin/env bash
# pip install . as the README gives it: a fresh venv that sees Debian's packages, Debian's
# setuptools and wheel (--no-build-isolation), no package index; the module is the build's own
# (GRUNDY_BUILD_DIR), so that this costs no compiling. Then import grundy from another folder
# with nothing on PYTHONPATH.
# Arguments: the source folder, the CMake build folder, the Python, the project's version.
set -euo pipefail
source=$1 build=$2 python=$3 version=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset PYTHONPATH
"$python" -m venv --system-site-packages "$work/venv"
GRUNDY_BUILD_DIR=$build "$work/venv/bin/pip" install --no-build-isolation --no-index --no-cache-dir \
  --quiet --disable-pip-version-check "$source"
mkdir "$work/elsewhere"
cd "$work/elsewhere"
out=$("$work/venv/bin/python" -c 'import grundy; print(grundy.__version__, grundy.solve(grundy.Nim([3,4,5])).grundy)')
if [ "$out" != "$version 2" ]; then
  echo "pip install: expected '$version 2', got '$out'" >&2
  exit 1
fi
# Installed as a package with its stubs, inside the venv.
"$work/venv/bin/python" - "$work/venv" <<'PY'
import os, sys
import grundy
package = os.path.dirname(grundy.__file__)
assert package.startswith(sys.argv[1]), grundy.__file__
assert os.path.basename(grundy.__file__).startswith("__init__."), grundy.__file__
for name in ("__init__.pyi", "py.typed"):
    assert os.path.isfile(os.path.join(package, name)), f"{name} is not installed in {package}"
assert "def solve" in open(os.path.join(package, "__init__.pyi")).read()
assert "take 1 from the heap of 2" in str(grundy.hint(grundy.Nim([1, 2])))
print("pip install: grundy", grundy.__version__, "in", package)
PY
