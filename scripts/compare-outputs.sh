#!/usr/bin/env bash
# Compares what two builds of grundy print and write, for the refactorings that must change
# nothing:
#
#   scripts/compare-outputs.sh OLD_BUILD_DIR NEW_BUILD_DIR
#
# Each build folder needs apps/grundy and python/ (the module). The same commands run with each
# build, in the same scratch folder: every "$ grundy ..." line of the fenced blocks of README.md
# and docs/*.md (in order, sharing one folder, as scripts/docs.sh runs them), the Python blocks of
# each page (one script per page), the test suite's CLI cases (compare-outputs/cli-cases.txt,
# from tests/test_cli*.cpp: graph, hint, table, octal, play with scripted input, digraph files,
# bad inputs), the graph readers' corpus (tests/fuzz/graph_readers) and compare-outputs/probe.py
# (the Python module on every built-in game). The stdout, stderr, exit status and every file
# written of each command are compared with diff -u after masking what changes from run to run,
# and only that: numbers under JSON keys naming seconds, memory or bytes; the "time" and "peak
# memory" lines and a checkpoint's "seconds" line (and its hash, once checked); "N.NNN s" and
# "N MB of memory"; the "seconds" column of Markdown and CSV tables. Each command gets 60 s;
# fenced lines that need mpirun or a build first are reported as skipped. Exit status: 0 when
# everything is identical, 1 when something differs (the outputs are then kept), 2 on bad
# arguments.
set -euo pipefail
if (($# != 2)); then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
fi
exec /usr/bin/python3 "$(dirname "$0")/compare-outputs/compare.py" "$@"
