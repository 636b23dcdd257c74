"""The browser test's plumbing: `grundy serve` in a process of its own, and a headless Chromium
driven through the page's data-testid hooks, with the helpers that read a game off the page."""

import base64
import importlib.util
import json
import os
import re
import signal
import subprocess
import time

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
    def __init__(self, cli, workdir, options=()):
        self.out_path = os.path.join(workdir, 'serve.out')
        self.err_path = os.path.join(workdir, 'serve.err')
        self.out = open(self.out_path, 'wb')
        self.err = open(self.err_path, 'wb')
        self.proc = subprocess.Popen([cli, 'serve', '--port', '0', *options], stdout=self.out, stderr=self.err,
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
        # The page shows the link's view and fills its fields once the list of games is in (or
        # says why it is not): on a slow server a check that typed before that would type into a
        # hidden view.
        self.wait(lambda: self.js("return document.querySelectorAll('#game-select option').length > 0"
                                  " || !document.getElementById('setup-error').hidden"), 'the list of games')

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

    def say(self, key, **values):
        """The page's own words for a string key, in the language it shows now."""
        return self.d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import(new URL('i18n.js', location.href)).then((m) => done(m.t(arguments[0], arguments[1])));",
            key, values)

    def language(self, lang):
        from selenium.webdriver.support.ui import Select
        Select(self.tid('language-select')).select_by_value(lang)
        self.wait(lambda: self.js('return document.documentElement.lang') == lang, f'the page in {lang}')

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
