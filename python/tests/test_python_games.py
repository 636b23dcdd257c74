"""Games written in Python, explored and labelled by the library."""

import pytest

import grundy
from seed_tablettes import (GradedSeedTablettes, SeedTablettes, Tuple, VectorisedSeedTablettes, coups, empile,
                            graphe, init)


def test_seed_examples():
    # The seed's own examples for empile and coups.
    x = [[0, 1], [0, 1], [1, 1], [1, 1]]
    assert empile(x, 0, 1) == [[[0, 2], [1, 1], [1, 1]]]
    assert empile(x, 0, 3) == [[[0, 1], [0, 2], [1, 1]], [[0, 1], [1, 1], [1, 2]]]
    assert empile([[0, 2], [1, 1], [1, 1]], 0, 1) == []
    assert coups(x) == [[[0, 2], [1, 1], [1, 1]], [[0, 1], [0, 2], [1, 1]], [[0, 1], [1, 1], [1, 2]],
                        [[0, 1], [0, 1], [1, 2]]]


def builtin_values(C, N):
    r = grundy.solve(grundy.Tablettes(C, N))
    return r, {Tuple([list(p) for p in r.state(v)]): int(r.values[v]) for v in range(len(r))}


@pytest.mark.parametrize("game", [SeedTablettes(), GradedSeedTablettes(), VectorisedSeedTablettes()])
def test_seed_tablettes_match_the_builtin_game(game):
    C, N = 3, 3
    start = Tuple(init(C, N))
    r = grundy.solve(game, start)
    builtin, values = builtin_values(C, N)
    assert (r.vertices, r.edges, r.terminals, r.depth) == (builtin.vertices, builtin.edges, builtin.terminals,
                                                           builtin.depth)
    assert r.value_counts == builtin.value_counts
    # Every position has the built-in game's value.
    for v in range(len(r)):
        assert r.values[v] == values[r.state(v)]
    assert r.state(0) == start and r.user_seconds > 0
    # The seed's own search finds the same graph.
    g = graphe(C, N)
    assert len(g) == r.vertices and sum(len(m) for m in g.values()) == r.edges


class Subtraction:
    """Take 1, 2 or 3 tokens from one heap of n: G(n) = n mod 4."""

    def successors(self, n):
        return [n - k for k in (1, 2, 3) if k <= n]

    def format(self, n):
        return f"heap of {n}"


def test_canonical_format_and_hints():
    r = grundy.solve(Subtraction(), 30)
    assert list(r.values) == [n % 4 for n in range(30, -1, -1)]
    assert r.format(0) == "heap of 30" and "heap of 30" in r.to_dot()
    assert grundy.winning_moves(Subtraction(), 30) == [28]
    h = grundy.hint(Subtraction(), 30)
    assert h.outcome == "N" and h.descriptions == ["move to heap of 28"]
    assert grundy.hint(Subtraction(), 8).outcome == "P"

    class Pairs:
        """Two Nim heaps; canonical() sorts them, so (a, b) and (b, a) are one position."""

        def successors(self, s):
            a, b = s
            return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]

        def canonical(self, s):
            return tuple(sorted(s))

    r = grundy.solve(Pairs(), (3, 5))
    assert r.state(0) == (3, 5)
    assert r.vertices == len({tuple(sorted((a, b))) for a in range(4) for b in range(6)})
    assert all(r.values[v] == r.state(v)[0] ^ r.state(v)[1] for v in range(len(r)))


def test_errors_from_python_games():
    class Lists:
        def successors(self, s):
            return [[1]]

    with pytest.raises(TypeError, match="hashable"):
        grundy.solve(Lists(), (0,))

    class Broken:
        def successors(self, s):
            raise ZeroDivisionError("from the user's code")

    with pytest.raises(ZeroDivisionError, match="user's code"):
        grundy.solve(Broken(), 0)

    class Cycle:
        def successors(self, s):
            return [(s + 1) % 3]

    # A cycle with no way out: every position is ∞(∅), a draw.
    r = grundy.solve(Cycle(), 0)
    assert (r.grundy, r.infinite_set, r.outcome, r.draws) == (None, [], "D", 3)

    with pytest.raises(TypeError, match="successors"):
        grundy.solve(object(), 0)
    with pytest.raises(ValueError, match="start"):
        grundy.solve(Subtraction())

    class Counter:
        def successors(self, n):
            return [n + 1] if n < 10**6 else []

    with pytest.raises(grundy.LimitExceeded) as e:
        grundy.solve(Counter(), 0, max_states=1000)
    assert e.value.states == 1000


class TakeOneOrTwo:
    """Subtraction {1, 2} on one heap: not graded, since 10 -> 8 and 10 -> 9 -> 8 reach 8 after
    one move and after two. Solved as it is, 10 has 11 positions."""

    def __init__(self, graded):
        self.graded = graded

    def successors(self, n):
        return [n - k for k in (1, 2) if k <= n]


def test_graded_is_checked():
    assert grundy.solve(TakeOneOrTwo(False), 10).vertices == 11
    with pytest.raises(ValueError, match="graded = True is wrong") as e:
        grundy.solve(TakeOneOrTwo(True), 10)
    assert "8 is reached from the start in 1 move and also in 2 (by a move from 9)" in str(e.value)
    with pytest.raises(ValueError, match="graded = True is wrong"):
        grundy.hint(TakeOneOrTwo(True), 10)


def test_graded_cycle_is_refused():
    class Cycle:
        graded = True

        def successors(self, s):
            return [(s + 1) % 3]

    with pytest.raises(ValueError, match="graded = True is wrong"):
        grundy.solve(Cycle(), 0)


def test_graded_game_that_is_graded():
    class Heaps:
        """Nim on two heaps, taking one token: every move goes one level down."""

        graded = True

        def successors(self, s):
            return [tuple(sorted(h - (i == j) for j, h in enumerate(s))) for i in range(len(s)) if s[i]]

    r = grundy.solve(Heaps(), (3, 4))
    # Sorted pairs (a, b) with a <= b: b = 4 with a from 0 to 3, and the 10 pairs up to 3.
    assert r.vertices == 14
