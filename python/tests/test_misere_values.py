"""solve(..., misere=True): misère Grundy values and outcomes beside the normal ones, in the
Result, its exports (the CLI's bytes with --misere) and to_networkx."""

import csv
import json
import subprocess
from functools import reduce

import pytest

import grundy
from conftest import cli_path


def misere_nim(heaps):
    """Misère Nim (Bouton; Conway's G⁻): the XOR of the heaps, unless every heap is 0 or 1,
    then 1 XOR that XOR."""
    x = reduce(lambda a, b: a ^ b, heaps, 0)
    return x ^ 1 if all(h <= 1 for h in heaps) else x


def test_misere_values_of_nim_follow_the_theory():
    r = grundy.solve(grundy.Nim([2, 3, 4]), misere=True)
    assert r.misere
    for v, heaps in enumerate(r.states()):
        assert r.misere_value(v) == misere_nim(heaps), heaps
        assert r.misere_outcome(v) == ("P" if misere_nim(heaps) == 0 else "N")
    # The empty position: no move is left, so the player to move has won.
    empty = r.states().index([])
    assert r.misere_value(empty) == 1 and r.misere_outcome(empty) == "N"
    assert r.outcome_of(empty) == "P"


def test_without_misere_the_result_has_no_misere_labels():
    r = grundy.solve(grundy.Nim([2, 3]))
    assert not r.misere
    with pytest.raises(ValueError, match="misere=True"):
        r.misere_value(0)
    with pytest.raises(ValueError, match="misere=True"):
        r.misere_outcome(0)
    assert "misere_value" not in r.to_networkx().nodes[0]


def test_a_graph_with_a_cycle_is_refused(tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text("a b\nb a\nb c\n", encoding="utf-8")
    with pytest.raises(ValueError, match="cycle"):
        grundy.solve(grundy.Digraph(graph, "a"), misere=True)


@pytest.mark.parametrize("ext", ["json", "graphml", "csv"])
def test_the_exports_are_the_cli_bytes_with_misere(ext, tmp_path):
    cli_file, module_file = tmp_path / f"cli.{ext}", tmp_path / f"module.{ext}"
    subprocess.run([cli_path(), "graph", "octal", "0.07", "6", "3", "--misere", "-q", "--export", str(cli_file)],
                   check=True, capture_output=True)
    grundy.solve(grundy.Octal("0.07", [6, 3]), misere=True).export(module_file)
    assert module_file.read_bytes() == cli_file.read_bytes()


def test_exports_and_networkx_carry_the_misere_values(tmp_path):
    r = grundy.solve(grundy.Nim([1, 2, 2]), misere=True)
    r.export(tmp_path / "g.json")
    r.export(tmp_path / "g.csv")
    vertices = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["vertices"]
    with open(tmp_path / "g.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    g = r.to_networkx()
    for v, heaps in enumerate(r.states()):
        expected = misere_nim(heaps)
        assert vertices[v]["misere_value"] == expected
        assert vertices[v]["misere_outcome"] == ("P" if expected == 0 else "N")
        assert rows[v]["misere_value"] == str(expected)
        assert g.nodes[v]["misere_value"] == expected
        assert g.nodes[v]["misere_outcome"] == vertices[v]["misere_outcome"]
