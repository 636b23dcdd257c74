"""The browser test's regression cases of the classroom page's defects (issue 43), each at
1920 x 1080 and 390 x 844, in English and in French. The words expected are the page's own in
that language (read from its string files through its i18n module), the facts are found here
(`grundy misere`, `grundy hint --misere`):

  graph      tablettes 2 x 2 with Large type: two thirds of a 1920-px page, labels of 24 px or
             more; on a phone inside the page's width, with a zoom button whose label says what
             it does and changes once pressed; outlines not cut; positions as pictures (at
             1920 x 1080 in English, docs/web.md's picture of the projector)
  fit        tablettes 2 x 3 fitted keeps labels of 12 px or more (else it scrolls)
  plurals    no string of the page says "1 values" (or in French "1 valeurs")
  refusals   each form's own refusals (set-up, octal, table, misère) in the page's language; a
             table fill stopped after the link's fill leaves the link naming the stopped one, its
             cell marked cancelled and the form free again
  words      tablettes moves as "the red pile of 1 onto ...", a title's plurals; the computer's
             move in those words, and the pile it made marked on the board
  rules      misère play's rules line says the last move loses; S(1,3,4) only its own rule;
             0.07, 0.77 and 0.6 named (Dawson's Kayles, Kayles, Officers)
  errors     an empty graph text refused in the page's words, the game before left as it was;
             an empty graph (`digraph {}`) in the page's words, no board, no token line, no game;
             a game the server refuses clears board and graph and says what to change, and its
             error goes once a game works; colours past the library's 128 and empty or blank
             heaps refused; the end of Nim 2 2 clicked is not a game lost
  hint       the hinted move marked on the board (the tokens it takes) and in view; once played,
             the heaps the computer's reply changed marked as the last move
  octal, misère  in matrix_views.py

Each function takes the Run of run_browser.py.
"""

import re
from collections import Counter

from browser_page import STEP, WIDTH, Failure, numbers
from matrix_views import misere, octal
from setup_checks import api_games

SIZES = ((1920, 1080, False), (390, 844, True))
LANGUAGES = ('en', 'fr')
NODES = '[data-testid=graph-view] g.node'
PILE = {'en': (r'put {p} onto {p}', r'the (red|black) pile of \d+'),
        'fr': (r'poser {p} sur {p}', r'la pile (rouge|noire) de \d+')}


def shown(p, element_id):
    return p.js(f"const e = document.getElementById('{element_id}'); return e.hidden ? '' : e.textContent.trim();")


def setup_state(p):
    """What a failed refusal check needs to be told apart: the menu, the fields, the messages."""
    return p.js("""const text = (id) => { const e = document.getElementById(id); return e.hidden ? '' : e.textContent.trim(); };
        return {game: document.getElementById('game-select').value, title: document.getElementById('setup-summary').textContent,
                fields: Object.fromEntries([...document.querySelectorAll('#setup-fields [name]')].map((i) => [i.name, i.value])),
                setupError: text('setup-error'), playError: text('play-error'), heading: text('game-heading'),
                hash: location.hash, busy: document.querySelector('[data-testid=hint-button]').disabled};""")


def unfold(p):
    # On a phone the set-up is folded into its summary: unfolded, as a visitor would.
    p.js("document.getElementById('setup-panel').open = true")


def set_field(p, name, value):
    unfold(p)
    p.js("""const i = document.querySelector(`#setup-fields [name="${arguments[0]}"]`);
            i.value = arguments[1]; i.dispatchEvent(new Event('input', {bubbles: true}));""", name, value)


def no_sideways(run, where, p):
    wide = p.js('return document.documentElement.scrollWidth')
    run.expect(wide <= p.viewport[0], f'{where}: the page is {wide} px wide in a {p.viewport[0]}-px window')


def open_graph(p, count):
    p.js("document.getElementById('graph-panel').open = true")
    p.wait(lambda: len(p.d.find_elements('css selector', NODES)) >= count, f'{count} vertices drawn')


def set_large(p, on):
    button = p.d.find_element('css selector', '#large-type')
    if (button.get_attribute('aria-pressed') == 'true') != on:
        p.click(button)


def graph(run, where):
    p = run.p
    p.open('#game=tablettes&colors=2&tablets=2&opponent=computer&first=you')
    p.settled()
    set_large(p, True)
    try:
        open_graph(p, 12)
        measure = """
            const svg = document.querySelector('[data-testid=graph-view] svg');
            const frame = svg.closest('.graph-frame');
            const scale = svg.getScreenCTM().a;
            const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size') || '14') * scale);
            return {width: svg.getBoundingClientRect().width, page: document.documentElement.clientWidth,
                    label: Math.min(...sizes), overflow: getComputedStyle(svg).overflow,
                    pad: parseFloat(getComputedStyle(frame).paddingLeft),
                    raw: [...svg.querySelectorAll('g.node text')].filter((t) => t.textContent.includes('[[')).length,
                    pictures: [...svg.querySelectorAll('g.node')].filter((g) => g.querySelector('tspan[fill]')).length};"""
        if p.viewport[0] >= 1920:
            m = p.wait(lambda: (lambda m: m if m['width'] >= m['page'] * 2 / 3 else None)(p.js(measure)),
                       f'{where}: the graph across two thirds of the page', timeout=5)
            run.expect(m['label'] >= 24, f'{where}: the graph\'s labels are {m["label"]:.1f} px high, under 24')
        else:
            m = p.js(measure)
            no_sideways(run, where, p)
        run.expect(m['overflow'] == 'visible' and m['pad'] >= 6,
                   f'{where}: a focus outline at the picture\'s edge is cut ({m["overflow"]}, padding {m["pad"]})')
        run.expect(not m['raw'] and m['pictures'] == 12, f'{where}: {m["raw"]} positions as lists of numbers, '
                   f'{m["pictures"]} of 12 as pictures')
        if where == '1920x1080 en':
            p.js('document.activeElement.blur()')
            p.shot('web-projector.png', ['#graph-panel'])
        # The zoom is offered when the picture at reading size is wider than the panel: on a phone.
        zoom = p.d.find_element('css selector', '#graph-panel button.zoom')
        run.expect(zoom.is_displayed() == (p.viewport[0] < 1920),
                   f'{where}: the zoom button is {"" if zoom.is_displayed() else "not "}shown')
        if zoom.is_displayed():
            zoom_in = p.say('graph.zoom.in')
            before = zoom.text
            p.click(zoom)
            after = p.wait(lambda: zoom.text != before and zoom.text, f'{where}: the zoom button\'s label to change')
            run.expect({before, after} in ({zoom_in, p.say('graph.zoom.fit')}, {zoom_in, p.say('graph.zoom.small')}),
                       f'{where}: the zoom button reads {before!r}, then {after!r}')
            p.click(zoom)
    finally:
        set_large(p, False)


LABELS = """
    const svg = document.querySelector('[data-testid=graph-view] svg');
    const scale = svg.getScreenCTM().a;
    return Math.min(...[...svg.querySelectorAll('g.node text')].map(
      (t) => parseFloat(t.getAttribute('font-size') || '14') * scale));"""


def fit(run, where, vertices):
    """Tablettes 2 x 3 fitted to the panel: its labels stay 12 px high or more (else it scrolls)."""
    p = run.p
    p.open('#game=tablettes&colors=2&tablets=3&opponent=human')
    p.settled()
    open_graph(p, vertices)
    zoom = p.d.find_element('css selector', '#graph-panel button.zoom')
    if zoom.is_displayed() and zoom.get_attribute('aria-pressed') == 'true':
        p.click(zoom)
        p.wait(lambda: zoom.get_attribute('aria-pressed') == 'false', f'{where}: the graph fitted')
    # The fit may be applied after the first drawing (on a slow server, a frame later): the labels
    # are given until the wait's end to reach 12 px, and then measured once more.
    try:
        p.wait(lambda: (p.js(LABELS) or 0) >= 12, f'{where}: the graph\'s labels at 12 px or more')
    except Failure:
        pass
    label = p.js(LABELS) or 0
    run.expect(label >= 12, f'{where}: tablettes 2 x 3 fitted has labels {label:.1f} px high, under 12')
    no_sideways(run, where, p)


# Every string with a count filled with 1: no plural after it ("1 values", "1 tas rares" aside).
PLURALS = """
    const done = arguments[arguments.length - 1];
    Promise.all([import(new URL('i18n.js', location.href)), import(new URL('strings_en.js', location.href))])
      .then(([i18n, strings]) => {
        const bad = [];
        const plural = i18n.getLang() === 'fr'
          ? /(^|[^\\d.,])1 (?!tas\\b|fois\\b|dessus\\b|des\\b|dans\\b|s\\b)[a-zàâéèêîïôûç’-]+s\\b/i
          : /(^|[^\\d.,])1 (?!is\\b|has\\b|wins\\b|holds\\b|s\\b)[a-z’-]+s\\b/i;
        for (const [key, raw] of Object.entries(strings.EN)) {
          if (typeof raw !== 'string' || `${key}.one` in strings.EN) continue;  // tn()'s two forms
          const vars = {};
          for (const [, name] of raw.matchAll(/\\{(\\w+)/g)) vars[name] = 1;
          const text = i18n.t(key, vars);
          if (plural.test(text)) bad.push(`${key}: ${text}`);
        }
        done(bad);
      });"""


def plurals(run, where):
    bad = run.p.d.execute_async_script(PLURALS)
    run.expect(not bad, f'{where}: counts of 1 with a plural:\n    ' + '\n    '.join(bad))


ENGLISH = re.compile(r'\b(the|Fill|whole|numbers?|from|at most|heaps?|values?|rows?|colou?rs?)\b')


def refusals(run, where, lang):
    """The refusals of each form before any request, in the page's language."""
    p = run.p
    said = []
    p.open('#game=tablettes&colors=2&tablets=2&opponent=human')
    p.settled()
    for name, value in (('tablets', '3,x'), ('colors', ''), ('colors', '129')):
        set_field(p, name, value)
        p.click(p.tid('new-game'))
        said.append(p.wait(lambda: shown(p, 'setup-error'), f'{where}: a message for {name} {value!r}'))
        set_field(p, name, '2')
    p.open('#view=octal')
    for code, most in (('', ''), ('0.07', 'abc')):
        p.js("document.getElementById('octal-code').value = arguments[0];"
             "document.getElementById('octal-max').value = arguments[1]", code, most)
        p.click(p.tid('octal-run'))
        said.append(p.wait(lambda: shown(p, 'octal-error'), f'{where}: a message for octal {code!r} {most!r}'))
    # The link's fill first: the link of a fill that stops after it must name the later one.
    p.open('#view=table&table_colors=1..2&table_tablets=1..2')
    p.wait(lambda: (lambda cells: len(cells) == 4 and all('done' in c.get_attribute('class') for c in cells))(
        p.tids('table-cell')), f'{where}: the table 1..2 x 1..2')
    for colours in ('x', '1..40'):
        p.js("document.getElementById('table-colors').value = arguments[0]", colours)
        p.click(p.tid('table-run'))
        said.append(p.wait(lambda: shown(p, 'table-error'), f'{where}: a message for a table of {colours!r}'))
    p.js("document.getElementById('table-colors').value = '5'; document.getElementById('table-tablets').value = '5'")
    p.click(p.tid('table-run'))
    p.click(p.tid('table-cancel'))
    url = p.wait(lambda: 'table_colors=5' in p.d.current_url and p.d.current_url, f'{where}: the link of a stopped fill')
    run.expect('table_tablets=5' in url, f'{where}: after a fill that stopped, the link is {url}')
    # The fill really stopped: the form free again, and the one cell (5 colours of 5 tablets),
    # never reached, says it was cancelled.
    p.wait(lambda: p.tid('table-run').is_enabled(), f'{where}: the table form free after a cancel')
    cells = p.js("""return [...document.querySelectorAll('[data-testid=table-cell]')].map((c) => [
                   c.dataset.colors, c.dataset.tablets, c.classList.contains('done'), c.textContent.trim()]);""")
    word = p.say('table.cancelled.cell')
    run.expect(cells == [['5', '5', False, word]], f'{where}: the 5 x 5 fill cancelled shows {cells}, not {word!r}')
    p.open('#view=misere')
    for code, heap in (('', '20'), ('0.07', 'abc')):
        p.js("document.getElementById('misere-code').value = arguments[0];"
             "document.getElementById('misere-max-heap').value = arguments[1]", code, heap)
        p.click(p.tid('misere-run'))
        said.append(p.wait(lambda: shown(p, 'misere-error'), f'{where}: a message for misère {code!r} {heap!r}'))
    if lang == 'fr':
        english = [m for m in said if ENGLISH.search(m)]
        run.expect(not english, f'{where}: refusals in English on the French page: {english}')


def words(run, where, lang):
    p = run.p
    p.open('#game=tablettes&colors=1&tablets=4&opponent=computer&first=computer')
    p.settled()
    title = p.js("return document.getElementById('game-heading').textContent")
    wanted = p.say('title.tablettes', colors=1, tablets=4)
    run.expect(title.startswith(wanted), f'{where}: the title reads {title!r}, not {wanted!r}')
    move, pile = PILE[lang]
    texts = [b.text for b in p.tids('move')]
    run.expect(texts and all(re.fullmatch(move.format(p=pile), text) for text in texts),
               f'{where}: the moves of tablettes read {texts}')
    # The computer's move in the same words, and the pile it made marked on the board.
    before, after = p.say('play.computer.played', move='\x00').split('\x00')
    line = p.game()['computer']
    run.expect(re.fullmatch(re.escape(before) + move.format(p=pile) + re.escape(after), line),
               f'{where}: the computer\'s move reads {line!r}')
    marked = p.js("return [...document.querySelectorAll('#board .last-move')].map((b) => b.textContent)")
    run.expect(len(marked) == 1, f'{where}: the computer\'s move marks {marked} on the board, not the one pile it made')


def rules(run, where):
    p = run.p
    normal, misere = p.say('rules.end.normal'), p.say('rules.end.misere')
    for fragment, named in (('game=tablettes&colors=2&tablets=2&misere=1', None),
                            ('game=nim&heaps=1+2&misere=1', None),
                            ('game=heap&rule=S(1,3,4)&heaps=5+7', None),
                            ('game=octal&code=0.07&heaps=5&misere=1', '0.07'),
                            ('game=heap&rule=0.77&heaps=5', '0.77'),
                            ('game=octal&code=0.6&heaps=5', '0.6')):
        p.open(f'#{fragment}&opponent=human')
        p.settled()
        line = shown(p, 'rules')
        end = misere if 'misere=1' in fragment else normal
        run.expect(line.endswith(end) and line.count(normal) + line.count(misere) == 1,
                   f'{where}: {fragment} has the rules line {line!r}, not ending {end!r}')
        if 'S(1,3,4)' in fragment:
            run.expect(not re.search(r'allbut|squares|grundy', line), f'{where}: S(1,3,4) reads {line!r}')
        if named:
            name = p.say(f'rule.name.{named}')
            run.expect(name in line, f'{where}: {named} is not called {name!r}: {line!r}')


def errors(run, where, examples):
    p = run.p
    # An empty graph text: refused in the page's words, the game before still there.
    p.open('#game=digraph&opponent=human')
    before = p.settled()['position'], shown(p, 'game-heading'), len(p.tids('move'))
    set_field(p, 'graph', '')
    p.click(p.tid('new-game'))
    empty = p.wait(lambda: shown(p, 'setup-error'), f'{where}: a message for an empty graph')
    wanted = p.say('setup.bad.empty', field=p.say('setup.graph'), example=examples['graph'].replace('\n', ' / '))
    run.expect(empty == wanted, f'{where}: an empty graph says {empty!r}, not {wanted!r}')
    after = p.game()['position'], shown(p, 'game-heading'), len(p.tids('move'))
    run.expect(after == before, f'{where}: an empty graph changed the game from {before} to {after}')
    # A graph with no vertex (`digraph {}`): the page's own words, no board, no game.
    set_field(p, 'graph', 'digraph {}')
    p.click(p.tid('new-game'))
    error = p.wait(lambda: shown(p, 'play-error') or shown(p, 'setup-error'), f'{where}: a message for digraph {{}}')
    wanted = p.say('error.code.input.graph.empty')
    board = shown(p, 'board')
    run.expect(error.startswith(wanted) and 'graph file' not in error,
               f'{where}: digraph {{}} says {error!r}, not {wanted!r}')
    run.expect(board == '' and not p.tids('move'), f'{where}: digraph {{}} leaves the board {board!r} and '
               f'{len(p.tids("move"))} moves')
    # A game the server refuses clears the board and the graph of the game before.
    p.open('#game=tablettes&colors=2&tablets=2&opponent=human')
    p.settled()
    open_graph(p, 12)
    from selenium.webdriver.support.ui import Select
    unfold(p)
    Select(p.tid('game-select')).select_by_value('nim')
    p.settled()
    set_field(p, 'heaps', '99999999999999999999999')
    p.click(p.tid('new-game'))
    error = p.wait(lambda: shown(p, 'play-error'), f'{where}: the error of a game the server refuses')
    change = p.say('play.failed.change')
    run.expect(change in error, f'{where}: a refused game says {error!r}, without {change!r}')
    run.expect(shown(p, 'board') == '' and not p.d.find_elements('css selector', NODES) and not p.tids('move'),
               f'{where}: a refused game leaves a board, a graph or moves')
    # Refused before it is sent: an empty field, spaces only, colours past the library's limit.
    for blank in ('', '   '):
        title = shown(p, 'game-heading')
        set_field(p, 'heaps', blank)
        p.click(p.tid('new-game'))
        empty = p.wait(lambda: shown(p, 'setup-error'), f'{where}: a message for heaps {blank!r}')
        run.expect(p.say('setup.heaps') in empty, f'{where}: heaps {blank!r} say {empty!r}')
        run.expect(shown(p, 'game-heading') == title, f'{where}: heaps {blank!r} started {shown(p, "game-heading")!r}')
        set_field(p, 'heaps', '1')  # the next refusal is a message of its own, not this one left over
        p.click(p.tid('new-game'))
        p.settled()
    set_field(p, 'heaps', '2 2')
    p.click(p.tid('new-game'))
    p.settled()
    run.expect(not shown(p, 'play-error') and not shown(p, 'setup-error'),
               f'{where}: an error stays after a game that works: {shown(p, "play-error") or shown(p, "setup-error")!r}')
    unfold(p)
    Select(p.tid('game-select')).select_by_value('tablettes')
    p.settled()
    p.wait(lambda: (lambda s: s['game'] == 'tablettes' and 'colors' in s['fields'])(setup_state(p)), f'{where}: tablettes chosen')
    set_field(p, 'colors', '129')
    p.click(p.tid('new-game'))
    try:
        colours = p.wait(lambda: shown(p, 'setup-error'), f'{where}: a message for 129 colours')
    except Failure as error:
        raise Failure(f'{error}; the page then: {setup_state(p)}') from None
    run.expect('128' in colours, f'{where}: 129 colours say {colours!r}')
    # The end of Nim 2 2, clicked on your move: not a game lost.
    p.open('#game=nim&heaps=2+2&opponent=computer&first=you')
    p.settled()
    open_graph(p, 2)
    end = next(e for e in p.d.find_elements('css selector', NODES) if e.get_attribute('data-state') == '[]')
    p.click(end)
    p.wait(lambda: p.game()['computer'], f'{where}: a line after a click on the end of Nim 2 2')
    state = p.game()
    run.expect(not state['over'] and state['position'] is None,
               f'{where}: a click on the end of Nim 2 2 gave {state["overTitle"]!r} at {state["position"]!r}')


HEAP_ROWS = """return [...document.querySelectorAll('#board .heap')].map((r) => ({
    hinted: r.classList.contains('hinted'), last: r.classList.contains('last-move'),
    size: r.querySelectorAll('.token').length, taken: r.querySelectorAll('.token.hint-from').length}));"""


def hint(run, where):
    p = run.p
    played = p.say('play.computer.played', move='\x00').split('\x00')[0]
    p.open('#game=nim&heaps=3+5+7+9&opponent=computer&first=you')
    p.settled()
    p.js('window.scrollTo(0, 0)')
    move = p.hint()
    run.expect(move is not None, f'{where}: no hint for Nim 3 5 7 9')
    p.wait(lambda: p.js("""const r = arguments[0].getBoundingClientRect();
                          return r.top >= -1 && r.bottom <= innerHeight + 1;""", move),
           f'{where}: the hinted move in view', timeout=3)
    # The board marks the tokens the hinted move takes: what it leaves is the hinted position.
    wanted = sorted(numbers(move.get_attribute('data-position')))
    rows = p.js(HEAP_ROWS)
    hinted = [r for r in rows if r['hinted']]
    run.expect(len(hinted) == 1, f'{where}: {len(hinted)} heaps marked for the hint {wanted}')
    left = sorted([r['size'] for r in rows if not r['hinted']] + [hinted[0]['size'] - hinted[0]['taken']])
    run.expect(left == wanted, f'{where}: the board marks a move to {left}, the hint is {wanted}')
    # Played, the computer answers: the heaps its move changed are marked, and only those.
    p.click(move)
    p.wait(lambda: (lambda g: g['over'] or (g['idle'] and g['yours'] and g['computer'].startswith(played)))(p.game()),
           f'{where}: the computer\'s reply', timeout=STEP)
    rows = p.js(HEAP_ROWS)
    changed = Counter(r['size'] for r in rows) - Counter(wanted)
    marked = Counter(r['size'] for r in rows if r['last'])
    run.expect(marked == changed, f'{where}: from {wanted} to {[r["size"] for r in rows]} the board marks heaps '
               f'{sorted(marked.elements())} as the last move')


def each_size_and_language(run):
    p = run.p
    facts = run.grundy_json('misere', '0.07', '--max-heap', '20', '--genus')
    vertices = run.grundy_json('graph', 'tablettes', '--colors', '2', '--tablets', '3')['vertices']
    hints = {}
    examples = {f['name']: f['example'] for g in api_games(run) if g['name'] == 'digraph' for f in g['fields']}
    done = []
    try:
        for width, height, mobile in SIZES:
            p.size(width, height, mobile)
            for lang in LANGUAGES:
                where = f'{width}x{height} {lang}'
                p.open('')
                p.settled()
                p.language(lang)
                graph(run, where)
                fit(run, where, vertices)
                plurals(run, where)
                words(run, where, lang)
                refusals(run, where, lang)
                rules(run, where)
                errors(run, where, examples)
                hint(run, where)
                octal(run, where, lang)
                misere(run, where, facts, hints)
                no_sideways(run, where, p)
                done.append(where)
    finally:
        p.size(WIDTH, 900)
        p.open('')
        p.language('en')
    run.ok(f'the defects of the classroom page, each checked at {", ".join(done)}')


CHECKS = (each_size_and_language,)
