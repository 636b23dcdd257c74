"""grundy.solve on the built-in games: the figures against the CLI's JSON and against facts
known independently (the seed's table, Bouton's theorem, Moore's theorem)."""

import functools
import json
import shutil

import numpy
import pytest

import grundy
from conftest import without_timings


def xor(heaps):
    return functools.reduce(lambda a, b: a ^ b, heaps, 0)


@pytest.mark.parametrize(
    "game, args",
    [
        (lambda: grundy.Tablettes(3, 3), ["graph", "tablettes", "--colors", "3", "--tablets", "3"]),
        (lambda: grundy.Tablettes(2, [2, 3]), ["graph", "tablettes", "--tablets", "2,3"]),
        (lambda: grundy.Tablettes(4, 2, symmetry=True), ["graph", "tablettes", "-c", "4", "-n", "2", "--symmetry"]),
        (lambda: grundy.Nim([3, 4, 5]), ["graph", "nim", "3", "4", "5"]),
        # Octal makes a Heap: its head is the heap game's, its figures the octal game's too.
        (lambda: grundy.Octal("0.07", [10, 7]), ["graph", "heap", "0.07", "10", "7"]),
        (lambda: grundy.Heap("S(1,3,4)", [10, 7]), ["graph", "heap", "S(1,3,4)", "10", "7"]),
        (lambda: grundy.Moore(2, [3, 4, 5]), ["graph", "moore", "2", "3", "4", "5"]),
    ],
)
def test_solve_matches_the_cli_json(game, args, cli):
    expected = cli(*args)
    r = grundy.solve(game())
    assert r.vertices == expected["vertices"]
    assert r.edges == expected["edges"]
    assert r.terminals == expected["terminals"]
    assert r.depth == expected["depth"]
    assert r.grundy == expected["grundy"]
    assert r.outcome == expected["outcome"]
    assert r.max_value == expected["max_value"]
    assert r.value_counts == expected["value_counts"]
    assert r.classes == expected.get("classes")
    assert r.class_edges == expected.get("class_edges")
    # statistics_json() is the very JSON of the CLI, timings aside.
    assert without_timings(json.loads(r.statistics_json())) == without_timings(expected)


def test_the_seed_table():
    # The seed's table gives C=3, N=4: 4220 positions and 23487 moves; its C=2, N=2 graph has 12
    # positions, 16 moves and 4 terminal positions.
    r = grundy.solve(grundy.Tablettes(3, 4))
    assert (r.vertices, r.edges) == (4220, 23487)
    r = grundy.solve(grundy.Tablettes(2, 2))
    assert (r.vertices, r.edges, r.terminals, r.depth) == (12, 16, 4, 4)
    assert r.state(0) == [(0, 1), (0, 1), (1, 1), (1, 1)]
    # The seed's terminal positions: [[0,3],[1,1]], [[0,1],[1,3]], [[0,4]], [[1,4]].
    terminals = sorted(r.state(v) for v in range(len(r)) if not r.successors(v))
    assert terminals == sorted([[(0, 3), (1, 1)], [(0, 1), (1, 3)], [(0, 4)], [(1, 4)]])


def test_every_vertex_of_nim_has_the_xor_of_its_heaps():
    r = grundy.solve(grundy.Nim([3, 5, 6]))
    values = r.values
    assert isinstance(values, numpy.ndarray) and values.dtype == numpy.uint32
    assert not values.flags.writeable
    assert len(values) == len(r) == r.vertices
    for v, heaps in enumerate(r.states()):
        assert values[v] == xor(heaps)
    assert r.state(0) == [3, 5, 6]


def test_values_are_the_mex_of_the_successors():
    r = grundy.solve(grundy.Tablettes(3, 3))
    values = r.values
    for v in range(len(r)):
        seen = {int(values[w]) for w in r.successors(v)}
        mex = next(g for g in range(len(seen) + 1) if g not in seen)
        assert values[v] == mex
    assert sum(len(r.successors(v)) for v in range(len(r))) == r.edges


def test_successors_are_the_game_moves():
    game = grundy.Tablettes(2, 2)
    r = grundy.solve(game)
    for v in range(len(r)):
        assert sorted(r.state(w) for w in r.successors(v)) == sorted(game.moves(r.state(v)))


def test_moore_p_positions_follow_moores_theorem():
    # Moore (1910): P exactly when every binary column holds a multiple of k + 1 ones.
    k = 2
    r = grundy.solve(grundy.Moore(k, [5, 6, 7]))
    for v, heaps in enumerate(r.states()):
        columns = [sum((h >> bit) & 1 for h in heaps) for bit in range(4)]
        assert (r.values[v] == 0) == all(c % (k + 1) == 0 for c in columns)


def test_threads_do_not_change_the_result():
    one = grundy.solve(grundy.Tablettes(4, 2), threads=1)
    two = grundy.solve(grundy.Tablettes(4, 2), threads=2)
    assert list(one.values) == list(two.values)
    assert one.states() == two.states()


def test_dot_networkx_and_drawing(tmp_path):
    r = grundy.solve(grundy.Tablettes(2, 2))
    dot = r.to_dot()
    assert dot.startswith("digraph")
    assert dot.count("->") == r.edges
    assert "[[0,1],[0,1],[1,1],[1,1]]\\ng=1" in dot
    r.to_dot(str(tmp_path / "g.dot"))
    assert (tmp_path / "g.dot").read_text() == dot
    r.export(str(tmp_path / "g.gv"))
    assert (tmp_path / "g.gv").read_text() == dot

    g = r.to_networkx()
    assert g.number_of_nodes() == r.vertices and g.number_of_edges() == r.edges
    assert g.nodes[0]["grundy"] == r.grundy and g.nodes[0]["state"] == r.format(0)
    assert sorted(g.successors(0)) == sorted(r.successors(0))

    if shutil.which("dot"):
        svg = r._repr_svg_()
        assert svg is not None and "<svg" in svg
        r.export(str(tmp_path / "g.svg"))
        assert "<svg" in (tmp_path / "g.svg").read_text()
    # Large graphs do not draw themselves.
    assert grundy.solve(grundy.Tablettes(3, 3))._repr_svg_() is None


def test_results_without_numpy(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    r = grundy.solve(grundy.Nim([1, 2]))
    assert isinstance(r.values, list) and r.values == [xor(s) for s in r.states()]
    assert isinstance(grundy.octal_sequence("0.07", max=10).values, list)


def test_game_objects():
    t = grundy.Tablettes(2, [1, 2])
    assert t.colors == 2 and t.tablets == [1, 2] and not t.symmetry
    assert t.start == [(0, 1), (1, 1), (1, 1)]
    assert t.format() == "[[0,1],[1,1],[1,1]]"
    assert repr(t) == "Tablettes(2, 1,2)"
    assert grundy.Nim(7).start == [7]
    assert grundy.Nim([0, 4, 2]).start == [2, 4]
    assert grundy.Octal(".7", [3]).code == "0.7"
    assert grundy.Moore(3, [1]).k == 3
    assert "successors(state)" in grundy.solve.__doc__


def test_the_module_tested_is_the_one_meant():
    import os

    if os.environ.get("GRUNDY_INSTALLED"):
        assert "/installed/lib/python" in grundy.__file__
    assert grundy.__version__.count(".") == 2
