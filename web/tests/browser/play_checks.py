"""The browser test's checks of play: a first visit, Nim against the computer, the graph, the
game's other controls, and the game section's busy hook. Each function takes the Run of
run_browser.py."""

import json
import random
import re
import time

from browser_page import NIM_HEAPS, NIM_SEED, Failure, heap_key, nim_sum, numbers, one_nim_move, piles_key


# d. A first visit: the default game, played to the end with hints.
def first_visit(run):
    p = run.p
    t0 = time.monotonic()
    p.open('')
    p.wait(lambda: p.tid('game-select').get_attribute('value'), 'the set-up form')
    game = p.tid('game-select').get_attribute('value')
    opponent = p.tid('opponent-select').get_attribute('value')
    run.expect(game == 'tablettes', f'the default game is {game!r}, not tablettes')
    run.expect(opponent == 'computer', f'the default opponent is {opponent!r}, not the computer')
    run.expect(p.tid('view-play').get_attribute('aria-current') == 'page', 'a first visit does not open on Play')
    run.expect(p.tid('hint-button').is_displayed(), 'the Hint button is not shown on a first visit')
    run.ok('the bare address shows tablettes against the computer, with a Hint button')
    clicks = 0
    turns = 0
    mine = None
    state = p.settled()
    if state['yours']:
        p.shot('web-first-visit.png')
    while not state['over']:
        turns += 1
        run.expect(turns <= 40, 'the first-visit game did not end within 40 turns')
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
    run.expect(state['overTitle'] == expected,
                f'first visit: the game-over line says {state["overTitle"]!r}, expected {expected!r}')
    p.shot('web-game-over.png', ['section.game'])
    print(f'web_browser: first visit: game over {seconds:.1f} s after opening the page, after {clicks} clicks '
          f'({turns} hints and {turns} moves); {state["overTitle"]}')
    run.expect(seconds <= 60, f'the first visit took {seconds:.1f} s, over 60 s')
    run.ok(f'a first visit plays a whole game with hints in {seconds:.1f} s and {clicks} clicks')


# a. Nim against the computer, checked with a nim-sum computed here.
def nim(run):
    p = run.p
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
        run.expect(url_heaps is not None and heap_key(url_heaps) == heap_key(shown),
                    f'nim: the board shows {shown} but the link says {state["position"]!r}')
        if heap_key(shown) == heap_key(before):
            run.expect(state['over'] and last == 'you', f'nim: the computer did not move from {before}')
        else:
            computer_moves += 1
            last = 'computer'
            run.expect(one_nim_move(before, shown),
                        f'nim: the computer went from {before} to {shown}, not one move')
            if nim_sum(before) != 0:
                run.expect(nim_sum(shown) == 0,
                            f'nim: from {heap_key(before)} (nim-sum {nim_sum(before)}) the computer left '
                            f'{heap_key(shown)} (nim-sum {nim_sum(shown)}), an N-position')
                checked += 1
        parity = p.js("""
            const row = document.querySelector('#parity table.bits .parity-row');
            return row ? [...row.querySelectorAll('td')].map((c) => c.textContent).join('') : null;""")
        if heap_key(shown):
            run.expect(parity is not None and int(parity, 2) == nim_sum(shown),
                        f'nim: the parity table reads {parity!r} for {shown} (nim-sum {nim_sum(shown)})')
        if state['over']:
            break
        buttons = p.enabled_moves()
        run.expect(buttons, f'nim: no move to click at {shown}, and the game is not over')
        choice = buttons[rng.randrange(len(buttons))]
        after = numbers(choice.get_attribute('data-position'))
        run.expect(one_nim_move(shown, after), f'nim: the move to {after} offered at {shown} is not a Nim move')
        p.click(choice)
        last = 'you'
        before = after
        state = None
    run.expect(checked >= 3, f'nim: only {checked} computer moves from N-positions were checked')
    expected = 'You win!' if last == 'you' else 'The computer wins.'
    run.expect(state['overTitle'] == expected,
                f'nim: the last move was {"yours" if last == "you" else "the computer’s"}, but the game-over '
                f'line says {state["overTitle"]!r}')
    run.ok(f'nim 3 5 7 9: {checked} computer moves from N-positions all left a nim-sum of 0; '
            f'"{state["overTitle"]}"')

    # The parity table from an N-position, the visitor to move, with the values shown.
    p.open(f'#game=nim&heaps={heaps}&opponent=computer&first=you&values=1')
    state = p.settled()
    run.expect(heap_key(state['heaps']) == heap_key(NIM_HEAPS), f'nim: the board shows {state["heaps"]}')
    advice = p.wait(lambda: p.js("return document.querySelector('#parity .parity-advice')?.textContent"),
                    'the parity table\'s advice')
    x = nim_sum(NIM_HEAPS)
    h = max(n for n in NIM_HEAPS if n ^ x < n)
    run.expect(f'leave {h ^ x} in the heap of {h}' in advice, f'nim: the parity table advises {advice!r}')
    run.ok(f'nim: the parity table advises "{advice}"')
    p.shot('web-nim-table.png', ['section.game', '#parity-panel'])


# b. The graph of tablettes 2 x 2.
def graph(run):
    p = run.p
    facts = run.grundy_json('graph', 'tablettes', '--colors', '2', '--tablets', '2')
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
    run.expect(len(nodes) == facts['vertices'],
                f'graph: {len(nodes)} vertices drawn, grundy graph says {facts["vertices"]}')
    values = []
    for n in nodes:
        found = [int(t[2:]) for t in n['texts'] if re.fullmatch(r'g=\d+', t)]
        run.expect(len(found) == 1, f'graph: the vertex {n["state"]} shows {n["texts"]}, no one "g=" value')
        values.append(found[0])
        shaded = n['fill'] not in ('', 'white', '#ffffff', 'none')
        run.expect(shaded == (found[0] == 0),
                    f'graph: the vertex {n["state"]} has value {found[0]} and fill {n["fill"]!r}')
    seen = [values.count(v) for v in range(max(values) + 1)]
    run.expect(seen == counts, f'graph: the values drawn count {seen}, grundy graph says {counts}')
    run.expect(seen[0] == 6, f'graph: {seen[0]} P-positions, tablettes 2 x 2 has 6')
    current = [n for n in nodes if n['current']]
    run.expect(len(current) == 1 and piles_key(current[0]['state']) == piles_key(facts['start']),
                f'graph: highlighted {[n["state"] for n in current]}, the start is {facts["start"]}')
    run.expect(current[0]['stroke'] == '5px',
                f'graph: the current vertex is drawn with stroke {current[0]["stroke"]}')
    run.ok(f'graph of tablettes 2 x 2: {len(nodes)} vertices, values {seen}, the P-positions shaded, '
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
    run.expect(state['position'] and piles_key(state['position']) == piles_key(target) and state['yours'],
                f'graph: after a click on {target} the game is at {state["position"]}, '
                f'{"your" if state["yours"] else "not your"} move')
    p.click(p.enabled_moves()[0])
    state = p.settled()
    now = p.wait(current_state, 'the highlighted vertex after a move')
    run.expect(state['position'] and piles_key(now) == piles_key(state['position']),
                f'graph: after two moves {now} is highlighted, the game is at {state["position"]}')
    run.ok('graph: a click on a vertex plays on from it, and the highlight follows the game')


# The other controls of the game: the board, undo, values, misère, two players, the views.
def controls(run):
    p = run.p
    start = run.grundy_json('graph', 'tablettes', '--colors', '2', '--tablets', '3')
    p.open('#game=tablettes&colors=2&tablets=3&opponent=computer&first=you')
    p.settled()
    piles = p.tids('pile')
    run.expect(len(piles) == 6, f'controls: {len(piles)} piles on the board of tablettes 2 x 3')
    p.click(piles[0])
    run.expect(piles[0].get_attribute('aria-pressed') == 'true',
                'controls: a clicked pile is not marked as chosen')
    targets = [b for b in p.tids('pile') if 'target' in (b.get_attribute('class') or '')]
    run.expect(targets, 'controls: no pile is outlined as a place to put the chosen one')
    p.click(targets[0])
    state = p.settled()
    run.expect(state['position'] and len(json.loads(state['position'])) == 4,
                f'controls: after a move on the board and the computer\'s answer the game is at '
                f'{state["position"]}')
    p.click(p.tid('undo-button'))
    state = p.settled()
    run.expect(state['position'] is None and len(p.tids('pile')) == 6 and state['yours'],
                f'controls: Undo left the game at {state["position"]}, not at the start with your move')
    p.click(p.tid('values-toggle'))
    badge = p.wait(lambda: p.tid('outcome').is_displayed() and p.tid('outcome').text, 'the outcome badge')
    run.expect(badge == start['outcome'],
                f'controls: the start shows outcome {badge}, grundy graph says {start["outcome"]}')
    p.click(p.tid('misere-toggle'))
    state = p.settled()
    run.expect('misere=1' in p.d.current_url, 'controls: misère play is not in the link')
    badge = p.tid('outcome').text
    run.expect(badge in ('P', 'N'), f'controls: the misère outcome reads {badge!r}')
    from selenium.webdriver.support.ui import Select
    Select(p.tid('opponent-select')).select_by_value('human')
    p.settled()
    run.expect(not p.tid('first-player').is_enabled(), 'controls: First to move is not disabled for two players')
    p.click(p.tid('new-game'))
    state = p.settled()
    run.expect(state['yours'] and 'opponent=human' in p.d.current_url,
                'controls: a new game for two players does not wait for player 1')
    for name in ('octal', 'table', 'play'):
        p.click(p.tid(f'view-{name}'))
        p.wait(lambda: p.js(f"return !document.getElementById('view-{name}').hidden")
               and f'view={name}' in p.d.current_url, f'the {name} view')
    run.ok('controls: a move on the board, undo, values, misère play, two players, the three views')


# The game's data-testid hook: aria-busy while a position loads, false once it waits.
def busy_hook(run):
    p = run.p
    p.open('#game=nim&heaps=3+4+5&opponent=computer&first=you')
    state = p.settled()
    if state['busyHook'] != 'false':
        twins = p.js("""
            const ids = [...document.querySelectorAll('[id]')].map((n) => n.id);
            return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];""")
        raise Failure(f'the game section (data-testid=game) keeps aria-busy="{state["busyHook"]}" while the page '
                      f'waits for a move' + (f'; ids used twice in the page: {", ".join(twins)}' if twins else ''))
    run.ok('the game section is aria-busy="false" while the page waits for a move')


FIRST = (first_visit, nim, graph)
AFTER = (controls, busy_hook)
