"""Each endpoint answers what the command line prints for the same game, timings and memory
figures aside (docs/web.md, "The API"), and the answers are the known ones where the literature
gives them."""

import functools
import json
import operator
import urllib.parse
import xml.etree.ElementTree as ET

import pytest

from conftest import assert_error, cli_json, export_formats, q, run_cli, same_figures, without_timings

# (query of /api/graph, the same game on the command line)
GRAPHS = {
    "nim": ("game=nim&position=3 4 5", ["nim", "3", "4", "5"]),
    "tablettes": ("game=tablettes&colors=2&tablets=2", ["tablettes", "--colors", "2", "--tablets", "2"]),
    "tablettes misere": (
        "game=tablettes&colors=2&tablets=2&misere=1",
        ["tablettes", "--colors", "2", "--tablets", "2", "--misere"],
    ),
    "tablettes position": (
        "game=tablettes&colors=2&tablets=2&position=[[0,1],[1,1],[0,1],[1,1]]",
        ["tablettes", "--colors", "2", "--tablets", "2", "[[0,1],[1,1],[0,1],[1,1]]"],
    ),
    "moore": ("game=moore&k=2&position=3 4 5", ["moore", "--k", "2", "3", "4", "5"]),
    "octal": ("game=octal&position=0.07 5 9", ["octal", "0.07", "5", "9"]),
    "heap": ("game=heap&position=S(1,3,4) 7 8", ["heap", "S(1,3,4)", "7", "8"]),
    "wythoff": ("game=wythoff&position=3 5", ["wythoff", "3", "5"]),
    "tablettes symmetry": (
        "game=tablettes&symmetry=1&colors=3&tablets=2",
        ["tablettes", "--symmetry", "--colors", "3", "--tablets", "2"],
    ),
    "nim misere": ("game=nim&position=1 2 3&misere=1", ["nim", "1", "2", "3", "--misere"]),
}

EDGES = b"a b\nb a\nb c\nc d\n"
DOT = b"digraph loop {\n  a -> b;\n  b -> a;\n  b -> c;\n  c -> d;\n}\n"
GRAPHML = b"""<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <graph id="G" edgedefault="directed">
    <node id="a"/><node id="b"/><node id="c"/><node id="d"/>
    <edge source="a" target="b"/><edge source="b" target="a"/>
    <edge source="b" target="c"/><edge source="c" target="d"/>
  </graph>
</graphml>
"""
DIGRAPH_FILES = {"edges": ("g.edges", EDGES), "dot": ("g.dot", DOT), "graphml": ("g.graphml", GRAPHML)}


@pytest.fixture(scope="module")
def cli_graph():
    return {name: cli_json("graph", *args) for name, (_, args) in GRAPHS.items()}


# --- /api/graph ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_graph_is_the_cli_graph(server, cli_graph, name):
    answer = server.get_json("/api/graph?" + q(GRAPHS[name][0]))
    same_figures(answer, cli_graph[name])


def test_graph_figures_are_the_known_ones(server):
    """Not only the CLI's figures: right ones. By Bouton's theorem Nim 3 4 5 has the value
    3 xor 4 xor 5 = 2, a first-player win; Wythoff 3 5 is a P-position (the pair (3, 5) of
    the golden ratio's Beatty sequences)."""
    nim = server.get_json("/api/graph?" + q("game=nim&position=3 4 5"))
    assert (nim["game"], nim["start"], nim["grundy"], nim["outcome"]) == ("nim", "[3,4,5]", 3 ^ 4 ^ 5, "N")
    wythoff = server.get_json("/api/graph?" + q("game=wythoff&position=3 5"))
    assert (wythoff["grundy"], wythoff["outcome"]) == (0, "P")


def test_graph_misere_adds_the_misere_figures(server):
    normal = without_timings(server.get_json("/api/graph?" + q("game=tablettes&colors=2&tablets=2")))
    misere = without_timings(server.get_json("/api/graph?" + q("game=tablettes&colors=2&tablets=2&misere=1")))
    assert "misere_outcome" not in normal
    assert misere["misere_outcome"] in ("N", "P")
    assert {k: v for k, v in misere.items() if not k.startswith("misere")} == normal


def test_a_medium_tablettes_graph_is_not_refused_for_memory(server):
    expected = cli_json("graph", "tablettes", "--colors", "4", "--tablets", "3")
    reply = server.get("/api/graph?game=tablettes&colors=4&tablets=3")
    assert reply.status == 200, reply
    same_figures(reply.json(), expected)


# --- The digraph game, posted --------------------------------------------------------------------


@pytest.fixture(scope="module")
def cli_digraph(tmp_path_factory):
    folder = tmp_path_factory.mktemp("digraph")
    answers = {}
    for kind, (name, body) in DIGRAPH_FILES.items():
        (folder / name).write_bytes(body)
        answers[kind] = cli_json("graph", "digraph", str(folder / name), "--start", "a")
    return answers


@pytest.mark.parametrize("kind", sorted(DIGRAPH_FILES))
@pytest.mark.parametrize("named", [False, True], ids=["guessed", "graph_format"])
def test_posted_digraph_is_the_cli_graph(server, cli_digraph, kind, named):
    target = "/api/graph?game=digraph&start=a" + (f"&graph_format={kind}" if named else "")
    reply = server.post(target, DIGRAPH_FILES[kind][1])
    assert reply.status == 200, reply
    answer = reply.json()
    same_figures(answer, cli_digraph[kind])
    # The head: the game, the graph's own description (not a file name of the server's) and the
    # start vertex by its name.
    assert (answer["game"], answer["graph"], answer["start"]) == ("digraph", "4 vertices, 4 edges", "a")
    assert answer["outcome"] == "D" and answer["draws"] == 2


@pytest.mark.parametrize("kind", sorted(DIGRAPH_FILES))
def test_api_digraph_is_api_graph_of_the_digraph_game(server, cli_digraph, kind):
    body = DIGRAPH_FILES[kind][1]
    short = server.post("/api/digraph?start=a", body)
    long = server.post("/api/graph?game=digraph&start=a", body)
    assert short.status == long.status == 200, (short, long)
    assert without_timings(short.json()) == without_timings(long.json())
    same_figures(short.json(), cli_digraph[kind])


UNDIRECTED = b"graph { a -- b; b -- c; c -- d; }\n"


def test_digraph_tokens_and_undirected_are_the_cli_ones(server, tmp_path):
    (tmp_path / "g.edges").write_bytes(EDGES)
    (tmp_path / "u.dot").write_bytes(UNDIRECTED)
    tokens = server.post("/api/digraph?tokens=a,c", EDGES)
    assert tokens.status == 200, tokens
    same_figures(tokens.json(), cli_json("graph", "digraph", "g.edges", "--tokens", "a,c", cwd=tmp_path))
    assert tokens.json()["start"] == "a+c"
    both = server.post("/api/digraph?start=a&undirected=1", UNDIRECTED)
    assert both.status == 200, both
    same_figures(both.json(), cli_json("graph", "digraph", "u.dot", "--start", "a", "--undirected", cwd=tmp_path))


def test_digraph_messages_name_the_web_parameters(server):
    """The library's advice in the web's words: undirected=1, not the CLI's --undirected."""
    message = assert_error(server.post("/api/digraph?start=a", UNDIRECTED), 400, "undirected=1")
    assert "--" not in message


def test_digraph_name_is_the_file_name_in_messages(server):
    deep = b"<graphml><graph>" + b"<n>" * 5000 + b"</n>" * 5000 + b"</graph></graphml>"
    reply = server.post("/api/graph?game=digraph&start=a&name=deep.graphml", deep)
    assert_error(reply, 400, "deep.graphml")


# --- /api/export and /api/graph.svg ---------------------------------------------------------------

EXPORTS = {
    "tablettes": ("game=tablettes&colors=2&tablets=2", ["tablettes", "--colors", "2", "--tablets", "2"]),
    "nim misere": ("game=nim&position=3 4 5&misere=1", ["nim", "3", "4", "5", "--misere"]),
}


@pytest.mark.parametrize("fmt", export_formats(), ids=lambda f: f.name)
@pytest.mark.parametrize("game", sorted(EXPORTS))
def test_export_is_the_cli_export_file(server, tmp_path, game, fmt):
    query, args = EXPORTS[game]
    file = "f" + fmt.extensions[0]
    run_cli("graph", *args, "--export", file, "-q", cwd=tmp_path)
    reply = server.get("/api/export?" + q(query) + f"&format={fmt.name}")
    assert reply.status == 200, reply
    assert reply.content_type == fmt.mime_type
    assert reply.body == (tmp_path / file).read_bytes()


def svg_nodes(svg):
    """The titles of the SVG's vertices: each a <g class="node"> with a <title>."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    return [g.find(f"{ns}title").text for g in root.iter(f"{ns}g") if g.get("class") == "node"]


def test_graph_svg_draws_each_vertex_by_its_export_id(server):
    reply = server.get("/api/graph.svg?game=tablettes&colors=2&tablets=2")
    assert reply.status == 200, reply
    assert reply.content_type.startswith("image/svg+xml")
    titles = svg_nodes(reply.body)
    assert len(titles) == 12
    assert sorted(titles, key=int) == [str(i) for i in range(12)]
    exported = server.get_json("/api/export?game=tablettes&colors=2&tablets=2&format=json")
    assert sorted(titles, key=int) == sorted((str(v["id"]) for v in exported["vertices"]), key=int)


def test_graph_svg_is_the_cli_picture(server, tmp_path):
    run_cli("graph", "nim", "1", "2", "--dot", "g.dot", "--render", "svg", "-q", cwd=tmp_path)
    reply = server.get("/api/graph.svg?game=nim&position=1+2")
    assert reply.status == 200, reply
    assert reply.body == (tmp_path / "g.svg").read_bytes()


def test_posted_digraph_svg_and_export(server, tmp_path):
    (tmp_path / "g.edges").write_bytes(EDGES)
    run_cli("graph", "digraph", "g.edges", "--start", "a", "--export", "f.csv", "-q", cwd=tmp_path)
    reply = server.post("/api/export?game=digraph&start=a&format=csv", EDGES)
    assert reply.status == 200, reply
    assert reply.body == (tmp_path / "f.csv").read_bytes()
    picture = server.post("/api/graph.svg?game=digraph&start=a", EDGES)
    assert picture.status == 200, picture
    assert len(svg_nodes(picture.body)) == 4


# --- /api/octal, /api/table, /api/misere ---------------------------------------------------------

OCTALS = {
    "0.07": ("code=0.07", ["0.07"]),
    "0.137": ("code=0.137", ["0.137"]),
    "4.07": ("code=4.07", ["4.07"]),
    "S(1,3,4)": ("code=S(1,3,4)", ["S(1,3,4)"]),
    "grundy": ("code=grundy&max=2000", ["grundy", "--max", "2000"]),
}


@pytest.mark.parametrize("code", sorted(OCTALS))
def test_octal_is_the_cli_octal(server, code):
    query, args = OCTALS[code]
    same_figures(server.get_json("/api/octal?" + q(query)), cli_json("octal", *args))


def test_octal_knows_dawsons_kayles(server):
    """0.07, Dawson's Kayles: preperiod 53 and period 34 (Guy and Smith, 1956)."""
    answer = server.get_json("/api/octal?code=0.07&values=1")
    assert (answer["preperiod"], answer["period"], answer["proven"]) == (53, 34, True)
    first = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    assert answer["sequence"][:21] == first
    seq = answer["sequence"]
    assert all(seq[n] == seq[n + 34] for n in range(53, len(seq) - 34))


@pytest.mark.parametrize("code", ["0.07", "S(1,3,4)"])
def test_octal_values_are_the_cli_values(server, tmp_path, code):
    run_cli("octal", code, "--out", "values.txt", "-q", cwd=tmp_path)
    written = [int(line) for line in (tmp_path / "values.txt").read_text().split()]
    answer = server.get_json("/api/octal?" + q(f"code={code}&values=1"))
    assert answer["sequence"] == written
    assert len(answer["sequence"]) == answer["values"]
    plain = server.get_json("/api/octal?" + q(f"code={code}"))
    assert without_timings({k: v for k, v in answer.items() if k not in ("sequence", "rare_heaps")}) == (
        without_timings(plain)
    )


@pytest.mark.parametrize("code", ["0.16", "4.007"])
def test_rare_heaps_are_those_of_the_rare_parity(server, code):
    """docs/algorithms.md: with a plain split (mask m), heap h is rare when popcount(G(h) & m) is
    even. Heap 0 (G = 0) is no heap to split and is left out, as in rare_count."""
    answer = server.get_json(f"/api/octal?code={code}&max=20000&values=1")
    mask, seq = answer["rare_mask"], answer["sequence"]
    assert mask != 0 and len(seq) == 20000
    even = [h for h in range(1, len(seq)) if bin(seq[h] & mask).count("1") % 2 == 0]
    assert answer["rare_heaps"] == even
    assert len(answer["rare_heaps"]) == answer["rare_count"] > 0


def test_a_heap_rule_has_no_rare_heaps(server):
    assert server.get_json("/api/octal?" + q("code=S(1,3,4)&values=1"))["rare_heaps"] == []


TABLES = {
    "normal": ("colors=1..2&tablets=1..3", ["--colors", "1..2", "--tablets", "1..3"]),
    "misere": ("colors=2..3&tablets=1..2&misere=1", ["--colors", "2..3", "--tablets", "1..2", "--misere"]),
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_is_the_cli_table(server, name):
    query, args = TABLES[name]
    answer = server.get_json("/api/table?" + q(query))
    expected = cli_json("table", *args)
    assert len(answer) == len(expected)
    same_figures(answer, expected)


@pytest.mark.parametrize("genus", [False, True])
def test_misere_is_the_cli_quotient(server, genus):
    heap = "12" if genus else "30"
    query = f"code=0.07&max_heap={heap}" + ("&genus=1" if genus else "")
    args = ["misere", "0.07", "--max-heap", heap] + (["--genus"] if genus else [])
    same_figures(server.get_json("/api/misere?" + query), cli_json(*args))


# --- /api/games --------------------------------------------------------------------------------------

GAMES = {"nim", "moore", "octal", "tablettes", "heap", "wythoff", "digraph"}


def test_games_lists_the_seven_games_and_the_limits(server):
    answer = server.get_json("/api/games")
    assert {g["name"] for g in answer["games"]} == GAMES and len(answer["games"]) == 7
    for g in answer["games"]:
        assert isinstance(g["position_help"], str) and g["position_help"]
        for p in g["parameters"]:
            assert p["kind"] in ("flag", "whole", "whole_list", "text") and p["name"] and p["help"]
    tablettes = next(g for g in answer["games"] if g["name"] == "tablettes")
    assert [p["name"] for p in tablettes["parameters"]] == ["colors", "tablets", "symmetry"]
    limits = answer["limits"]
    assert limits["max_states"] == 2_000_000 and limits["seconds"] == 60
    assert limits["max_drawn"] == 400 and limits["max_body"] == 1 << 20
    assert 0 < limits["max_memory"] <= 512 << 20


def test_games_say_how_each_game_is_named(server):
    games = {g["name"]: g for g in server.get_json("/api/games")["games"]}
    assert games["nim"]["parameters"] == []
    # Each front end names the games in its own words: the web sends no other front end's.
    assert all("python_name" not in g for g in games.values())
    assert games["tablettes"]["position_help"].startswith("piles as")
    kinds = {p["name"]: p["kind"] for p in games["tablettes"]["parameters"]}
    assert kinds == {"colors": "whole", "tablets": "whole_list", "symmetry": "flag"}


def test_games_describe_the_form_and_board_of_each_game(server):
    games = {g["name"]: g for g in server.get_json("/api/games")["games"]}
    for g in games.values():
        assert g["title"] and g["rules"] and g["board"] in ("heaps", "tablettes", "list"), g
        assert g["position_parameter"] in ("position", "start") and g["fields"], g
        for f in g["fields"]:
            assert f["role"] in ("parameter", "position", "body") and f["kind"] in ("flag", "whole", "whole_list", "text")
            assert f["kind"] == "flag" or f["example"], f
    # A parameter's field has the parameter's range: the library's, not a copy.
    colors = next(f for f in games["tablettes"]["fields"] if f["name"] == "colors")
    assert (colors["role"], colors["kind"], colors["low"], colors["high"]) == ("parameter", "whole", 1, 128)
    tablets = next(f for f in games["tablettes"]["fields"] if f["name"] == "tablets")
    assert (tablets["low"], tablets["high"]) == (1, 63)
    assert [(f["name"], f["role"]) for f in games["octal"]["fields"]] == [("code", "position"), ("heaps", "position")]
    assert [f["role"] for f in games["digraph"]["fields"]] == ["body", "parameter", "parameter"]
    assert games["digraph"]["position_parameter"] == "start" and games["digraph"]["board"] == "list"
    assert games["tablettes"]["board"] == "tablettes" and games["wythoff"]["board"] == "heaps"
    assert games["nim"]["fields"][0]["high"] is None
    # What the page offers beyond play, so that it writes no game's name: one game for each.
    offering = {f: [n for n, g in games.items() if f in g["features"]]
                for f in ("first", "table", "nim_sum", "octal_codes", "heap_rules")}
    assert offering == {"first": ["tablettes"], "table": ["tablettes"], "nim_sum": ["nim"],
                        "octal_codes": ["octal"], "heap_rules": ["heap"]}, offering
    # Each game's examples make a position the API takes.
    for name in ("nim", "moore", "octal", "heap", "wythoff", "tablettes"):
        g = games[name]
        params = {"game": name}
        words = [f["example"] for f in g["fields"] if f["role"] == "position"]
        params.update({f["name"]: f["example"] for f in g["fields"] if f["role"] == "parameter"})
        if words:
            params["position"] = " ".join(words)
        assert server.get("/api/moves?" + urllib.parse.urlencode(params)).status == 200, params


def test_refusals_carry_a_code_beside_the_english_line(server):
    assert_error(server.get("/api/moves?" + q("game=nim&position=3 x")), 400, code="input")


# --- /api/hint and /api/moves (being added) ---------------------------------------------------------


def test_hint_is_the_cli_hint(server):
    for query, args in [
        ("game=nim&position=3 4 5", ["nim", "3", "4", "5"]),
        ("game=tablettes&colors=2&tablets=2&misere=1", ["tablettes", "--colors", "2", "--tablets", "2", "--misere"]),
        ("game=nim&position=3 4 5&all=1", ["nim", "3", "4", "5", "--all"]),
    ]:
        same_figures(server.get_json("/api/hint?" + q(query)), cli_json("hint", *args))
    hint = server.get_json("/api/hint?" + q("game=nim&position=3 4 5"))
    assert list(hint)[:2] == ["game", "start"] and hint["start"] == "[3,4,5]"
    assert (hint["convention"], hint["outcome"], hint["finished"]) == ("normal", "N", False)
    assert hint["winning_move_count"] == 1 and hint["method"] is None and hint["drawing_moves"] == []
    assert [m["position"] for m in hint["moves"]] == ["[1,4,5]"]
    loopy = server.post("/api/hint?game=digraph&start=a", EDGES)
    assert loopy.status == 200 and loopy.json()["outcome"] == "D" and loopy.json()["drawing_moves"]


@pytest.mark.parametrize("query, args", [
    # 3 * 10^7 moves a graph would take at once: a hint needs none of them (Wythoff's theorem).
    ("game=wythoff&position=10000000 10000001", ["wythoff", "10000000", "10000001"]),
    ("game=wythoff&position=4294967294 4294967295", ["wythoff", "4294967294", "4294967295"]),
    ("game=wythoff&position=1618033988812 2618033988851", ["wythoff", "1618033988812", "2618033988851"]),
    ("game=wythoff&position=9223372036854775807 9223372036854775807",
     ["wythoff", "9223372036854775807", "9223372036854775807"]),
    # S(1,3,4)'s proven period answers a heap of 10^9.
    ("game=heap&position=S(1,3,4) 1000000000&all=1", ["heap", "S(1,3,4)", "1000000000", "--all"]),
    ("game=heap&position=0.07 4000000000", ["heap", "0.07", "4000000000"]),
])
def test_huge_hints_are_the_cli_hints(server, query, args):
    same_figures(server.get_json("/api/hint?" + q(query)), cli_json("hint", *args))


def test_graph_of_huge_piles_is_refused_for_their_true_move_count(server):
    assert_error(server.get("/api/graph?" + q("game=wythoff&position=10000000000 10000000001")), 422,
                 "about 30000000001 moves")
    assert_error(server.get("/api/hint?" + q("game=wythoff&position=10000000000 10000000001&misere=1")), 422,
                 "about 30000000001 moves")


def test_moves_lists_every_move(server):
    answer = server.get_json("/api/moves?" + q("game=nim&position=3 4 5"))
    assert (answer["game"], answer["start"], answer["convention"]) == ("nim", "[3,4,5]", "normal")
    assert (answer["outcome"], answer["value"], answer["more"]) == ("N", 2, 0)
    assert len(answer["moves"]) == 3 + 4 + 5
    for m in answer["moves"]:
        heaps = json.loads(m["position"])
        assert m["value"] == functools.reduce(operator.xor, heaps, 0)
        assert m["outcome"] == ("P" if m["value"] == 0 else "N")
        # A move's position reads back as position= of the same game.
        back = server.get_json("/api/moves?" + q("game=nim&position=" + " ".join(map(str, heaps))))
        assert back["value"] == m["value"]
    winning = [m for m in answer["moves"] if m["value"] == 0]
    assert [m["position"] for m in winning] == ["[1,4,5]"]
    one = server.get_json("/api/moves?" + q("game=nim&position=3 4 5&move=3>1"))
    assert [m["position"] for m in one["moves"]] == ["[1,4,5]"]


# --- Remoteness -----------------------------------------------------------------------------------


def brute_remoteness(edges):
    """Each vertex's remoteness in an acyclic graph, found here: 0 without a move, a win 1 + its
    fastest win (a move to an even remoteness, a P-position), a loss 1 + its slowest loss."""
    after = {}
    for a, b in edges:
        after.setdefault(a, []).append(b)
        after.setdefault(b, [])
    memo = {}

    def r(v):
        if v not in memo:
            options = [r(w) for w in after[v]]
            wins = [x for x in options if x % 2 == 0]
            memo[v] = 0 if not options else 1 + (min(wins) if wins else max(options))
        return memo[v]

    return {v: r(v) for v in after}


def test_remoteness_is_a_brute_force_on_a_small_graph(server):
    # A layered graph with long and short ways down, so that the fastest win and the slowest loss
    # differ from any move.
    edges = [("a", "b"), ("a", "c"), ("a", "e"), ("b", "d"), ("b", "f"), ("c", "d"), ("c", "g"), ("d", "g"),
             ("e", "f"), ("f", "g"), ("f", "h"), ("g", "h"), ("e", "h")]
    body = "".join(f"{a} {b}\n" for a, b in edges).encode()
    far = brute_remoteness(edges)
    for start, r in far.items():
        moves = server.post(f"/api/moves?game=digraph&start={start}", body).json()
        assert (moves["remoteness_known"], moves["remoteness"]) == (True, r), start
        for m in moves["moves"]:
            assert m["remoteness"] == far[m["position"]], (start, m)
        hint = server.post(f"/api/hint?game=digraph&start={start}&all=1", body).json()
        assert hint["remoteness"] == r, start
        if hint["moves"]:  # the fastest win first
            assert hint["move_remoteness"][0] == r - 1 == min(far[m["position"]] for m in hint["moves"])
    assert max(far.values()) >= 4


def test_remoteness_of_draws_and_of_games_answered_by_rule(server):
    loop = server.post("/api/moves?game=digraph&start=b", EDGES).json()
    assert (loop["outcome"], loop["remoteness_known"], loop["remoteness"]) == ("D", True, None)
    assert {m["position"]: m["remoteness"] for m in loop["moves"]} == {"a": None, "c": 1}
    # Nim, heap rules, octal sums and Wythoff answer by a rule and build no graph: not known.
    for query in ("game=nim&position=3 4 5", "game=heap&position=S(1,3,4) 7 8", "game=wythoff&position=3 5",
                  "game=octal&position=0.07 5 9"):
        moves = server.get_json("/api/moves?" + q(query))
        assert (moves["remoteness_known"], moves["remoteness"]) == (False, None), query
        assert all(m["remoteness"] is None for m in moves["moves"]), query
        assert server.get_json("/api/hint?" + q(query))["remoteness_known"] is False, query
