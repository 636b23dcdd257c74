#!/usr/bin/env python3
"""The default thread count of `grundy octal` against one and two threads, on a sample of codes.

    bench/bench_octal_threads.py [GRUNDY] [--runs N] [--codes 0.6,0.106,...] [--values M]
                                 [--load K]

For each code, N rounds (5) each run the three settings once, in an order that turns round by
round (so that a drift of the machine falls on all three), as whole processes:
`grundy octal CODE --max M --keep-going [--threads T] --format json -q`. Printed per code: the
median wall seconds of each setting, the median CPU seconds, and the default's median over the
faster of the other two (1.00: as fast as the better fixed choice). The sample spans few and many
rare heaps, one to four digits, and a hexadecimal code (whose three-heap moves leave the sparse
engine, and with it the second thread, out).

--values M runs every code to M values (and lets --codes name codes outside the sample).
--load K starts K busy processes (a loop each) before the first run and ends them after the
last: the machine shared with other work. Then the line of each code also gives the default and
two threads over one thread (the engine should set its second thread aside while the cores are
busy: at most 1.25 on two cores beside one busy process).
"""

import json
import resource
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

# code, values, what it stands for
SAMPLE = [
    ("0.6", 4_000_000, "Officers: 1,583 rare heaps"),
    ("0.106", 20_000_000, "15 rare heaps, 3 digits"),
    ("0.1626", 10_000_000, "27 rare heaps, 4 digits"),
    ("0.166", 3_000_000, "175 rare heaps, 3 digits"),
    ("0.1046", 4_000_000, "208 rare heaps, 4 digits"),
    ("0.1666", 1_500_000, "718 rare heaps, 4 digits"),
    ("0.146", 600_000, "5,816 rare heaps, 3 digits"),
    ("0.007", 300_000, "22,441 rare heaps, 3 digits"),
    ("0.F6", 6_000, "hexadecimal: naive steps"),
]


def run(grundy, code, values, threads):
    args = [grundy, "octal", code, "--max", str(values), "--keep-going", "--format", "json", "-q"]
    if threads:
        args += ["--threads", str(threads)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(out)


def main():
    args = sys.argv[1:]
    grundy = str(Path(__file__).resolve().parent.parent / "build/apps/grundy")
    runs = 5
    wanted = None
    values_asked = None
    load = 0
    while args:
        a = args.pop(0)
        if a == "--runs":
            runs = int(args.pop(0))
        elif a == "--codes":
            wanted = args.pop(0).split(",")
        elif a == "--values":
            values_asked = int(args.pop(0))
        elif a == "--load":
            load = int(args.pop(0))
        else:
            grundy = a
    sample = SAMPLE
    if wanted:
        known = {s[0]: s for s in SAMPLE}
        if values_asked is None and any(c not in known for c in wanted):
            sys.exit("bench_octal_threads.py: codes outside the sample need --values")
        sample = [known.get(c, (c, 0, "")) for c in wanted]
    if values_asked is not None:
        sample = [(c, values_asked, what) for c, _, what in sample]
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(load)]
    try:
        measure(grundy, runs, sample, load)
    finally:
        for p in busy:
            p.send_signal(signal.SIGTERM)
            p.wait()


def measure(grundy, runs, sample, load):
    settings = [("default", 0), ("1 thread", 1), ("2 threads", 2)]
    print(f"{'code':8} {'values':>11}  {'default':>15} {'1 thread':>15} {'2 threads':>15}  {'default/best':>12}  sample")
    worst = 0.0
    for code, values, what in sample:
        walls = {name: [] for name, _ in settings}
        cpus = {name: [] for name, _ in settings}
        run(grundy, code, min(values, 100_000), 0)  # warm-up: the binary and the page cache
        for r in range(runs):
            order = settings[r % 3 :] + settings[: r % 3]
            for name, threads in order:
                wall, cpu, answer = run(grundy, code, values, threads)
                walls[name].append(wall)
                cpus[name].append(cpu)
        med = {name: statistics.median(w) for name, w in walls.items()}
        cpu = {name: statistics.median(c) for name, c in cpus.items()}
        ratio = med["default"] / min(med["1 thread"], med["2 threads"])
        worst = max(worst, ratio)
        cells = "".join(f" {med[n]:7.2f}s/{cpu[n]:5.2f}c" for n, _ in settings)
        over_one = ""
        if load:
            one = med["1 thread"]
            over_one = f"  default/1 {med['default'] / one:.2f}, 2/1 {med['2 threads'] / one:.2f}"
        print(f"{code:8} {values:>11,} {cells}  {ratio:12.3f}  {what}{over_one}")
    print(f"median of {runs} runs each, wall seconds / CPU seconds; the default is at most "
          f"{100 * (worst - 1):+.1f}% from the faster fixed choice"
          + (f"; {load} busy process{'es' if load > 1 else ''} beside" if load else ""))


if __name__ == "__main__":
    main()
