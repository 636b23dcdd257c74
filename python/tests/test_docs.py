"""docs/python.md: every Python example runs, in order, in one session, and prints what the
page shows after it (a ```text block right after the example)."""

import contextlib
import io
import os
import re

import pytest

PAGE = os.path.join(os.environ.get("GRUNDY_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")),
                    "docs", "python.md")


def examples():
    """(code, expected output or None) for every ```python block, in order."""
    text = open(PAGE, encoding="utf-8").read()
    blocks = re.findall(r"```(\w*)\n(.*?)```", text, re.S)
    found = []
    for i, (kind, body) in enumerate(blocks):
        if kind == "python":
            shown = blocks[i + 1][1] if i + 1 < len(blocks) and blocks[i + 1][0] == "text" else None
            found.append((body, shown))
    return found


def test_every_example_prints_what_the_page_shows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    found = examples()
    assert len(found) >= 8
    session = {}
    for code, shown in found:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, PAGE, "exec"), session)
        if os.environ.get("GRUNDY_DOCS_PRINT"):
            print(f"----\n{out.getvalue()}", end="")
        assert shown is not None, f"no ```text block after:\n{code}"
        assert out.getvalue() == shown, f"for the example:\n{code}"


def test_the_readme_command():
    readme = os.path.join(os.path.dirname(PAGE), "..", "README.md")
    line = next(l for l in open(readme, encoding="utf-8") if 'python3 -c "import grundy' in l)
    code = re.search(r'python3 -c "(.*)"', line).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {})
    # Nim 3 4 5: 48 positions, value 3 ^ 4 ^ 5 = 2, and Bouton's move.
    assert out.getvalue() == "48 2 N N: the player to move wins; take 2 from the heap of 3, leaving 1\n"
