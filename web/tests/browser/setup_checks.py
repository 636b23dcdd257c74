"""The browser test's checks of the set-up form, which the page makes from /api/games.

  games list   the game menu is the server's list, in its order, each game named
  fields       each game's form holds the fields its entry describes, filled with its examples,
               and a new game with them plays (a board drawn as the entry says)
  bad input    a value past an entry's limit (tablettes' colours), an empty field, spaces only,
               an empty graph: one message naming the field, and no game started from a default
  words        tablettes moves as "the red pile of 1 onto the red pile of 2" in both languages,
               a title's plurals, French decimal commas and engine names
  projector    at 1920 x 1080 with Large type the graph of tablettes 2 x 2 fills two thirds of the
               page's width with labels of 24 px or more; focus outlines have room; positions
               drawn as piles
  failed game  a game the server refuses leaves no board, no graph of the game before, and
               says what to change; a click on a position with no move is not a game lost

Each function takes the Run of run_browser.py.
"""

import json
import urllib.request


def api_games(run):
    with urllib.request.urlopen(f'{run.p.base}/api/games', timeout=10) as reply:
        return json.load(reply)['games']


def games_list(run):
    p = run.p
    games = api_games(run)
    p.open('')
    p.settled()
    options = p.js("""return [...document.querySelectorAll('[data-testid=game-select] option')]
                      .map((o) => [o.value, o.textContent.trim()]);""")
    run.expect([o[0] for o in options] == [g['name'] for g in games],
               f'games list: the menu lists {[o[0] for o in options]}, /api/games {[g["name"] for g in games]}')
    run.expect(all(o[1] for o in options), f'games list: a game without a name in the menu: {options}')
    run.ok(f'the game menu is the server\'s list of {len(games)} games')


def form_of(p):
    return p.js("""return [...document.querySelectorAll('#setup-fields input, #setup-fields textarea')]
                   .map((i) => [i.name, i.type === 'checkbox' ? i.checked : i.value]);""")


def set_field(p, name, value):
    p.js("""const i = document.querySelector(`#setup-fields [name="${arguments[0]}"]`);
            i.value = arguments[1]; i.dispatchEvent(new Event('input', {bubbles: true}));""", name, value)


def heading(p):
    return p.js("return document.getElementById('game-heading').textContent")


def new_game(p):
    p.click(p.tid('new-game'))


def setup_error(p):
    return p.js("const e = document.getElementById('setup-error'); return e.hidden ? '' : e.textContent.trim();")


def fields(run):
    p = run.p
    from selenium.webdriver.support.ui import Select
    for game in api_games(run):
        name = game['name']
        p.open(f'#game={name}&opponent=human')
        p.settled(f'the game {name}')
        shown = form_of(p)
        wanted = [f['name'] for f in game['fields']]
        run.expect([f[0] for f in shown] == wanted, f'fields: {name} shows {shown}, its entry {wanted}')
        for f, (_, value) in zip(game['fields'], shown):
            if f['kind'] != 'flag':
                run.expect(value == f['example'], f'fields: {name}\'s {f["name"]} holds {value!r}, not {f["example"]!r}')
        board = p.js("""const b = document.getElementById('board');
                        return b.querySelector('.heaps') ? 'heaps' : b.querySelector('[data-testid=pile]') ? 'tablettes'
                               : b.querySelector('.token-on') ? 'list' : '';""")
        run.expect(board == game['board'], f'fields: {name} is drawn as {board!r}, its entry says {game["board"]!r}')
        moves = p.enabled_moves()
        run.expect(moves, f'fields: {name} from its examples has no move to play')
        wanted_position = moves[0].get_attribute('data-position')
        p.click(moves[0])
        state = p.settled(f'a move of {name}')
        run.expect(state['position'] == wanted_position,
                   f'fields: after a move of {name} the game is at {state["position"]!r}, not {wanted_position!r}')
    Select(p.tid('game-select')).select_by_value(api_games(run)[0]['name'])
    run.ok('each game\'s form is its entry\'s fields with their examples, drawn as its entry says, and a move played')


def bad_input(run):
    p = run.p
    games = {g['name']: g for g in api_games(run)}
    colors = next(f for f in games['tablettes']['fields'] if f['name'] == 'colors')
    cases = [('tablettes', 'colors', str(colors['high'] + 1), str(colors['high'])),
             ('tablettes', 'colors', '', 'Colours'),
             ('tablettes', 'tablets', '0', 'Tablets'),
             ('nim', 'heaps', '3 x 5', 'Heaps'),
             ('octal', 'code', ' ', 'Code'),
             ('digraph', 'graph', '', 'graph')]
    for game, name, value, needle in cases:
        p.open(f'#game={game}&opponent=human')
        before = p.settled(f'the game {game}')['position']
        title = heading(p)
        set_field(p, name, value)
        new_game(p)
        message = p.wait(lambda: setup_error(p), f'a message for {game} {name}={value!r}')
        run.expect(needle in message, f'bad input: {game} {name}={value!r} says {message!r}, without {needle!r}')
        state = p.game()
        run.expect(state['position'] == before and heading(p) == title,
                   f'bad input: {game} {name}={value!r} started a game ({state["position"]!r})')
        set_field(p, name, next(f['example'] for f in games[game]['fields'] if f['name'] == name))
        new_game(p)
        p.wait(lambda: not setup_error(p), f'the message for {game} {name} to go once the field is right')
    run.ok(f'bad input: {len(cases)} wrong or empty fields each refused with a message naming the field, '
           f'the colours past {colors["high"]} (the library\'s limit)')


GRAPH_NODES = '[data-testid=graph-view] g.node'


def open_graph(p, count):
    p.js("document.getElementById('graph-panel').open = true")
    return p.wait(lambda: len(p.tids('graph-view')) and
                  len(p.d.find_elements('css selector', GRAPH_NODES)) >= count, f'{count} vertices drawn')


def failed_game(run):
    p = run.p
    p.open('#game=tablettes&colors=2&tablets=2&opponent=human')
    p.settled()
    open_graph(p, 12)
    from selenium.webdriver.support.ui import Select
    Select(p.tid('game-select')).select_by_value('nim')
    p.settled()
    set_field(p, 'heaps', '99999999999999999999999')  # past any heap the library holds
    new_game(p)
    error = p.wait(lambda: p.js("const e = document.getElementById('play-error'); return e.hidden ? '' : e.textContent"),
                   'the error of a game the server refuses')
    board = p.js("return document.getElementById('board').textContent.trim()")
    nodes = p.d.find_elements('css selector', GRAPH_NODES)
    run.expect('change' in error.lower(), f'failed game: the error says {error!r}, not what to change')
    run.expect(board == '', f'failed game: the board still shows {board!r}')
    run.expect(not nodes, f'failed game: {len(nodes)} vertices of the game before are still drawn')
    run.expect(not p.tids('move'), 'failed game: moves are still offered')
    set_field(p, 'heaps', '2 2')
    new_game(p)
    p.settled()
    run.expect(p.js("return document.getElementById('play-error').hidden"), 'failed game: the error stays after a game that works')
    run.ok(f'a game the server refuses clears the board and the graph, and says: {error.strip()!r}')

    # Nim 2 2, your move: the position with no move is not a place to jump to.
    p.open('#game=nim&heaps=2+2&opponent=computer&first=you')
    p.settled()
    open_graph(p, 2)
    end = next(e for e in p.d.find_elements('css selector', GRAPH_NODES) if e.get_attribute('data-state') == '[]')
    p.click(end)
    line = p.wait(lambda: p.game()['computer'], 'a line after a click on the end position')
    state = p.game()
    run.expect(not state['over'] and state['position'] is None,
               f'terminal vertex: a click on [] ended or moved the game ({state["overTitle"]!r}, {state["position"]!r})')
    run.ok(f'a click on the position with no move says: {line!r}')


def words(run):
    import re
    p = run.p
    from selenium.webdriver.support.ui import Select
    p.open('#game=tablettes&colors=1&tablets=4&opponent=human')
    p.settled()
    title = p.js("return document.getElementById('game-heading').textContent")
    run.expect(title.startswith('Tablettes, 1 colour × 4 tablets'), f'words: the title reads {title!r}')
    pile = r'the (red|black|yellow|green|purple|orange|turquoise|brown|pink|grey) pile of \d+'
    texts = [b.text for b in p.tids('move')]
    run.expect(texts and all(re.fullmatch(f'put {pile} onto {pile}', text) for text in texts),
               f'words: the moves of tablettes read {texts}')
    Select(p.tid('language-select')).select_by_value('fr')
    p.wait(lambda: p.tid('hint-button').text == 'Indice', 'the page in French')
    title = p.js("return document.getElementById('game-heading').textContent")
    run.expect(title.startswith('Tablettes, 1 couleur × 4 tablettes'), f'words: the French title reads {title!r}')
    pile = r'la pile (rouge|noire) de \d+'
    texts = [b.text for b in p.tids('move')]
    run.expect(texts and all(re.fullmatch(f'poser {pile} sur {pile}', text) for text in texts),
               f'words: the French moves of tablettes read {texts}')
    p.open('#view=octal&octal=0.07')
    values = p.wait(lambda: p.tids('octal-period') and p.js(
        "return [...document.querySelectorAll('#octal-result dd')].map((d) => d.textContent).join(' | ')"),
        'the facts of 0.07 in French')
    run.expect(re.search(r'en \d+,\d{3}\s*s', values) and 'sparse' not in values and 'moteur' not in values,
               f'words: the French facts of 0.07 read {values!r}')
    Select(p.tid('language-select')).select_by_value('en')
    p.wait(lambda: p.tid('view-octal').text == 'Octal games', 'the page back in English')
    run.ok(f'words: tablettes moves and titles in words in both languages, plurals, {values.split(" | ")[0]!r}')


def set_large(p, on):
    button = p.d.find_element('css selector', '#large-type')
    if (button.get_attribute('aria-pressed') == 'true') != on:
        p.click(button)


def projector(run):
    p = run.p
    p.size(1920, 1080)
    try:
        p.open('#game=tablettes&colors=2&tablets=2&opponent=computer&first=you')
        p.settled()
        set_large(p, True)
        open_graph(p, 12)
        measure = """
            const svg = document.querySelector('[data-testid=graph-view] svg');
            const frame = svg.closest('.graph-frame');
            const scale = svg.getScreenCTM().a;
            const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size') || '14') * scale);
            return {width: svg.getBoundingClientRect().width, page: document.documentElement.clientWidth,
                    label: Math.min(...sizes), overflow: getComputedStyle(svg).overflow,
                    pad: parseFloat(getComputedStyle(frame).paddingLeft)};"""
        m = p.wait(lambda: (lambda m: m if m['width'] >= m['page'] * 2 / 3 else None)(p.js(measure)),
                   'the graph of tablettes 2 x 2 across two thirds of a 1920-px page', timeout=5)
        run.expect(m['label'] >= 24, f'projector: the graph\'s labels are {m["label"]:.1f} px high, under 24')
        run.expect(m['overflow'] == 'visible' and m['pad'] >= 6,
                   f'projector: a focus outline at the picture\'s edge is cut (overflow {m["overflow"]}, padding {m["pad"]})')
        run.ok(f'projector: at 1920 x 1080 with Large type the graph is {m["width"]:.0f} px wide of {m["page"]}, '
               f'labels {m["label"]:.1f} px')
        # Positions drawn as small pictures of the board, not as [[colour,height],...].
        texts = p.js("""return [...document.querySelectorAll('[data-testid=graph-view] g.node text')].map(
                          (t) => [t.textContent, t.querySelectorAll('tspan[fill]').length]);""")
        raw = [text for text, _ in texts if '[[' in text]
        pictures = [text for text, dots in texts if dots]
        run.expect(not raw and len(pictures) == 12, f'projector: the graph\'s positions read {texts[:4]}...')
        run.ok(f'projector: positions drawn as piles ({pictures[0]!r}), not as lists of numbers')
        p.js('document.activeElement.blur()')
        p.shot('web-projector.png', ['#graph-panel'])
    finally:
        set_large(p, False)
        p.size(1280, 900)












CHECKS = (games_list, fields, bad_input, failed_game, words, projector)
