#!/bin/bash
# A game added as docs/architecture.md says (its rules under lib/include/grundy/games/<name>/,
# its entry under lib/include/grundy/io/games/<name>/ and one line in the list of built-in games)
# works in every command, in Python and in the web server with no other change: a copy of the
# sources gets Lasker's Nim (tests/toy_game/lasker) that way, its tool and module are built, and
# each front end is checked against the game's values in closed form.
#   check.sh SOURCE_DIR WORK_DIR [PYTHON]
set -euo pipefail
source_dir=$1
work=$2
python=${3:-python3}

rm -rf "$work"
mkdir -p "$work/src"
cp -r "$source_dir"/{CMakeLists.txt,cmake,lib,apps,web,python} "$work/src/"
# The rules (core), the entry (io), and the line in the list (with its #include).
mkdir -p "$work/src/lib/include/grundy/games/lasker" "$work/src/lib/include/grundy/io/games/lasker"
cp "$source_dir/tests/toy_game/lasker/rules.hpp" "$work/src/lib/include/grundy/games/lasker/"
cp "$source_dir/tests/toy_game/lasker/entry.hpp" "$work/src/lib/include/grundy/io/games/lasker/"
list=$work/src/lib/include/grundy/io/games/builtin.hpp
sed -i 's|#include <grundy/io/games/registry.hpp>|#include <grundy/io/games/lasker/entry.hpp>\n&|' "$list"
sed -i 's|_entry>;|_entry, lasker_entry>;|' "$list"
grep -q 'lasker_entry>;' "$list" || { echo "the list of built-in games has changed shape: update this test"; exit 1; }

# The copy builds in src/build, as the sources build in build/, and ccache's base_dir is the
# original sources' folder: the units the new game does not touch are then the main build's.
build=$work/src/build
cmake -S "$work/src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGRUNDY_BUILD_TESTS=OFF \
  -DGRUNDY_BUILD_EXAMPLES=OFF -DGRUNDY_BUILD_BENCH=OFF -DGRUNDY_MPI=OFF -DGRUNDY_PYTHON=ON \
  -DGRUNDY_CCACHE_BASEDIR="$source_dir" -DPython3_EXECUTABLE="$(command -v "$python")" >"$work/configure.log"
cmake --build "$build" -j2 --target grundy_cli grundy_python >"$work/build.log" 2>&1 ||
  { tail -30 "$work/build.log"; exit 1; }
grundy=$build/apps/grundy
cd "$work"

fail() { echo "FAILED: $*"; exit 1; }
# G(n) of Lasker's Nim, from the closed form.
value() { local n=$1; case $((n % 4)) in 3) echo $((n + 1)) ;; 0) [ "$n" -eq 0 ] && echo 0 || echo $((n - 1)) ;; *) echo "$n" ;; esac; }

# graph: one heap's value is the start's, and the statistics name the game.
for n in 1 2 3 4 5 6 7 8 11 12; do
  got=$("$grundy" graph lasker "$n" --format json | "$python" -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
  [ "$got" = "$(value "$n")" ] || fail "graph lasker $n: value $got, not $(value "$n")"
done
"$grundy" graph lasker 3,4,5 | grep -q '^game  *lasker$' || fail "graph lasker 3,4,5 names the game"
# hint: G(2) ^ G(3) ^ G(6) = 2 ^ 4 ^ 6 = 0, a P-position; 3 4 is an N-position.
"$grundy" hint lasker 2 3 6 | grep -q '^outcome   P' || fail "hint lasker 2 3 6 is P"
"$grundy" hint lasker 3 4 | grep -q '^outcome   N' || fail "hint lasker 3 4 is N"
"$grundy" hint lasker 3 4 --misere >/dev/null || fail "hint lasker --misere"
# play: a whole game against the computer, the person typing moves in the heap notation.
printf '5>2+3\n3>0\n2>0\n2>1\n1>0\n1>0\n1>0\nquit\n' | "$grundy" play lasker 5 --opponent random --seed 1 >play.txt 2>&1 || true
grep -q "^lasker, normal play" play.txt || fail "play lasker 5 names the game: $(head -3 play.txt)"
grep -q "move to \[2,3\]" play.txt || fail "play lists the split moves"
grep -q "^Position \[2,3\]:" play.txt || fail "play reads a split typed as 5>2+3"
# --export: the labelled graph, read back.
"$grundy" graph lasker 7 --export lasker.json >/dev/null
"$python" - <<'PY' || fail "graph lasker 7 --export"
import json
graph = json.load(open("lasker.json"))
start = graph["vertices"][0]
assert start["state"] == "[7]" and start["grundy"] == 8, start
PY
# A mistake in the game's words, in the tool's words.
"$grundy" hint lasker 2>err.txt && fail "hint lasker without heaps is refused"
grep -q 'give at least one heap size, as in: grundy hint lasker 3 4 5' err.txt || fail "message: $(cat err.txt)"

# Python: the class from the entry, solve, hint, moves and an export.
PYTHONPATH=$build/python "$python" - <<'PY' || fail "Python"
import grundy
def value(n):
    return 0 if n == 0 else {1: n, 2: n, 3: n + 1, 0: n - 1}[n % 4]
for n in range(1, 13):
    r = grundy.solve(grundy.Lasker(n))
    assert r.grundy == value(n), (n, r.grundy)
game = grundy.Lasker([2, 3, 6])
assert game.start == [2, 3, 6]
assert grundy.hint(game).outcome == "P"
h = grundy.hint(grundy.Lasker(3, 4))
assert h.outcome == "N" and h.moves, h
assert [1, 1] in grundy.Lasker(2).moves() and [1] in grundy.Lasker(2).moves()
grundy.solve(grundy.Lasker(6)).export("lasker.graphml")
assert "<graphml" in open("lasker.graphml").read()
try:
    grundy.Lasker()
    raise SystemExit("Lasker() without heaps was accepted")
except ValueError as e:
    assert "grundy.Lasker(3, 4, 5)" in str(e), e
try:
    grundy.Lasker(3, k=2)
    raise SystemExit("an unknown parameter was accepted")
except TypeError:
    pass
print("python ok")
PY
# The web server: the game by name in the API, its answers those of the tool.
"$grundy" serve --port 0 >serve.txt 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q 'serving on' serve.txt && break; sleep 0.1; done
address=$(grep -o 'http://[^ ]*' serve.txt) || fail "grundy serve printed no address: $(cat serve.txt)"
"$python" - "$address" "$grundy" <<'PY' || fail "the web server"
import json, subprocess, sys, urllib.request
address, grundy = sys.argv[1], sys.argv[2]
def get(path):
    with urllib.request.urlopen(address + path) as reply:
        return json.load(reply)
def strip(d):
    return {k: v for k, v in d.items() if "seconds" not in k and "memory" not in k}
web = get("api/graph?game=lasker&position=3+4+5")
cli = json.loads(subprocess.run([grundy, "graph", "lasker", "3", "4", "5", "--format", "json"],
                                capture_output=True, text=True, check=True).stdout)
assert strip(web) == strip(cli), (web, cli)
hint = get("api/hint?game=lasker&position=2+3+6")
assert hint["game"] == "lasker" and hint["outcome"] == "P", hint
lasker = next(g for g in get("api/games")["games"] if g["name"] == "lasker")
assert (lasker["title"], lasker["board"]) == ("Lasker's Nim", "heaps"), lasker
assert [(f["name"], f["example"]) for f in lasker["fields"]] == [("heaps", "3 4 5")], lasker
print("web ok")
PY
kill "$server"
# The web page: the game in its menu, its form made from the entry, drawn as heaps and played
# (skipped, status 77, where no browser is installed).
status=0
"$python" "$source_dir/web/tests/browser/run_browser.py" "$grundy" --only games_list,fields >browser.txt 2>&1 || status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 77 ] || fail "the web page: $(tail -5 browser.txt)"

echo "lasker: graph, hint, play, --export, Python and the web server all work"
