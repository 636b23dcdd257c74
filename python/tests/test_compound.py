"""grundy.compound: the compounds of built-in positions against a brute force on their compound
graphs written here, the worked examples of the docs, cycles, bad inputs and Ctrl-C."""

import functools
import itertools
import os
import signal
import threading
import time

import pytest

import grundy


def s12(n):
    return [n - k for k in (1, 2) if k <= n]


def compound_wins(kind, heaps, misere):
    """Whether the player to move wins the compound of S(1,2) heaps, by its own moves."""

    @functools.lru_cache(maxsize=None)
    def wins(position):
        options = [s12(h) for h in position]
        moves = []
        if kind == "conjunctive":
            if all(options):
                moves = list(itertools.product(*options))
        else:
            choices = [[h] + o for h, o in zip(position, options)]
            for m in itertools.product(*choices):
                changed = [a != b for a, b in zip(m, position)]
                if not any(changed):
                    continue
                if kind == "continued-conjunctive" and any(
                    o and not c for o, c in zip(options, changed)
                ):
                    continue
                moves.append(m)
        if not moves:
            return misere
        return any(not wins(m) for m in moves)

    return wins(tuple(heaps))


@pytest.mark.parametrize("kind", ["conjunctive", "continued-conjunctive", "selective"])
@pytest.mark.parametrize("misere", [False, True])
def test_outcomes_match_the_compound_graph(kind, misere):
    for heaps in itertools.product(range(0, 7), repeat=2):
        c = grundy.compound(kind, [grundy.Heap("S(1,2)", [h]) for h in heaps], misere=misere)
        expected = "N" if compound_wins(kind, heaps, misere) else "P"
        assert c.outcome == expected, (heaps, c)
        assert c.kind == kind and c.misere == misere


def test_worked_example_of_the_docs():
    c = grundy.compound("conjunctive", grundy.Heap("S(1,2)", [5, 7, 9]))
    assert (c.outcome, c.remoteness, c.suspense) == ("N", 3, None)
    assert c.positions == ["[5]", "[7]", "[9]"]
    assert c.move == ["[3]", "[6]", "[8]"]
    assert c.component_remoteness == [3, 5, 6]
    c = grundy.compound("continued-conjunctive", grundy.Heap("S(1,2)", [5, 7, 9]))
    assert (c.outcome, c.suspense, c.remoteness) == ("P", 6, None)
    assert '"suspense":6' in c.to_json()


def test_components_of_several_games_and_a_finished_compound():
    c = grundy.compound("conjunctive", [grundy.Wythoff(1, 2), grundy.Nim([3])])
    assert (c.outcome, c.remoteness) == ("N", 1)
    c = grundy.compound("conjunctive", [grundy.Nim([3]), grundy.Nim([])])
    assert (c.outcome, c.remoteness, c.move) == ("P", 0, None)
    c = grundy.compound("selective", grundy.Nim([1]), misere=True)
    assert c.outcome == "P"


def test_cycles():
    edges = [("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")]
    c = grundy.compound("conjunctive", grundy.Digraph(edges, ["a", "c"]))
    assert (c.outcome, c.remoteness, c.component_remoteness) == ("N", 1, [None, 1])
    assert grundy.compound("selective", grundy.Digraph(edges, ["a", "c"])).outcome == "D"
    with pytest.raises(ValueError, match="cycle"):
        grundy.compound("continued-conjunctive", grundy.Digraph(edges, ["a", "c"]))
    with pytest.raises(ValueError, match="cycle"):
        grundy.compound("selective", grundy.Digraph(edges, ["a", "c"]), misere=True)


def test_bad_inputs_raise():
    with pytest.raises(ValueError, match="unknown compound"):
        grundy.compound("disjunctive", grundy.Nim([3]))
    with pytest.raises(ValueError, match="at least one"):
        grundy.compound("selective", [])
    with pytest.raises(TypeError, match="built-in game"):
        grundy.compound("selective", [3, 4])
    with pytest.raises(TypeError):
        grundy.compound("selective", grundy.Nim([3]), misere="yes")
    with pytest.raises(grundy.LimitExceeded):
        grundy.compound("selective", grundy.Nim([100, 100]), max_states=10)


def test_ctrl_c_raises_keyboard_interrupt():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.compound("conjunctive", grundy.Heap("S(1,2,3)", [60_000_000, 60_000_001]))
    finally:
        timer.cancel()
    assert time.monotonic() - started < 0.3 + 1.5
