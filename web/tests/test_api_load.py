"""Many clients at once: every answer is still the command line's, on connections kept alive; and
a slow computation leaves the quick ones their turn."""

import concurrent.futures
import json
import socket
import time

import pytest

from conftest import cli_json, run_cli, without_timings

CLIENTS = 50
REQUESTS = 20
LONG_OCTAL = "/api/octal?code=0.06&max=1000000&progress=1"


@pytest.fixture(scope="module")
def mix(tmp_path_factory):
    """(target, how to compare, the CLI's answer), computed once."""
    folder = tmp_path_factory.mktemp("load")
    run_cli("graph", "nim", "1", "2", "--dot", "g.dot", "--render", "svg", "-q", cwd=folder)
    run_cli("graph", "nim", "3", "4", "5", "--export", "g.json", "-q", cwd=folder)
    return [
        ("/api/graph?game=nim&position=3+4+5", "json", cli_json("graph", "nim", "3", "4", "5")),
        (
            "/api/graph?game=tablettes&colors=2&tablets=2",
            "json",
            cli_json("graph", "tablettes", "--colors", "2", "--tablets", "2"),
        ),
        ("/api/octal?code=0.07", "json", cli_json("octal", "0.07")),
        ("/api/table?colors=1..2&tablets=1..2", "json", cli_json("table", "--colors", "1..2", "--tablets", "1..2")),
        ("/api/graph.svg?game=nim&position=1+2", "bytes", (folder / "g.svg").read_bytes()),
        ("/api/export?game=nim&position=3+4+5&format=json", "bytes", (folder / "g.json").read_bytes()),
    ]


def matches(kind, expected, status, body):
    if status != 200:
        return False
    if kind == "bytes":
        return body == expected
    return without_timings(json.loads(body)) == without_timings(expected)


def client(server, mix, number):
    """One client: REQUESTS requests on one kept-alive connection; returns what went wrong."""
    wrong = []
    conn = server.connection(timeout=60)
    sock = None
    try:
        for i in range(REQUESTS):
            target, kind, expected = mix[(number + i) % len(mix)]
            conn.request("GET", target)
            r = conn.getresponse()
            body = r.read()
            if not matches(kind, expected, r.status, body):
                wrong.append(f"client {number}, request {i}: {target} answered {r.status} {body[:200]!r}")
            if sock is None:
                sock = conn.sock
            elif conn.sock is not sock:
                wrong.append(f"client {number}, request {i}: the connection was not kept alive")
                sock = conn.sock
    finally:
        conn.close()
    return wrong


def test_fifty_clients_get_the_cli_answers(server, mix):
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(CLIENTS) as pool:
        results = list(pool.map(lambda n: client(server, mix, n), range(CLIENTS)))
    took = time.monotonic() - started
    print(f"{CLIENTS} clients x {REQUESTS} requests: {took:.2f} s, {CLIENTS * REQUESTS / took:.0f} requests/s")
    wrong = [w for r in results for w in r]
    assert not wrong, f"{len(wrong)} wrong answers, first: {wrong[:5]}"
    server.assert_serving()


def test_a_slow_computation_does_not_block_the_quick_ones(server, mix):
    slow = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        slow.sendall(f"GET {LONG_OCTAL} HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
        received = b""
        while b'{"progress"' not in received:
            chunk = slow.recv(4096)
            assert chunk, received
            received += chunk
        started = time.monotonic()

        def quick(i):
            target, kind, expected = mix[i % len(mix)]
            reply = server.get(target, timeout=10)
            return matches(kind, expected, reply.status, reply.body)

        with concurrent.futures.ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(quick, range(20)))
        took = time.monotonic() - started
        print(f"20 quick requests beside a slow one: {took:.2f} s")
        assert all(answers)
        assert took < 5
        # The slow one was still running all along.
        slow.settimeout(0.5)
        try:
            more = slow.recv(4096)
        except socket.timeout:
            more = b"(nothing yet)"
        assert b'"result"' not in more and more != b""
    finally:
        slow.close()


def test_pipelined_requests_are_answered_in_order(server, mix):
    """Three requests sent at once on one connection, the first a computation: three answers, in
    the order asked (a request sent ahead is no sign that the client left)."""
    host = f"Host: {server.host}\r\n".encode()
    requests = [
        b"GET /api/graph?game=nim&position=30+30+30+30 HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /api/octal?code=0.07 HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /api/table?colors=1..2&tablets=1..2&progress=1 HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n",
    ]
    raw = server.raw(b"".join(requests), timeout=10)
    assert raw.count(b"HTTP/1.1 200 OK") == 3, raw[:500]
    first, second, third = (raw.index(w) for w in (b'"start": "[30,30,30,30]"', b'"code": "0.07"', b'{"result": [{'))
    assert first < second < third
