#!/usr/bin/env python3
"""Writes one random directed graph as an edge list, Graphviz DOT and GraphML, for timing the
graph-file readers on the same graph (bench/bench_readers.sh).

usage: make_graph_files.py OUT_DIR [--vertices N] [--edges M] [--seed S]
"""
import argparse
import pathlib
import random


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=pathlib.Path)
    parser.add_argument("--vertices", type=int, default=200_000)
    parser.add_argument("--edges", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = args.vertices
    edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(args.edges)]
    out = args.out_dir
    out.mkdir(parents=True, exist_ok=True)
    # Every vertex is named in the files, so that isolated ones are not lost in any format.
    with open(out / "graph.txt", "w") as f:
        f.writelines(f"v{v}\n" for v in range(n))
        f.writelines(f"v{u} v{v}\n" for u, v in edges)
    with open(out / "graph.dot", "w") as f:
        f.write("digraph g {\n")
        f.writelines(f"  v{v};\n" for v in range(n))
        f.writelines(f"  v{u} -> v{v};\n" for u, v in edges)
        f.write("}\n")
    with open(out / "graph.graphml", "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n'
                '  <graph id="g" edgedefault="directed">\n')
        f.writelines(f'    <node id="v{v}"/>\n' for v in range(n))
        f.writelines(f'    <edge source="v{u}" target="v{v}"/>\n' for u, v in edges)
        f.write("  </graph>\n</graphml>\n")


if __name__ == "__main__":
    main()
