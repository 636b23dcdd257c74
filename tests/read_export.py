"""Reads a GraphML or CSV export of grundy with parsers that owe nothing to grundy (xml.etree
and networkx for GraphML, the csv module for CSV) and prints what they read as one JSON object,
for tests/test_export.cpp to compare with the labelled graph.

    read_export.py FILE.graphml -> {"keys": {name: type}, "vertices": [{"id": ..., data...}],
                                    "types": {name: [python types]}, "edges": [[source, target]]}
    read_export.py FILE.csv     -> {"header": [...], "rows": [{column: text}]}
"""

import csv
import json
import sys
import xml.etree.ElementTree as ET

path = sys.argv[1]
if path.endswith(".graphml"):
    # xml.etree (expat) refuses any file that is not well-formed XML 1.0.
    root = ET.parse(path).getroot()
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    keys = {k.get("attr.name"): k.get("attr.type") for k in root.findall("g:key", ns)}
    import networkx

    g = networkx.read_graphml(path)
    types = {}
    for _, data in g.nodes(data=True):
        for name, value in data.items():
            types.setdefault(name, set()).add(type(value).__name__)
    out = {
        "keys": keys,
        "vertices": [{"id": n, **d} for n, d in g.nodes(data=True)],
        "types": {name: sorted(t) for name, t in types.items()},
        "edges": [[u, v] for u, v in g.edges()],
        "directed": g.is_directed(),
    }
else:
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f, strict=True)
        rows = list(reader)
        out = {"header": reader.fieldnames, "rows": rows}
print(json.dumps(out))
