#!/usr/bin/env python3
"""The browser test of `grundy serve`: a real headless Chromium plays on the page.

Usage: /usr/bin/python3 run_browser.py GRUNDY_CLI [--screenshots DIR]

It starts `GRUNDY_CLI serve --port 0`, drives the page through its data-testid hooks and checks
what it shows against facts it finds for itself (a nim-sum computed here, the value counts of
`grundy graph` and `grundy table` run as subprocesses). The checks, by file beside this one
(browser_page.py holds the server and the browser):

  play_checks.py
  first visit  the bare address shows tablettes against the computer with a Hint button; a
               whole game played by Hint then the hinted move ends in under a minute
  nim          the computer, moving first on 3 5 7 9, always leaves a nim-sum of 0; the parity
               table's last row is the nim-sum; the game-over line names the last mover
  graph        tablettes 2 x 2: 12 vertices, their values, 6 P-positions shaded, the current
               position highlighted and following the game, a click on a vertex jumps to it
  controls     a move on the board, undo, values, misère play, two players, the three views
  busy hook    the game section (data-testid=game) is aria-busy="false" while it waits
  view_checks.py
  octal        0.07 has period 34 from heap 53 on, proven
  table        tablettes 1..3 x 1..4 filled cell by cell, as `grundy table` says
  french, phone  the page in French; a 390-pixel-wide window without sideways scrolling
  setup_checks.py  the game menu and forms made from /api/games; bad and empty fields refused
  matrix_checks.py  each defect of the classroom page at 1920 x 1080 and 390 x 844, in English
               and in French (its octal and misère views' checks in matrix_views.py)
  remoteness_checks.py  tablettes 2 x 3 against the computer: its moves the fastest win or the
               slowest loss, each move's "wins in N moves", the hint's line, as a brute force here
               says; Nim's hint says remoteness needs the graph
  limit_checks.py  0.3F against a server with a 2 s limit: said slow first, stopped in time,
               its values kept and shown
  run_browser.py
  console      no error in the browser's console through all of it

The server is stopped with SIGTERM at the end and must exit, with status 143 (128 + SIGTERM, as every command a signal stops), within 2 s.

Exit status: 0 when every check passed, 1 when one failed, 77 (ctest's skip) when Chromium,
its driver or the selenium module is missing. With --screenshots DIR it saves the PNGs of
docs/web.md there (scripts/web-screenshots.sh).
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import limit_checks  # noqa: E402  (the checks, beside this file)
import matrix_checks  # noqa: E402
import play_checks  # noqa: E402
import remoteness_checks  # noqa: E402
import setup_checks  # noqa: E402
import view_checks  # noqa: E402
from browser_page import Failure, Page, Server, skip_reason  # noqa: E402


# --- the checks -------------------------------------------------------------------------------


class Run:
    def __init__(self, cli, page):
        self.cli = cli
        self.p = page
        self.passed = 0

    def ok(self, what):
        self.passed += 1
        print(f'web_browser: ok: {what}')

    def expect(self, condition, message):
        if not condition:
            raise Failure(message)

    def grundy_json(self, *args):
        out = subprocess.run([self.cli, *args, '--format', 'json'], capture_output=True, text=True, timeout=60)
        if out.returncode:
            raise Failure(f'grundy {" ".join(args)} failed: {out.stderr.strip()}')
        return json.loads(out.stdout)

    def console(self):
        self.p.drain_console()
        seen = {}
        for line in self.p.console:
            seen[line] = seen.get(line, 0) + 1
        self.expect(not seen, 'errors in the browser console:\n    ' +
                    '\n    '.join(f'{n} x {line}' if n > 1 else line for line, n in seen.items()))
        self.ok('no error in the browser console')



def bind(run, check):
    """A check of another file as a method of run: its name in the failures."""
    bound = lambda: check(run)  # noqa: E731
    bound.__name__ = check.__name__
    return bound


def main():
    parser = argparse.ArgumentParser(description='The browser test of grundy serve.')
    parser.add_argument('cli', help='the grundy program')
    parser.add_argument('--screenshots', metavar='DIR', help='save the docs\' PNGs in DIR')
    parser.add_argument('--only', metavar='NAMES', help='run only these checks, as games_list,fields '
                        '(the toy-game test opens its game on the page this way)')
    args = parser.parse_args()

    missing = skip_reason()
    if missing:
        print(f'web_browser: SKIPPED: {missing} not found '
              '(scripts/setup.sh installs chromium, chromium-driver and python3-selenium)')
        return 77
    cli = os.path.abspath(args.cli)
    if not os.access(cli, os.X_OK):
        print(f'web_browser: FAILED: {args.cli} is not a program')
        return 1
    shots = os.path.abspath(args.screenshots) if args.screenshots else None
    if shots:
        os.makedirs(shots, exist_ok=True)

    # A SIGTERM (ctest's timeout, a Ctrl-C'd make) goes through the clean-up below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.monotonic()
    workdir = tempfile.mkdtemp(prefix='grundy-web-browser-')
    failures = []
    server = page = None
    run = None
    try:
        server = Server(cli, workdir)
        print(f'web_browser: grundy serve at {server.url}')
        page = Page(server.url, workdir, shots)
        run = Run(cli, page)
        checks = [bind(run, check) for check in (*play_checks.FIRST, *view_checks.CHECKS, *play_checks.AFTER,
                                                 *setup_checks.CHECKS, *remoteness_checks.CHECKS, *matrix_checks.CHECKS,
                                                 *limit_checks.CHECKS)] + [run.console]
        if args.only:
            checks = [check for check in checks if check.__name__ in args.only.split(',')]
        for check in checks:
            try:
                check()
            except Failure as error:
                failures.append(str(error))
                print(f'web_browser: FAIL: {error}')
            except Exception as error:  # a browser or driver failure: one clear line, then go on
                first = (str(error).strip().splitlines() or [''])[0]
                failures.append(f'{check.__name__}: {type(error).__name__}: {first}')
                print(f'web_browser: FAIL: {check.__name__}: {type(error).__name__}: {first}')
    except Failure as error:
        failures.append(str(error))
    except Exception as error:
        failures.append(f'{type(error).__name__}: {(str(error).strip().splitlines() or [""])[0]}')
    finally:
        if page:
            try:
                page.quit()
            except Exception as error:
                failures.append(f'chromium did not stop: {error}')
        if server:
            problem = server.stop()
            if problem:
                failures.append(problem)
        shutil.rmtree(workdir, ignore_errors=True)

    seconds = time.monotonic() - started
    if failures:
        print(f'web_browser: FAILED after {seconds:.1f} s:')
        for failure in failures:
            print(f'  {failure}')
        return 1
    print(f'web_browser: all {run.passed} checks passed in {seconds:.1f} s')
    return 0


if __name__ == '__main__':
    sys.exit(main())
