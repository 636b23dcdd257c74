#!/usr/bin/env bash
# Takes again the pictures of the page in docs/web.md (docs/pictures/web-*.png).
#
#   scripts/web-screenshots.sh [GRUNDY]
#
# GRUNDY is the grundy binary whose page is shown (default: build/apps/grundy). The pictures are
# those the browser test (web/tests/browser/run_browser.py) takes while it plays: headless
# Chromium at 1280 pixels wide, one device pixel per CSS pixel, and a 390-pixel-wide window for
# the phone. It needs chromium, chromium-driver and python3-selenium (scripts/setup.sh). The
# test's own verdict is printed, and is this script's exit status; the pictures are written
# whatever it is, so look at them before committing.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
grundy=${1:-$root/build/apps/grundy}
if [ ! -x "$grundy" ]; then
  echo "web-screenshots.sh: no grundy binary at $grundy (build it, or name it)" >&2
  exit 2
fi
cd "$root"
status=0
/usr/bin/python3 web/tests/browser/run_browser.py "$grundy" --screenshots docs/pictures || status=$?
if [ "$status" -eq 77 ]; then
  echo "web-screenshots.sh: no pictures taken" >&2
fi
exit "$status"
