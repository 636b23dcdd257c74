"""The digraph game and games with cycles: generalized values, draws, sums of tokens, exports."""

import csv
import json
import os
import signal
import threading
import time

import pytest

import grundy
from conftest import without_timings

# The graph of docs/loopy-games.md: d is the only terminal; a and b draw, g wins by moving to d.
EDGES = [("s", "a"), ("s", "e"), ("s", "g"), ("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("e", "f"),
         ("f", "e"), ("f", "d"), ("g", "g"), ("g", "d")]
# Worked out by hand from Smith's definition (the page explains each).
VALUES = {"d": 0, "e": 0, "c": 1, "f": 1, "s": ("inf", [0]), "a": ("inf", []), "b": ("inf", [1]),
          "g": ("inf", [0])}


def adjacency(edges):
    adj = {}
    for u, v in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, [])
    return adj


def retrograde_outcomes(successors, states):
    """Win/loss/draw by the textbook retrograde analysis, independent of the library: P when every
    move leads to N (terminals included), N when some move leads to P, D for what is left."""
    outcome = {}
    changed = True
    while changed:
        changed = False
        for s in states:
            if s in outcome:
                continue
            moves = successors(s)
            if any(outcome.get(m) == "P" for m in moves):
                outcome[s] = "N"
                changed = True
            elif all(outcome.get(m) == "N" for m in moves):
                outcome[s] = "P"
                changed = True
    return {s: outcome.get(s, "D") for s in states}


def by_state(r):
    return {r.format(v): r.value(v) for v in range(len(r))}


class TokenSum:
    """The sum of tokens on EDGES written in Python: a state is a tuple of vertices sorted as the
    Digraph numbers them (in the order they first appear), so that both write a position alike."""

    def __init__(self, edges):
        self.adj = adjacency(edges)
        self.order = list(self.adj)

    def canonical(self, s):
        return tuple(sorted(s, key=self.order.index))

    def successors(self, s):
        return {s[:i] + (w,) + s[i + 1:] for i, v in enumerate(s) for w in self.adj[v]}

    def format(self, s):
        return "+".join(s)


def test_values_from_an_edge_list_match_the_hand_worked_ones():
    r = grundy.solve(grundy.Digraph(EDGES, "s"))
    assert by_state(r) == VALUES
    assert r.grundy is None and r.infinite_set == [0] and r.outcome == "N"
    assert (r.vertices, r.edges, r.infinite, r.draws) == (8, 12, 4, 2)
    assert r.value_counts == [2, 2]
    outcomes = retrograde_outcomes(lambda s: adjacency(EDGES)[s], list(VALUES))
    assert {r.format(v): r.outcome_of(v) for v in range(len(r))} == outcomes
    # Infinite vertices hold the sentinel in values, list or array alike.
    values = list(r.values)
    for v in range(len(r)):
        x = r.value(v)
        assert values[v] == (grundy.INFINITY if isinstance(x, tuple) else x)
    assert grundy.INFINITY == 2**32 - 1
    assert "∞(0)" in repr(r)


def test_a_finite_start_and_int_vertex_names():
    # A subtraction game {1, 2} on 0..5 as a graph with int names: values n mod 3.
    edges = [(n, n - k) for n in range(6) for k in (1, 2) if n >= k]
    r = grundy.solve(grundy.Digraph(edges, 5))
    assert r.grundy == 2 and r.infinite_set is None and r.outcome == "N" and r.draws == 0
    assert {r.state(v): r.value(v) for v in range(len(r))} == {str(n): n % 3 for n in range(6)}


def test_each_file_format_reads_the_same_graph(tmp_path):
    nx = pytest.importorskip("networkx")
    edge_list = tmp_path / "g.txt"
    edge_list.write_text("".join(f"{u} {v}\n" for u, v in EDGES))
    dot = tmp_path / "g.dot"
    dot.write_text("digraph {\n" + "".join(f"  {u} -> {v};\n" for u, v in EDGES) + "}\n")
    graphml = tmp_path / "g.graphml"
    nx.write_graphml(nx.DiGraph(EDGES), str(graphml))
    for path in (edge_list, str(dot), graphml):
        r = grundy.solve(grundy.Digraph(path, "s"))
        assert by_state(r) == VALUES, path


def test_the_module_agrees_with_the_cli(cli, tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("".join(f"{u} {v}\n" for u, v in EDGES))
    for start, flags in (("s", ["--start", "s"]), (["a", "c"], ["--tokens", "a,c"]), ("e", ["--start", "e"])):
        r = grundy.solve(grundy.Digraph(path, start))
        cli_csv = tmp_path / "cli.csv"
        expected = cli("graph", "digraph", str(path), *flags, "--export", str(cli_csv))
        assert without_timings(json.loads(r.statistics_json())) == without_timings(expected)
        r.export(str(tmp_path / "module.csv"))
        assert (tmp_path / "module.csv").read_text() == cli_csv.read_text()


def test_a_drawn_position_and_the_advice_that_keeps_the_draw():
    g = grundy.Digraph(EDGES, "a")
    r = grundy.solve(g)
    assert (r.grundy, r.infinite_set, r.outcome, r.draws) == (None, [], "D", 2)
    h = grundy.hint(g)
    assert h.outcome == "D" and h.moves == [] and h.move is None
    assert h.drawing_moves == ["b"]
    # From b, moving to c loses at once (the opponent moves to d): a keeps the draw.
    h = grundy.hint(g, "b")
    assert h.drawing_moves == ["a"] and h.drawing_descriptions == ["move the token from b to a"]
    assert str(h).startswith("D: a draw")
    # Two tokens, as `grundy hint digraph FILE --tokens a,c`: only c to d keeps the draw.
    h = grundy.hint(grundy.Digraph(EDGES, ["a", "c"]))
    assert h.outcome == "D" and h.drawing_moves == [["a", "d"]]
    assert grundy.winning_moves(g) == []
    # s wins by moving to e, the only P-position among its moves.
    assert grundy.winning_moves(g, "s") == ["e"]
    assert grundy.hint(g, "s").descriptions == ["move the token from s to e"]


def test_a_cyclic_python_game_agrees_with_the_digraph():
    adj = adjacency(EDGES)

    class Token:
        def successors(self, v):
            return adj[v]

        def format(self, v):
            return v

    r = grundy.solve(Token(), "s")
    assert by_state(r) == VALUES
    assert (r.grundy, r.infinite_set, r.draws) == (None, [0], 2)
    h = grundy.hint(Token(), "b")
    assert h.outcome == "D" and h.drawing_moves == ["a"]

    # Two tokens: the sum's own graph, explored from Python and by the library, and its outcomes
    # against the retrograde analysis and against Smith's rule (which hint uses).
    game = TokenSum(EDGES)
    names = sorted(adj)
    for i, x in enumerate(names):
        for y in names[i:]:
            ours = grundy.solve(game, game.canonical((x, y)))
            theirs = grundy.solve(grundy.Digraph(EDGES, [x, y]))
            assert by_state(ours) == by_state(theirs), (x, y)
            states = ours.states()
            outcomes = retrograde_outcomes(lambda s: {game.canonical(m) for m in game.successors(s)}, states)
            assert [ours.outcome_of(v) for v in range(len(ours))] == [outcomes[s] for s in states]
            assert grundy.hint(grundy.Digraph(EDGES, [x, y])).outcome == outcomes[states[0]], (x, y)


def test_graphml_export_loads_in_networkx(tmp_path):
    nx = pytest.importorskip("networkx")
    r = grundy.solve(grundy.Digraph(EDGES, "s"))
    r.export(tmp_path / "g.graphml")
    g = nx.read_graphml(str(tmp_path / "g.graphml"))
    state = nx.get_node_attributes(g, "state")
    shown = {name: (str(x) if isinstance(x, int) else "∞(" + ",".join(map(str, x[1])) + ")")
             for name, x in VALUES.items()}
    shown["a"] = "∞(∅)"
    assert {state[n]: g.nodes[n]["value"] for n in g} == shown
    assert sorted((state[u], state[v]) for u, v in g.edges) == sorted(EDGES)
    assert {state[n]: g.nodes[n]["outcome"] for n in g}["b"] == "D"
    # The networkx graph the module builds says the same.
    h = r.to_networkx()
    assert {d["state"]: d.get("grundy", ("inf", json.loads(d["infinite_set"]))) for _, d in h.nodes(data=True)} == VALUES


def test_csv_export_and_bad_input(tmp_path):
    r = grundy.solve(grundy.Digraph(EDGES, "s"))
    r.export(tmp_path / "g.csv")
    rows = list(csv.DictReader(open(tmp_path / "g.csv", encoding="utf-8")))
    assert {row["state"]: (row["grundy"], row["infinite_set"], row["outcome"]) for row in rows}["b"] == ("", "1", "D")
    with pytest.raises(ValueError, match="'x'"):
        grundy.Digraph(EDGES, "x")
    with pytest.raises(ValueError, match="pair"):
        grundy.Digraph([("a", "b", "c")], "a")
    with pytest.raises(TypeError, match="str or int"):
        grundy.Digraph([("a", 1.5)], "a")
    with pytest.raises(FileNotFoundError):
        grundy.Digraph(tmp_path / "missing.txt", "a")
    with pytest.raises(FileNotFoundError, match="missing"):
        grundy.Digraph(os.fsencode(tmp_path / "missing.txt"), "a")
    with pytest.raises(ValueError, match="cycle"):
        grundy.hint(grundy.Digraph(EDGES, "s"), misere=True)
    with pytest.raises(ValueError, match="token"):
        grundy.Digraph(EDGES, [])
    with pytest.raises(ValueError, match=r"\.graphml"):
        r.export(tmp_path / "g.txt")
    assert not os.path.exists(tmp_path / "g.txt")


def test_undirected_files_are_refused_unless_asked(tmp_path):
    dot = tmp_path / "u.dot"
    dot.write_text("graph { x -- y; y -- z }")
    with pytest.raises(ValueError, match="undirected=True"):
        grundy.Digraph(dot, "x")
    g = grundy.Digraph(dot, "x", undirected=True)
    assert g.edge_count == 4 and sorted(g.moves("y")) == ["x", "z"]
    graphml = tmp_path / "u.graphml"
    graphml.write_text('<graphml><graph edgedefault="undirected"><node id="a"/><node id="b"/>'
                       '<edge source="a" target="b"/></graph></graphml>')
    with pytest.raises(ValueError, match="undirected=True"):
        grundy.Digraph(graphml, "a")
    assert grundy.Digraph(graphml, "b", undirected=True).moves() == ["a"]
    # The same flag for edges given in Python.
    assert grundy.Digraph([("p", "q")], "q", undirected=True).moves() == ["p"]


def test_dot_edge_groups_and_deep_files(tmp_path):
    dot = tmp_path / "groups.dot"
    dot.write_text('\ufeffdigraph { a -> {b c}; "b" -> <d> [label=<<b>x</b>>] }', encoding="utf-8")
    g = grundy.Digraph(dot, "a")
    assert sorted(g.moves()) == ["b", "c"] and g.moves("b") == ["d"]
    deep = tmp_path / "deep.dot"
    deep.write_text("digraph {" + "subgraph {" * 20_000 + "a" + "}" * 20_001)
    with pytest.raises(ValueError, match="nests deeper than 1000 levels"):
        grundy.Digraph(deep, "a")
    deep_xml = tmp_path / "deep.graphml"
    deep_xml.write_text('<graphml><graph><node id="a"/>' + "<x>" * 50_000 + "</x>" * 50_000 + "</graph></graphml>")
    with pytest.raises(ValueError, match="nests deeper than 1000 levels"):
        grundy.Digraph(deep_xml, "a")


def test_files_that_cannot_be_read(tmp_path):
    # As Python's own open() says it: the subclass of OSError its error number makes.
    with pytest.raises(FileNotFoundError, match="cannot open the graph file .*missing.txt: No such file"):
        grundy.Digraph(tmp_path / "missing.txt", "a")
    with pytest.raises(IsADirectoryError, match="Is a directory"):
        grundy.Digraph(tmp_path, "a")
    with pytest.raises(ValueError, match="has no vertex"):
        grundy.Digraph("/dev/null", "a")
    big = tmp_path / "big.txt"
    big.write_text("".join(f"v{i} v{i + 1}\n" for i in range(50_000)))
    with pytest.raises(grundy.LimitExceeded, match="memory limit"):
        grundy.Digraph(big, "v0", max_memory="1M")
    assert grundy.Digraph(big, "v0", max_memory=100 << 20).edge_count == 50_000


def test_ctrl_c_stops_reading_a_pipe_that_never_writes(tmp_path):
    fifo = tmp_path / "g.txt"
    os.mkfifo(fifo)
    done = threading.Event()

    def writer():  # opens the pipe, then sends nothing until the reading is over
        with open(fifo, "w"):
            done.wait(10)

    def ctrl_c():
        time.sleep(0.5)
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)

    threads = [threading.Thread(target=writer), threading.Thread(target=ctrl_c)]
    for t in threads:
        t.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.Digraph(fifo, "a")
    finally:
        done.set()
        for t in threads:
            t.join()
    assert time.monotonic() - started < 5
