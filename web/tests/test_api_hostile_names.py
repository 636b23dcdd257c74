"""A graph uploaded with hostile vertex names (escape sequences, BEL, the C1 CSI, invalid UTF-8,
DEL, tabs and line feeds, XML's markup characters): every answer shows them as portable names
(docs/cli-guide.md, "Names"), no string of a JSON answer holds a control character, and the SVG
drawn is well-formed XML."""

import json
import urllib.parse
import xml.etree.ElementTree as ET

import pytest

from conftest import assert_error

TITLE = b"b\x1b]0;pwned\x07\x1b[2J"
C1 = b"c\xc2\x9b2J"
INVALID = b"d\xff\xfe"
MARKUP = b'g&<>"h'
DEL = b"x\x7f"
EDGES = b"\n".join(
    [b"a " + TITLE, TITLE + b" " + C1, C1 + b" " + INVALID, INVALID + b" " + MARKUP, MARKUP + b" " + DEL]
) + b"\n"
DOT = b'digraph {\n  a -> "t\tab" -> "n\nl" -> "e\x1b[2J" -> "q&<>\\"z" -> "\xc2\x9b" -> "amp&amp;" -> "r&#27;"\n}\n'
FILES = {"edges": EDGES, "dot": DOT}

# The portable names of the edge list's vertices, as every answer shows them.
SHOWN = ["a", "b\\x1b]0;pwned\\x07\\x1b[2J", "c\\xc2\\x9b2J", "d\\xff\\xfe", 'g&<>"h', "x\\x7f"]


def control_free(text):
    """No C0 control (tab and line feed included), DEL or C1 control."""
    return not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in text)


def strings(value):
    """Every string of a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def assert_clean(reply):
    """A JSON answer, valid UTF-8, whose strings hold no control character."""
    assert reply.content_type.startswith("application/json"), reply
    body = json.loads(reply.body.decode("utf-8"))
    for s in strings(body):
        assert control_free(s), (s, body)
    return body


def start(name):
    return urllib.parse.quote_from_bytes(name, safe="")


@pytest.mark.parametrize("kind", sorted(FILES))
@pytest.mark.parametrize("path", ["/api/hint", "/api/moves", "/api/graph", "/api/export"])
def test_answers_show_portable_names(server, kind, path):
    query = "game=digraph&start=a" + ("&format=json" if path == "/api/export" else "")
    reply = server.post(f"{path}?{query}", FILES[kind])
    assert reply.status == 200, reply
    assert_clean(reply)


def test_hint_move_and_position_are_portable(server):
    hint = assert_clean(server.post("/api/hint?game=digraph&start=a", EDGES))
    assert hint["start"] == "a"
    assert hint["moves"][0] == {"move": f"move the token from a to {SHOWN[1]}", "position": SHOWN[1]}


def test_moves_list_portable_names(server):
    for before, after in zip(SHOWN, SHOWN[1:]):
        answer = assert_clean(server.post("/api/moves?game=digraph&start=" + urllib.parse.quote(before), EDGES))
        assert answer["start"] == before
        assert [m["position"] for m in answer["moves"]] == [after]
        assert answer["moves"][0]["move"] == f"move the token from {before} to {after}"


def test_a_start_by_its_bytes_or_as_shown(server):
    by_bytes = assert_clean(server.post("/api/hint?game=digraph&start=" + start(TITLE), EDGES))
    by_name = assert_clean(server.post("/api/hint?game=digraph&start=" + urllib.parse.quote(SHOWN[1]), EDGES))
    assert by_bytes == by_name and by_bytes["start"] == SHOWN[1]


@pytest.mark.parametrize("kind", sorted(FILES))
def test_svg_is_well_formed(server, kind):
    reply = server.post("/api/graph.svg?game=digraph&start=a", FILES[kind])
    if reply.status == 503:
        pytest.skip("Graphviz is not installed")
    assert reply.status == 200, reply
    root = ET.fromstring(reply.body)  # raises on XML that is not well-formed
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for t in texts:
        assert control_free(t), texts
    if kind == "dot":
        assert {"q&<>\"z", "amp&amp;", "r&#27;", "e\\x1b[2J", "t\\x09ab", "n\\x0al", "\\xc2\\x9b"} <= set(texts)
    else:
        assert set(SHOWN) <= set(texts)


@pytest.mark.parametrize(
    "name, body, words",
    [
        ("unknown start", EDGES, ["the graph has no vertex", "\\x1b[2J"]),
        ("duplicate ids", b'<graphml><graph><node id="n&#9;&#x9b;"/><node id="n&#9;&#x9b;"/></graph></graphml>',
         ["two nodes have the id 'n\\x09\\xc2\\x9b'"]),
        ("edgedefault", b'<graphml><graph edgedefault="u&#10;&#x9b;"/></graphml>', ["edgedefault is 'u\\x0a\\xc2\\x9b'"]),
        ("dot header", b"di\xc2\x9bgraph\xff { a }", ["not 'di\\xc2\\x9bgraph\\xff'"]),
    ],
)
def test_errors_show_portable_names(server, name, body, words):
    target = "/api/hint?game=digraph&start=" + (start(b"\x1b[2J") if name == "unknown start" else "a")
    if name == "dot header":
        target += "&graph_format=dot"
    message = assert_error(server.post(target, body), 400, *words)
    assert control_free(message), message


def test_typed_words_are_escaped_in_errors(server):
    for target in [
        "/api/hint?game=" + start(b"\x1b]0;t\x07") + "&position=1",
        "/api/hint?game=nim&position=" + start(b"3\x1b[2J"),
        "/api/octal?code=" + start(b"0.0\xc2\x9b"),
        "/api/hint?game=nim&position=1&" + start(b"\x1b[2J") + "=1",
        "/api/moves?game=nim&position=3&move=" + start(b"3>\x1b"),
    ]:
        reply = server.get(target)
        assert 400 <= reply.status < 500, (target, reply)
        message = json.loads(reply.body.decode("utf-8"))["error"]
        assert control_free(message), (target, message)
    # With a body, a game's name and the graph's format are refused before any other check.
    for target in [
        "/api/graph?game=" + start(b"nim\n") + "&position=1",
        "/api/graph?game=" + start(b"digraph\n") + "&start=a",
        "/api/graph?game=digraph&start=a&graph_format=" + start(b"dot\x1b[2J"),
        "/api/graph?game=nim&position=1&misere=" + start(b"\x9b"),
    ]:
        reply = server.post(target, b"a b\n")
        assert 400 <= reply.status < 500, (target, reply)
        message = json.loads(reply.body.decode("utf-8"))["error"]
        assert control_free(message), (target, message)


@pytest.mark.parametrize("prefix", ["/api", "/"])
def test_unknown_paths_are_shown_portably(server, prefix):
    # A 404 names the path it was asked for, its escapes decoded: as a portable name.
    reply = server.get(prefix + "nothing=" + start(TITLE))
    assert reply.status == 404, reply
    body = assert_clean(reply)
    assert "\\x1b]0;pwned\\x07" in body["error"], body
