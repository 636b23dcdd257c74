// Playing a game: the legal moves from /api/moves, hints from /api/hint, the computer's
// replies, undo (a history kept here), misère play, and the end of the game.

import { stream, isAbort } from './api.js';
import { el, clear, pause } from './dom.js';
import { t, moveText, errorText } from './i18n.js';
import { apiParams, titleOf } from './games.js';
import { renderBoard } from './board.js';

const COMPUTER_DELAY = 700; // ms: long enough to see what changed

export function createPlay(ui, { onChange }) {
  const s = {
    setup: null,
    misere: false,
    opponent: 'computer',
    first: 'computer',
    showValues: false,
    position: null, // the server's text of the current position (null: the set-up's start)
    origin: null, // the position the game started from, when not the set-up's start
    ply: 0, // moves played since the start: who is to move
    history: [], // earlier {position, ply}
    data: null, // the /api/moves answer for the current position
    hint: null, // the /api/hint answer for it, once asked
    busy: false, // the position, or the computer's reply, is being asked for
    failed: false, // the start could not be loaded: no board, no graph, no moves
  };
  let controller = null;
  let generation = 0; // a newer load makes an older one's answers stale
  let asking = false; // a hint is being asked for
  let line = null; // what the last move was: {key, vars}, worded again in the current language
  let shownError = null; // {error, retry}

  const params = (position = s.position) => apiParams(s.setup, position, s.misere);

  /** Who moves at ply: 'you' | 'computer' | 'p1' | 'p2'. */
  function mover(ply = s.ply) {
    if (s.opponent === 'human') return ply % 2 === 0 ? 'p1' : 'p2';
    const firstIsYou = s.first === 'you';
    return (ply % 2 === 0) === firstIsYou ? 'you' : 'computer';
  }

  const over = () => s.data && s.data.moves.length === 0 && !s.data.more;

  // Streamed: a position the server refuses (too large, a bound reached) is an answer to show,
  // not a failed request for the browser to log.
  async function fetchJSON(path, extra = {}) {
    const { params: p, body } = params();
    return stream(path, { ...p, ...extra }, { signal: controller.signal, body, cached: body == null });
  }

  /** The section is busy while its position, the computer's reply or a hint is asked for. */
  function markBusy() {
    ui.section.setAttribute('aria-busy', String(s.busy || asking));
  }

  /** Sets the line about the last move (key null: none). */
  function say(key, vars = {}) {
    line = key ? { key, vars } : null;
    showLine();
  }

  function showLine() {
    let text = '';
    if (line) {
      const vars = { ...line.vars };
      if (vars.move !== undefined) vars.move = moveText(vars.move);
      if (vars.player !== undefined) vars.player = t(`player.${vars.player}`);
      text = t(line.key, vars);
    }
    // The same text again is not news for the live region.
    if (ui.computerMove.textContent !== text) ui.computerMove.textContent = text;
  }

  async function load({ focus = false } = {}) {
    controller?.abort();
    controller = new AbortController();
    const mine = ++generation;
    s.busy = true;
    s.hint = null;
    asking = false;
    clear(ui.hintResult);
    showError(null);
    render();
    try {
      const data = await fetchJSON('/api/moves');
      if (mine !== generation) return;
      s.data = data;
      s.failed = false;
      if (typeof data.start === 'string') s.position = data.start;
      // The computer's reply is asked for at once: the section stays busy until it is played.
      const computerNext = !over() && mover() === 'computer';
      s.busy = computerNext;
      render();
      onChange();
      // The buttons were replaced: focus stays in the game, on the heading of the moves.
      if (focus && !ui.moves.contains(document.activeElement)) ui.movesHeading.focus({ preventScroll: true });
      if (computerNext) await computerTurn(mine);
    } catch (error) {
      if (isAbort(error) || mine !== generation) return;
      s.busy = false;
      s.data = s.data && s.data.start === s.position ? s.data : null;
      // A game refused as set up (a limit, a position it cannot read) leaves nothing to show.
      s.failed = !s.data && error.status >= 400 && error.status < 500 && !s.history.length;
      if (line && line.key === 'play.thinking') say(null);
      render();
      showError(error, () => load());
      onChange();
    }
  }

  async function computerTurn(mine) {
    s.busy = true;
    say('play.thinking');
    render();
    const moves = s.data.moves;
    // With remoteness, the move list alone decides: the fastest win, else a draw kept, else the
    // slowest loss. Without it (a rule of the game's own), the hint's winning move.
    let chosen = byRemoteness(s.data);
    if (chosen) await pause(COMPUTER_DELAY);
    else {
      // The reply is asked for while the pause lets the position be seen.
      const [hint] = await Promise.all([fetchJSON('/api/hint'), pause(COMPUTER_DELAY)]);
      if (mine !== generation) return;
      // A winning move when there is one, else one that keeps a draw, else any legal move.
      chosen = (hint.moves && hint.moves[0]) || (hint.drawing_moves && hint.drawing_moves[0]) || null;
      if (!chosen) chosen = moves[Math.floor(Math.random() * moves.length)];
    }
    if (mine !== generation) return;
    if (!chosen) {
      s.busy = false;
      say(null);
      render();
      return;
    }
    say('play.computer.played', { move: chosen.move });
    advance(chosen.position);
    await load();
  }

  /** The move that wins fastest, else keeps a draw, else loses slowest; null without remoteness. */
  function byRemoteness(d) {
    if (!d.remoteness_known || d.more || !d.moves.length) return null;
    const wins = d.moves.filter((m) => m.outcome === 'P');
    const pick = (list, better) => list.reduce((a, b) => (better(b.remoteness, a.remoteness) ? b : a));
    if (wins.length) return pick(wins, (x, y) => x < y);
    const draw = d.moves.find((m) => m.outcome === 'D');
    return draw || pick(d.moves, (x, y) => x > y);
  }

  /** "wins in 3 moves": the game's length from here when the move is played, this one counted. */
  function remotenessWords(move) {
    if (move.remoteness === null || move.remoteness === undefined || move.outcome === 'D') return '';
    const n = move.remoteness + 1;
    return t(move.outcome === 'P' ? 'moves.remoteness.win' : 'moves.remoteness.lose', { n });
  }

  function advance(position) {
    s.history.push({ position: s.position, ply: s.ply });
    s.position = position;
    s.ply += 1;
  }

  function play(move) {
    if (s.busy || over()) return;
    const who = mover();
    if (s.opponent === 'human') say('play.player.played', { player: who, move: move.move });
    else say(null);
    advance(move.position);
    load({ focus: true });
  }

  function undo() {
    if (!s.history.length) return;
    let back = s.history.pop();
    // Against the computer, undo goes back to the last position where it was your move.
    while (s.opponent === 'computer' && mover(back.ply) === 'computer' && s.history.length) back = s.history.pop();
    if (s.opponent === 'computer' && mover(back.ply) === 'computer') {
      s.history.push(back); // nothing of yours to undo
      return;
    }
    s.position = back.position;
    s.ply = back.ply;
    say('play.undone');
    load();
  }

  async function hint() {
    if (!s.data || s.busy) return;
    const mine = generation;
    asking = true;
    markBusy();
    renderHint();
    try {
      const data = await fetchJSON('/api/hint');
      if (mine !== generation) return;
      s.hint = data;
      asking = false;
      render();
      renderHint();
      // On a phone the hinted move may be below the screen: bring it (and its mark) into view.
      const hinted = ui.moves.querySelector('.hinted');
      if (hinted) hinted.scrollIntoView({ block: 'nearest' });
    } catch (error) {
      if (isAbort(error) || mine !== generation) return;
      asking = false;
      markBusy();
      renderHint();
      showError(error, hint);
    }
  }

  function renderHint() {
    clear(ui.hintResult);
    const h = s.hint;
    if (!h) {
      if (asking) ui.hintResult.append(el('p', { class: 'muted', text: t('play.hint.asking') }));
      return;
    }
    const best = h.moves && h.moves[0];
    if (h.finished || over()) {
      ui.hintResult.append(el('p', { text: t('play.hint.over') }));
    } else if (best) {
      const more = h.winning_move_count > 1 ? ` ${t('play.hint.more', { n: h.winning_move_count })}` : '';
      ui.hintResult.append(el('p', {}, el('strong', { text: t('play.hint.win') }), ' ', moveText(best.move), more));
    } else if (h.drawing_moves && h.drawing_moves.length) {
      ui.hintResult.append(el('p', {}, el('strong', { text: t('play.hint.draw') }), ' ', moveText(h.drawing_moves[0].move)));
    } else {
      ui.hintResult.append(el('p', { text: t('play.hint.none') }));
    }
    if (!h.finished && !over() && h.outcome !== 'D') ui.hintResult.append(el('p', { 'data-testid': 'remoteness', text: remotenessLine(h) }));
    if (h.method) ui.hintResult.append(el('p', { class: 'muted', text: t('play.hint.method', { method: h.method }) }));
  }

  /** In how many moves the player to move wins or loses, or why the page cannot tell. */
  function remotenessLine(h) {
    if (!h.remoteness_known || h.remoteness === null) return t('play.remoteness.unknown');
    return t(h.outcome === 'N' ? 'play.remoteness.win' : 'play.remoteness.lose', { n: h.remoteness });
  }

  /** One polite line, and a button to try again (not for a request refused as it is). */
  function showError(error, retry) {
    shownError = error ? { error, retry } : null;
    ui.error.hidden = !error;
    clear(ui.error);
    if (!error) return;
    ui.error.append(errorText(error), ' ');
    if (s.failed) ui.error.append(t('play.failed.change'), ' ');
    const refused = error.status >= 400 && error.status < 500;
    if (retry && !refused) ui.error.append(el('button', { type: 'button', class: 'small-button', onclick: retry }, t('common.retry')));
  }

  // --- rendering -----------------------------------------------------------------------------

  function outcomeWords(outcome, value) {
    const known = value !== null && value !== undefined;
    if (outcome === 'P') return t(s.misere ? 'outcome.P.misere' : 'outcome.P') + (known && !s.misere ? ` (${t('value', { v: value })})` : '');
    if (outcome === 'N') return t(s.misere ? 'outcome.N.misere' : 'outcome.N') + (known && !s.misere ? ` (${t('value', { v: value })})` : '');
    if (outcome === 'D') return t('outcome.D');
    return '';
  }

  function render() {
    markBusy();
    showLine();
    ui.heading.textContent = titleOf(s.setup) + (s.misere ? ` · ${t('misere.short')}` : '');
    const d = s.data;
    const who = mover();
    const finished = over();
    if (!d) ui.turn.textContent = s.busy ? t('play.loading') : '';
    else if (finished) ui.turn.textContent = '';
    else if (who === 'computer') ui.turn.textContent = t('play.turn.computer');
    else ui.turn.textContent = t(`play.turn.${who}`);
    ui.turn.classList.toggle('yours', !!d && !finished && who !== 'computer');

    ui.outcomeLine.hidden = !(s.showValues && d && d.outcome);
    if (d && d.outcome) {
      ui.outcome.textContent = d.outcome;
      ui.outcome.className = `badge o-${d.outcome}`;
      ui.outcomeText.textContent = outcomeWords(d.outcome, d.value);
    }

    // Marked on the board: the hinted move, and the move just played (from the last position).
    const marks = { hint: s.hint?.moves?.[0]?.position || null, last: s.history.length ? s.history[s.history.length - 1].position : null };
    if (d) renderBoard(ui.board, s.setup, d.start, d.moves, play, !s.busy && who !== 'computer', marks);
    else clear(ui.board); // nothing is known of the position yet, or it failed: no board to lie
    renderGameOver(finished, who);
    renderMoves();
    ui.undo.disabled = !canUndo();
    ui.hint.disabled = !d || s.busy || finished;
  }

  function canUndo() {
    if (s.busy) return false;
    if (s.opponent === 'human') return s.history.length > 0;
    return s.history.some((h) => mover(h.ply) === 'you');
  }

  function renderGameOver(finished, who) {
    ui.gameOver.hidden = !finished;
    clear(ui.gameOver);
    if (!finished) return;
    // The player to move has no move: under normal play they lose, under misère play they win.
    const loserMoves = !s.misere;
    const winner = loserMoves ? other(who) : who;
    ui.gameOver.append(
      el('p', { class: 'over-title', text: t(`over.winner.${winner}`) }),
      el('p', { text: t(s.misere ? 'over.rule.misere' : 'over.rule.normal') }),
      el('button', { type: 'button', class: 'primary', onclick: () => restart() }, t('over.again'))
    );
  }

  function other(who) {
    return { you: 'computer', computer: 'you', p1: 'p2', p2: 'p1' }[who];
  }

  function renderMoves() {
    clear(ui.moves);
    const d = s.data;
    const who = mover();
    ui.movesHeading.textContent = d && d.moves.length ? t(who === 'you' ? 'moves.heading' : 'moves.heading.computer', { n: d.moves.length }) : '';
    ui.movesLegend.hidden = !(s.showValues && d && d.moves.length);
    ui.movesMore.hidden = !(d && d.more);
    if (d && d.more) ui.movesMore.textContent = t('moves.more', { n: d.more });
    if (!d) return;
    const hinted = new Set((s.hint?.moves || []).map((m) => m.position));
    const enabled = !s.busy && who !== 'computer';
    ui.moves.setAttribute('aria-busy', String(s.busy));
    for (const move of d.moves) {
      const button = el(
        'button',
        { type: 'button', class: 'move', 'data-testid': 'move', 'data-position': move.position },
        el('span', { class: 'move-text', text: moveText(move.move) })
      );
      if (hinted.has(move.position)) {
        button.classList.add('hinted');
        button.append(el('span', { class: 'tag hint-tag', text: t('moves.hint.tag') }));
      }
      if (s.showValues && move.outcome) {
        const v = move.value !== null && move.value !== undefined && !s.misere ? ` ${move.value}` : '';
        button.append(el('span', { class: `tag o-${move.outcome}`, title: outcomeWords(move.outcome, move.value), text: `${move.outcome}${v}` }));
        const far = remotenessWords(move);
        if (far) button.append(el('span', { class: 'tag remoteness', 'data-testid': 'move-remoteness', text: far }));
      }
      button.disabled = !enabled;
      button.addEventListener('click', () => play(move));
      ui.moves.append(el('li', {}, button));
    }
  }

  function restart() {
    start(s.setup, null);
    ui.movesHeading.focus({ preventScroll: true });
  }

  /** A new game of setup, from position (null: the set-up's start), or a link's position. */
  function start(setup, position = null, { yourMove = false } = {}) {
    s.setup = setup;
    s.position = position;
    s.origin = position;
    // ply 0 is the first player's; a link's position is played by whoever opens it.
    s.ply = yourMove && s.opponent === 'computer' && s.first === 'computer' ? 1 : 0;
    s.history = [];
    s.data = null;
    s.failed = false;
    say(null);
    load();
  }

  return {
    start,
    undo,
    hint,
    play,
    /** Jumps to a position (a vertex of the graph); the player to move stays the same. */
    jump(position, { terminal = false } = {}) {
      if (s.busy || position === s.position) return;
      // A position with no move is the end of a game, not a place to play on from.
      if (terminal) {
        say('play.jump.terminal', { state: position });
        return;
      }
      s.history.push({ position: s.position, ply: s.ply });
      s.position = position;
      if (mover() === 'computer') s.ply += 1; // a jump gives the move to the person who made it
      say('play.jumped', { state: position });
      load();
    },
    setMisere(on) {
      s.misere = on;
      load();
    },
    setOpponent(opponent, first) {
      const changed = opponent !== s.opponent || first !== s.first;
      s.opponent = opponent;
      s.first = first;
      if (changed && s.setup) start(s.setup, s.origin);
    },
    setShowValues(on) {
      s.showValues = on;
      if (s.setup) render();
    },
    /** Words everything shown again in the current language. */
    rerender() {
      if (!s.setup) return;
      render();
      renderHint();
      if (shownError) showError(shownError.error, shownError.retry);
    },
    get state() {
      return s;
    },
    // The graph's picture is of normal play (graph.svg takes no misere).
    startParams: () => apiParams(s.setup, null, false),
  };
}
