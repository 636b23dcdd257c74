"""Executes a notebook (docs/tutorial.ipynb) with Jupyter's nbconvert, as a reader would run it
from top to bottom, and checks that no cell failed and that it drew at least MIN_PICTURES
pictures (PNG or SVG outputs). The module is the one PYTHONPATH names.
Arguments: jupyter-nbconvert, the notebook, a scratch folder, MIN_PICTURES."""

import json
import os
import shutil
import subprocess
import sys

nbconvert, notebook, work, min_pictures = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
env = dict(os.environ, JUPYTER_RUNTIME_DIR=os.path.join(work, "runtime"), MPLCONFIGDIR=os.path.join(work, "mpl"),
           IPYTHONDIR=os.path.join(work, "ipython"))
# Run from the scratch folder, so that a cell writing a file writes it there.
done = subprocess.run([nbconvert, "--to", "notebook", "--execute", "--ExecutePreprocessor.timeout=300",
                       "--output-dir", work, "--output", "executed.ipynb", os.path.abspath(notebook)],
                      cwd=work, env=env, capture_output=True, text=True)
if done.returncode != 0:
    sys.exit(f"nbconvert --execute failed ({done.returncode}):\n{done.stderr[-4000:]}")

with open(os.path.join(work, "executed.ipynb"), encoding="utf-8") as f:
    cells = json.load(f)["cells"]
pictures = 0
for number, cell in enumerate(cells):
    for output in cell.get("outputs", []):
        if output["output_type"] == "error":
            sys.exit(f"cell {number} raised {output['ename']}: {output['evalue']}")
        if output["output_type"] == "stream" and output["name"] == "stderr":
            sys.exit(f"cell {number} wrote to stderr: {''.join(output['text'])}")
        data = output.get("data", {})
        if "image/png" in data or "image/svg+xml" in data:
            pictures += 1
code_cells = [c for c in cells if c["cell_type"] == "code"]
unrun = [n for n, c in enumerate(code_cells) if c.get("execution_count") is None]
if unrun:
    sys.exit(f"code cells {unrun} did not run")
if pictures < min_pictures:
    sys.exit(f"{pictures} pictures drawn, fewer than {min_pictures}")
print(f"{notebook}: {len(code_cells)} code cells ran, {pictures} pictures")
