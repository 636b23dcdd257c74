"""Bad requests: each gets its 4xx with {"error": one line} (docs/web.md, "Errors"),
and the server goes on serving. Requests whose bytes urllib or http.client would tidy up (paths
with .., malformed HTTP) go out raw on a socket."""

import re
import socket
import time
import urllib.parse

import pytest

from conftest import assert_error, export_formats

# (method, target, body, status, words the message says)
BAD = {
    "unknown game": ("GET", "/api/graph?game=chess&position=1", None, 400, ["unknown game", "chess"]),
    "unknown parameter graph": ("GET", "/api/graph?game=nim&position=3&color=2", None, 400, ["color"]),
    "unknown parameter octal": ("GET", "/api/octal?code=0.07&heaps=3", None, 400, ["heaps"]),
    "unknown parameter table": ("GET", "/api/table?colors=2&tablets=2&k=2", None, 400, ["'k'"]),
    "unknown parameter misere": ("GET", "/api/misere?code=0.07&max_heap=3&max=3", None, 400, ["max"]),
    "unknown parameter export": ("GET", "/api/export?game=nim&position=3&format=csv&x=1", None, 400, ["'x'"]),
    "unknown parameter svg": ("GET", "/api/graph.svg?game=nim&position=3&misere=1", None, 400, ["misere"]),
    "parameter twice": ("GET", "/api/graph?game=nim&position=3&position=4", None, 400, ["position", "twice"]),
    "game twice": ("GET", "/api/graph?game=nim&game=nim&position=3", None, 400, ["twice"]),
    "max_states=0": ("GET", "/api/graph?game=nim&position=3&max_states=0", None, 400, ["max_states"]),
    "max_states=abc": ("GET", "/api/graph?game=nim&position=3&max_states=abc", None, 400, ["max_states"]),
    "max_states huge": (
        "GET",
        "/api/graph?game=nim&position=3&max_states=99999999999999999999",
        None,
        400,
        ["max_states", "99999999999999999999"],
    ),
    "max_states past the server's": (
        "GET", "/api/graph?game=nim&position=3&max_states=2000001", None, 400, ["max_states", "2000000"]),
    "max_states=-1": ("GET", "/api/graph?game=nim&position=3&max_states=-1", None, 400, ["max_states"]),
    "nim -1": ("GET", "/api/graph?game=nim&position=-1", None, 400, ["-1"]),
    "nim 3x": ("GET", "/api/graph?game=nim&position=3x", None, 400, ["3x"]),
    "nim no heap": ("GET", "/api/graph?game=nim", None, 400, []),
    "tablettes colors=0": ("GET", "/api/graph?game=tablettes&colors=0&tablets=2", None, 400, ["colors"]),
    "tablettes tablets=64": ("GET", "/api/graph?game=tablettes&colors=2&tablets=64", None, 400, ["tablets"]),
    "symmetry=maybe": ("GET", "/api/graph?game=tablettes&colors=2&tablets=2&symmetry=maybe", None, 400, ["symmetry"]),
    "misere=2": ("GET", "/api/graph?game=nim&position=3&misere=2", None, 400, ["misere"]),
    "progress=yes please": ("GET", "/api/graph?game=nim&position=3&progress=yes+please", None, 400, ["progress"]),
    "moore k=0": ("GET", "/api/graph?game=moore&k=0&position=3+4", None, 400, ["k"]),
    "octal bad code": ("GET", "/api/octal?code=0.G", None, 400, ["0.G"]),
    "octal signed code": ("GET", "/api/octal?code=-0.7", None, 400, ["-0.7"]),
    "octal no code": ("GET", "/api/octal", None, 400, ["code"]),
    "octal max=0": ("GET", "/api/octal?code=0.07&max=0", None, 400, ["max"]),
    "octal max past the server's": ("GET", "/api/octal?code=0.07&max=1048577", None, 400, ["max"]),
    "table colors=0..2": ("GET", "/api/table?colors=0..2&tablets=1", None, 400, ["colors"]),
    "table tablets=x": ("GET", "/api/table?colors=1&tablets=x", None, 400, ["tablets"]),
    "misere no max_heap": ("GET", "/api/misere?code=0.07", None, 400, ["max_heap"]),
    "misere max_heap too big": ("GET", "/api/misere?code=0.07&max_heap=1001", None, 400, ["max_heap"]),
    "export format=xml": ("GET", "/api/export?game=nim&position=3&format=xml", None, 400, ["xml"]),
    "export no format": ("GET", "/api/export?game=nim&position=3", None, 400, ["format"]),
    "escape %zz": ("GET", "/api/graph?game=nim&position=%zz", None, 400, ["%"]),
    "escape %4": ("GET", "/api/graph?game=nim&position=%4", None, 400, ["%"]),
    "escape at the end": ("GET", "/api/graph?game=nim&position=3%", None, 400, ["%"]),
    "escape in the path": ("GET", "/api/gr%G1ph?game=nim&position=3", None, 400, ["%"]),
    "parameter without a name": ("GET", "/api/graph?=3&game=nim&position=3", None, 400, ["name"]),
    "GET digraph": ("GET", "/api/graph?game=digraph&start=a", None, 400, ["POST"]),
    "digraph position": ("POST", "/api/graph?game=digraph&position=a", b"a b\n", 400, ["start"]),
    "digraph no such vertex": ("POST", "/api/graph?game=digraph&start=z", b"a b\n", 400, ["'z'"]),
    "digraph bad graph_format": ("POST", "/api/graph?game=digraph&start=a&graph_format=gml", b"a b\n", 400, ["gml"]),
    "digraph garbage": ("POST", "/api/graph?game=digraph&start=a", b'{"not": "a graph", [}', 400, []),
    "digraph bad dot": ("POST", "/api/graph?game=digraph&start=a&graph_format=dot", b"digraph { a -> ; ", 400, []),
    "digraph bad graphml": (
        "POST", "/api/graph?game=digraph&start=a&graph_format=graphml", b"<graphml><graph>", 400, []),
    "api digraph with a game": ("POST", "/api/digraph?game=nim&start=a", b"a b\n", 400, ["game"]),
    "a body for nim": ("POST", "/api/graph?game=nim&position=3", b"a b\n", 400, ["body"]),
    "graph_format for nim": ("GET", "/api/graph?game=nim&position=3&graph_format=dot", None, 400, ["graph_format"]),
    "GET with a body": ("GET", "/api/graph?game=nim&position=3", b"a b\n", 400, ["body"]),
    "POST octal": ("POST", "/api/octal?code=0.07", b"", 405, ["POST"]),
    "POST table": ("POST", "/api/table?colors=2&tablets=2", b"", 405, ["POST"]),
    "POST misere": ("POST", "/api/misere?code=0.07&max_heap=3", b"", 405, ["POST"]),
    "PUT graph": ("PUT", "/api/graph?game=nim&position=3", b"", 405, ["PUT"]),
    "DELETE graph": ("DELETE", "/api/graph?game=nim&position=3", None, 405, ["DELETE"]),
    "POST games": ("POST", "/api/games", b"", 405, ["POST"]),
    "POST page": ("POST", "/", b"", 405, ["POST"]),
    "unknown endpoint": ("GET", "/api/solve?game=nim&position=3", None, 404, ["/api/solve"]),
    "unknown page": ("GET", "/nothing.html", None, 404, ["/nothing.html"]),
    "asset under another name": ("GET", "/assets/app.js", None, 404, []),
}

ALLOW = {
    "POST octal": "GET",
    "POST table": "GET",
    "POST misere": "GET",
    "PUT graph": "GET, POST",
    "DELETE graph": "GET, POST",
    "POST games": "GET, HEAD",
    "POST page": "GET, HEAD",
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_request_is_refused_in_one_line(server, name):
    method, target, body, status, words = BAD[name]
    reply = server.request(method, target, body=body)
    assert_error(reply, status, *words)
    if status == 405:
        assert reply.headers.get("allow") == ALLOW[name]
    server.assert_serving()


def test_an_unknown_export_format_is_answered_with_every_format_of_the_table(server):
    message = assert_error(server.get("/api/export?game=nim&position=3&format=xml"), 400, "format=xml")
    for f in export_formats():
        assert re.search(rf"\b{f.name}\b", message), (f.name, message)


def test_bad_requests_keep_a_connection_usable(server):
    """Errors answered on a keep-alive connection leave it open for the next request."""
    conn = server.connection()
    try:
        for target in ["/api/graph?game=chess", "/api/octal?code=0.G", "/api/nothing", "/api/games"]:
            conn.request("GET", target)
            r = conn.getresponse()
            r.read()
            assert r.getheader("Connection", "").lower() != "close"
        sock = conn.sock
        conn.request("GET", "/api/games")
        r = conn.getresponse()
        assert r.status == 200 and r.read()
        assert conn.sock is sock
    finally:
        conn.close()


@pytest.mark.parametrize(
    "target",
    [
        "/api/graph?game=octal&position=0.07",
        "/api/graph?game=wythoff&position=3",
        "/api/graph?game=heap&position=S(1,3)",
    ],
    ids=["octal", "wythoff", "heap"],
)
def test_the_example_a_message_gives_works(server, target):
    """'as in: game=...&position=...' in the web's words: sent as it is written, it is answered."""
    message = assert_error(server.get(target), 400, "as in: game=")
    example = message.split("as in: ", 1)[1]
    assert server.get("/api/graph?" + urllib.parse.quote(example, safe="=&")).status == 200, example


def test_a_nul_byte_does_not_cut_the_message(server):
    # Refused as such: a message quoting it would end at the NUL.
    message = assert_error(server.get("/api/graph?game=nim&position=3%00x"), 400)
    assert "NUL" in message, message


def test_a_signed_code_is_said_to_have_a_sign(server):
    assert_error(server.get("/api/octal?code=-0.7"), 400, "sign")


@pytest.mark.parametrize("body", [b"digraph {}", b"graph { }", b"# nothing\n", b"   \n"])
def test_a_graph_without_a_vertex_has_a_code_of_its_own(server, body):
    # The page words it itself ("the graph has no vertex"), not the file reader's line.
    for target in ("/api/moves?game=digraph&start=a", "/api/moves?game=digraph"):
        assert_error(server.post(target, body), 400, code="input.graph.empty")
    # A graph with vertices, one of which is not the start, is any other mistake.
    assert_error(server.post("/api/moves?game=digraph&start=z", b"digraph { a -> b }"), 400, "'z'", code="input")


@pytest.mark.parametrize("target", ["/api/graph?game=%FF", "/api/graph?game=%C0%AF", "/%FF%FE"])
def test_messages_are_valid_utf8_json(server, target):
    reply = server.get(target)
    assert reply.status in (400, 404)
    assert_error(reply, reply.status)  # decodes as UTF-8 JSON


# --- Paths outside the page --------------------------------------------------------------------

TRAVERSALS = [
    b"/../etc/passwd",
    b"/%2e%2e/%2e%2e/etc/passwd",
    b"/..%2f..%2f..%2fetc%2fpasswd",
    b"/web/assets/../../README.md",
    b"/web/assets/app.js",
    b"//etc/passwd",
    b"/%2fetc%2fpasswd",
    b"/./app.js",
    b"/app.js/../../../etc/passwd",
    b"/..\\..\\etc\\passwd",
    b"/api/../../etc/passwd",
]


def response_of(raw):
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line = head.split(b"\r\n", 1)[0]
    match = re.match(rb"HTTP/1\.[01] (\d{3}) ", status_line)
    assert match, raw[:200]
    return int(match.group(1)), head, body


@pytest.mark.parametrize("path", TRAVERSALS, ids=[p.decode() for p in TRAVERSALS])
def test_no_file_outside_the_page(server, path):
    raw = server.raw(b"GET " + path + b" HTTP/1.1\r\nHost: " + server.host.encode() + b"\r\nConnection: close\r\n\r\n")
    status, _, body = response_of(raw)
    assert status == 404, raw[:300]
    assert b"root:" not in body and b"# grundy" not in body and b"import " not in body
    assert body.startswith(b'{"error": ')


# --- Graph files the parsers must refuse without going deep ---------------------------------------

DEEP = 100_000


@pytest.mark.parametrize(
    "kind, body",
    [
        ("graphml", b"<graphml><graph edgedefault='directed'>" + b"<n>" * DEEP + b"</n>" * DEEP + b"</graph></graphml>"),
        ("graphml", b"<graphml><graph>" + b"<node id='a'>" + b"<a>" * DEEP),
        ("dot", b"digraph {" + b"subgraph{" * DEEP + b"a->b;" + b"}" * DEEP + b"}"),
        ("dot", b"digraph {" + b"{" * DEEP + b"a->b"),
    ],
    ids=["graphml", "graphml unclosed", "dot subgraphs", "dot braces unclosed"],
)
@pytest.mark.parametrize("named", [True, False], ids=["graph_format", "guessed"])
def test_deep_nesting_is_refused(server, kind, body, named):
    assert len(body) < 1 << 20  # under the body limit: the parser's own bound answers
    target = "/api/graph?game=digraph&start=a" + (f"&graph_format={kind}" if named else "")
    assert_error(server.post(target, body), 400, "nests")
    server.assert_serving()


# --- Bodies past the limit ------------------------------------------------------------------------

HUNDRED_MB = 100 * 1024 * 1024


def megabytes(total, piece=1 << 20):
    sent = 0
    block = b"a b\n" * (piece // 4)
    while sent < total:
        chunk = block[: min(piece, total - sent)]
        sent += len(chunk)
        yield chunk


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_100_mb_upload_is_answered_413(server, chunked):
    """The whole body is sent, then the answer read: the server must have kept reading (and
    dropping) what came past the limit, not reset the connection under the client."""
    conn = server.connection(timeout=30)
    try:
        if chunked:
            conn.request("POST", "/api/graph?game=digraph&start=a", body=megabytes(HUNDRED_MB), encode_chunked=True)
        else:
            conn.request(
                "POST",
                "/api/graph?game=digraph&start=a",
                body=megabytes(HUNDRED_MB),
                headers={"Content-Length": str(HUNDRED_MB)},
            )
        r = conn.getresponse()
        body = r.read()
    finally:
        conn.close()
    assert r.status == 413, (r.status, body)
    assert r.getheader("Content-Type") == "application/json; charset=utf-8"
    assert b"1048576" in body and b"\n" not in body
    server.assert_serving()


def test_a_body_just_past_the_limit_is_413_and_at_it_is_read(server):
    at = b"a b\n" * ((1 << 20) // 4)
    assert len(at) == 1 << 20
    reply = server.post("/api/graph?game=digraph&start=a", at)
    assert reply.status == 200, reply
    assert_error(server.post("/api/graph?game=digraph&start=a", at + b"\n"), 413, "limit")


def test_an_upload_to_a_path_without_body_is_not_read_whole(server):
    """A 100 MB POST to an endpoint that takes none is refused (405) and the connection ends;
    the client still reads the answer."""
    conn = server.connection(timeout=30)
    try:
        conn.request("POST", "/api/octal?code=0.07", body=megabytes(HUNDRED_MB),
                     headers={"Content-Length": str(HUNDRED_MB)})
        r = conn.getresponse()
        r.read()
        assert r.status in (405, 413)
    finally:
        conn.close()
    server.assert_serving()


# --- Malformed HTTP ---------------------------------------------------------------------------------


MALFORMED = {
    "binary": b"\x00\x01\x02garbage\xff\xfe\r\n\r\n",
    "no target": b"GET\r\n\r\n",
    "version": b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
    "header without colon": b"GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n",
    "negative length": b"POST /api/digraph?start=a HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n",
    "bad chunk": b"POST /api/digraph?start=a HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    "absolute form": b"GET http://evil.com/api/games HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
    # Two readings of where the body ends: the request smuggling a proxy in front could be fooled by.
    "length and chunked": b"POST /api/digraph?start=a HTTP/1.1\r\nHost: HOST\r\nContent-Length: 4\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n4\r\na b\n\r\n0\r\n\r\n",
    "two lengths": b"POST /api/digraph?start=a HTTP/1.1\r\nHost: HOST\r\nContent-Length: 4\r\n"
    b"Content-Length: 5\r\n\r\na b\n",
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_http_is_400_or_closed(server, name):
    raw = server.raw(MALFORMED[name].replace(b"HOST", server.host.encode()), timeout=3)
    if raw or name in ("length and chunked", "two lengths"):
        status, _, body = response_of(raw)
        assert status == 400, raw[:300]
        assert body.startswith(b'{"error": ')
    server.assert_serving()


def test_a_100_kb_request_line_is_refused(server):
    line = b"GET /api/graph?game=nim&position=" + b"1+" * 50_000 + b"1 HTTP/1.1\r\n"
    raw = server.raw(line + b"Host: " + server.host.encode() + b"\r\n\r\n", timeout=5)
    status, _, _ = response_of(raw)
    assert status in (400, 414, 431), raw[:300]
    server.assert_serving()


def test_a_100_kb_header_is_refused(server):
    raw = server.raw(
        b"GET /api/games HTTP/1.1\r\nHost: " + server.host.encode() + b"\r\nX-Big: " + b"x" * 100_000 + b"\r\n\r\n"
    )
    status, _, _ = response_of(raw)
    assert status in (400, 431), raw[:300]
    server.assert_serving()


def test_a_client_that_sends_half_a_request_does_not_block_others(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: " + server.host.encode() + b"\r\n")
        started = time.monotonic()
        server.assert_serving()
        assert time.monotonic() - started < 2


def test_a_fragment_does_not_hide_the_digraph_game(server):
    body = b"a b\nb c\n"
    raw = server.raw(
        b"POST /api/digraph?start=a#frag HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: %d\r\n"
        b"Connection: close\r\n\r\n" % (server.port, len(body)) + body
    )
    assert raw.startswith(b"HTTP/1.1 200"), raw[:200]
