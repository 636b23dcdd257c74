#!/usr/bin/env bash
# The Debian package (scripts/package-deb.sh), unpacked with dpkg-deb -x into a folder: its tool
# runs, its man page renders and names every command, its bash completion knows the commands,
# its Python module imports in Debian's python3, and the outside project tests/consumer builds
# and runs against its headers and CMake package.
# Arguments: the source folder, the package's build folder (at the main build folder's depth,
# where a compiler cache with a base_dir finds the main build's objects), a scratch folder
# (emptied first), the C++ compiler.
set -euo pipefail
source=$1 build=$2 work=$3 cxx=$4
rm -rf "$work"
mkdir -p "$work"
deb=$("$source/scripts/package-deb.sh" "$build" | tail -1)
dpkg-deb --info "$deb" | grep -E '^ (Package|Version|Depends):'
root=$work/root
dpkg-deb -x "$deb" "$root"
usr=$root/usr
fail() { echo "debian package: $*" >&2; exit 1; }

table=$("$usr/bin/grundy" table --colors 2 --quiet)
grep -q '^| 2 | 4 | 133 | 386 | 8 | 8 |' <<<"$table" || fail "grundy table --colors 2 printed: $table"
"$usr/bin/grundy" serve --help | grep -q -- '--port' || fail "grundy serve --help names no --port"

man=$usr/share/man/man1/grundy.1
[ -f "$man" ] || fail "no man page at ${man#"$root"}"
page=$(MANWIDTH=100 man -l "$man" 2>&1) || fail "man -l failed: $page"
commands=$("$usr/bin/grundy" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && NF {print $1}')
[ -n "$commands" ] || fail "grundy --help lists no command"
for command in $commands; do
  grep -q "grundy $command" <<<"$page" || fail "the man page does not name grundy $command"
done

completion=$usr/share/bash-completion/completions/grundy
[ -f "$completion" ] || fail "no bash completion at ${completion#"$root"}"
words=$(bash -c 'source "$1"; COMP_WORDS=(grundy se); COMP_CWORD=1; _grundy; echo "${COMPREPLY[*]}"' _ "$completion")
[ "$words" = serve ] || fail "completing 'grundy se' gave '$words'"

out=$(cd "$work" && PYTHONPATH=$usr/lib/python3/dist-packages /usr/bin/python3 -c \
  'import grundy; print(grundy.solve(grundy.Nim([3, 4, 5])).grundy, grundy.__file__)')
[[ $out == "2 $usr/lib/python3/dist-packages/grundy/__init__."* ]] || fail "the module gave: $out"
[ -f "$usr/lib/python3/dist-packages/grundy/py.typed" ] || fail "no py.typed beside the module"

cmake -S "$source/tests/consumer" -B "$work/consumer" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$usr" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >/dev/null
grep -q "^grundy_DIR:PATH=$usr/" "$work/consumer/CMakeCache.txt" || fail "the consumer did not find the package's grundy"
cmake --build "$work/consumer" >/dev/null
"$work/consumer/app"
echo "debian package: $(basename "$deb") unpacks, runs and builds the consumer"
