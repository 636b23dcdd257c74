// The table of tablettes, C colours of N tablets (the course's table): /api/table read as a
// progress stream and filled cell by cell, cancellable.

import { stream, isAbort } from './api.js';
import { el, clear } from './dom.js';
import { t, tn, errorText, formatNumber, formatDecimal } from './i18n.js';

const MAX_SIDE = 16;

/** "1..4" -> [1,2,3,4], "3" -> [3]; null when it is not a range from 1 to 255. */
export function parseRange(text) {
  const m = String(text || '').trim().match(/^(\d+)(?:\s*\.\.\s*(\d+))?$/);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (a < 1 || b < a || b > 255) return null;
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** The rows of a table answer, whatever it is wrapped in. */
function rowsOf(result) {
  if (Array.isArray(result)) return result;
  for (const key of ['rows', 'table', 'cells']) if (result && Array.isArray(result[key])) return result[key];
  return [];
}

export function createTable(ui, { onChange, onPlay }) {
  let controller = null;
  let cells = new Map(); // "c,n" -> <td>
  let order = [];
  let shownMisere = false;
  let rows = new Map(); // "c,n" -> the row filled in, to word it again
  let progressLine = null; // {done, total}
  let shownError = null; // an error, or a table.bad.* key

  function showProgress() {
    if (progressLine) ui.progressText.textContent = t('table.progress', progressLine);
  }

  function showError() {
    ui.error.hidden = !shownError;
    if (!shownError) return;
    ui.error.textContent = typeof shownError === 'string' ? t(shownError, { max: MAX_SIDE }) : errorText(shownError);
  }

  /** A cell that says why it has no figures (a key of table.*). */
  function note(cell, key) {
    cell.dataset.note = key;
    clear(cell).append(el('span', { class: 'muted', text: t(key) }));
  }

  function busy(on) {
    ui.run.disabled = on;
    ui.cancel.hidden = !on;
    ui.progress.hidden = !on;
  }

  function build(colors, tablets, misere) {
    cells = new Map();
    order = [];
    rows = new Map();
    shownMisere = misere;
    const head = el('tr', {}, el('td', { class: 'corner', text: 'C \\ N' }));
    for (const n of tablets) head.append(el('th', { scope: 'col', text: `N = ${n}` }));
    const body = el('tbody');
    for (const c of colors) {
      const row = el('tr', {}, el('th', { scope: 'row', text: `C = ${c}` }));
      for (const n of tablets) {
        const cell = el('td', { class: 'cell waiting', 'data-testid': 'table-cell', 'data-colors': c, 'data-tablets': n }, el('span', { class: 'muted', text: '·' }));
        cells.set(`${c},${n}`, cell);
        order.push(cell);
        row.append(cell);
      }
      body.append(row);
    }
    const caption = el('caption', { text: t(misere ? 'table.caption.misere' : 'table.caption') });
    clear(ui.result).append(el('table', { class: 'cxn' }, caption, el('thead', {}, head), body));
  }

  function fill(row, misere) {
    const key = `${row.colors},${Array.isArray(row.tablets) ? row.tablets.join(',') : row.tablets}`;
    const cell = cells.get(key);
    if (!cell) return;
    rows.set(key, row);
    cell.className = `cell done o-${row.outcome}`;
    cell.removeAttribute('title');
    const value = el('p', { class: 'cell-value' }, el('span', { class: `badge o-${row.outcome}`, text: row.outcome }), ` g = ${row.grundy}`);
    const figures = el('p', { class: 'cell-figures' }, [
      tn('table.positions', row.vertices, { n: formatNumber(row.vertices) }),
      tn('table.moves', row.edges, { n: formatNumber(row.edges) }),
      `${formatDecimal(row.seconds, 3)} s`,
    ].join(' · '));
    const parts = [value, figures];
    if (misere && row.misere_outcome) parts.push(el('p', { class: 'cell-figures' }, t('table.cell.misere', { o: row.misere_outcome, n: formatNumber(row.misere_p_positions ?? ''), count: row.misere_p_positions })));
    const play = el('button', { type: 'button', class: 'link-button', text: t('table.play') });
    play.setAttribute('aria-label', t('table.play.label', { c: row.colors, n: row.tablets }));
    play.addEventListener('click', () => onPlay(row.colors, row.tablets));
    if (row.vertices <= 200000) parts.push(play);
    clear(cell).append(...parts);
  }

  async function run(colorsText, tabletsText, misere) {
    const colors = parseRange(colorsText);
    const tablets = parseRange(tabletsText);
    shownError = null;
    showError();
    if (!colors || !tablets || colors.length > MAX_SIDE || tablets.length > MAX_SIDE) {
      shownError = !colors || !tablets ? 'table.bad.range' : 'table.bad.size';
      showError();
      return;
    }
    controller?.abort();
    controller = new AbortController();
    const mine = controller;
    build(colors, tablets, misere);
    busy(true);
    const total = order.length;
    ui.bar.max = total;
    ui.bar.value = 0;
    progressLine = { done: 0, total };
    showProgress();
    order[0]?.classList.add('working');
    const filled = new Set();
    try {
      const result = await stream('/api/table', { colors: colorsText.replace(/\s/g, ''), tablets: tabletsText.replace(/\s/g, ''), misere: misere ? 1 : null }, {
        signal: mine.signal,
        onProgress: (p) => {
          if (p.row) {
            fill(p.row, misere);
            filled.add(`${p.row.colors},${p.row.tablets}`);
          }
          if (p.done !== undefined) {
            ui.bar.max = p.total || total;
            ui.bar.value = p.done;
            progressLine = { done: p.done, total: p.total || total };
            showProgress();
            // Cells finish in order, row by row: the next one is being explored.
            order.forEach((cell, i) => {
              cell.classList.toggle('working', i === p.done);
              if (i < p.done && cell.classList.contains('waiting')) {
                cell.classList.replace('waiting', 'finished');
                cell.title = t('table.finished');
              }
            });
          }
        },
      });
      if (mine !== controller) return;
      for (const row of rowsOf(result)) fill(row, misere);
      progressLine = { done: total, total };
      showProgress();
      onChange();
    } catch (error) {
      if (mine !== controller) return;
      for (const cell of order) {
        if (!cell.classList.contains('waiting')) continue;
        const stopped = cell.classList.contains('working') && !isAbort(error);
        cell.classList.remove('working');
        note(cell, stopped ? 'table.stopped.cell' : isAbort(error) ? 'table.cancelled.cell' : 'table.skipped.cell');
      }
      if (!isAbort(error)) {
        shownError = error;
        showError();
      }
      // The link says what is shown, this table as far as it went, not the one before.
      onChange();
    } finally {
      if (mine === controller) busy(false);
    }
  }

  ui.cancel.addEventListener('click', () => controller?.abort());
  return {
    run,
    /** Words what is shown again in the current language. */
    rerender() {
      showProgress();
      showError();
      const caption = ui.result.querySelector('caption');
      if (caption) caption.textContent = t(shownMisere ? 'table.caption.misere' : 'table.caption');
      for (const [key, cell] of cells) {
        if (rows.has(key)) fill(rows.get(key), shownMisere);
        else if (cell.dataset.note) note(cell, cell.dataset.note);
        else if (cell.classList.contains('finished')) cell.title = t('table.finished');
      }
    },
  };
}
