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
busy: at most 1.25 on two cores beside one busy process), and the last line the worst of those.
--load-after S starts the K busy processes S seconds into each run instead, and ends them with
the run: a load that comes mid-run, which a choice made at the start would miss.
"""

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
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


def busy_processes(count):
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def end(processes):
    for p in processes:
        p.send_signal(signal.SIGTERM)
        p.wait()


def run(grundy, code, values, threads, load=0, load_after=None):
    """Wall and CPU seconds of one run, and its answer; with `load_after`, `load` busy processes
    beside it from that many seconds in to its end."""
    args = [grundy, "octal", code, "--max", str(values), "--keep-going", "--format", "json", "-q"]
    if threads:
        args += ["--threads", str(threads)]
    busy = []
    # The answer goes to a file: a pipe left unread until the run ends could stall it.
    with tempfile.TemporaryFile("w+") as out:
        start = time.monotonic()
        child = subprocess.Popen(args, stdout=out)
        try:
            if load_after is not None and not wait_for(child, load_after):
                busy = busy_processes(load)
            # wait4: the run's own CPU time, not the busy processes' (children of this script too)
            _, status, usage = os.wait4(child.pid, 0)
        finally:
            end(busy)
        wall = time.monotonic() - start
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"bench_octal_threads.py: {' '.join(args)} failed")
        out.seek(0)
        return wall, usage.ru_utime + usage.ru_stime, json.load(out)


def wait_for(child, seconds):
    """Whether `child` ends within `seconds`; it is not reaped (wait4 reads its usage)."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            return True
        time.sleep(0.01)
    return False


def main():
    args = sys.argv[1:]
    grundy = str(Path(__file__).resolve().parent.parent / "build/apps/grundy")
    runs = 5
    wanted = None
    values_asked = None
    load = 0
    load_after = None
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
        elif a == "--load-after":
            load_after = float(args.pop(0))
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
    if load_after is not None and not load:
        load = 1
    busy = busy_processes(load) if load_after is None else []
    try:
        measure(grundy, runs, sample, load, load_after)
    finally:
        end(busy)


def measure(grundy, runs, sample, load, load_after):
    settings = [("default", 0), ("1 thread", 1), ("2 threads", 2)]
    print(f"{'code':8} {'values':>11}  {'default':>15} {'1 thread':>15} {'2 threads':>15}  {'default/best':>12}  sample")
    worst = 0.0
    worst_over_one = 0.0
    for code, values, what in sample:
        walls = {name: [] for name, _ in settings}
        cpus = {name: [] for name, _ in settings}
        run(grundy, code, min(values, 100_000), 0)  # warm-up: the binary and the page cache
        for r in range(runs):
            order = settings[r % 3 :] + settings[: r % 3]
            for name, threads in order:
                wall, cpu, answer = run(grundy, code, values, threads, load, load_after)
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
            worst_over_one = max(worst_over_one, med["default"] / one, med["2 threads"] / one)
        print(f"{code:8} {values:>11,} {cells}  {ratio:12.3f}  {what}{over_one}")
    print(f"median of {runs} runs each, wall seconds / CPU seconds; the default is at most "
          f"{100 * (worst - 1):+.1f}% from the faster fixed choice"
          + (f"; {load} busy process{'es' if load > 1 else ''} beside" if load else "")
          + (f" from {load_after:g} s into each run" if load_after is not None else ""))
    if load:
        print(f"with the load, the default and two threads take at most {worst_over_one:.2f} times "
              "one thread's time")


if __name__ == "__main__":
    main()
