"""What the tests share: the grundy tool beside the module, for cross-checks."""

import json
import os
import pathlib
import subprocess
import sys

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


def export_formats():
    """The library's table of export formats, read from its header (tests/export_formats_table.py)."""
    root = os.environ.get("GRUNDY_SOURCE_DIR") or pathlib.Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(pathlib.Path(root) / "tests"))
    from export_formats_table import read_export_formats
    return read_export_formats(root)
