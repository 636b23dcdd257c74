"""What the web API tests share: `grundy serve` started on a free port, requests to it, and the
command line it answers for.

The tool is GRUNDY_CLI (tests skip without it). A server runs for the whole session, under a
fresh empty working directory, HOME and TMPDIR, so that a test can check that nothing was
written to disk; tests that need other bounds start their own (Server below)."""

import http.client
import json
import os
import pathlib
import re
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.parse

import pytest

# The exit status of a command stopped by a signal, as the command line's other commands give
# it (apps/processes.cpp, docs/cli-guide.md "Errors and exit codes"): 128 + the signal.
SIGTERM_STATUS = 128 + signal.SIGTERM  # 143
SIGINT_STATUS = 128 + signal.SIGINT  # 130

ADDRESS_LINE = re.compile(r"^grundy: serving on http://127\.0\.0\.1:(\d+)/")


def cli_path():
    """The grundy tool; skips the test when there is none."""
    path = os.environ.get("GRUNDY_CLI")
    if not path:
        pytest.skip("GRUNDY_CLI is not set: it names the grundy tool whose `serve` these tests run")
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        pytest.skip(f"GRUNDY_CLI names {path}, which is not an executable file")
    return path


# --- Comparing answers ---------------------------------------------------------------------------


def is_volatile(key):
    """Figures that depend on the run (its time, its memory), not on the game."""
    return any(word in key for word in ("seconds", "memory", "bytes"))


def without_timings(value):
    """The JSON value with every timing and memory figure left out, at any depth."""
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if not is_volatile(k)}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


def run_cli(*args, cwd=None, check=True):
    """Runs `grundy ARGS...` and returns the finished process (stdout as text)."""
    done = subprocess.run([cli_path(), *args], capture_output=True, text=True, cwd=cwd, timeout=120)
    if check and done.returncode != 0:
        raise AssertionError(f"grundy {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return done


def cli_json(*args, cwd=None):
    """`grundy ARGS... --format json`, parsed."""
    return json.loads(run_cli(*args, "--format", "json", cwd=cwd).stdout)


def q(query):
    """A query string as a browser sends it (spaces as +, brackets and parentheses escaped)."""
    return urllib.parse.urlencode(urllib.parse.parse_qsl(query, keep_blank_values=True))


def same_figures(api, cli):
    """The same JSON, timings aside, with the keys in the same order (the head fields first)."""
    api, cli = without_timings(api), without_timings(cli)
    assert api == cli
    if isinstance(api, dict):
        assert list(api) == list(cli)


# --- Answers ----------------------------------------------------------------------------------------


class Reply:
    """One HTTP answer: status, headers (names in lower case), body bytes."""

    def __init__(self, status, headers, body):
        self.status = status
        self.headers = {k.lower(): v for k, v in headers}
        self.body = body

    @property
    def content_type(self):
        return self.headers.get("content-type", "")

    def json(self):
        return json.loads(self.body.decode("utf-8"))

    def __repr__(self):
        return f"<Reply {self.status} {self.content_type} {self.body[:300]!r}>"


def ndjson_lines(body):
    """The lines of a progress stream, each parsed; every line must be one JSON value ending with a
    newline."""
    text = body.decode("utf-8")
    assert text.endswith("\n"), f"the stream does not end with a newline: {text[-200:]!r}"
    lines = text[:-1].split("\n")
    return [json.loads(line) for line in lines]


def export_formats():
    """The library's table of export formats, read from its header (tests/export_formats_table.py)."""
    root = pathlib.Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(pathlib.Path(root) / "tests"))
    from export_formats_table import read_export_formats
    return read_export_formats(root)


def assert_error(reply, status, *words, code=None):
    """An error answer: the status, JSON {"error": one line} and each of `words` in the line;
    with code, the machine-readable code beside it ({"code": ..., "details": {...}})."""
    assert reply.status == status, reply
    assert reply.content_type.startswith("application/json"), reply
    body = reply.json()
    assert list(body) in (["error"], ["error", "code", "details"]), body
    if code is not None:
        assert body.get("code") == code and isinstance(body["details"], dict), body
    message = body["error"]
    assert isinstance(message, str) and message.strip(), body
    assert "\n" not in message and "\r" not in message, body
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return message


# --- The server ---------------------------------------------------------------------------------


class Server:
    """`grundy serve --port 0 ARGS...`, started and waited for; `stop` ends it."""

    def __init__(self, *args, cwd=None, env=None):
        self.args = args
        self.proc = subprocess.Popen(
            [cli_path(), "serve", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=cwd,
            env=env,
        )
        self.pid = self.proc.pid
        self.returncode = None
        line = self._first_line(10.0)
        match = ADDRESS_LINE.match(line)
        if not match:
            self.proc.kill()
            _, err = self.proc.communicate(timeout=5)
            raise AssertionError(f"grundy serve printed {line!r} (stderr: {err.decode(errors='replace')!r})")
        self.port = int(match.group(1))
        self.host = f"127.0.0.1:{self.port}"
        self.origin = f"http://{self.host}"

    def _first_line(self, timeout):
        out = self.proc.stdout
        end = time.monotonic() + timeout
        data = b""
        while not data.endswith(b"\n"):
            left = end - time.monotonic()
            if left <= 0 or not select.select([out], [], [], left)[0]:
                break
            byte = os.read(out.fileno(), 1)
            if not byte:
                break
            data += byte
        return data.decode(errors="replace")

    # Requests.

    def connection(self, timeout=30):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method, target, body=None, headers=None, timeout=30):
        conn = self.connection(timeout)
        try:
            conn.request(method, target, body=body, headers=headers or {})
            r = conn.getresponse()
            return Reply(r.status, r.getheaders(), r.read())
        finally:
            conn.close()

    def get(self, target, **kw):
        return self.request("GET", target, **kw)

    def post(self, target, body, **kw):
        return self.request("POST", target, body=body, **kw)

    def get_json(self, target):
        reply = self.get(target)
        assert reply.status == 200, reply
        assert reply.content_type == "application/json; charset=utf-8", reply
        return reply.json()

    def raw(self, data, timeout=5.0):
        """Sends bytes on a fresh socket and returns all it receives until the server closes it
        (or `timeout` passes with nothing more)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as s:
            try:
                s.sendall(data)
            except (BrokenPipeError, ConnectionResetError):
                pass
            received = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    received += chunk
            except socket.timeout:
                pass
            except ConnectionResetError:
                pass
            return received

    def assert_serving(self):
        """The server still answers a plain request."""
        reply = self.get("/api/games", timeout=10)
        assert reply.status == 200, reply
        assert "games" in reply.json()

    # The process.

    def cpu_seconds(self):
        """User and system time the server's process has used so far."""
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_bytes(self):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        raise AssertionError("no VmRSS in /proc/PID/status")

    def stop(self, sig=signal.SIGTERM, timeout=2.0):
        """Sends `sig` and waits; returns (exit status, seconds it took). Kills the server when it
        is still running `timeout` seconds later (the status is then None)."""
        if self.returncode is not None:
            return self.returncode, 0.0
        started = time.monotonic()
        self.proc.send_signal(sig)
        try:
            self.returncode = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
            self.returncode = self.proc.returncode
            return None, time.monotonic() - started
        finally:
            self.proc.stdout.close()
            self.stderr = self.proc.stderr.read().decode(errors="replace")
            self.proc.stderr.close()
        return self.returncode, time.monotonic() - started

    def stop_and_check(self):
        """SIGTERM: the server must end within 2 s, and not by the signal's default action. The
        exact status is pinned by test_api_limits.py::test_sigterm_exit_status."""
        status, took = self.stop(signal.SIGTERM, 2.0)
        assert status is not None, f"grundy serve {' '.join(self.args)} still ran 2 s after SIGTERM"
        assert status in (0, SIGTERM_STATUS), f"grundy serve exited {status} after SIGTERM ({self.stderr!r})"
        assert took < 2.0


@pytest.fixture(scope="session")
def sandbox(tmp_path_factory):
    """Empty directories the session's server runs in: its working directory, HOME and TMPDIR."""
    root = tmp_path_factory.mktemp("serve")
    dirs = {name: root / name for name in ("cwd", "home", "tmp")}
    for d in dirs.values():
        d.mkdir()
    return dirs


def sandbox_env(sandbox):
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(sandbox["home"]), TMPDIR=str(sandbox["tmp"]))
    return env


@pytest.fixture(scope="session")
def server(sandbox):
    """The server of the session, with the default bounds."""
    cli_path()
    s = Server(cwd=sandbox["cwd"], env=sandbox_env(sandbox))
    yield s
    s.stop_and_check()


@pytest.fixture
def start_server():
    """Starts servers with given options for one test, and stops each at its end."""
    started = []

    def start(*args):
        cli_path()
        s = Server(*args)
        started.append(s)
        return s

    yield start
    for s in started:
        if s.returncode is None:
            s.stop_and_check()
