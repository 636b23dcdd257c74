"""What the tests share: the grundy tool beside the module, for cross-checks."""

import json
import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def cli():
    """Runs `grundy ARGS... --format json` and returns the parsed JSON."""
    path = os.environ.get("GRUNDY_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("GRUNDY_CLI does not name the grundy tool")

    def run(*args):
        done = subprocess.run([path, *args, "--format", "json"], capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    return run


# Figures that depend on the run, not on the game.
TIMINGS = {"seconds", "explore_seconds", "label_seconds", "peak_memory_bytes"}


def without_timings(figures):
    return {k: v for k, v in figures.items() if k not in TIMINGS}
