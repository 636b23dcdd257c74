"""What the tests share: the grundy tool beside the module, for cross-checks."""

import collections
import json
import os
import pathlib
import re
import subprocess

import pytest


def cli_path():
    """The grundy tool the module is compared with; skips the test when there is none."""
    path = os.environ.get("GRUNDY_CLI")
    if not path:
        pytest.skip("the grundy tool was not built (GRUNDY_CLI is not set)")
    if not os.path.exists(path):
        pytest.skip(f"GRUNDY_CLI names {path}, which does not exist")
    return path


@pytest.fixture(scope="session")
def cli():
    """Runs `grundy ARGS... --format json` and returns the parsed JSON."""
    path = cli_path()

    def run(*args):
        done = subprocess.run([path, *args, "--format", "json"], capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    return run


# Figures that depend on the run, not on the game.
TIMINGS = {"seconds", "explore_seconds", "label_seconds", "peak_memory_bytes"}


def without_timings(figures):
    return {k: v for k, v in figures.items() if k not in TIMINGS}


ExportFormat = collections.namedtuple("ExportFormat", "name extensions mime_type content")


def export_formats():
    """The library's table of export formats (lib/include/grundy/io/export_formats.hpp), read from
    its source, so that a test walks the very entries the module walks."""
    root = os.environ.get("GRUNDY_SOURCE_DIR") or pathlib.Path(__file__).resolve().parents[2]
    header = pathlib.Path(root) / "lib/include/grundy/io/export_formats.hpp"
    entries = re.findall(
        r'\{\s*export_format::\w+,\s*"(\w+)",\s*\{\s*"([^"]*)",\s*"([^"]*)"\s*\},\s*"([^"]+)",\s*'
        r'export_content::(\w+)\s*\}',
        header.read_text(encoding="utf-8"))
    assert entries, f"no export format found in {header}"
    return [ExportFormat(name, [e for e in (first, second) if e], mime, content)
            for name, first, second, mime, content in entries]
