"""The seed's tablettes exercises in plain Python: empile (Q2), coups (Q3), init (Q4), Tuple
(Q5) and the dict-and-deque breadth-first search graphe (Q6), written as the course asks."""

from collections import deque


def empile(x, i, j):
    """Positions reached by stacking pile i on pile j, and j on i when that differs."""
    (ci, hi), (cj, hj) = x[i], x[j]
    if hi != hj and ci != cj:
        return []
    rest = [p for k, p in enumerate(x) if k != i and k != j]
    results = []
    for top, bottom in ((x[i], x[j]), (x[j], x[i])):
        y = sorted(rest + [[top[0], top[1] + bottom[1]]])
        if y not in results:
            results.append(y)
    return results


def coups(x):
    """Every distinct position one move leads to."""
    found = []
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            for y in empile(x, i, j):
                if y not in found:
                    found.append(y)
    return found


def init(C, N):
    return sorted([c, 1] for c in range(C) for _ in range(N))


def Tuple(L):
    return tuple(Tuple(e) if isinstance(e, list) else e for e in L)


def graphe(C, N):
    """The seed's breadth-first search: a dict from each position to its moves."""
    x0 = init(C, N)
    graph = {Tuple(x0): None}
    todo = deque([x0])
    while todo:
        x = todo.popleft()
        moves = coups(x)
        graph[Tuple(x)] = moves
        for y in moves:
            t = Tuple(y)
            if t not in graph:
                graph[t] = None
                todo.append(y)
    return graph


class SeedTablettes:
    """The same rules as a game for grundy.solve: states are Tuples, successors is coups."""

    graded = False

    def successors(self, state):
        return [Tuple(y) for y in coups([list(p) for p in state])]


class GradedSeedTablettes(SeedTablettes):
    graded = True


class VectorisedSeedTablettes:
    """The same game through successors_many, for users who generate moves in bulk."""

    def successors_many(self, states):
        return [[Tuple(y) for y in coups([list(p) for p in s])] for s in states]
