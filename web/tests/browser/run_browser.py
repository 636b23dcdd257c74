#!/usr/bin/env python3
"""The browser test of `grundy serve`: a real headless Chromium plays on the page.

Usage: /usr/bin/python3 run_browser.py GRUNDY_CLI [--screenshots DIR]

It starts `GRUNDY_CLI serve --port 0`, drives the page through its data-testid hooks and checks
what it shows against facts it finds for itself (a nim-sum computed here, the value counts of
`grundy graph` and `grundy table` run as subprocesses):

  first visit  the bare address shows tablettes against the computer with a Hint button; a
               whole game played by Hint then the hinted move ends in under a minute
  nim          the computer, moving first on 3 5 7 9, always leaves a nim-sum of 0; the parity
               table's last row is the nim-sum; the game-over line names the last mover
  graph        tablettes 2 x 2: 12 vertices, their values, 6 P-positions shaded, the current
               position highlighted and following the game, a click on a vertex jumps to it
  octal        0.07 has period 34 from heap 53 on, proven
  table        tablettes 1..3 x 1..4 filled cell by cell, as `grundy table` says
  french, phone  the page in French; a 390-pixel-wide window without sideways scrolling
  controls     a move on the board, undo, values, misère play, two players, the three views
  busy hook    the game section (data-testid=game) is aria-busy="false" while it waits
  set-up       the game menu and forms made from /api/games; bad and empty fields refused
               (setup_checks.py)
  console      no error in the browser's console through all of it

The server is stopped with SIGTERM at the end and must exit, with status 143 (128 + SIGTERM, as every command a signal stops), within 2 s.

Exit status: 0 when every check passed, 1 when one failed, 77 (ctest's skip) when Chromium,
its driver or the selenium module is missing. With --screenshots DIR it saves the PNGs of
docs/web.md there (scripts/web-screenshots.sh).
"""

import argparse
import base64
import importlib.util
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import setup_checks  # noqa: E402  (beside this file)

CHROMIUM = '/usr/bin/chromium'
CHROMEDRIVER = '/usr/bin/chromedriver'
STEP = 10.0  # seconds: the longest any one step may take
WIDTH = 1280
PHONE = (390, 844)
NIM_HEAPS = [3, 5, 7, 9]
NIM_SEED = 20240611


def skip_reason():
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    if importlib.util.find_spec('selenium') is None:
        missing.append('the Python module selenium')
    return ', '.join(missing)


class Failure(Exception):
    pass


def nim_sum(heaps):
    x = 0
    for h in heaps:
        x ^= h
    return x


def heap_key(heaps):
    return tuple(sorted(h for h in heaps if h > 0))


def numbers(text):
    return [int(n) for n in re.findall(r'\d+', text or '')]


def one_nim_move(before, after):
    """Whether after follows from before by taking tokens from exactly one heap."""
    a, b = list(heap_key(before)), list(heap_key(after))
    for i, h in enumerate(a):
        rest = a[:i] + a[i + 1:]
        for left in range(h):
            if heap_key(rest + [left]) == tuple(b):
                return True
    return False


def piles_key(text):
    return tuple(sorted(tuple(p) for p in json.loads(text)))


# --- the server -------------------------------------------------------------------------------


def stop_with_parent():
    """In the server's process: SIGTERM when this script dies, even killed outright."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Server:
    def __init__(self, cli, workdir):
        self.out_path = os.path.join(workdir, 'serve.out')
        self.err_path = os.path.join(workdir, 'serve.err')
        self.out = open(self.out_path, 'wb')
        self.err = open(self.err_path, 'wb')
        self.proc = subprocess.Popen([cli, 'serve', '--port', '0'], stdout=self.out, stderr=self.err,
                                     stdin=subprocess.DEVNULL, preexec_fn=stop_with_parent)
        self.url = None
        deadline = time.monotonic() + STEP
        while time.monotonic() < deadline:
            with open(self.out_path, encoding='utf-8', errors='replace') as f:
                m = re.search(r'(http://\S+?)/?\s', f.read())
            if m:
                self.url = m.group(1).rstrip('/')
                return
            if self.proc.poll() is not None:
                raise Failure(f'grundy serve exited with status {self.proc.returncode} before serving: {self.errors()}')
            time.sleep(0.05)
        self.proc.kill()
        self.proc.wait()
        raise Failure(f'grundy serve printed no address within {STEP:.0f} s')

    def errors(self):
        with open(self.err_path, encoding='utf-8', errors='replace') as f:
            return f.read().strip()

    def stop(self):
        """SIGTERM; returns a failure message, or None when it exited within 2 s."""
        problem = None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                problem = 'grundy serve did not exit within 2 s of SIGTERM'
            if not problem and self.proc.returncode != 143:
                problem = f'grundy serve exited with status {self.proc.returncode} on SIGTERM: {self.errors()}'
        else:
            problem = f'grundy serve had exited by itself (status {self.proc.returncode}): {self.errors()}'
        self.out.close()
        self.err.close()
        return problem


# --- the browser ------------------------------------------------------------------------------


class Page:
    def __init__(self, base, workdir, shots):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.base = base
        self.shots = shots
        self.shot_seconds = 0.0
        self.console = []
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for arg in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                    '--disable-background-networking', '--disable-component-update', '--disable-sync',
                    '--no-first-run', '--no-default-browser-check', '--hide-scrollbars',
                    '--force-device-scale-factor=1', '--lang=en-GB',
                    f'--user-data-dir={os.path.join(workdir, "chromium")}', f'--window-size={WIDTH},900']:
            opts.add_argument(arg)
        opts.add_experimental_option('prefs', {'intl.accept_languages': 'en-GB,en'})
        opts.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        self.d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
        self.d.set_page_load_timeout(STEP)
        self.d.set_script_timeout(STEP)
        self.size(WIDTH, 900)

    def quit(self):
        self.d.quit()

    # -- plumbing --

    def size(self, width, height, mobile=False):
        self.d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                               {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': mobile})
        self.viewport = (width, height, mobile)

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def drain_console(self):
        for entry in self.d.get_log('browser'):
            if entry.get('level') == 'SEVERE':
                self.console.append(entry.get('message', ''))

    def open(self, fragment=''):
        """A fresh page load (not a change of fragment on the page already open)."""
        self.drain_console()
        self.d.get('about:blank')
        self.d.get(f'{self.base}/{fragment}')
        self.wait(lambda: self.js('return document.readyState') == 'complete', 'the page to load')

    def wait(self, condition, what, timeout=STEP):
        deadline = time.monotonic() + timeout
        last_error = None
        while True:
            try:
                value = condition()
                if value:
                    return value
            except Exception as error:  # a node replaced while read: read it again
                if type(error).__name__ not in ('StaleElementReferenceException', 'NoSuchElementException',
                                                'JavascriptException'):
                    raise
                last_error = error
            if time.monotonic() > deadline:
                extra = f' (last error: {str(last_error).splitlines()[0]})' if last_error else ''
                raise Failure(f'waited {timeout:.0f} s for {what}{extra}')
            time.sleep(0.05)

    def tid(self, name):
        from selenium.webdriver.common.by import By
        return self.d.find_element(By.CSS_SELECTOR, f'[data-testid="{name}"]')

    def tids(self, name):
        from selenium.webdriver.common.by import By
        return self.d.find_elements(By.CSS_SELECTOR, f'[data-testid="{name}"]')

    def click(self, element):
        self.js('arguments[0].scrollIntoView({block: "center"})', element)
        element.click()

    # -- the game --

    def game(self):
        # The page renders the Hint button, the turn line and the move buttons from one state:
        # Hint enabled means a position loaded, nothing pending and the game not over.
        return self.js("""
            const over = document.querySelector('[data-testid=game-over]');
            const heaps = [...document.querySelectorAll('#board .heap .tokens')].map(
              (t) => t.querySelector('.bar') ? Number(t.querySelector('.bar').textContent)
                                             : t.querySelectorAll('.token').length);
            return {
              idle: !document.querySelector('[data-testid=hint-button]').disabled,
              yours: document.getElementById('turn').classList.contains('yours'),
              over: !over.hidden,
              overTitle: over.hidden ? '' : (over.querySelector('.over-title') || over).textContent.trim(),
              computer: document.querySelector('[data-testid=computer-move]').textContent.trim(),
              position: new URLSearchParams(location.hash.slice(1)).get('position'),
              heaps,
              busyHook: document.querySelector('section[data-testid=game]').getAttribute('aria-busy'),
            };""")

    def settled(self, what='the visitor\'s turn or the end of the game'):
        """Waits until it is the visitor's move and nothing is pending, or the game is over."""
        return self.wait(lambda: (lambda g: g if (g['idle'] and g['yours']) or g['over'] else None)(self.game()), what)

    def enabled_moves(self):
        return [b for b in self.tids('move') if b.is_enabled()]

    def hint(self):
        """Clicks Hint and waits for its answer; returns the hinted move button, or None."""
        from selenium.webdriver.common.by import By
        button = self.tid('hint-button')
        self.click(button)
        # While the page asks, the box holds one line ending in an ellipsis ("Looking for a winning move…").
        self.wait(lambda: (lambda text: text and not text.endswith('\u2026'))(self.tid('hint-result').text.strip()),
                  'the hint')
        hinted = self.d.find_elements(By.CSS_SELECTOR, '[data-testid=move].hinted')
        return hinted[0] if hinted else None

    # -- pictures --

    def shot(self, name, selectors=None, pad=10, height=None):
        """Saves DIR/name: the box around the elements of selectors, or the viewport."""
        if not self.shots:
            return
        start = time.monotonic()
        width, old_height, mobile = self.viewport
        # The pointer off the page's controls, so that nothing is drawn hovered.
        self.d.execute_cdp_cmd('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': width - 1, 'y': old_height - 1})
        if height:
            self.size(width, height, mobile)
        if selectors:
            self.js('window.scrollTo(0, 0)')
            need = self.js('return Math.ceil(document.documentElement.scrollHeight)')
            if need > self.viewport[1]:
                self.size(width, need, mobile)
            self.js('return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
            box = self.js("""
                const boxes = arguments[0].map((s) => document.querySelector(s))
                  .filter((n) => n && n.getClientRects().length).map((n) => n.getBoundingClientRect());
                if (!boxes.length) return null;
                return {x: Math.min(...boxes.map((b) => b.left)), y: Math.min(...boxes.map((b) => b.top)),
                        r: Math.max(...boxes.map((b) => b.right)), b: Math.max(...boxes.map((b) => b.bottom))};""",
                          selectors)
            if not box:
                raise Failure(f'{name}: none of {selectors} is shown')
            x = max(0, box['x'] - pad)
            y = max(0, box['y'] - pad)
            clip = {'x': x, 'y': y, 'width': min(self.viewport[0], box['r'] + pad) - x,
                    'height': box['b'] + pad - y, 'scale': 1}
        else:
            self.js('return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
            clip = {'x': 0, 'y': 0, 'width': self.viewport[0], 'height': self.viewport[1], 'scale': 1}
        data = self.d.execute_cdp_cmd('Page.captureScreenshot', {'format': 'png', 'clip': clip})['data']
        path = os.path.join(self.shots, name)
        with open(path, 'wb') as f:
            f.write(base64.b64decode(data))
        if self.viewport[1] != old_height:
            self.size(width, old_height, mobile)
        self.shot_seconds += time.monotonic() - start
        print(f'web_browser: saved {path} ({round(clip["width"])}x{round(clip["height"])}, '
              f'{os.path.getsize(path) // 1024} KB)')


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

    # d. A first visit: the default game, played to the end with hints.
    def first_visit(self):
        p = self.p
        t0 = time.monotonic()
        p.open('')
        p.wait(lambda: p.tid('game-select').get_attribute('value'), 'the set-up form')
        game = p.tid('game-select').get_attribute('value')
        opponent = p.tid('opponent-select').get_attribute('value')
        self.expect(game == 'tablettes', f'the default game is {game!r}, not tablettes')
        self.expect(opponent == 'computer', f'the default opponent is {opponent!r}, not the computer')
        self.expect(p.tid('view-play').get_attribute('aria-current') == 'page', 'a first visit does not open on Play')
        self.expect(p.tid('hint-button').is_displayed(), 'the Hint button is not shown on a first visit')
        self.ok('the bare address shows tablettes against the computer, with a Hint button')
        clicks = 0
        turns = 0
        mine = None
        state = p.settled()
        if state['yours']:
            p.shot('web-first-visit.png')
        while not state['over']:
            turns += 1
            self.expect(turns <= 40, 'the first-visit game did not end within 40 turns')
            move = p.hint()
            clicks += 1
            if turns == 1:
                p.shot('web-hint.png', ['section.game'])
            if move is None:
                move = p.enabled_moves()[0]
            mine = move.get_attribute('data-position')
            p.click(move)
            clicks += 1
            state = p.settled()
        seconds = time.monotonic() - t0 - p.shot_seconds
        you_last = mine is not None and state['position'] is not None and \
            piles_key(state['position']) == piles_key(mine)
        expected = 'You win!' if you_last else 'The computer wins.'
        self.expect(state['overTitle'] == expected,
                    f'first visit: the game-over line says {state["overTitle"]!r}, expected {expected!r}')
        p.shot('web-game-over.png', ['section.game'])
        print(f'web_browser: first visit: game over {seconds:.1f} s after opening the page, after {clicks} clicks '
              f'({turns} hints and {turns} moves); {state["overTitle"]}')
        self.expect(seconds <= 60, f'the first visit took {seconds:.1f} s, over 60 s')
        self.ok(f'a first visit plays a whole game with hints in {seconds:.1f} s and {clicks} clicks')

    # a. Nim against the computer, checked with a nim-sum computed here.
    def nim(self):
        p = self.p
        rng = random.Random(NIM_SEED)
        heaps = '+'.join(map(str, NIM_HEAPS))
        p.open(f'#game=nim&heaps={heaps}&opponent=computer&first=computer')
        before = list(NIM_HEAPS)  # the computer moves first, from the link's position
        checked = 0
        computer_moves = 0
        last = None
        while True:
            state = p.settled()
            shown = state['heaps']
            url_heaps = numbers(state['position']) if state['position'] is not None else None
            self.expect(url_heaps is not None and heap_key(url_heaps) == heap_key(shown),
                        f'nim: the board shows {shown} but the link says {state["position"]!r}')
            if heap_key(shown) == heap_key(before):
                self.expect(state['over'] and last == 'you', f'nim: the computer did not move from {before}')
            else:
                computer_moves += 1
                last = 'computer'
                self.expect(one_nim_move(before, shown),
                            f'nim: the computer went from {before} to {shown}, not one move')
                if nim_sum(before) != 0:
                    self.expect(nim_sum(shown) == 0,
                                f'nim: from {heap_key(before)} (nim-sum {nim_sum(before)}) the computer left '
                                f'{heap_key(shown)} (nim-sum {nim_sum(shown)}), an N-position')
                    checked += 1
            parity = p.js("""
                const row = document.querySelector('#parity table.bits .parity-row');
                return row ? [...row.querySelectorAll('td')].map((c) => c.textContent).join('') : null;""")
            if heap_key(shown):
                self.expect(parity is not None and int(parity, 2) == nim_sum(shown),
                            f'nim: the parity table reads {parity!r} for {shown} (nim-sum {nim_sum(shown)})')
            if state['over']:
                break
            buttons = p.enabled_moves()
            self.expect(buttons, f'nim: no move to click at {shown}, and the game is not over')
            choice = buttons[rng.randrange(len(buttons))]
            after = numbers(choice.get_attribute('data-position'))
            self.expect(one_nim_move(shown, after), f'nim: the move to {after} offered at {shown} is not a Nim move')
            p.click(choice)
            last = 'you'
            before = after
            state = None
        self.expect(checked >= 3, f'nim: only {checked} computer moves from N-positions were checked')
        expected = 'You win!' if last == 'you' else 'The computer wins.'
        self.expect(state['overTitle'] == expected,
                    f'nim: the last move was {"yours" if last == "you" else "the computer’s"}, but the game-over '
                    f'line says {state["overTitle"]!r}')
        self.ok(f'nim 3 5 7 9: {checked} computer moves from N-positions all left a nim-sum of 0; '
                f'"{state["overTitle"]}"')

        # The parity table from an N-position, the visitor to move, with the values shown.
        p.open(f'#game=nim&heaps={heaps}&opponent=computer&first=you&values=1')
        state = p.settled()
        self.expect(heap_key(state['heaps']) == heap_key(NIM_HEAPS), f'nim: the board shows {state["heaps"]}')
        advice = p.wait(lambda: p.js("return document.querySelector('#parity .parity-advice')?.textContent"),
                        'the parity table\'s advice')
        x = nim_sum(NIM_HEAPS)
        h = max(n for n in NIM_HEAPS if n ^ x < n)
        self.expect(f'leave {h ^ x} in the heap of {h}' in advice, f'nim: the parity table advises {advice!r}')
        self.ok(f'nim: the parity table advises "{advice}"')
        p.shot('web-nim-table.png', ['section.game', '#parity-panel'])

    # b. The graph of tablettes 2 x 2.
    def graph(self):
        p = self.p
        facts = self.grundy_json('graph', 'tablettes', '--colors', '2', '--tablets', '2')
        counts = facts['value_counts']
        p.open('#game=tablettes&colors=2&tablets=2&opponent=computer&first=you')
        p.settled()
        read = """
            return [...document.querySelectorAll('[data-testid=graph-view] g.node')].map((g) => {
              const box = g.querySelector('path, polygon, ellipse');
              return {state: g.dataset.state, current: g.classList.contains('current'),
                      texts: [...g.querySelectorAll('text')].map((t) => t.textContent.trim()),
                      fill: (box?.getAttribute('fill') || '').toLowerCase(),
                      stroke: box ? getComputedStyle(box).strokeWidth : ''};
            });"""
        nodes = p.wait(lambda: (lambda n: n if len(n) >= facts['vertices'] else None)(p.js(read)),
                       f'{facts["vertices"]} vertices in the graph')
        self.expect(len(nodes) == facts['vertices'],
                    f'graph: {len(nodes)} vertices drawn, grundy graph says {facts["vertices"]}')
        values = []
        for n in nodes:
            found = [int(t[2:]) for t in n['texts'] if re.fullmatch(r'g=\d+', t)]
            self.expect(len(found) == 1, f'graph: the vertex {n["state"]} shows {n["texts"]}, no one "g=" value')
            values.append(found[0])
            shaded = n['fill'] not in ('', 'white', '#ffffff', 'none')
            self.expect(shaded == (found[0] == 0),
                        f'graph: the vertex {n["state"]} has value {found[0]} and fill {n["fill"]!r}')
        seen = [values.count(v) for v in range(max(values) + 1)]
        self.expect(seen == counts, f'graph: the values drawn count {seen}, grundy graph says {counts}')
        self.expect(seen[0] == 6, f'graph: {seen[0]} P-positions, tablettes 2 x 2 has 6')
        current = [n for n in nodes if n['current']]
        self.expect(len(current) == 1 and piles_key(current[0]['state']) == piles_key(facts['start']),
                    f'graph: highlighted {[n["state"] for n in current]}, the start is {facts["start"]}')
        self.expect(current[0]['stroke'] == '5px',
                    f'graph: the current vertex is drawn with stroke {current[0]["stroke"]}')
        self.ok(f'graph of tablettes 2 x 2: {len(nodes)} vertices, values {seen}, the P-positions shaded, '
                'the start highlighted')
        p.shot('web-graph.png', ['#graph-panel'])

        # A click on a vertex plays on from it; the highlight follows the game.
        from selenium.webdriver.common.by import By
        def current_state():
            return p.js("return document.querySelector('[data-testid=graph-view] g.node.current')?.dataset.state")

        target = next(n['state'] for n, v in zip(nodes, values)
                      if v > 0 and piles_key(n['state']) != piles_key(facts['start']))
        vertex = next(e for e in p.d.find_elements(By.CSS_SELECTOR, '[data-testid=graph-view] g.node')
                      if e.get_attribute('data-state') == target)
        p.click(vertex)
        p.wait(lambda: (lambda s: s and piles_key(s) == piles_key(target))(current_state()),
               f'the vertex {target} highlighted after a click on it')
        state = p.settled()
        self.expect(state['position'] and piles_key(state['position']) == piles_key(target) and state['yours'],
                    f'graph: after a click on {target} the game is at {state["position"]}, '
                    f'{"your" if state["yours"] else "not your"} move')
        p.click(p.enabled_moves()[0])
        state = p.settled()
        now = p.wait(current_state, 'the highlighted vertex after a move')
        self.expect(state['position'] and piles_key(now) == piles_key(state['position']),
                    f'graph: after two moves {now} is highlighted, the game is at {state["position"]}')
        self.ok('graph: a click on a vertex plays on from it, and the highlight follows the game')

    # c. The octal explorer.
    def octal(self):
        p = self.p
        p.open('#view=octal')
        code = p.tid('octal-code')
        code.clear()
        code.send_keys('0.07')
        p.click(p.tid('octal-run'))
        period = p.wait(lambda: p.tids('octal-period') and p.tid('octal-period').text, 'the period of 0.07')
        proof = p.tid('octal-proof')
        m = re.fullmatch(r'period (\d+) from heap (\d+) on', period)
        self.expect(m and (int(m.group(1)), int(m.group(2))) == (34, 53),
                    f'octal 0.07: the page reads {period!r}, expected period 34 from heap 53 on')
        self.expect(proof.text == 'proven' and 'yes' in proof.get_attribute('class'),
                    f'octal 0.07: the proof reads {proof.text!r}')
        self.expect(p.js("return !!document.querySelector('#octal-result svg.plot .marker.first')"),
                    'octal 0.07: the plot has no mark where the period starts')
        self.ok(f'octal 0.07: "{period}", {proof.text}')
        p.shot('web-octal.png', ['#octal-heading', '#octal-form', '#octal-result > section:nth-of-type(2)'])

    # The tablettes table, checked cell by cell against grundy table.
    def table(self):
        p = self.p
        rows = self.grundy_json('table', '--colors', '1..3', '--tablets', '1..4')
        p.open('#view=table')
        for name, value in (('table-colors', '1..3'), ('table-tablets', '1..4')):
            box = p.d.find_element('id', name)
            box.clear()
            box.send_keys(value)
        p.click(p.tid('table-run'))
        p.wait(lambda: (lambda cells: len(cells) == 12 and all('done' in c.get_attribute('class') for c in cells))(
            p.tids('table-cell')), 'the 12 cells of the table')
        for row in rows:
            cell = p.js(f"return document.querySelector('[data-testid=table-cell][data-colors=\"{row['colors']}\"]"
                        f"[data-tablets=\"{row['tablets']}\"]').innerText")
            words = f'{row["outcome"]} g = {row["grundy"]}'
            positions = f'{row["vertices"]:,} position'
            self.expect(words in cell.replace('\n', ' ') and positions in cell,
                        f'table: the cell C={row["colors"]} N={row["tablets"]} reads {cell!r}; grundy table says '
                        f'{row["outcome"]}, g = {row["grundy"]}, {row["vertices"]} positions')
        self.ok('table 1..3 x 1..4: every cell as grundy table says')
        p.shot('web-table.png', ['#table-heading', '#table-form', '#table-result'])

    def french(self):
        p = self.p
        from selenium.webdriver.support.ui import Select
        p.open('#game=tablettes&colors=2&tablets=3&opponent=computer&first=computer')
        p.settled()
        Select(p.tid('language-select')).select_by_value('fr')
        p.wait(lambda: p.tid('hint-button').text == 'Indice', 'the Hint button in French')
        self.expect(p.js('return document.documentElement.lang') == 'fr', 'french: <html lang> is not fr')
        tab = p.tid('view-octal').text
        self.expect(tab == 'Jeux octaux', f'french: the octal tab reads {tab!r}')
        move = p.hint()
        self.expect(move and 'poser la pile' in move.text, f'french: the hinted move reads {move and move.text!r}')
        self.ok('the page in French')
        p.js('document.activeElement.blur(); window.scrollTo(0, 0)')
        p.shot('web-french.png')
        Select(p.tid('language-select')).select_by_value('en')
        p.wait(lambda: p.tid('hint-button').text == 'Hint', 'the page back in English')

    def phone(self):
        p = self.p
        p.size(*PHONE, mobile=True)
        try:
            p.open('')
            p.settled()
            wide = p.js('return document.documentElement.scrollWidth')
            self.expect(wide <= PHONE[0], f'phone: the page is {wide} px wide in a {PHONE[0]}-px window')
            self.expect(not p.js("return document.getElementById('setup-panel').open"),
                        'phone: the set-up is not folded into its summary')
            self.expect(p.tid('hint-button').is_displayed(), 'phone: no Hint button')
            self.ok(f'a {PHONE[0]}-px-wide window: nothing scrolls sideways, the set-up folded')
            p.shot('web-phone.png')
        finally:
            p.size(WIDTH, 900)

    # The other controls of the game: the board, undo, values, misère, two players, the views.
    def controls(self):
        p = self.p
        start = self.grundy_json('graph', 'tablettes', '--colors', '2', '--tablets', '3')
        p.open('#game=tablettes&colors=2&tablets=3&opponent=computer&first=you')
        p.settled()
        piles = p.tids('pile')
        self.expect(len(piles) == 6, f'controls: {len(piles)} piles on the board of tablettes 2 x 3')
        p.click(piles[0])
        self.expect(piles[0].get_attribute('aria-pressed') == 'true',
                    'controls: a clicked pile is not marked as chosen')
        targets = [b for b in p.tids('pile') if 'target' in (b.get_attribute('class') or '')]
        self.expect(targets, 'controls: no pile is outlined as a place to put the chosen one')
        p.click(targets[0])
        state = p.settled()
        self.expect(state['position'] and len(json.loads(state['position'])) == 4,
                    f'controls: after a move on the board and the computer\'s answer the game is at '
                    f'{state["position"]}')
        p.click(p.tid('undo-button'))
        state = p.settled()
        self.expect(state['position'] is None and len(p.tids('pile')) == 6 and state['yours'],
                    f'controls: Undo left the game at {state["position"]}, not at the start with your move')
        p.click(p.tid('values-toggle'))
        badge = p.wait(lambda: p.tid('outcome').is_displayed() and p.tid('outcome').text, 'the outcome badge')
        self.expect(badge == start['outcome'],
                    f'controls: the start shows outcome {badge}, grundy graph says {start["outcome"]}')
        p.click(p.tid('misere-toggle'))
        state = p.settled()
        self.expect('misere=1' in p.d.current_url, 'controls: misère play is not in the link')
        badge = p.tid('outcome').text
        self.expect(badge in ('P', 'N'), f'controls: the misère outcome reads {badge!r}')
        from selenium.webdriver.support.ui import Select
        Select(p.tid('opponent-select')).select_by_value('human')
        p.settled()
        self.expect(not p.tid('first-player').is_enabled(), 'controls: First to move is not disabled for two players')
        p.click(p.tid('new-game'))
        state = p.settled()
        self.expect(state['yours'] and 'opponent=human' in p.d.current_url,
                    'controls: a new game for two players does not wait for player 1')
        for name in ('octal', 'table', 'play'):
            p.click(p.tid(f'view-{name}'))
            p.wait(lambda: p.js(f"return !document.getElementById('view-{name}').hidden")
                   and f'view={name}' in p.d.current_url, f'the {name} view')
        self.ok('controls: a move on the board, undo, values, misère play, two players, the three views')

    # The game's data-testid hook: aria-busy while a position loads, false once it waits.
    def busy_hook(self):
        p = self.p
        p.open('#game=nim&heaps=3+4+5&opponent=computer&first=you')
        state = p.settled()
        if state['busyHook'] != 'false':
            twins = p.js("""
                const ids = [...document.querySelectorAll('[id]')].map((n) => n.id);
                return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];""")
            raise Failure(f'the game section (data-testid=game) keeps aria-busy="{state["busyHook"]}" while the page '
                          f'waits for a move' + (f'; ids used twice in the page: {", ".join(twins)}' if twins else ''))
        self.ok('the game section is aria-busy="false" while the page waits for a move')

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
        checks = (run.first_visit, run.nim, run.graph, run.octal, run.table, run.french, run.phone, run.controls,
                  run.busy_hook, *[bind(run, check) for check in setup_checks.CHECKS], run.console)
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
