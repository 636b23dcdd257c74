"""The browser test's checks of remoteness on the page: the computer wins as fast and loses as
slowly as it can, and each move says in how many moves it wins or loses. The remoteness is
computed here, by a brute force over the edges of `grundy graph --export`; the words are the
page's own (its string files, through its i18n module). Each function takes the Run of
run_browser.py."""

import json
import os
import random
import subprocess
import tempfile

from browser_page import piles_key

SEED = 20261129


def brute_remoteness(cli_run, *game):
    """Every position's remoteness under normal play, by portable name's key (0 without a move,
    a win 1 + its fastest win, a loss 1 + its slowest loss: the graph is acyclic), and the
    positions one move from each."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, 'g.json')
        cli_run('graph', *game, '--export', path)
        with open(path, encoding='utf-8') as f:
            g = json.load(f)
    names = {v['id']: piles_key(v['state']) for v in g['vertices']}
    after = {v: [] for v in names}
    for a, b in g['edges']:
        after[a].append(b)
    memo = {}

    def r(v):
        if v not in memo:
            options = [r(w) for w in after[v]]
            wins = [x for x in options if x % 2 == 0]  # normal play: P-positions are even
            memo[v] = 0 if not options else 1 + (min(wins) if wins else max(options))
        return memo[v]

    return {names[v]: r(v) for v in names}, {names[v]: {names[w] for w in after[v]} for v in names}


def remoteness(run):
    p = run.p
    cli = run.cli

    def cli_run(*args):
        out = subprocess.run([cli, *args], capture_output=True, text=True, timeout=60)
        run.expect(out.returncode == 0, f'grundy {" ".join(args)} failed: {out.stderr.strip()}')

    far, succ = brute_remoteness(cli_run, 'tablettes', '--colors', '2', '--tablets', '3')
    rng = random.Random(SEED)
    checked_computer = checked_tags = 0
    for first in ('computer', 'you'):
        p.open(f'#game=tablettes&colors=2&tablets=3&opponent=computer&first={first}&values=1')
        before = None if first == 'you' else max(far, key=lambda k: len(k))  # the start: 6 piles
        while True:
            state = p.settled()
            now = piles_key(state['position']) if state['position'] else max(far, key=lambda k: len(k))
            if before is not None and now != before:
                # The computer moved from before to now: the fastest win, else the slowest loss.
                wins = before in far and far[before] % 2 == 1
                options = succ[before]
                best = (min(far[k] for k in options if far[k] % 2 == 0) if wins
                        else max(far[k] for k in options))
                run.expect(far[now] == best, f'remoteness: from {before} (remoteness {far[before]}) the computer '
                           f'left remoteness {far[now]}, not {best}')
                checked_computer += 1
            if state['over']:
                break
            # Each move says in how many moves it wins or loses, the move itself counted.
            for button in p.enabled_moves():
                target = piles_key(button.get_attribute('data-position'))
                n = far[target] + 1
                wanted = p.say('moves.remoteness.win' if far[target] % 2 == 0 else 'moves.remoteness.lose', n=n)
                tags = [t.text for t in button.find_elements('css selector', '[data-testid=move-remoteness]')]
                run.expect(tags == [wanted], f'remoteness: the move to {target} reads {tags}, not {wanted!r}')
                checked_tags += 1
            if first == 'you' and checked_tags < 12:
                move = p.hint()
                line = p.tid('remoteness').text
                r = far[now]
                wanted = p.say('play.remoteness.win' if r % 2 else 'play.remoteness.lose', n=r)
                run.expect(line == wanted, f'remoteness: the hint at {now} says {line!r}, not {wanted!r}')
                if move is not None:
                    hinted = piles_key(move.get_attribute('data-position'))
                    run.expect(far[hinted] + 1 == r, f'remoteness: the hint at {now} is not the fastest win')
            buttons = p.enabled_moves()
            choice = buttons[rng.randrange(len(buttons))]
            before = piles_key(choice.get_attribute('data-position'))
            p.click(choice)
    run.expect(checked_computer >= 3 and checked_tags >= 10,
               f'remoteness: only {checked_computer} computer moves and {checked_tags} tags checked')
    # A game answered by a rule of its own says that remoteness needs the graph.
    p.open('#game=nim&heaps=3+5+7&opponent=human')
    p.settled()
    p.hint()
    line = p.tid('remoteness').text
    run.expect(line == p.say('play.remoteness.unknown'), f'remoteness: Nim\'s hint says {line!r}')
    run.ok(f'remoteness: {checked_computer} computer moves the fastest win or slowest loss, {checked_tags} moves '
           'worded with their remoteness, as a brute force here says')


CHECKS = (remoteness,)
