"""Remoteness in Python: solve(..., remoteness=True), hint, and the exports, against a minimax
and a fixed point written here."""

import csv
import functools
import json

import pytest

import grundy


class Subtraction:
    """A heap from which a move takes any number of `moves` tokens."""

    def __init__(self, moves):
        self.moves = moves

    def successors(self, n):
        return [n - m for m in self.moves if m <= n]


def minimax(successors, start):
    """(won, moves left) by the definition: the winner picks the fastest win, the loser the
    slowest loss; no move left is a loss."""

    @functools.lru_cache(maxsize=None)
    def solve(p):
        options = [solve(q) for q in successors(p)]
        if not options:
            return False, 0
        wins = [left for won, left in options if not won]
        if wins:
            return True, min(wins) + 1
        return False, max(left for _, left in options) + 1

    return solve(start)


def forced_within(adjacency):
    """Remoteness on a graph with cycles: the first k at which the mover, or the opponent, can
    force the end within k moves; None for a draw."""
    lost = {v for v, ws in adjacency.items() if not ws}
    won = set()
    r = {v: 0 for v in lost}
    k = 0
    while True:
        k += 1
        new_won = won | {v for v, ws in adjacency.items() if any(w in lost for w in ws)}
        new_lost = lost | {v for v, ws in adjacency.items() if ws and all(w in won for w in ws)}
        for v in (new_won | new_lost) - set(r):
            r[v] = k
        if new_won == won and new_lost == lost:
            return {v: r.get(v) for v in adjacency}
        won, lost = new_won, new_lost


@pytest.mark.parametrize("moves", [(1, 2), (1, 3, 4), (2, 5)])
def test_a_python_game_matches_the_minimax(moves):
    game = Subtraction(moves)
    r = grundy.solve(game, 25, remoteness=True)
    for v in range(len(r)):
        won, left = minimax(game.successors, r.state(v))
        assert r.remoteness_of(v) == left == r.remoteness[v]
        assert (left % 2 == 1) == won == (r.outcome_of(v) == "N")


def test_subtraction_1_2_by_hand():
    # The P-positions are the multiples of 3: from 3m the loser takes 1 and the winner 2, 2m
    # moves; from 3m+1 or 3m+2 one move more.
    for n in range(1, 20):
        r = grundy.solve(grundy.Heap("S(1,2)", [n]), remoteness=True)
        assert r.remoteness_of(0) == 2 * (n // 3) + (n % 3 != 0)
        assert grundy.solve(grundy.Nim([n]), remoteness=True).remoteness_of(0) == 1


EDGES = [("s", "a"), ("s", "e"), ("s", "g"), ("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("e", "f"),
         ("f", "e"), ("f", "d"), ("g", "g"), ("g", "d")]


def test_a_graph_with_cycles_matches_the_fixed_point():
    adjacency = {}
    for u, w in EDGES:
        adjacency.setdefault(u, []).append(w)
        adjacency.setdefault(w, [])
    expected = forced_within(adjacency)
    r = grundy.solve(grundy.Digraph(EDGES, "s"), remoteness=True)
    got = {r.format(v): r.remoteness_of(v) for v in range(len(r))}
    assert got == expected
    # a and b draw; s wins in 3 by moving to e, lost in 2 (e -> f -> d).
    assert got["a"] is None and got["b"] is None and got["s"] == 3
    assert all(r.remoteness[v] == grundy.NO_REMOTENESS for v in range(len(r)) if got[r.format(v)] is None)


def test_hints_give_remoteness_and_the_fastest_win_first():
    # x -> u wins in 3 (u -> v -> t), x -> t at once.
    game = grundy.Digraph([("x", "u"), ("x", "t"), ("u", "v"), ("v", "t")], "x")
    h = grundy.hint(game)
    assert (h.remoteness_known, h.remoteness) == (True, 1)
    assert h.descriptions == ["move the token from x to t", "move the token from x to u"]
    assert h.move_remoteness == [0, 2]
    assert str(h).startswith("N: the player to move wins in 1 move;")
    lost = grundy.hint(grundy.Tablettes(2, 3))
    assert (lost.outcome, lost.remoteness) == ("P", 4)
    # A game written in Python is played through its graph too.
    py = grundy.hint(Subtraction((1, 2)), 7)
    assert (py.remoteness_known, py.remoteness, py.move_remoteness) == (True, 5, [4])
    # Nim is answered by Bouton's rule: no graph, so no remoteness.
    nim = grundy.hint(grundy.Nim([3, 4, 5]))
    assert (nim.remoteness_known, nim.remoteness, nim.move_remoteness) == (False, None, [])
    draw = grundy.hint(grundy.Digraph(EDGES, "a"))
    assert (draw.outcome, draw.remoteness_known, draw.remoteness) == ("D", True, None)


def test_remoteness_needs_asking_for():
    r = grundy.solve(grundy.Nim([2, 3]))
    with pytest.raises(ValueError, match="remoteness=True"):
        r.remoteness
    with pytest.raises(ValueError, match="remoteness=True"):
        r.remoteness_of(0)


def test_exports_carry_remoteness(tmp_path):
    r = grundy.solve(grundy.Digraph(EDGES, "s"), remoteness=True)
    expected = {r.format(v): r.remoteness_of(v) for v in range(len(r))}
    r.export(tmp_path / "g.json")
    vertices = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["vertices"]
    assert {x["state"]: x["remoteness"] for x in vertices} == expected
    r.export(tmp_path / "g.csv")
    with open(tmp_path / "g.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert {x["state"]: (int(x["remoteness"]) if x["remoteness"] else None) for x in rows} == expected
    # Without remoteness=True the field is left out, as before.
    grundy.solve(grundy.Digraph(EDGES, "s")).export(tmp_path / "plain.json")
    plain = json.loads((tmp_path / "plain.json").read_text(encoding="utf-8"))["vertices"]
    assert "remoteness" not in plain[0]
    networkx = pytest.importorskip("networkx")
    g = r.to_networkx()
    assert isinstance(g, networkx.DiGraph)
    assert {g.nodes[v]["state"]: g.nodes[v].get("remoteness") for v in g.nodes} == expected
