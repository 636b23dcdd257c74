"""Heap games under any rule (Subtraction, GrundysGame, TakeASquare, HeapGame, Heap) and
Wythoff's game, against values known independently of the library."""

import json
import math
import os
import signal
import threading

import pytest

import grundy

# OEIS A002188 (Grundy's game), A014586 (take-a-square); S(1,3,4) has period 7.
GRUNDYS = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
SQUARES = [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0]
S134 = [0, 1, 0, 1, 2, 3, 2]


@pytest.mark.parametrize("make, values", [
    (lambda h: grundy.GrundysGame(heaps=[h]), GRUNDYS),
    (lambda h: grundy.TakeASquare(heaps=[h]), SQUARES),
    (lambda h: grundy.Subtraction([1, 3, 4], heaps=[h]), [S134[n % 7] for n in range(21)]),
])
def test_single_heaps_have_the_published_values(make, values):
    for n, g in enumerate(values):
        assert grundy.solve(make(n)).grundy == g, n


def grundy_split(h):
    """Grundy's game written in Python."""
    return [(a, h - a) for a in range(1, (h + 1) // 2) if a != h - a]


def test_heap_game_of_a_python_function_is_grundys_game():
    mine = grundy.solve(grundy.HeapGame(grundy_split, heaps=[9, 12]))
    theirs = grundy.solve(grundy.GrundysGame(heaps=[9, 12]))
    assert (mine.vertices, mine.edges) == (theirs.vertices, theirs.edges)
    assert [mine.value(v) for v in range(len(mine))] == [theirs.value(v) for v in range(len(theirs))]
    assert grundy.winning_moves(grundy.HeapGame(grundy_split, heaps=[9, 12])) == \
        grundy.winning_moves(grundy.GrundysGame(heaps=[9, 12]))


def test_misere_hint_by_the_graph():
    # Misère take-a-square on one heap of 2: taking 1 leaves 1, which the opponent must take.
    h = grundy.hint(grundy.TakeASquare(heaps=[2]), misere=True)
    assert (h.outcome, h.moves) == ("N", [[1]])


def test_value_of_a_sum_is_the_xor():
    r = grundy.solve(grundy.TakeASquare(heaps=[5, 9, 13]))
    for v in range(len(r)):
        x = 0
        for h in r.state(v):
            x ^= SQUARES[h]
        assert r.value(v) == x


def test_hint_and_moves():
    game = grundy.Subtraction([1, 3, 4], heaps=[5, 7])
    h = grundy.hint(game)
    assert h.outcome == "N"
    # G(5) = 3, G(7) = 0: the heap of 5 must become worth 0, so 2 (taking 3).
    assert h.moves == [[2, 7]]
    assert h.descriptions == ["take 3 from the heap of 5, leaving 2"]
    assert grundy.hint(game, [5, 12]).outcome == "P"
    # From 5: 4, 2 or 1 tokens left; from 7: 6, 4 or 3.
    assert sorted(game.moves()) == [[1, 7], [2, 7], [3, 5], [4, 5], [4, 7], [5, 6]]
    assert game.format() == "[5,7]" and game.format([3, 1]) == "[1,3]"
    assert grundy.Subtraction([2], all_but=True).moves([3]) == [[2], []]


def test_the_builtin_heap_game():
    g = grundy.Heap("S(1,3,4)", 5, 7)
    assert repr(g) == "Heap('S(1,3,4)', [5, 7])"
    assert grundy.hint(g).moves == [[2, 7]]
    r = grundy.solve(grundy.Heap("grundy", 12))
    assert r.grundy == GRUNDYS[12]


def test_repr_and_str():
    assert repr(grundy.Subtraction([4, 1, 3])) == "Subtraction([1, 3, 4])"
    assert repr(grundy.Subtraction([1], all_but=True, heaps=[7, 5])) == \
        "Subtraction([1], all_but=True, heaps=[5, 7])"
    assert repr(grundy.GrundysGame()) == "GrundysGame()"
    assert repr(grundy.TakeASquare(heaps=[3])) == "TakeASquare(heaps=[3])"
    assert repr(grundy.HeapGame(grundy_split, heaps=[4])) == "HeapGame(grundy_split, heaps=[4])"
    assert str(grundy.Subtraction([1, 3, 4])) == "S(1,3,4)"
    assert str(grundy.GrundysGame(heaps=[5, 7])) == "grundy [5,7]"
    assert grundy.Subtraction([1, 3, 4]).rule == "S(1,3,4)"
    assert grundy.Subtraction([1, 3, 4]).heaps is None
    assert grundy.Subtraction([3, 1], all_but=True).subtraction_set == [1, 3]
    assert grundy.HeapGame(grundy_split, name="split").name == "split"
    assert isinstance(grundy.TakeASquare(), grundy.HeapRule)


def test_exports(tmp_path):
    r = grundy.solve(grundy.GrundysGame(heaps=[7]))
    path = tmp_path / "g.json"
    r.export(path)
    start = json.loads(path.read_text())["vertices"][0]
    # G(7) = 0 in Grundy's game (A002188).
    assert (start["state"], start["grundy"]) == ("[7]", GRUNDYS[7])


def test_a_rule_called_on_heaps_is_a_game():
    rule = grundy.Subtraction([1, 3, 4])
    game = rule(heaps=[5, 7])
    assert repr(game) == "Subtraction([1, 3, 4], heaps=[5, 7])" and rule.heaps is None
    assert grundy.hint(game).moves == [[2, 7]]
    assert isinstance(grundy.GrundysGame()([3]), grundy.GrundysGame)


def test_rules_without_heaps_are_not_games():
    with pytest.raises(ValueError, match=r"GrundysGame\(\) is a rule, not a game: give it heaps"):
        grundy.solve(grundy.GrundysGame())
    with pytest.raises(ValueError, match="has no heaps"):
        grundy.Subtraction([1]).moves()


def test_bad_arguments():
    with pytest.raises(ValueError, match="subtraction_set needs at least one number"):
        grundy.Subtraction([])
    with pytest.raises(ValueError, match="subtraction_set holds numbers of tokens from 1"):
        grundy.Subtraction([0, 1])
    with pytest.raises(TypeError, match="subtraction_set holds ints"):
        grundy.Subtraction(["1"])
    with pytest.raises(TypeError, match="subtraction_set must be an iterable"):
        grundy.Subtraction(3)
    with pytest.raises(ValueError, match="heap sizes cannot be negative"):
        grundy.GrundysGame(heaps=[-1])
    with pytest.raises(TypeError, match="options must be a function"):
        grundy.HeapGame(3)
    with pytest.raises(ValueError, match="invalid heap rule 'S\\(1,3'"):
        grundy.Heap("S(1,3", 5)


def test_errors_of_the_users_function():
    grow = grundy.HeapGame(lambda h: [(h,)], heaps=[3], name="grow")
    with pytest.raises(ValueError, match="an option of a heap of 3 leaves heaps from 0 to 2, not 3"):
        grundy.solve(grow)
    words = grundy.HeapGame(lambda h: ["ab"], heaps=[3])
    with pytest.raises(TypeError, match="is a tuple of heap sizes"):
        grundy.solve(words)

    class Mine(Exception):
        pass

    def fails(h):
        if h == 4:
            raise Mine("no options for 4")
        return [(h - 1,)]

    with pytest.raises(Mine, match="no options for 4"):
        grundy.hint(grundy.HeapGame(fails, heaps=[6]))


def test_the_users_function_is_called_once_per_heap():
    calls = []

    def options(h):
        calls.append(h)
        return [(h - k,) for k in (1, 2) if k <= h]

    grundy.solve(grundy.HeapGame(options, heaps=[6, 7, 8]))
    assert sorted(calls) == sorted(set(calls))


def test_ctrl_c_stops_a_python_rule():
    def slow_split(h):
        return [(a, h - a) for a in range(1, (h + 1) // 2)]

    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.solve(grundy.HeapGame(slow_split, heaps=[60, 61, 62]))
    finally:
        timer.cancel()


def test_rules_as_arguments():
    # The rule objects and strings are the same rules: their games have the same values.
    for rule, same in [(grundy.Subtraction([1, 3, 4]), "S(1,3,4)"), (grundy.GrundysGame(), "grundy"),
                       (grundy.TakeASquare(), "squares")]:
        assert rule.rule == same
        a = grundy.solve(grundy.Heap(same, 9, 11))
        b = grundy.solve(type(rule)(**({"subtraction_set": [1, 3, 4]} if same.startswith("S") else {}),
                                    heaps=[9, 11]))
        assert [a.value(v) for v in range(len(a))] == [b.value(v) for v in range(len(b))]


def beatty_pairs(bound):
    """Wythoff's pairs (floor(k phi), floor(k phi^2)) with exact integers: floor(k phi) =
    (k + isqrt(5 k^2)) // 2."""
    pairs = set()
    k = 0
    while True:
        a = (k + math.isqrt(5 * k * k)) // 2
        if a + k > bound:
            return pairs
        pairs.add((a, a + k))
        k += 1


def test_wythoff_p_positions_are_the_beatty_pairs():
    r = grundy.solve(grundy.Wythoff(60, 60))
    zeros = {r.state(v) for v in range(len(r)) if r.value(v) == 0}
    assert zeros == beatty_pairs(60)


def test_wythoff_hint():
    g = grundy.Wythoff(7, 5)
    assert repr(g) == "Wythoff(5, 7)"
    assert g.start == (5, 7)
    h = grundy.hint(g)
    assert h.outcome == "N"
    assert sorted(h.moves) == [(3, 5), (4, 7)]
    assert all(m in beatty_pairs(10) for m in h.moves)
    assert grundy.hint(g, (3, 5)).outcome == "P"
    # Huge piles by the closed form: k = 10**9.
    k = 10**9
    a = (k + math.isqrt(5 * k * k)) // 2
    assert grundy.hint(g, (a, a + k)).outcome == "P"
    assert grundy.winning_moves(g, (a + 1, a + k)) != []
    with pytest.raises(TypeError, match=r"a position of Wythoff is two piles \(x, y\)"):
        grundy.hint(g, (1, 2, 3))
    with pytest.raises(ValueError, match="wythoff needs two piles, not 1, as in: grundy.Wythoff\\(5, 7\\)"):
        grundy.Wythoff(5)


def lower_wythoff(k):
    """floor(k phi) by Python's integers, independently of the library."""
    return (k + math.isqrt(5 * k * k)) // 2


def phi_brackets(a, k):
    """a < k phi < a + 1, from phi^2 = phi + 1 alone: x < phi exactly when x^2 - x - 1 < 0."""
    return a * a - a * k - k * k < 0 < (a + 1) ** 2 - (a + 1) * k - k * k


def test_wythoff_piles_past_2_to_the_32():
    top = 2**63 - 1
    for k in (10**12, 10**12 + 39, 3523014627193176565, 2**40 + 7):
        a = lower_wythoff(k)
        assert phi_brackets(a, k)
        assert grundy.hint(grundy.Wythoff(a, a + k)).outcome == "P"
        h = grundy.hint(grundy.Wythoff(a + 1, a + k))
        assert h.outcome == "N" and h.moves
        for x, y in h.moves:
            assert y - x >= 0 and lower_wythoff(y - x) == x
    assert lower_wythoff(3523014627193176565) + 3523014627193176565 == top
    g = grundy.Wythoff(top, top)
    assert g.start == (top, top)
    assert grundy.hint(g).outcome == "N"
    assert grundy.hint(g, (5700357409661599242, top)).outcome == "P"
    with pytest.raises(ValueError, match="pile size 9223372036854775808 is too large"):
        grundy.Wythoff(2**63, 1)
    with pytest.raises(ValueError, match="piles hold from 0 to 9223372036854775807 tokens, not 9223372036854775808"):
        grundy.hint(g, (2**63, 1))


def test_huge_wythoff_and_subtraction_hints_are_the_clis(cli):
    for game, args in [
        (grundy.Wythoff(1618033988812, 2618033988851), ["wythoff", "1618033988812", "2618033988851"]),
        (grundy.Wythoff(1618033988749, 2618033988750), ["wythoff", "1618033988749", "2618033988750"]),
        (grundy.Heap("S(1,3,4)", 1000000000), ["heap", "S(1,3,4)", "1000000000"]),
    ]:
        mine, theirs = grundy.hint(game), cli("hint", *args, "--all")
        assert mine.outcome == theirs["outcome"]
        assert [game.format(m) for m in mine.moves] == [m["position"] for m in theirs["moves"]]


@pytest.mark.parametrize("make, given", [
    (lambda: grundy.Heap(None, 7), "None"),
    (lambda: grundy.Heap("grundy", True), "True"),
    (lambda: grundy.Heap(b"grundy", 7), "b'grundy'"),
    (lambda: grundy.Heap("grundy", [5, None]), "None"),
    (lambda: grundy.Heap(grundy.Subtraction([1, 2]), 7), r"Subtraction\(\[1, 2\]\)"),
    (lambda: grundy.Wythoff(1.5, 2), "1.5"),
])
def test_arguments_of_heap_and_wythoff_are_ints_and_strs(make, given):
    # Once "'NoneType' object is not iterable", a heap size 'true', or a rule '103,114,...'.
    with pytest.raises(TypeError, match=f"grundy.(Heap|Wythoff) takes ints, strs and lists of them, not {given}$"):
        make()


def test_all_but_nothing_is_nim():
    rule = grundy.Subtraction([], all_but=True)
    assert rule.rule == "allbut()"
    # The rule's own name is read back: Nim, where 5 XOR 7 = 2 is won by taking 2 from the 7.
    h = grundy.hint(grundy.Heap(rule.rule, 5, 7))
    assert h.outcome == "N"
    assert h.moves == [[5, 5]]


# Misère P-positions by hand: from (2,2) every move leads to (1,2), (0,2), (1,1) or (0,0),
# each of which moves to (0,1) (whose one move leaves the last token to the opponent) or, at
# (0,0), has already won; a heap of 3 of 0.07 can only become a heap of 1, which has no move.
@pytest.mark.parametrize("game, position", [
    (grundy.Wythoff(2, 2), (4294967295, 4294967295)),
    (grundy.Heap("0.07", 3), [4294967295] * 3),
])
def test_misere_hints_refuse_moves_past_the_memory_limit(game, position):
    # The graph takes the start position's 10^10 moves at once: once a minute and 16 GB
    # before MemoryError, now refused at once, naming the argument that raises the limit.
    for call in (grundy.hint, grundy.winning_moves):
        with pytest.raises(grundy.LimitExceeded, match="more than the memory limit .*raise max_memory"):
            call(game, position, misere=True)
        with pytest.raises(grundy.LimitExceeded, match="memory limit of 1024 MB"):
            call(game, position, misere=True, max_memory="1G")
    assert grundy.hint(game, misere=True, max_memory="1G").outcome == "P"


@pytest.mark.parametrize("make, argument", [
    (lambda: grundy.Heap("S(1,\udcff)", 5), "an argument of grundy.Heap"),
    (lambda: grundy.HeapGame(lambda h: [], name="\udcff"), "name"),
])
def test_text_without_utf8_is_refused_by_name(make, argument):
    # A lone surrogate (os.fsdecode's stray byte) once met "Unable to cast Python instance".
    with pytest.raises(ValueError, match=f"^{argument} must be text that UTF-8 can encode, not '"):
        make()
