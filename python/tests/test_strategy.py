"""grundy.winning_moves and grundy.hint against the game graph and the theorems."""

import functools

import pytest

import grundy


def xor(heaps):
    return functools.reduce(lambda a, b: a ^ b, heaps, 0)


def test_nim_winning_moves_are_bouton_s():
    game = grundy.Nim([3, 4, 5])
    moves = grundy.winning_moves(game)
    expected = sorted(m for m in game.moves() if xor(m) == 0)
    assert sorted(moves) == expected and moves
    assert grundy.winning_moves(game, [1, 2, 3]) == []


def test_winning_moves_are_the_successors_of_value_0():
    for game in (grundy.Tablettes(3, 2), grundy.Octal("0.137", [9, 4]), grundy.Moore(2, [3, 4, 5])):
        r = grundy.solve(game)
        expected = sorted(r.state(w) for w in r.successors(0) if r.values[w] == 0)
        assert sorted(grundy.winning_moves(game)) == expected


def test_hint_in_words():
    h = grundy.hint(grundy.Nim([3, 4, 5]))
    assert h.outcome == "N" and h.position == [3, 4, 5]
    assert h.move == [1, 4, 5]
    assert h.descriptions == ["take 2 from the heap of 3, leaving 1"]
    assert str(h) == "N: the player to move wins; take 2 from the heap of 3, leaving 1"
    lost = grundy.hint(grundy.Nim([1, 2, 3]))
    assert lost.outcome == "P" and lost.move is None and lost.moves == []


def test_misere_nim():
    # Misère Nim with heaps of one token only: the player to move loses with an odd count.
    assert grundy.hint(grundy.Nim([1, 1, 1]), misere=True).outcome == "P"
    assert grundy.hint(grundy.Nim([1, 1]), misere=True).outcome == "N"
    # From 1 1 2, leaving three heaps of one token wins: 2 becomes 1.
    assert grundy.winning_moves(grundy.Nim([1, 1, 2]), misere=True) == [[1, 1, 1]]


def test_tablettes_hint_names_the_piles():
    # From the seed's Pos_1d, the only move leaves [[0,2],[1,2]], from which the opponent wins.
    assert grundy.hint(grundy.Tablettes(2, 2), [(0, 1), (0, 1), (1, 2)]).outcome == "P"
    h = grundy.hint(grundy.Tablettes(2, 2))
    assert h.outcome == "N" and h.moves
    assert all(d.startswith("put the pile") for d in h.descriptions)


def test_hint_lists_at_most_max_moves():
    game = grundy.Octal("0.07", [10, 7])
    every = grundy.winning_moves(game)
    assert len(every) == 3
    h = grundy.hint(game, max_moves=1)
    assert h.moves == every[:1] and len(h.descriptions) == 1
    assert h.winning_move_count == 3
    assert grundy.hint(game, max_moves=None).moves == every
    assert grundy.hint(game, max_moves=0).moves == []
    assert grundy.hint(game).winning_move_count == 3
    # A heap of 3·10^7 tokens has millions of winning moves: counted, 100 listed by default.
    big = grundy.hint(grundy.Octal("0.07", [30000000]))
    assert len(big.moves) == 100 and big.winning_move_count > 10**6
    assert big.moves == grundy.hint(grundy.Octal("0.07", [30000000]), max_moves=100).moves
    # A game solved by its graph: the same limit, and the count of all.
    tab = grundy.hint(grundy.Tablettes(2, 2), max_moves=1)
    assert len(tab.moves) == 1 and tab.winning_move_count == len(grundy.winning_moves(grundy.Tablettes(2, 2)))


def test_hint_max_moves_refuses_what_is_not_a_count():
    game = grundy.Nim([3, 4, 5])
    with pytest.raises(ValueError, match="max_moves"):
        grundy.hint(game, max_moves=-1)
    with pytest.raises(TypeError, match="max_moves"):
        grundy.hint(game, max_moves="3")
    with pytest.raises(TypeError, match="max_moves"):
        grundy.hint(game, max_moves=True)


def test_misere_hint_from_a_settled_quotient():
    # 0.75's misère quotient is settled by the periodicity test: heaps of any size are answered
    # from it, as the game graph answers a heap past the heap it settles at.
    for heap in (37, 40):
        r = grundy.solve(grundy.Octal("0.75", [heap]), misere=True)
        assert grundy.hint(grundy.Octal("0.75", [heap]), misere=True).outcome == r.misere_outcome(0)
    h = grundy.hint(grundy.Octal("0.75", [10**6, 7]), misere=True)
    assert h.outcome in ("N", "P") and h.winning_move_count >= len(h.moves)


def test_misere_hint_is_bounded_by_max_memory():
    # 0.07's quotient grows without bound: past its budget the hint goes to the game graph, and
    # max_memory bounds both.
    with pytest.raises(grundy.LimitExceeded, match="max_memory"):
        grundy.hint(grundy.Octal("0.07", [100000]), misere=True, max_memory="300M")
