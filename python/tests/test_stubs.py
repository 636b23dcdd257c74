"""grundy.pyi: the stubs parse as Python, and name every public name of the module."""

import ast
import os

import grundy

STUBS = os.path.join(os.environ.get("GRUNDY_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")),
                     "python", "grundy.pyi")


def test_stubs_parse_and_name_every_public_name():
    tree = ast.parse(open(STUBS, encoding="utf-8").read(), STUBS)
    named = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    named |= {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
              if isinstance(t, ast.Name)}
    named |= {node.target.id for node in tree.body if isinstance(node, ast.AnnAssign)}
    public = {name for name in dir(grundy) if not name.startswith("_")}
    assert public - named == set()
