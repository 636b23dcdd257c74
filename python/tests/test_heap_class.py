"""One class of heap games: grundy.Heap plays every heap rule, and grundy.Octal(code, heaps) is a
function that returns a Heap, whose answers are checked against a game graph walked here."""

import functools
import json

import pytest

import grundy
from conftest import without_timings

# Dawson's Kayles (0.07), G(0..15): OEIS A002187.
DAWSON = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0]


def dawson_moves(position):
    """The positions one move of 0.07 leads to: take 2 tokens from a heap and leave the rest as
    no heap, one heap or two (any sizes), sorted as the module sorts them."""
    out = set()
    for i, h in enumerate(position):
        if h < 2:
            continue
        others = position[:i] + position[i + 1:]
        rest = h - 2
        for a in range(rest // 2 + 1):
            out.add(tuple(sorted(others + tuple(x for x in (a, rest - a) if x > 0))))
    return out


@functools.lru_cache(maxsize=None)
def dawson_value(position):
    """The Grundy value of a position by the definition (the mex of its options), not by XOR."""
    seen = {dawson_value(p) for p in dawson_moves(position)}
    return next(g for g in range(len(seen) + 1) if g not in seen)


def test_the_walk_here_gives_oeis_a002187():
    assert [dawson_value((n,) if n else ()) for n in range(16)] == DAWSON


def test_octal_returns_a_heap():
    game = grundy.Octal("0.07", [7, 5])
    assert type(game) is grundy.Heap
    assert not isinstance(grundy.Octal, type)
    assert repr(game) == "Heap('0.07', [5, 7])"
    assert (game.rule, game.code, game.start, game.format()) == ("0.07", "0.07", [5, 7], "[5,7]")
    # The code as the octal game reads it, normalised.
    assert grundy.Octal(".7", [3]).code == "0.7"
    assert grundy.Octal("0.F", 4).code == "0.F"


def test_heap_has_a_rule_and_a_code_for_every_rule():
    assert (grundy.Heap("0.07", 5, 7).rule, grundy.Heap("0.07", 5, 7).code) == ("0.07", "0.07")
    assert (grundy.Heap("S(1,3,4)", [5]).rule, grundy.Heap("S(1,3,4)", [5]).code) == ("S(1,3,4)", None)
    assert grundy.Heap("grundy", 9).code is None


def test_the_module_has_one_heap_game_class():
    classes = {name for name in dir(grundy) if isinstance(getattr(grundy, name), type)}
    assert "Heap" in classes and "Octal" not in classes


@pytest.mark.parametrize("heaps", [[n] for n in range(16)] + [[5, 7], [3, 4, 6], [2, 2, 9]])
def test_octal_values_are_those_of_the_game_graph(heaps):
    r = grundy.solve(grundy.Octal("0.07", heaps))
    assert r.grundy == dawson_value(tuple(sorted(h for h in heaps if h > 0)))
    for v in range(len(r)):
        assert r.value(v) == dawson_value(tuple(r.state(v)))


def test_octal_winning_moves_are_the_moves_to_value_0():
    game = grundy.Octal("0.07", [10, 7])
    winning = {p for p in dawson_moves((7, 10)) if dawson_value(p) == 0}
    assert winning and {tuple(p) for p in grundy.winning_moves(game)} == winning
    assert {tuple(p) for p in game.moves()} == dawson_moves((7, 10))
    h = grundy.hint(game)
    assert h.outcome == "N" and {tuple(p) for p in h.moves} == winning


@pytest.mark.parametrize("code, heaps", [("0.07", [10, 7]), ("0.137", [9, 4]), ("4.7", [6, 3])])
def test_octal_answers_as_the_heap_of_its_code(code, heaps):
    made, heap = grundy.Octal(code, heaps), grundy.Heap(code, heaps)
    assert repr(made) == repr(heap)
    for misere in (False, True):
        assert repr(grundy.hint(made, misere=misere)) == repr(grundy.hint(heap, misere=misere))
        assert grundy.winning_moves(made, misere=misere) == grundy.winning_moves(heap, misere=misere)
    a, b = grundy.solve(made, misere=True), grundy.solve(heap, misere=True)
    assert list(a.values) == list(b.values)
    assert [a.misere_outcome(v) for v in range(len(a))] == [b.misere_outcome(v) for v in range(len(b))]
    assert without_timings(json.loads(a.statistics_json())) == without_timings(json.loads(b.statistics_json()))


def test_octal_statistics_are_those_of_grundy_graph_heap(cli):
    figures = json.loads(grundy.solve(grundy.Octal("0.07", [10, 7])).statistics_json())
    assert figures["game"] == "heap" and figures["rule"] == "0.07" and "code" not in figures
    assert without_timings(figures) == without_timings(cli("graph", "heap", "0.07", "10", "7"))


def test_octal_refuses_what_it_refused():
    with pytest.raises(ValueError, match="an octal code has no sign"):
        grundy.Octal("-0.07", [3])
    with pytest.raises(TypeError):
        grundy.Octal(7, [3])
    with pytest.raises(TypeError):
        grundy.Octal("0.07")
