"""Prints what the grundy Python module answers for each built-in game, and writes its exports
to the current folder; scripts/compare-outputs.sh runs it with two builds and compares."""
import grundy

EDGES = [("s", "a"), ("s", "e"), ("s", "g"), ("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("e", "f"),
         ("f", "e"), ("f", "d"), ("g", "g"), ("g", "d")]
GAMES = {
    "tablettes": grundy.Tablettes(2, 2),
    "tablettes_counts": grundy.Tablettes(2, [3, 1]),
    "tablettes_symmetry": grundy.Tablettes(3, 2, symmetry=True),
    "nim": grundy.Nim([3, 4, 5]),
    "octal": grundy.Octal("0.07", [10, 7]),
    "moore": grundy.Moore(2, [1, 2, 3]),
    "digraph": grundy.Digraph(EDGES, "s"),
    "digraph_tokens": grundy.Digraph(EDGES, ["a", "c"]),
}


def attempt(what, f):
    try:
        print(what, f())
    except Exception as e:  # the message is an output too
        print(what, "raises", type(e).__name__, e)


for name, game in GAMES.items():
    print("==", name, game.format(), game.moves())
    r = grundy.solve(game)
    print(repr(r), r.vertices, r.edges, r.terminals, r.depth, r.grundy, r.infinite_set, r.outcome)
    print(r.infinite, r.draws, r.max_value, r.value_counts, r.classes, r.class_edges, len(r))
    print(r.statistics_json())
    print('{"seconds": %r, "explore_seconds": %r, "label_seconds": %r, "user_seconds": %r}'
          % (r.seconds, r.explore_seconds, r.label_seconds, r.user_seconds))
    print([int(x) for x in r.values])
    for v in range(len(r)):
        print(v, r.state(v), r.format(v), r.value(v), r.outcome_of(v), r.successors(v))
    print(r.to_dot())
    for ext in ("json", "graphml", "csv"):
        r.export(f"{name}.{ext}")
    for misere in (False, True):
        h = lambda: grundy.hint(game, misere=misere)
        attempt("hint", lambda: (repr(h()), h().position, h().outcome, h().misere, h().moves,
                                 h().descriptions, h().drawing_moves, h().drawing_descriptions, h().move))
        attempt("winning_moves", lambda: grundy.winning_moves(game, misere=misere))

for code in ("0.07", "0.137", "4.7", "0.333", "0.F", "0.6"):
    s = grundy.octal_sequence(code, max=3000)
    print(repr(s), s.code, len(s), s.preperiod, s.period, s.proven, s.max_value, s.method, s.rare_count,
          s.rare_mask, '{"seconds": %r}' % s.seconds)
    print([int(x) for x in s.values])
print([int(x) for x in grundy.octal_sequence("0.6", max=2000, method="naive", keep_going=True).values])
print(grundy.octal_value("0.07", 2**70), grundy.octal_value("0.6", 5000))

attempt("bad code", lambda: grundy.octal_sequence("0.G"))
attempt("bad heaps", lambda: grundy.Nim([-1]))
attempt("limit", lambda: grundy.solve(grundy.Tablettes(4, 3), max_states=1000))
attempt("bad start", lambda: grundy.Digraph(EDGES, "zz"))
attempt("bad move", lambda: grundy.hint(grundy.Nim([3]), [7]))
