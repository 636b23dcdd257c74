"""Bounds, cancellation and stopping: a computation stops at the server's limits with a 422
that says which, a client that leaves stops its computation, and a signal stops the server
within a second or two, streams included."""

import signal
import socket
import threading
import time

import pytest

from conftest import SIGINT_STATUS, SIGTERM_STATUS, Server, assert_error, cli_json, ndjson_lines, without_timings

# Long for any server: Officers-like splits without a sparse split, by naive steps, O(n^2).
LONG_OCTAL = "/api/octal?code=0.06&max=1000000"
LONG_QUOTIENT = "/api/misere?code=0.35&max_heap=200"


@pytest.fixture(scope="module")
def limited():
    s = Server("--max-states", "1000", "--max-seconds", "1", "--max-drawn", "10")
    yield s
    s.stop_and_check()


@pytest.fixture(scope="module")
def small_memory():
    # Two workers: the memory each keeps from one computation to the next (the allocator's
    # arenas) is then reached after a couple of requests.
    s = Server("--max-memory", "64M", "--workers", "2")
    yield s
    s.stop_and_check()


def test_games_gives_the_limits_the_server_was_started_with(limited, small_memory):
    limits = limited.get_json("/api/games")["limits"]
    assert (limits["max_states"], limits["seconds"], limits["max_drawn"]) == (1000, 1, 10)
    assert small_memory.get_json("/api/games")["limits"]["max_memory"] == 64 << 20


# --- Positions ---------------------------------------------------------------------------------------


def test_a_graph_within_max_states_is_answered(limited):
    answer = limited.get_json("/api/graph?game=tablettes&colors=3&tablets=3")
    assert answer["vertices"] == 696
    expected = cli_json("graph", "tablettes", "--colors", "3", "--tablets", "3")
    assert without_timings(answer) == without_timings(expected)


def test_a_graph_past_max_states_is_422(limited):
    message = assert_error(limited.get("/api/graph?game=tablettes&colors=3&tablets=4"), 422, "1000", "limit",
                           code="limit.states")
    assert "positions" in message
    limited.assert_serving()


def test_max_states_past_the_servers_is_refused(limited):
    assert_error(limited.get("/api/graph?game=nim&position=3&max_states=1001"), 400, "max_states", "1000")


def test_a_request_may_lower_max_states(server):
    assert_error(server.get("/api/graph?game=tablettes&colors=3&tablets=3&max_states=100"), 422, "100")
    assert server.get_json("/api/graph?game=tablettes&colors=3&tablets=3&max_states=696")["vertices"] == 696


def test_max_states_stops_a_stream_with_its_422(limited):
    reply = limited.get("/api/graph?game=tablettes&colors=3&tablets=4&progress=1")
    assert reply.status == 200
    last = ndjson_lines(reply.body)[-1]
    assert last["status"] == 422 and "1000" in last["error"]


def test_max_states_bounds_each_cell_of_a_table(limited):
    assert_error(limited.get("/api/table?colors=3&tablets=3..4"), 422, "1000")
    assert len(limited.get_json("/api/table?colors=3&tablets=2..3")) == 2


# --- Pictures ---------------------------------------------------------------------------------------


def test_a_picture_past_max_drawn_is_422(server):
    assert_error(server.get("/api/graph.svg?game=tablettes&colors=3&tablets=3"), 422, "696", "400")
    # The same graph without a picture is fine.
    assert server.get_json("/api/graph?game=tablettes&colors=3&tablets=3")["vertices"] == 696


def test_max_drawn_is_the_servers(limited):
    assert limited.get("/api/graph.svg?game=nim&position=1+2").status == 200
    assert_error(limited.get("/api/graph.svg?game=tablettes&colors=2&tablets=2"), 422, "12", "10")


# --- Time -------------------------------------------------------------------------------------------------


def test_max_seconds_stops_a_long_computation(limited):
    started = time.monotonic()
    reply = limited.get(LONG_QUOTIENT)
    took = time.monotonic() - started
    message = assert_error(reply, 422, "1 s", code="limit.time")
    assert "longer" in message or "second" in message
    assert reply.json()["details"] == {"seconds": 1}
    assert 0.9 < took < 2.5, took
    limited.assert_serving()


def test_max_seconds_keeps_the_values_of_a_sequence(limited):
    # A sequence stopped by the time bound is what it computed: the values, marked partial.
    started = time.monotonic()
    answer = limited.get_json(LONG_OCTAL + "&values=1")
    assert time.monotonic() - started < 2.5
    assert answer["partial"] == {"code": "limit.time", "seconds": 1}
    assert 0 < answer["values"] < 1_000_000 and len(answer["sequence"]) == answer["values"]
    assert answer["proven"] is False
    limited.assert_serving()


def test_max_seconds_ends_a_stream_with_the_values_so_far(limited):
    started = time.monotonic()
    reply = limited.get(LONG_OCTAL + "&progress=1")
    assert time.monotonic() - started < 2.5
    lines = ndjson_lines(reply.body)
    assert lines[0]["progress"]["values"] >= 0
    assert lines[-1]["result"]["partial"]["code"] == "limit.time" and lines[-1]["result"]["values"] > 0
    reply = limited.get(LONG_QUOTIENT + "&progress=1")
    last = ndjson_lines(reply.body)[-1]
    assert last["status"] == 422 and "1 s" in last["error"] and last["code"] == "limit.time"


# --- Memory ------------------------------------------------------------------------------------------------

BIG_GRAPH = "/api/graph?game=nim&position=40+40+40+40"  # 10 M moves: about 80 MB


def test_max_memory_stops_a_big_graph(small_memory, server):
    assert_error(small_memory.get(BIG_GRAPH), 422, "memory", "64 MB", code="limit.memory")
    small_memory.assert_serving()
    # Not a graph too big for any server: the default bound takes it.
    assert server.get_json(BIG_GRAPH)["edges"] > 10_000_000


def test_stopped_computations_leave_no_memory_behind(small_memory):
    for _ in range(3):  # each worker's allocator keeps some of what a computation freed
        assert small_memory.get(BIG_GRAPH).status == 422
    before = small_memory.rss_bytes()
    for _ in range(5):
        assert small_memory.get(BIG_GRAPH).status == 422
    grown = small_memory.rss_bytes() - before
    print(f"RSS {before >> 20} MB, then {grown >> 20:+} MB after five more stopped graphs")
    assert grown < 100 << 20


def test_a_misere_quotient_past_max_memory_is_422(small_memory):
    message = assert_error(small_memory.get("/api/misere?code=0.6&max_heap=200"), 422, "memory", "64 MB")
    assert "0.6" in message


def test_a_misere_quotient_past_max_memory_says_how_far_it_went(small_memory):
    message = assert_error(small_memory.get("/api/misere?code=0.6&max_heap=200"), 422, "memory")
    assert "0 positions" not in message and "heaps" in message


# --- A client that leaves ----------------------------------------------------------------------------------


def busy_for(server, seconds):
    before = server.cpu_seconds()
    time.sleep(seconds)
    return server.cpu_seconds() - before


def open_request(server, target):
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    s.sendall(f"GET {target} HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
    return s


@pytest.mark.parametrize("progress", [True, False], ids=["stream", "plain"])
def test_closing_the_connection_stops_the_computation(start_server, progress):
    s = start_server()
    sock = open_request(s, LONG_OCTAL + ("&progress=1" if progress else ""))
    if progress:
        received = b""
        while b'{"progress"' not in received:
            chunk = sock.recv(4096)
            assert chunk, received
            received += chunk
    # Running: about a core's second (a loaded machine gives it less, never none).
    running = busy_for(s, 1.0)
    assert running > 0.05, "the computation did not run"
    sock.close()
    time.sleep(0.5)
    after = busy_for(s, 1.0)
    print(f"CPU: {running:.2f} s in the second before the client left, {after:.2f} s in 0.5..1.5 s after")
    assert after < 0.3
    s.assert_serving()


# --- Stopping the server ---------------------------------------------------------------------------------


def stream_then_signal(s, sig):
    """Starts a long stream, reads its first line, sends `sig`; returns the exit status, how long
    the server took to end, and what the client read after the signal."""
    conn = s.connection(timeout=10)
    conn.request("GET", LONG_OCTAL + "&progress=1")
    r = conn.getresponse()
    assert r.status == 200
    assert r.readline().startswith(b'{"progress"')
    after = []
    reader = threading.Thread(target=lambda: after.append(read_rest(r)))
    reader.start()
    status, took = s.stop(sig, 2.0)
    reader.join(5)
    conn.close()
    return status, took, after[0] if after else None


def read_rest(r):
    try:
        return r.read()
    except Exception as e:  # a connection closed under the reader
        return e


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_the_server_and_ends_its_streams(start_server, sig):
    s = start_server()
    status, took, rest = stream_then_signal(s, sig)
    assert status is not None, "still running 2 s after the signal"
    assert status in (0, 128 + sig), s.stderr
    assert took < 2.0
    assert rest is not None, "the stream did not end"
    if isinstance(rest, bytes) and rest:
        last = ndjson_lines(rest)[-1]
        assert last["status"] == 503 and last.get("code") == "server.stopping" and "stopping" in last["error"]


def test_sigterm_exit_status(start_server):
    s = start_server()
    s.assert_serving()
    assert s.stop(signal.SIGTERM)[0] == SIGTERM_STATUS


def test_sigint_exit_status(start_server):
    s = start_server()
    status, _, _ = stream_then_signal(s, signal.SIGINT)
    assert status == SIGINT_STATUS


def test_a_stopping_server_takes_no_new_connection(start_server):
    s = start_server()
    s.stop(signal.SIGTERM)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", s.port), timeout=2).close()


# --- Answers larger than their bound ---------------------------------------------------------------


def complete_digraph(n):
    names = " ".join(f"v{i}" for i in range(n))
    return f"digraph {{ {{{names}}} -> {{{names}}} }}".encode()


def test_an_export_past_the_answer_bound_is_refused_and_leaves_no_memory(server):
    # 60 KB of DOT: a complete graph on 2,000 vertices, 4 million edges, whose GraphML would
    # take hundreds of MB. It stops at the bound on an answer, while it is being written.
    before = server.rss_bytes()
    start = time.monotonic()
    reply = server.post("/api/export?game=digraph&start=v0&format=graphml", complete_digraph(2000))
    assert_error(reply, 422, "limit")
    assert time.monotonic() - start < 30
    # Nothing of it is kept: the worker's memory goes back to the system.
    assert server.rss_bytes() - before < 200 << 20, (before, server.rss_bytes())
    server.assert_serving()


def test_a_table_with_a_cell_too_large_is_refused_before_any_cell(server):
    start = time.monotonic()
    assert_error(server.get("/api/table?colors=1..255&tablets=1..255"), 400, "too large")
    assert time.monotonic() - start < 2


def test_a_graph_graphviz_cannot_draw_is_the_graph_s_limit_not_a_server_error(server):
    name = "a" * 20000  # past what Graphviz takes in a label
    reply = server.post("/api/graph.svg?game=digraph&start=b", f"b {name}\n".encode())
    assert reply.status in (200, 422), reply
    if reply.status == 422:
        assert_error(reply, 422)
