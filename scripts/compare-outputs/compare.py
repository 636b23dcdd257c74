#!/usr/bin/python3
"""Runs the same commands with two grundy builds and reports every difference in what they print
and write; scripts/compare-outputs.sh describes it."""
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TIMEOUT = 60
CORPUS = ROOT / "tests/fuzz/graph_readers"

# The graph files the test suite's cases (cli-cases.txt) read, as tests/test_cli_loopy.cpp has them.
FIXTURES = {"g.txt": "a b\nb a\nb c\nc d\ne f\nf e\nf d\n",
            "n.txt": "a b\nb a\nb c\nc d\ne f\nf e\nf d\nd a\nc c\n",
            "x.dot": "digraph { a -> b; b -> a; b -> c; c -> d; }", "u.dot": "graph { a -- b; b -- c }",
            "empty.txt": "# none\n", "bad.dot": "digraph { a -> ", "bad.graphml": "<graphml><graph>",
            "sub/.keep": ""}


def pages():
    return [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))


def doc_cases():
    """Every "$ grundy ..." or "$ ... | grundy ..." line of a fenced block, as scripts/docs.sh finds
    them; other fenced lines running grundy (mpirun, a build first) are skipped."""
    cases, skips = [], []
    for page in pages():
        fence = False
        for n, line in enumerate(page.read_text().splitlines(), 1):
            where = f"{page.relative_to(ROOT)}:{n}"
            if re.match(r"\s*```", line):
                fence = not fence
            elif fence and re.match(r"\$ (grundy( |$)|.*\| *grundy( |$))", line):
                cases.append((where, line[2:]))
            elif fence and re.match(r"(\$ )?(mpirun|srun|scripts/build.sh).*grundy", line):
                skips.append(f"{where}: {line.strip()} (needs MPI or a build)")
    return cases, skips


def python_cases():
    """The Python blocks of each page, in order, as one script (later blocks use earlier names),
    then probe.py."""
    cases = []
    for page in pages():
        blocks = re.findall(r"^```python\n(.*?)^```", page.read_text(), re.M | re.S)
        if blocks:
            script = "import grundy\n" + "".join(blocks)
            command = f"/usr/bin/python3 - <<'EOF'\n{script}EOF"
            cases.append((f"{page.relative_to(ROOT)} (python)", command))
    return cases + [("python probe.py", f"/usr/bin/python3 {HERE}/probe.py")]


def corpus_name(f):
    kind = f.name.split("_")[0]
    return f.name + (".dot" if kind == "dot" else ".graphml" if kind == "graphml" else ".txt")


def test_cases():
    cases = []
    for n, line in enumerate((HERE / "cli-cases.txt").read_text().splitlines(), 1):
        if line and not line.startswith("#"):
            whole = re.match(r"(grundy |.*\| *grundy )", line)
            cases.append((f"cli-cases.txt:{n}", line if whole else f"grundy {line}"))
    for f in sorted(CORPUS.iterdir()):
        start = "--start x --undirected" if "undirected" in f.name else "--start a"
        for command in ("graph", "hint"):
            extra = "--format json" if command == "graph" else "--all"
            file = f"corpus/{corpus_name(f)}"
            cases.append((f"corpus {f.name}", f"grundy {command} digraph {file} {start} {extra}"))
    return cases


def prepare(work, fixtures):
    if work.exists():
        shutil.rmtree(work)
    (work / "docs/pictures").mkdir(parents=True)  # for "--dot docs/pictures/NAME.dot", as in docs.sh
    if not fixtures:
        return
    for name, text in FIXTURES.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    (work / "corpus").mkdir()
    for f in CORPUS.iterdir():  # the fuzz target's first byte chooses the format; the rest is the file
        (work / "corpus" / corpus_name(f)).write_bytes(f.read_bytes()[1:])


def snapshot(folder):
    return {p: hashlib.sha1(p.read_bytes()).hexdigest() for p in folder.rglob("*") if p.is_file()}


def run_build(build, groups, out, work):
    """Runs every case with one build into out/NNN/: command, stdout, stderr, status, and files/
    (each file the command created or changed in its folder)."""
    (out / "bin").mkdir(parents=True)
    os.symlink(build / "apps/grundy", out / "bin/grundy")
    env = dict(os.environ, PATH=f"{out / 'bin'}:{os.environ['PATH']}", PYTHONPATH=str(build / "python"),
               LC_ALL="C.UTF-8")
    slow, number = [], 0
    for shared, cases in groups:
        prepare(work, not shared)
        for name, command in cases:
            number += 1
            case = out / f"{number:03d}"
            case.mkdir()
            (case / "command").write_text(f"{name}: {command}\n")
            if not shared:
                prepare(work, True)
            before, start = snapshot(work), time.monotonic()
            proc = subprocess.Popen(["bash", "-c", command], cwd=work, env=env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
            try:
                stdout, stderr = proc.communicate(timeout=TIMEOUT)
                status = str(proc.returncode)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                stdout, stderr = proc.communicate()
                status = "timeout"
            if time.monotonic() - start > 20:
                slow.append(f"{name}: {time.monotonic() - start:.0f} s with {build}")
            (case / "stdout").write_bytes(stdout)
            (case / "stderr").write_bytes(stderr)
            (case / "status").write_text(status + "\n")
            for path, digest in snapshot(work).items():
                if before.get(path) != digest:
                    target = case / "files" / path.relative_to(work)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target)
    return slow


# What changes from run to run, and nothing else: timings and memory figures (progress lines are
# only drawn on a terminal).
JSON_KEYS = re.compile(rb'("[a-z_]*(?:seconds|memory|bytes|rss)[a-z_]*": ?)-?[0-9][0-9.e+-]*')
TEXT_LINES = re.compile(rb"^((?:time|peak memory) {2,}|seconds )(.*)$", re.M)  # text reports; checkpoints
SECONDS = re.compile(rb"\b[0-9]+\.[0-9]+ s\b")  # "G(0..191) in 0.000 s", "in 2 levels, 0.000 s"
MEMORY = re.compile(rb"\b[0-9.]+ [KMGT]?B of memory")
NUMBER = re.compile(rb"[0-9]+(?:\.[0-9]+)?")
MASK = b"<masked>"


def mask_tables(data):
    """The "seconds" column of Markdown and CSV tables, from a header naming it to a line that is
    no row of the same table."""
    lines, column, sep = data.split(b"\n"), None, None
    for i, line in enumerate(lines):
        kind = b"|" if line.startswith(b"|") else b"," if b"," in line else None
        cells = [c.strip() for c in line.split(kind)] if kind else []
        if b"seconds" in cells:
            column, sep = cells.index(b"seconds"), kind
        elif column is not None and kind == sep and len(cells) > column:
            if re.fullmatch(rb"[0-9]+\.[0-9]+", cells[column]):
                parts = line.split(sep)
                parts[column] = parts[column].replace(cells[column], MASK)
                lines[i] = sep.join(parts)
        else:
            column = sep = None
    return b"\n".join(lines)


def mask_checkpoint(data):
    """A checkpoint ends with the FNV-1a hash of all above it, its seconds line included: a right
    hash is masked (what it covers is compared, the seconds masked), a wrong one kept."""
    m = re.fullmatch(rb"(grundy-octal-checkpoint .*)end ([0-9a-f]{16})\n", data, re.S)
    if not m:
        return data
    h = 0xCBF29CE484222325
    for byte in m.group(1):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return m.group(1) + b"end <masked: right hash>\n" if m.group(2) == b"%016x" % h else data


def mask(data):
    data = mask_checkpoint(data)
    data = JSON_KEYS.sub(rb"\1" + MASK, data)
    data = TEXT_LINES.sub(lambda m: m.group(1) + NUMBER.sub(MASK, m.group(2)), data)
    data = SECONDS.sub(MASK + b" s", data)
    data = MEMORY.sub(MASK + b" of memory", data)
    return mask_tables(data)


def main():
    builds = [Path(a).resolve() for a in sys.argv[1:]]
    for b in builds:
        if not os.access(b / "apps/grundy", os.X_OK) or not list((b / "python").glob("grundy*.so")):
            print(f"compare-outputs: {b} has no apps/grundy or python/grundy*.so", file=sys.stderr)
            return 2
    docs, skips = doc_cases()
    # The docs' commands share one folder, as a reader's shell does (--resume reads what
    # --checkpoint wrote); every other case starts afresh from the fixtures.
    groups = [(True, docs), (False, test_cases()), (False, python_cases())]
    top = Path(tempfile.mkdtemp(prefix="grundy-compare."))
    began, slow = time.monotonic(), []
    for side, build in zip(("old", "new"), builds):
        # Both builds run in the same folder, so that paths in messages are the same.
        slow += run_build(build, groups, top / "raw" / side, top / "work")
        for f in (top / "raw" / side).rglob("*"):
            if f.is_file() and not f.is_symlink():
                target = top / side / f.relative_to(top / "raw" / side)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(f.read_bytes() if f.name == "command" else mask(f.read_bytes()))
    total, differ = sum(len(c) for _, c in groups), 0
    for n in range(1, total + 1):
        old, new = f"old/{n:03d}", f"new/{n:03d}"
        name = (top / old / "command").read_text().splitlines()[0]
        if (top / old / "status").read_text() == (top / new / "status").read_text() == "timeout\n":
            skips.append(f"{name} (over {TIMEOUT} s with both builds)")
            continue
        diff = subprocess.run(["diff", "-ru", old, new], cwd=top, capture_output=True, text=True,
                              errors="replace")
        if diff.returncode != 0:
            differ += 1
            print(f"=== differs: {name}\n{diff.stdout}{diff.stderr}")
    print("".join(f"skipped: {s}\n" for s in skips) + "".join(f"slow: {s}\n" for s in slow), end="")
    counts = f"{len(docs)} from the docs, {len(groups[1][1])} from the tests, {len(groups[2][1])} in Python"
    print(f"compare-outputs: {total} commands ({counts}), {differ} differ, {len(skips)} skipped, "
          f"{time.monotonic() - began:.0f} s")
    if differ:
        print(f"compare-outputs: outputs kept in {top} (old/ and new/ masked, raw/ as printed)")
    else:
        shutil.rmtree(top)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
