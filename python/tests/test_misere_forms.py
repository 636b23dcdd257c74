"""grundy.MisereForm against On Numbers and Games and a misère recursion written apart."""

from functools import lru_cache

import pytest

import grundy

F = grundy.MisereForm


@lru_cache(maxsize=None)
def _dawson_p(position):
    """Whether the player to move loses a sum of heaps of 0.07 (take two tokens, leaving no
    heap, one, or two), misère play: a player with no move wins."""
    options = []
    for i, h in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        if h >= 2:
            left = h - 2
            options.append(tuple(sorted(rest + ((left,) if left else ()))))
            for a in range(1, left // 2 + 1):
                options.append(tuple(sorted(rest + (a, left - a))))
    return bool(options) and not any(_dawson_p(o) for o in options)


def test_games_born_by_each_day():
    assert [grundy.misere_games_born_by(d) for d in range(5)] == [1, 2, 3, 5, 22]


def test_classical_identities():
    star, two = F.nim(1), F.nim(2)
    assert star + star == F.nim(0)  # * + * = 0
    assert two + two != F.nim(0) and (two + two).outcome == "P"
    assert str(F.nim(0)) == "0" and str(star) == "*" and str(F.nim(5)) == "*5"
    assert F.nim(3).nim_heap == 3 and (two + two).nim_heap is None
    assert sorted(str(o) for o in F.nim(3).options) == ["*", "*2", "0"]
    assert F.nim(4).birthday == 4
    assert hash(grundy.misere_form("0.07", 4)) == hash(two)


def test_dawsons_kayles_forms_against_a_recursion():
    forms = {h: grundy.misere_form("0.07", h) for h in range(0, 13)}
    for h, form in forms.items():
        assert form.outcome == ("P" if _dawson_p((h,) if h else ()) else "N"), h
    # Equal forms are interchangeable in sums: the recursion never tells them apart.
    for a in forms:
        for b in forms:
            if forms[a] == forms[b]:
                for c in range(0, 10):
                    left = tuple(sorted(x for x in (a, c) if x))
                    right = tuple(sorted(x for x in (b, c) if x))
                    assert _dawson_p(left) == _dawson_p(right), (a, b, c)
    assert forms[4] == F.nim(2) and forms[2] == F.nim(1)  # heap 4 is *2, heap 2 is *
    # The form of a sum is the sum of the forms.
    assert grundy.misere_form("0.07", [4, 6, 7]) == forms[4] + forms[6] + forms[7]
    assert grundy.misere_form("0.07", [2, 2]) == F.nim(0)


def test_bad_arguments():
    with pytest.raises(ValueError, match="n"):
        F.nim(-1)
    with pytest.raises(TypeError, match="heaps"):
        grundy.misere_form("0.07", "4")
    with pytest.raises(ValueError, match="heap"):
        grundy.misere_form("0.07", [3, -1])
    with pytest.raises(ValueError, match="day"):
        grundy.misere_games_born_by(6)
    with pytest.raises(grundy.LimitExceeded, match="max_memory"):
        grundy.misere_form("0.77", [60, 60], max_memory="20M")
    assert (F.nim(1) == 1) is False


@lru_cache(maxsize=None)
def _wythoff_sum_p(piles):
    """Whether the player to move loses a sum of Wythoff positions (a tuple of sorted pairs),
    misère play: a player with no move wins."""
    options = []
    for i, (x, y) in enumerate(piles):
        rest = piles[:i] + piles[i + 1 :]
        moves = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
        moves += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
        for a, b in moves:
            options.append(tuple(sorted(rest + ((min(a, b), max(a, b)),) if (a, b) != (0, 0) else rest)))
    return bool(options) and not any(_wythoff_sum_p(o) for o in options)


def test_forms_of_any_game_against_a_recursion():
    """Wythoff's positions as misère forms: each form's outcome, and the outcome of each sum of
    two positions from the sum of their forms, against a recursion on the sums themselves."""
    r = grundy.solve(grundy.Wythoff(3, 3))
    forms = {tuple(sorted(r.state(v))): r.misere_form(v) for v in range(len(r))}
    assert forms[(3, 3)] == grundy.misere_form(grundy.Wythoff(3, 3)) == r.misere_form()
    for p, f in forms.items():
        alone = (p,) if p != (0, 0) else ()
        assert f.outcome == ("P" if _wythoff_sum_p(alone) else "N"), p
        for q, g in forms.items():
            both = tuple(sorted(x for x in (p, q) if x != (0, 0)))
            assert (f + g).outcome == ("P" if _wythoff_sum_p(both) else "N"), (p, q)
    assert forms[(1, 2)] == F.nim(0) and forms[(0, 2)] == F.nim(2)


def test_forms_of_built_in_games_match_their_misere_labels():
    for game in (grundy.Tablettes(2, 3), grundy.Moore(2, [1, 2, 3]), grundy.Nim([2, 3])):
        r = grundy.solve(game, misere=True)
        for v in range(len(r)):
            assert r.misere_form(v).outcome == r.misere_outcome(v), (game, v)
    assert grundy.misere_form(grundy.Nim([2, 3])) == F.nim(2) + F.nim(3)


def test_forms_born_by_a_day_are_listed():
    days = [grundy.misere_forms_born_by(d) for d in range(5)]
    assert [len(d) for d in days] == [1, 2, 3, 5, 22]
    assert len(set(days[4])) == 22 and all(f.birthday <= 4 for f in days[4])
    assert [str(f) for f in days[3]] == ["0", "*", "*2", "{*2}", "*3"]
    with pytest.raises(ValueError, match="misere_games_born_by"):
        grundy.misere_forms_born_by(5)
    with pytest.raises(TypeError, match="day"):
        grundy.misere_forms_born_by("4")


def test_forms_refused_in_one_line():
    with pytest.raises(ValueError, match="cycle"):
        grundy.misere_form(grundy.Digraph([("a", "b"), ("b", "a"), ("b", "c")], "a"))
    with pytest.raises(IndexError, match="vertex 99"):
        grundy.solve(grundy.Nim([2])).misere_form(99)
    with pytest.raises(TypeError, match="heaps"):
        grundy.misere_form("0.07")
