"""The browser test's checks of the set-up form, which the page makes from /api/games.

  games list   the game menu is the server's list, in its order, each game named
  fields       each game's form holds the fields its entry describes, filled with its examples,
               and a new game with them plays (a board drawn as the entry says)
  bad input    a value past an entry's limit (tablettes' colours), an empty field, spaces only,
               an empty graph: one message naming the field, and no game started from a default

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
        if not state['over']:
            p.hint()
            run.expect(p.tid('hint-result').text.strip(), f'fields: a hint for {name} says nothing')
        # The game's graph, the position reached marked in it (the panel is open from the start);
        # a graph past the readable size waits for "draw it anyway", which a visitor presses.
        current = """const view = document.querySelector('[data-testid=graph-view]');
                     const more = view.querySelector(':scope > button');
                     if (more) { more.click(); return null; }
                     return [...view.querySelectorAll('g.node')]
                       .filter((g) => g.classList.contains('current')).map((g) => g.dataset.state);"""
        p.wait(lambda: p.js(current) == [state['position']], f'the graph of {name} with {state["position"]!r} marked')
        drawn = p.js("return document.querySelectorAll('[data-testid=graph-view] g.node').length")
        run.expect(drawn > 1, f'fields: the graph of {name} shows {drawn} vertices')
    Select(p.tid('game-select')).select_by_value(api_games(run)[0]['name'])
    run.ok('each game\'s form is its entry\'s fields with their examples, drawn as its entry says, a move played, '
           'a hint asked and its graph drawn')


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





CHECKS = (games_list, fields, bad_input)
