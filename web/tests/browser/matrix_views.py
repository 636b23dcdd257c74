"""The matrix's checks of the octal and misère views (matrix_checks.py runs them at each size and
in each language):

  octal      At most 0, abc and 2000000 refused in the page's words; times with the language's
             decimal mark, the engine not named in French; the plot of heaps 60 to 120, and a
             range the other way round refused
  misère     0.07's quotient to heap 20: its presentation (generators and relations) as `grundy
             misere` gives it, each generator's heap in the page's words, its P-portion and each
             heap's element and genus as `grundy misere --genus` says; a misère sum of 0.07 heaps
             hinted as `grundy hint --misere` says

Each function takes the Run of run_browser.py.
"""

import re


def shown(p, element_id):
    return p.js(f"const e = document.getElementById('{element_id}'); return e.hidden ? '' : e.textContent.trim();")


def octal(run, where, lang):
    p = run.p
    p.open('#view=octal')
    for bad in ('0', 'abc', '2000000'):
        p.js("document.getElementById('octal-max').value = arguments[0]", bad)
        code = p.tid('octal-code')
        code.clear()
        code.send_keys('0.07')
        p.click(p.tid('octal-run'))
        message = p.wait(lambda: shown(p, 'octal-error'), f'{where}: a message for At most {bad}')
        label = p.say('octal.max').split(' (')[0]
        run.expect(label in message and not p.tids('octal-period'), f'{where}: At most {bad} says {message!r}')
    p.js("document.getElementById('octal-max').value = ''")
    p.click(p.tid('octal-run'))
    p.wait(lambda: p.tids('octal-period'), f'{where}: the facts of 0.07')
    values = p.js("return [...document.querySelectorAll('#octal-result dd')].map((d) => d.textContent).join(' | ')")
    mark = ',' if lang == 'fr' else r'\.'
    run.expect(re.search(rf'\d+{mark}\d{{3}}\s*s', values) and (lang == 'en' or not re.search('sparse|moteur', values)),
               f'{where}: the facts of 0.07 read {values!r}')
    # The plot's range: heaps 60 to 120, then a range the other way round refused.
    plot_range(p, '60', '120')
    heading = p.say('plot.label', first=60, last=120, max='\x00').split('\x00')[0]
    label = p.wait(lambda: (lambda l: l if l.startswith(heading) else None)(
        p.js("return document.querySelector('#octal-result svg.plot').getAttribute('aria-label')")),
        f'{where}: the plot of heaps 60 to 120')
    ticks = [int(x) for x in p.js("""return [...document.querySelectorAll(
        '#octal-result svg.plot text.tick[text-anchor=middle]')].map((t) => t.textContent);""")]
    run.expect(ticks and min(ticks) >= 60 and max(ticks) <= 120, f'{where}: the plot of heaps 60 to 120 has ticks {ticks}')
    plot_range(p, '130', '120')
    refused = p.say('plot.bad.range', last='\x00').split('\x00')[0]
    wrong = p.wait(lambda: p.js("""return [...document.querySelectorAll('#octal-result .error')]
                                 .filter((e) => !e.hidden).map((e) => e.textContent).join('')"""),
                   f'{where}: a message for heaps 130 to 120')
    run.expect(wrong.startswith(refused) and p.js(
        "return document.querySelector('#octal-result svg.plot').getAttribute('aria-label')") == label,
               f'{where}: heaps 130 to 120 say {wrong!r} and the plot reads another range')


def plot_range(p, first, last):
    for name, value in (('plot-from', first), ('plot-to', last)):
        box = p.tid(name)
        box.clear()
        box.send_keys(value)
    p.click(p.tid('plot-show'))


def misere(run, where, facts, hints):
    p = run.p
    p.open('#view=misere&misere_code=0.07&misere_heap=20')
    order = p.wait(lambda: p.tids('misere-order') and p.tid('misere-order').text, f'{where}: the quotient of 0.07')
    run.expect(int(order) == facts['order'], f'{where}: the quotient of 0.07 has order {order}, '
               f'grundy misere says {facts["order"]}')
    presentation(run, where, facts['presentation'])
    portion = p.tid('misere-p-portion').text
    run.expect(portion == ', '.join(facts['p_portion']), f'{where}: the P-portion reads {portion!r}, '
               f'grundy misere {facts["p_portion"]}')
    rows = p.js("""return [...document.querySelectorAll('[data-testid=misere-heap]')].map(
                   (r) => [...r.children].map((c) => c.textContent));""")
    genus = {g['heap']: g['symbol'] for g in facts['genus']}
    wanted = [[str(e['heap']), e['element'], e['outcome'], genus[e['heap']]] for e in facts['elements']]
    run.expect([r[:4] for r in rows] == wanted,
               f'{where}: the heaps read {rows[:3]}..., grundy misere {wanted[:3]}...')
    p.click(p.tid('misere-play'))
    state = p.settled()
    heaps = tuple(int(n) for n in re.findall(r'\d+', state['position'] or '')) or (4, 5, 9)
    if heaps not in hints:
        hints[heaps] = [m['position'] for m in
                        run.grundy_json('hint', 'octal', '0.07', *map(str, heaps), '--misere')['moves']]
    move = run.p.hint()
    got = move and move.get_attribute('data-position')
    run.expect((got is None and not hints[heaps]) or got in hints[heaps],
               f'{where}: from {heaps} in misère play the page hints {got}, grundy hint --misere {hints[heaps]}')


GENERATORS = """return [...document.querySelectorAll('#misere-result dl.facts > div')]
    .filter((d) => d.querySelector('dt').textContent === arguments[0])
    .map((d) => d.querySelector('dd').textContent);"""


def presentation(run, where, wanted):
    """The quotient's presentation as `grundy misere` gives it: generators, relations, and each
    generator's heap in the page's words."""
    p = run.p
    text = p.js("return document.querySelector('[data-testid=misere-presentation]').textContent")
    m = re.fullmatch(r'<(.*?) \| (.*)>', text)
    names, relations = (m.group(1).split(', '), m.group(2).split(', ')) if m else ([], [])
    run.expect(names == [g['name'] for g in wanted['generators']]
               and relations == [f"{r['left']} = {r['right']}" for r in wanted['relations']] and text == wanted['text'],
               f'{where}: the presentation reads {text!r}, grundy misere {wanted["text"]!r}')
    heaps = ', '.join(p.say('misere.generator', name=g['name'], heap=g['heap']) for g in wanted['generators'])
    said = p.js(GENERATORS, p.say('misere.f.generators'))
    run.expect(said == [heaps], f'{where}: the generators read {said}, not {heaps!r}')
