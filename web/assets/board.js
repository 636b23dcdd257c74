// The board: tablettes piles as coloured stacks, heaps as rows of tokens, other games as a
// plain line. A pointer can play on the board itself (a pile on a pile, a token of a heap);
// every move is also a button in the move list, which is the keyboard's way.

import { el, clear } from './dom.js';
import { t, colorName, moveText } from './i18n.js';
import { boardKind, formFields, heapsOf, pilesOf } from './games.js';

const MAX_TOKENS = 40; // past this a heap is drawn as a bar with its size

/**
 * Draws the position. moves: the legal moves ({move, position}); play(move) plays one;
 * enabled: whether the visitor may play now; marks: {hint, last}, the positions a hinted move
 * leads to and the last move came from, whose pieces are marked on the board.
 */
export function renderBoard(container, setup, position, moves, play, enabled, marks = {}) {
  clear(container);
  const kind = boardKind(setup.game);
  if (kind === 'tablettes') renderPiles(container, pilesOf(position) || [], moves, play, enabled, marks);
  else if (kind === 'heaps') renderHeaps(container, formFields(setup.game).some((f) => f.name === 'piles'), heapsOf(position), moves, play, enabled, marks);
  else if (position) {
    // No vertex, no token: never "The token is on ."
    container.append(el('p', { class: 'token-on', text: t('board.token', { vertex: position }) }));
  }
}

// --- tablettes ----------------------------------------------------------------------------

const pileKey = (piles) => JSON.stringify([...piles].map((p) => [p[0], p[1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]));

/** The move that puts pile i on pile j, if it is legal. */
function stackMove(piles, i, j, byKey) {
  const rest = piles.filter((_, k) => k !== i && k !== j);
  rest.push([piles[i][0], piles[i][1] + piles[j][1]]);
  return byKey.get(pileKey(rest)) || null;
}

function renderPiles(container, piles, moves, play, enabled, marks) {
  const byKey = new Map();
  for (const move of moves) {
    const after = pilesOf(move.position);
    if (after) byKey.set(pileKey(after), move);
  }
  const row = el('div', { class: 'piles', role: 'group', 'aria-label': t('board.piles', { n: piles.length }) });
  let selected = -1;
  const buttons = piles.map((pile, i) => {
    const [colour, height] = pile;
    const stack = el('span', { class: 'stack', 'aria-hidden': 'true' });
    for (let k = 0; k < height; k++) {
      const top = k === height - 1;
      stack.append(el('span', { class: top ? `tablet c${colour % 10}` : 'tablet under' }, top ? String(colour) : ''));
    }
    const button = el(
      'button',
      { type: 'button', class: 'pile', 'aria-pressed': 'false', 'data-testid': 'pile', 'data-pile': JSON.stringify(pile) },
      stack,
      el('span', { class: 'pile-height', 'aria-hidden': 'true', text: String(height) }),
      el('span', { class: 'visually-hidden', text: t('board.pile', { colour: colorName(colour), n: height }) })
    );
    button.disabled = !enabled || moves.length === 0;
    button.addEventListener('click', () => choose(i));
    return button;
  });

  function choose(i) {
    if (selected === -1) {
      if (!piles.some((_, j) => j !== i && stackMove(piles, i, j, byKey))) {
        hintLine.textContent = t('board.pile.stuck');
        return;
      }
      selected = i;
    } else if (selected === i) {
      selected = -1;
    } else {
      const move = stackMove(piles, selected, i, byKey);
      if (move) {
        play(move);
        return;
      }
      hintLine.textContent = t('board.pile.illegal');
      return;
    }
    buttons.forEach((b, k) => {
      b.setAttribute('aria-pressed', String(k === selected));
      b.classList.toggle('target', selected !== -1 && k !== selected && !!stackMove(piles, selected, k, byKey));
    });
    hintLine.textContent = selected === -1 ? t('board.pile.pick') : t('board.pile.onto');
  }

  // The hinted move: the pile to move and the pile to put it on.
  if (marks.hint) {
    const target = pileKey(pilesOf(marks.hint) || []);
    piles.forEach((_, i) =>
      piles.forEach((__, j) => {
        const move = i !== j ? stackMove(piles, i, j, byKey) : null;
        if (move && pileKey(pilesOf(move.position)) === target) {
          buttons[i].classList.add('hinted', 'hinted-from');
          buttons[j].classList.add('hinted', 'hinted-onto');
        }
      })
    );
  }
  // The last move: the pile it made, the one whose height is new.
  const before = marks.last ? pilesOf(marks.last) : null;
  if (before) {
    const left = before.map((p) => JSON.stringify(p));
    piles.forEach((pile, i) => {
      const k = left.indexOf(JSON.stringify(pile));
      if (k === -1) buttons[i].classList.add('last-move');
      else left.splice(k, 1);
    });
  }
  row.append(...buttons);
  const hintLine = el('p', { class: 'board-help muted', 'aria-live': 'polite', text: enabled && moves.length ? t('board.pile.pick') : '' });
  container.append(row, hintLine);
  if (!piles.length) row.append(el('p', { class: 'muted', text: t('board.empty') }));
}

// --- heaps ----------------------------------------------------------------------------------

const heapKey = (heaps) => heaps.filter((h) => h > 0).sort((a, b) => a - b).join(',');

function renderHeaps(container, pile, heaps, moves, play, enabled, marks) {
  const byKey = new Map();
  for (const move of moves) {
    const key = heapKey(heapsOf(move.position));
    if (!byKey.has(key)) byKey.set(key, move);
  }
  const list = el('ol', { class: 'heaps', 'aria-label': t(pile ? 'board.piles.w' : 'board.heaps', { n: heaps.length }) });
  // The last move: the heaps it changed, the sizes that were not there before.
  const left = marks.last ? heapsOf(marks.last) : null;
  heaps.forEach((size, i) => {
    let hintFrom = -1;
    const label = t(pile ? 'board.pile.w' : 'board.heap', { i: i + 1, n: size });
    const row = el('li', { class: 'heap' }, el('span', { class: 'heap-label', text: label }));
    const tokens = el('span', { class: 'tokens', 'aria-hidden': 'true' });
    if (size > MAX_TOKENS) {
      tokens.append(el('span', { class: 'bar', text: String(size) }));
    } else {
      for (let k = 0; k < size; k++) {
        const after = heaps.slice();
        after[i] = k;
        const move = enabled ? byKey.get(heapKey(after)) : null;
        if (move && marks.hint && hintFrom === -1 && heapKey(heapsOf(marks.hint)) === heapKey(after)) hintFrom = k;
        const token = el('span', { class: move ? 'token can' : 'token', title: move ? moveText(move.move) : null });
        if (move) token.addEventListener('click', () => play(move));
        tokens.append(token);
      }
      // The hinted move takes this token and the ones after it.
      if (hintFrom !== -1) {
        row.classList.add('hinted');
        [...tokens.children].slice(hintFrom).forEach((token) => token.classList.add('hint-from'));
      }
      if (!size) tokens.append(el('span', { class: 'empty', text: t('board.heap.empty') }));
    }
    row.append(tokens);
    if (left) {
      const k = left.indexOf(size);
      if (k === -1) row.classList.add('last-move');
      else left.splice(k, 1);
    }
    list.append(row);
  });
  if (!heaps.length) container.append(el('p', { class: 'muted', text: t('board.empty') }));
  else container.append(list);
}
