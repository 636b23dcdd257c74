"""progress=1 (docs/web.md, "Progress and cancelling"): an NDJSON stream of zero or more
{"progress": {...}} lines, then one {"result": X} where X is the plain answer, or one
{"status": 4xx, "error": "..."}."""

import json

from conftest import ndjson_lines, same_figures, without_timings


def stream(server, target):
    reply = server.get(target)
    assert reply.status == 200, reply
    assert reply.content_type == "application/x-ndjson; charset=utf-8", reply
    assert reply.headers.get("transfer-encoding") == "chunked"
    lines = ndjson_lines(reply.body)
    *progress, last = lines
    for line in progress:
        assert list(line) == ["progress"], line
    assert list(last) == ["result"], last
    return [p["progress"] for p in progress], last["result"]


def test_graph_progress_ends_with_the_plain_answer(server):
    query = "/api/graph?game=nim&position=30+30+30+30"
    progress, result = stream(server, query + "&progress=1")
    assert progress, "not even the first progress line"
    for p in progress:
        assert {"states", "edges", "levels", "seconds"} <= set(p), p
    states = [p["states"] for p in progress]
    assert states == sorted(states) and states[-1] <= result["vertices"]
    same_figures(result, server.get_json(query))


def test_octal_progress_ends_with_the_plain_answer(server):
    query = "/api/octal?code=0.6&max=300000"
    progress, result = stream(server, query + "&progress=1")
    assert progress
    for p in progress:
        assert {"values", "seconds"} <= set(p), p
        assert p["values"] <= 300000
    same_figures(result, server.get_json(query))


def test_table_progress_gives_every_row(server):
    query = "/api/table?colors=1..3&tablets=1..2"
    progress, result = stream(server, query + "&progress=1")
    plain = server.get_json(query)
    assert [p["done"] for p in progress] == list(range(1, 7))
    assert all(p["total"] == 6 for p in progress)
    assert without_timings([p["row"] for p in progress]) == without_timings(plain)
    same_figures(result, plain)


def test_misere_and_export_progress(server):
    progress, result = stream(server, "/api/misere?code=0.07&max_heap=20&progress=1")
    same_figures(result, server.get_json("/api/misere?code=0.07&max_heap=20"))
    # A body that is not JSON (CSV) comes as a JSON string.
    _, text = stream(server, "/api/export?game=nim&position=1+2&format=csv&progress=1")
    assert text.encode() == server.get("/api/export?game=nim&position=1+2&format=csv").body


def test_an_error_in_a_stream_is_its_last_line(server):
    reply = server.get("/api/graph?game=nim&position=3x&progress=1")
    assert reply.status == 200 and reply.content_type.startswith("application/x-ndjson"), reply
    lines = ndjson_lines(reply.body)
    assert lines[-1]["status"] == 400 and set(lines[-1]) == {"status", "error", "code", "details"}
    assert lines[-1]["code"] == "input"
    assert "3x" in lines[-1]["error"]
    assert all(list(line) == ["progress"] for line in lines[:-1])


def test_progress_0_is_the_plain_answer(server):
    reply = server.get("/api/octal?code=0.07&progress=0")
    assert reply.content_type == "application/json; charset=utf-8"
    assert json.loads(reply.body)["period"] == 34
    # A JSON export, written a vertex per line, still comes in one line.
    _, exported = stream(server, "/api/export?game=nim&position=1+2&format=json&progress=1")
    assert exported == json.loads(server.get("/api/export?game=nim&position=1+2&format=json").body)
