"""The browser test's checks of the octal explorer at the server's time limit, against a second
server whose limit is LIMIT seconds (the first keeps the usual 60 s):

  slow code    0.3F, known to be slow, says so before it starts
  progress     the progress line's seconds keep up with the clock between the server's reports
  time limit   the run ends within a second of the limit, and the values computed until then are
               kept and shown: the partial notice, the plot, the table, the period and whether it
               is proven

at 1920 x 1080 and 390 x 844, in English and in French. Each function takes the Run of
run_browser.py.
"""

import re
import shutil
import tempfile
import time

from browser_page import WIDTH, Server

LIMIT = 2  # seconds: the second server's --max-seconds
SIZES = ((1920, 1080, False), (390, 844, True))
LANGUAGES = ('en', 'fr')


def read_progress(p):
    return p.js("""const box = document.getElementById('octal-progress');
                   return box.hidden ? null : document.getElementById('octal-progress-text').textContent;""")


def one_run(run, where):
    p = run.p
    p.open('#view=octal')
    code = p.tid('octal-code')
    code.clear()
    code.send_keys('0.3F')
    p.click(p.tid('octal-run'))
    start = time.monotonic()
    # Before the first value: the page already says the code is slow.
    note = p.js("const n = document.getElementById('octal-slow'); return n.hidden ? '' : n.textContent")
    wanted = p.say('octal.slow.grows', code='0.3F', limit=LIMIT)
    run.expect(note == wanted, f'{where}: before 0.3F starts the page says {note!r}, not {wanted!r}')
    samples = []
    while not p.tids('octal-partial'):
        text = read_progress(p)
        if text:
            samples.append((time.monotonic() - start, text))
        run.expect(time.monotonic() - start < LIMIT + 10, f'{where}: 0.3F still runs {LIMIT + 10} s after a '
                   f'{LIMIT} s limit (progress {samples[-1:]})')
        time.sleep(0.1)
    took = time.monotonic() - start
    run.expect(took <= LIMIT + 1, f'{where}: 0.3F ended {took:.2f} s after it started, past a {LIMIT} s limit '
               'by more than a second')
    # The line's seconds against the clock: never more than a second behind.
    shown = [(at, int(m.group(1))) for at, text in samples for m in [re.search(r'(\d+) s\b', text)] if m]
    late = [(round(at, 2), s) for at, s in shown if at - s > 1.05]
    run.expect(shown and not late, f'{where}: the progress line lags the clock: {late or samples[:5]}')
    facts = p.js("""const r = document.getElementById('octal-result');
        return {partial: r.querySelector('[data-testid=octal-partial]').textContent,
                plot: !!r.querySelector('svg.plot'), cells: r.querySelectorAll('table.values td').length,
                period: r.querySelector('[data-testid=octal-period]')?.textContent || '',
                proof: r.querySelector('[data-testid=octal-proof]')?.textContent || '',
                values: [...r.querySelectorAll('dd')].map((d) => d.textContent)};""")
    run.expect(facts['plot'] and facts['cells'] > 0,
               f'{where}: the values of a run stopped at the limit are not shown (plot {facts["plot"]}, '
               f'{facts["cells"]} cells)')
    none = p.say('octal.period.none')
    proven = {p.say('octal.proven'), p.say('octal.unproven')}
    run.expect(facts['period'] and (facts['period'] == none or facts['proof'] in proven),
               f'{where}: a run stopped at the limit reads period {facts["period"]!r}, proof {facts["proof"]!r}')
    return took, facts


def octal_time_limit(run):
    p = run.p
    workdir = tempfile.mkdtemp(prefix='grundy-web-limit-')
    server = Server(run.cli, workdir, ['--max-seconds', str(LIMIT)])
    base = p.base
    p.base = server.url
    times = []
    try:
        for width, height, mobile in SIZES:
            p.size(width, height, mobile)
            for lang in LANGUAGES:
                p.open('#view=octal')
                p.language(lang)
                took, facts = one_run(run, f'octal at the limit, {width}x{height}, {lang}')
                times.append(took)
                # The count as the page writes numbers in that language (1,234 or 1 234), after the limit.
                count = re.findall(r'\d[\d,.\u202f\u00a0 ]*\d|\d', facts['partial'])[1]
                wanted = p.say('octal.partial', n=count, seconds=LIMIT)
                run.expect(facts['partial'] == wanted,
                           f'octal at the limit, {width}x{height}, {lang}: the notice reads {facts["partial"]!r}')
    finally:
        p.base = base
        p.size(WIDTH, 900)
        problem = server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
        p.open('')
        p.language('en')
    run.expect(problem is None, f'octal at the limit: {problem}')
    run.ok(f'octal 0.3F at a {LIMIT} s limit, at both sizes in both languages: said slow before it starts, the '
           f'progress line keeps up, ended in {min(times):.2f} to {max(times):.2f} s with its values shown')


CHECKS = (octal_time_limit,)
