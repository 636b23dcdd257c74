"""What a browser on another site, or a name other than the server's, may not do (web/src/guard.cpp),
the headers that keep the page's content from becoming code, and nothing written to disk."""

import os
import stat
import xml.etree.ElementTree as ET

import pytest

from conftest import assert_error

GRAPH = "/api/graph?game=nim&position=3+4+5"


def test_another_host_is_refused(server):
    for target in ["/api/games", GRAPH, "/"]:
        assert_error(server.get(target, headers={"Host": f"evil.com:{server.port}"}), 403, "evil.com")
    # The server's own address on another port, or without one, is another host too.
    assert server.get("/api/games", headers={"Host": f"127.0.0.1:{server.port + 1}"}).status == 403
    assert server.get("/api/games", headers={"Host": "127.0.0.1"}).status == 403


@pytest.mark.parametrize("host", ["localhost:{port}", "LOCALHOST:{port}", "127.0.0.1:{port}"])
def test_the_servers_own_names_are_answered(server, host):
    assert server.get(GRAPH, headers={"Host": host.format(port=server.port)}).status == 200


@pytest.mark.parametrize("version", [b"1.0", b"1.1"])
def test_a_request_without_host_is_refused(server, version):
    raw = server.raw(b"GET /api/games HTTP/" + version + b"\r\nConnection: close\r\n\r\n")
    status = int(raw.split(b" ", 2)[1])
    assert status in (400, 403), raw[:300]
    assert b'"games"' not in raw


def test_two_host_headers_are_refused(server):
    raw = server.raw(
        f"GET /api/games HTTP/1.1\r\nHost: {server.host}\r\nHost: evil.com\r\nConnection: close\r\n\r\n".encode()
    )
    assert int(raw.split(b" ", 2)[1]) in (400, 403), raw[:300]


def test_another_origin_is_refused(server):
    for origin in ["http://evil.com", f"http://evil.com:{server.port}", "null", f"https://{server.host}"]:
        assert_error(server.get(GRAPH, headers={"Origin": origin}), 403)
    assert_error(server.post("/api/digraph?start=a", b"a b\n", headers={"Origin": "http://evil.com"}), 403, "evil.com")


def test_the_servers_own_origin_is_answered(server):
    assert server.get(GRAPH, headers={"Origin": server.origin}).status == 200
    same = {"Host": f"localhost:{server.port}", "Origin": f"http://localhost:{server.port}"}
    assert server.get(GRAPH, headers=same).status == 200
    # The page served as 127.0.0.1 asking localhost is cross-origin.
    assert server.get(GRAPH, headers={"Origin": f"http://localhost:{server.port}"}).status == 403


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_requests_from_other_sites_reach_the_page_not_the_api(server, site):
    headers = {"Sec-Fetch-Site": site}
    for target in [GRAPH, "/api/games", "/api/octal?code=0.07"]:
        assert_error(server.get(target, headers=headers), 403)
    page = server.get("/", headers=headers)
    assert page.status == 200 and page.content_type.startswith("text/html")


@pytest.mark.parametrize("site", ["same-origin", "none"])
def test_requests_of_the_page_itself_are_answered(server, site):
    assert server.get(GRAPH, headers={"Sec-Fetch-Site": site, "Origin": server.origin}).status == 200


def test_every_answer_says_nosniff(server):
    replies = [
        server.get("/"),
        server.get("/app.js"),
        server.get(GRAPH),
        server.get(GRAPH + "&progress=1"),
        server.get("/api/graph.svg?game=nim&position=1+2"),
        server.get("/api/graph?game=chess"),
        server.get("/nothing"),
        server.get(GRAPH, headers={"Origin": "http://evil.com"}),
    ]
    for reply in replies:
        assert reply.headers.get("x-content-type-options") == "nosniff", reply


def test_the_page_has_a_strict_content_security_policy(server):
    page = server.get("/")
    assert page.status == 200 and page.content_type == "text/html; charset=utf-8"
    policy = page.headers.get("content-security-policy", "")
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives.get("default-src") == ["'self'"], policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert directives.get("frame-ancestors") == ["'none'"]
    assert page.headers.get("x-frame-options") == "DENY"
    # The page runs under it: no inline script, no inline handler.
    html = page.body.decode()
    for tag in html.split("<script")[1:]:
        assert "src=" in tag.split(">", 1)[0], tag[:200]
    assert " onclick=" not in html and " onload=" not in html


@pytest.mark.parametrize(
    "path, kind",
    [("/", "text/html"), ("/index.html", "text/html"), ("/app.js", "text/javascript"), ("/app.css", "text/css")],
)
def test_page_files_have_their_types(server, path, kind):
    reply = server.get(path)
    assert reply.status == 200, reply
    assert reply.content_type.split(";")[0] == kind
    head = server.request("HEAD", path)
    assert head.status == 200 and head.body == b""
    assert head.headers["content-length"] == str(len(reply.body))


def test_no_cross_origin_sharing_is_offered(server):
    """No CORS header: another site's script may not read an answer even where a browser sends
    the request."""
    for method in ("GET", "OPTIONS"):
        reply = server.request(method, GRAPH, headers={"Origin": "http://evil.com"})
        assert reply.status in (403, 405)
        assert not [h for h in reply.headers if h.startswith("access-control-")], reply.headers
    assert not [h for h in server.get(GRAPH).headers if h.startswith("access-control-")]


def test_api_answers_are_not_cached(server):
    for target in [GRAPH, "/api/games", "/api/graph?game=chess"]:
        assert server.get(target).headers.get("cache-control") == "no-store"


def test_a_vertex_name_stays_text_in_the_picture(server):
    """A posted graph's vertex names reach the SVG as text, escaped: no markup of the client's."""
    name = b"<script>alert(1)</script>"
    body = b"a " + name + b"\n" + name + b" c\n"
    reply = server.post("/api/graph.svg?game=digraph&start=a&graph_format=edges", body)
    assert reply.status == 200, reply
    root = ET.fromstring(reply.body)
    assert {e.tag.split("}")[1] for e in root.iter()} <= {"svg", "g", "title", "text", "path", "polygon", "ellipse"}
    assert name.decode() in "".join(root.itertext())
    assert b"<script" not in reply.body


# --- Nothing written to disk ---------------------------------------------------------------------


def open_for_writing(pid):
    """The regular files (on disk) the process holds open for writing."""
    found = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            with open(f"/proc/{pid}/fdinfo/{fd}") as f:
                flags = int(next(line for line in f if line.startswith("flags:")).split()[1], 8)
            mode = os.stat(f"/proc/{pid}/fd/{fd}").st_mode
        except (FileNotFoundError, StopIteration):
            continue
        if stat.S_ISREG(mode) and not target.startswith("/memfd:") and flags & (os.O_WRONLY | os.O_RDWR):
            found.append((fd, target))
    return found


def test_nothing_is_written_to_disk(server, sandbox):
    """Run last in the session (this file's name sorts last), after every other test's requests;
    it makes each kind of request itself too, so that it also means something alone."""
    for target in [
        GRAPH,
        "/api/graph.svg?game=nim&position=1+2",
        "/api/export?game=nim&position=1+2&format=graphml",
        "/api/octal?code=0.07&values=1",
        "/api/table?colors=1..2&tablets=1..2&progress=1",
        "/api/misere?code=0.07&max_heap=10",
    ]:
        assert server.get(target).status == 200
    assert server.post("/api/digraph?start=a&name=/tmp/x.dot", b"digraph { a -> b }").status == 200
    assert server.post("/api/export?game=digraph&start=a&format=csv", b"a b\n").status == 200
    # The server does run there.
    assert os.readlink(f"/proc/{server.pid}/cwd") == str(sandbox["cwd"])
    with open(f"/proc/{server.pid}/environ", "rb") as f:
        environ = f.read().split(b"\0")
    assert f"HOME={sandbox['home']}".encode() in environ and f"TMPDIR={sandbox['tmp']}".encode() in environ
    for name, folder in sandbox.items():
        assert sorted(os.listdir(folder)) == [], f"the server wrote into its {name}"
    assert open_for_writing(server.pid) == []
