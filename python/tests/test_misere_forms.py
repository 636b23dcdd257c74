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
