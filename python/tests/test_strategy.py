"""grundy.winning_moves and grundy.hint against the game graph and the theorems."""

import functools

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
