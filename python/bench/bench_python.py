#!/usr/bin/env python3
"""Speed of the Python module, measured against what it replaces (run from a Release build):

  PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_python.py --grundy build/apps/grundy

1. The seed's tablettes written in plain Python (its coups as successors), C=4, N=3: explored
   and labelled by grundy.solve, against the seed's own dict-and-deque breadth-first search
   (which labels nothing), in the same run; with the share of grundy.solve's time spent inside
   the user's function.
2. The built-in Tablettes(5, 3) solved from Python, against the CLI on the same game: in this
   process, and in a fresh Python process per run as the CLI runs.

Each figure is the median of --repeat runs.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import grundy  # noqa: E402
from seed_tablettes import SeedTablettes, Tuple, graphe, init  # noqa: E402


def median_time(f, repeat):
    times, last = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        last = f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), last


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--grundy", default="build/apps/grundy", help="the grundy tool")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--colors", type=int, default=4)
    parser.add_argument("--tablets", type=int, default=3)
    args = parser.parse_args()

    C, N = args.colors, args.tablets
    bfs, graph = median_time(lambda: graphe(C, N), args.repeat)
    shares = []

    def solve_seed():
        r = grundy.solve(SeedTablettes(), Tuple(init(C, N)))
        shares.append(r.user_seconds / r.seconds)
        return r

    solve, r = median_time(solve_seed, args.repeat)
    builtin = grundy.solve(grundy.Tablettes(C, N))
    assert (r.vertices, r.edges) == (builtin.vertices, builtin.edges) == (len(graph), sum(map(len, graph.values())))
    print(f"tablettes C={C}, N={N} in Python: {r.vertices} positions, {r.edges} moves")
    print(f"  pure-Python BFS (dict and deque, no values): {bfs:.3f} s")
    print(f"  grundy.solve (explored and labelled):        {solve:.3f} s  ({solve / bfs:.2f} x the BFS)")
    print(f"  inside the user's successors():              {100 * statistics.median(shares):.1f} % of grundy.solve")

    def cli():
        done = subprocess.run([args.grundy, "graph", "tablettes", "--colors", "5", "--tablets", "3", "--format", "json"],
                              capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    cli_wall, figures = median_time(cli, args.repeat)
    py_wall, r = median_time(lambda: grundy.solve(grundy.Tablettes(5, 3)), args.repeat)
    assert (r.vertices, r.edges, r.grundy) == (figures["vertices"], figures["edges"], figures["grundy"])
    cli_seconds = statistics.median(cli()["seconds"] for _ in range(args.repeat))
    # A long-lived process reuses the memory it freed, which a fresh process must first map:
    # the fair comparison with the CLI is a fresh Python process per run as well.
    child = "import grundy; print(grundy.solve(grundy.Tablettes(5, 3)).seconds)"
    fresh = statistics.median(
        float(subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONPATH=os.path.dirname(grundy.__file__))).stdout)
        for _ in range(args.repeat))
    print(f"built-in tablettes C=5, N=3: {r.vertices} positions, {r.edges} moves")
    print(f"  grundy graph (CLI), whole process:  {cli_wall:.3f} s (explore + label {cli_seconds:.3f} s)")
    print(f"  grundy.solve from Python:           {py_wall:.3f} s ({py_wall / cli_wall:.2f} x the CLI's process, "
          f"{py_wall / cli_seconds:.2f} x its explore + label)")
    print(f"  grundy.solve, fresh Python process: explore + label {fresh:.3f} s ({fresh / cli_seconds:.2f} x the CLI's)")


if __name__ == "__main__":
    main()
