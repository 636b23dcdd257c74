"""Result.export, statistics_json and to_networkx: the exports of the module are the CLI's, byte
for byte, and networkx writes and reads back what to_networkx gives."""

import json
import re
import subprocess

import pytest

import grundy
from conftest import cli_path, export_formats, without_timings

# An edge list whose vertex names look like numbers or hold markup; "007" <-> "1,2" is a cycle,
# so that values ∞(K) appear.
EDGE_LIST = "007 1,2\n1,2 007\n1,2 <&>\n<&> é∞\n"


def original(portable):
    """The bytes a portable name stands for, by the rule docs/cli-guide.md gives."""
    return re.sub(rb"\\(\\|x([0-9a-f]{2}))", lambda m: bytes.fromhex(m[2].decode()) if m[2] else b"\\",
                  portable.encode())


def run_cli(*args):
    subprocess.run([cli_path(), *args, "-q"], check=True, capture_output=True)


GAMES = [
    (lambda _: grundy.Tablettes(2, 2), ["tablettes", "-c", "2", "-n", "2"]),
    (lambda _: grundy.Tablettes(2, [1, 3]), ["tablettes", "--tablets", "1,3"]),
    (lambda _: grundy.Nim([2, 3]), ["nim", "2", "3"]),
    (lambda _: grundy.Octal("0.07", [6, 3]), ["octal", "0.07", "6", "3"]),
    (lambda _: grundy.Moore(2, [2, 3]), ["moore", "2", "2", "3"]),
    (lambda path: grundy.Digraph(path, "007"), ["digraph", "{path}", "--start", "007"]),
]


@pytest.mark.parametrize("game, args", GAMES)
@pytest.mark.parametrize("ext", ["json", "graphml", "csv"])
def test_the_module_writes_the_bytes_of_the_cli(game, args, ext, tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text(EDGE_LIST, encoding="utf-8")
    cli_file, module_file = tmp_path / f"cli.{ext}", tmp_path / f"module.{ext}"
    run_cli("graph", *[a.format(path=graph) for a in args], "--export", str(cli_file))
    grundy.solve(game(str(graph))).export(module_file)
    assert module_file.read_bytes() == cli_file.read_bytes()


def extensions_of_the_table():
    return [e for f in export_formats() for e in f.extensions]


@pytest.mark.parametrize("ext", extensions_of_the_table())
def test_every_format_of_the_table_is_the_cli_export(ext, tmp_path):
    cli_file, module_file = tmp_path / f"cli{ext}", tmp_path / f"module{ext}"
    run_cli("graph", "nim", "1", "2", "--export", str(cli_file))
    grundy.solve(grundy.Nim([1, 2])).export(module_file)
    assert module_file.read_bytes() == cli_file.read_bytes()


def test_an_unknown_extension_is_refused_with_every_format_of_the_table(tmp_path):
    with pytest.raises(ValueError) as refused:
        grundy.solve(grundy.Nim([1, 2])).export(tmp_path / "g.txt")
    message = str(refused.value)
    assert "\n" not in message and "g.txt" in message
    for ext in extensions_of_the_table():
        assert re.search(re.escape(ext) + r"\b", message), (ext, message)
    assert not (tmp_path / "g.txt").exists()


def test_the_json_export_is_the_graph_and_the_statistics_a_call_away(cli, tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text(EDGE_LIST, encoding="utf-8")
    r = grundy.solve(grundy.Digraph(graph, "007"))
    r.export(tmp_path / "g.json")
    exported = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert len(exported["vertices"]) == r.vertices and len(exported["edges"]) == r.edges
    by_state = {v["state"]: v for v in exported["vertices"]}
    # The graph of docs/loopy-games.md: 007 and 1,2 move to each other, 1,2 also to <&>, worth 1
    # as é∞ is terminal.
    assert by_state["007"]["grundy"] is None and by_state["007"]["infinite_set"] == []
    assert by_state["1,2"]["grundy"] is None and by_state["1,2"]["infinite_set"] == [1]
    assert by_state["<&>"]["grundy"] == 1 and by_state["<&>"]["infinite_set"] == []
    assert all("infinite_set" in v for v in exported["vertices"])

    statistics = json.loads(r.statistics_json())
    assert without_timings(statistics) == without_timings(cli("graph", "digraph", str(graph), "--start", "007"))
    # A start that looks like a number is a string.
    assert statistics["start"] == "007" and statistics["game"] == "digraph"


class OddNames:
    """A game written in Python whose positions print with control characters, a backslash,
    quotes and markup. 007 <-> 1,2 is a cycle, and 1,2 also moves to a\x01b, worth 1: the graph of
    docs/loopy-games.md, where 007 is ∞(∅) and 1,2 is ∞(1)."""

    NAMES = ["007", "1,2", "a\x01b", "x\\y", "<&>\n", 'q"t', "\ufffe"]
    MOVES = {0: [1], 1: [0, 2], 2: [3], 3: [4], 4: [5, 6], 5: [], 6: []}

    def successors(self, s):
        return self.MOVES[s]

    def format(self, s):
        return self.NAMES[s]


# The names as the exports write them (docs/cli-guide.md): a backslash doubled, a control
# character (a line feed too) or a byte XML 1.0 cannot hold as \xNN.
PORTABLE = {name: name for name in OddNames.NAMES} | {"a\x01b": "a\\x01b", "x\\y": "x\\\\y", "<&>\n": "<&>\\x0a",
                                                      "\ufffe": "\\xef\\xbf\\xbe"}


def test_to_networkx_is_written_by_networkx_as_the_graphml_export(tmp_path):
    nx = pytest.importorskip("networkx")
    r = grundy.solve(OddNames(), 0)
    h = r.to_networkx()
    assert sorted(h.nodes) == list(range(r.vertices)) and h.number_of_edges() == r.edges
    nx.write_graphml(h, str(tmp_path / "nx.graphml"))
    written = nx.read_graphml(str(tmp_path / "nx.graphml"))
    r.export(tmp_path / "g.graphml")
    exported = nx.read_graphml(str(tmp_path / "g.graphml"))

    def by_state(g):
        return {d["state"]: d for _, d in g.nodes(data=True)}

    assert by_state(written) == by_state(exported)
    assert set(by_state(exported)) == set(PORTABLE.values())
    # The names come back, whatever the bytes: the export's ids are the names.
    assert {original(n).decode() for n in exported.nodes} == set(OddNames.NAMES)
    for v in range(r.vertices):
        d = by_state(exported)[PORTABLE[r.format(v)]]
        x = r.value(v)
        assert (d.get("grundy"), json.loads(d["infinite_set"]), d["outcome"]) == (
            (x, [], r.outcome_of(v)) if isinstance(x, int) else (None, x[1], r.outcome_of(v)))
    # Worked out by hand: <&>\n moves to two terminals (1), x\y only to <&>\n (0).
    assert by_state(exported)["x\\\\y"] == {"state": "x\\\\y", "value": "0", "grundy": 0, "infinite_set": "[]",
                                            "outcome": "P"}
    assert by_state(exported)["<&>\\x0a"]["grundy"] == 1
    loopy = by_state(exported)["007"]
    assert "grundy" not in loopy and json.loads(loopy["infinite_set"]) == r.value(0)[1]
    edges = {(original(u).decode(), original(v).decode()) for u, v in exported.edges}
    assert edges == {(OddNames.NAMES[u], OddNames.NAMES[v]) for u, ws in OddNames.MOVES.items() for v in ws}
    # The statistics carry the start's portable name too.
    assert json.loads(r.statistics_json())["start"] == "007"


def test_statistics_json_carries_any_start_name():
    class Start(OddNames):
        def format(self, s):
            return "a\x01\\b" if s == 0 else super().format(s)

    statistics = json.loads(grundy.solve(Start(), 0).statistics_json())
    assert statistics["start"] == "a\\x01\\\\b" and original(statistics["start"]) == b"a\x01\\b"
    assert statistics["game"] == "python"
