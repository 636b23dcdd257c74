// The octal explorer: a code (or any heap rule) computed by /api/octal as a progress stream,
// then its period and proof, the plot, the rare/common split and the table of values.

import { stream, isAbort } from './api.js';
import { el, clear } from './dom.js';
import { t, has, errorText, formatNumber, formatDecimal, methodName } from './i18n.js';
import { plotSequence } from './plot.js';

const ROWS_AT_ONCE = 24;
const TICK_MS = 250; // the progress line's clock: it never lags the bar by more than this

/**
 * Codes known to be slow, said before they start. grows: the values grow with the heap and none
 * is rare, so each value costs more than the one before (0.3F reaches about 8,000 heaps in a
 * minute on one core); dense: no rare values to skip, each value looks at every heap below (0.06
 * and 0.007 reach 200,000 to 270,000 in a minute); long: the sparse method holds, but past `from` values
 * the run takes tens of seconds (Officers, 0.6, takes 16 s to a million on one core, 0.37 22 s).
 */
const KNOWN_SLOW = {
  '0.3F': { why: 'grows', from: 5000 },
  '0.06': { why: 'dense', from: 150000 },
  '0.007': { why: 'dense', from: 150000 },
  '0.6': { why: 'long', from: 200000 },
  '0.37': { why: 'long', from: 200000 },
};

/** The note for a code known to be slow up to max values, as {key, vars}; null for others. */
export function slowNote(code, max) {
  const typed = String(code).trim().toUpperCase();
  const known = KNOWN_SLOW[typed.startsWith('.') ? `0${typed}` : typed];
  if (!known || max < known.from) return null;
  return { key: `octal.slow.${known.why}`, vars: { code: String(code).trim() } };
}

/** The codes known to be slow, a sentence each, for the list under the form. */
export function renderSlowList(list) {
  clear(list);
  for (const [code, known] of Object.entries(KNOWN_SLOW)) {
    const name = has(`rule.name.${code}`) ? ` (${t(`rule.name.${code}`)})` : '';
    const words = t(`octal.slow.item.${known.why}`, { from: formatNumber(known.from) });
    list.append(el('li', { 'data-testid': 'octal-slow-code' }, el('strong', { text: `${code}${name}` }), `${t('words.colon')} ${words}`));
  }
}

const parity = (v, mask) => {
  let x = v & mask;
  let bits = 0;
  while (x) {
    x &= x - 1;
    bits ^= 1;
  }
  return bits;
};

/**
 * The rare heaps of a sequence, when the answer's rare_mask and rare_count let us find them
 * again (docs/algorithms.md, "The sparse-space method"): a heap is rare when the parity of
 * the bits of G(h) AND mask is even, or, for a split that alternates with the heap's parity,
 * that parity XOR the heap's. The reading that gives rare_count heaps is the one shown.
 */
export function rareHeaps(sequence, mask, count) {
  if (!mask || !count || !sequence) return null;
  const readings = [
    (v) => parity(v, mask) === 0,
    (v) => parity(v, mask) === 1,
    (v, h) => (parity(v, mask) ^ (h & 1)) === 0,
    (v, h) => (parity(v, mask) ^ (h & 1)) === 1,
  ];
  for (const isRare of readings) {
    const rare = new Set();
    sequence.forEach((v, h) => {
      if (isRare(v, h)) rare.add(h);
    });
    if (rare.size === count) return rare;
  }
  return null;
}

export function createOctal(ui, { onChange, limits = {} }) {
  let controller = null;
  let last = null; // the code of the last result shown
  let shown = null; // what the result area shows: {data}, {cancelled: true} or {error}
  let progressLine = null; // {key, vars}
  let range = {}; // the heaps the plot shows: {from, to}, all when empty
  let slow = null; // the note of a code known to be slow, {key, vars}
  let started = 0; // the page's clock when the run started
  let values = null; // the values the server last said it had computed
  let ticker = null;

  function progress(key, vars = {}) {
    progressLine = { key, vars };
    showProgress();
  }

  // The seconds from the page's own clock, ticking between the server's reports (which a slow
  // code sends seldom): the line says how long the run has taken, as the bar does.
  function showProgress() {
    if (values !== null) {
      const s = formatDecimal((performance.now() - started) / 1000, 0);
      const vars = { n: formatNumber(values), s, limit: limits.seconds };
      progressLine = { key: limits.seconds ? 'octal.progress.limit' : 'octal.progress', vars };
      ui.progressText.textContent = t(progressLine.key, vars);
      return;
    }
    const { key, vars } = progressLine;
    ui.progressText.textContent = t(key, vars);
  }

  function showSlow() {
    ui.slow.hidden = !slow;
    ui.slow.textContent = slow ? t(slow.key, { ...slow.vars, limit: limits.seconds || '' }) : '';
  }

  /** Shows shown (again, in the current language). */
  function showResult() {
    clear(ui.result);
    ui.error.hidden = !(shown?.error || shown?.refused);
    if (!shown) return;
    if (shown.refused) ui.error.textContent = t(shown.refused.key, shown.refused.vars);
    else if (shown.data) render(shown.data);
    else if (shown.cancelled) ui.result.append(el('p', { class: 'muted', text: t('octal.cancelled') }));
    else ui.error.textContent = errorText(shown.error);
  }

  function busy(on) {
    ui.run.disabled = on;
    ui.cancel.hidden = !on;
    ui.progress.hidden = !on;
    clearInterval(ticker);
    ticker = on ? setInterval(() => values !== null && showProgress(), TICK_MS) : null;
  }

  async function run(code, max) {
    controller?.abort();
    controller = new AbortController();
    const mine = controller;
    shown = null;
    range = {};
    slow = slowNote(code, max);
    showSlow();
    showResult();
    values = null;
    started = performance.now();
    busy(true);
    ui.bar.removeAttribute('value');
    if (max) ui.bar.max = max;
    progress('octal.starting');
    try {
      const data = await stream('/api/octal', { code, max: max || null, values: 1 }, {
        signal: mine.signal,
        onProgress: (p) => {
          if (p.values !== undefined) {
            if (max) ui.bar.value = Math.min(p.values, max);
            values = p.values;
            showProgress();
          }
        },
      });
      if (mine !== controller) return;
      last = code;
      shown = { data };
      showResult();
      onChange();
    } catch (error) {
      if (mine !== controller) return;
      shown = isAbort(error) ? { cancelled: true } : { error };
      showResult();
    } finally {
      if (mine === controller) busy(false);
    }
  }

  function periodText(d) {
    if (d.period === null || d.period === undefined) return t('octal.period.none');
    if (d.saltus) return t('octal.period.arith', { p: d.period, s: d.saltus, from: d.preperiod });
    return t('octal.period', { p: d.period, from: d.preperiod });
  }

  function render(d) {
    clear(ui.result);
    const seq = Array.isArray(d.sequence) ? d.sequence : null;
    const rule = d.code || d.rule || '';
    // The server lists the rare heaps with the values; else they are read again from the mask.
    const listed = Array.isArray(d.rare_heaps) && d.rare_heaps.length ? new Set(d.rare_heaps) : null;
    const rare = seq ? listed || rareHeaps(seq, d.rare_mask, d.rare_count) : null;
    const periodic = d.period !== null && d.period !== undefined;

    const facts = el('dl', { class: 'facts' });
    const fact = (term, ...value) => facts.append(el('div', {}, el('dt', { text: term }), el('dd', {}, ...value)));
    fact(t('octal.f.values'), t('octal.values', { last: formatNumber(d.values - 1), s: formatDecimal(d.seconds, 3), method: methodName(d.method || '') }));
    fact(t('octal.f.max'), String(d.max_value));
    fact(t('octal.f.period'), el('span', { 'data-testid': 'octal-period', text: periodText(d) }));
    if (periodic) {
      fact(t('octal.f.proof'), el('span', { class: d.proven ? 'proof yes' : 'proof no', 'data-testid': 'octal-proof', text: t(d.proven ? 'octal.proven' : 'octal.unproven') }));
    }
    if (d.rare_count) {
      const words = d.rare_mask ? t('octal.rare.mask', { mask: d.rare_mask, n: formatNumber(d.rare_count) }) : t('octal.rare.count', { n: formatNumber(d.rare_count) });
      fact(t('octal.f.rare'), words);
    }
    const head = el('section', { class: 'card' }, el('h2', { text: t('octal.result', { rule }) }));
    // A run the server's time limit stopped: what it computed, and that nothing more is known.
    if (d.partial) head.append(el('p', { class: 'notice', 'data-testid': 'octal-partial', text: t('octal.partial', { n: formatNumber(d.values), seconds: d.partial.seconds }) }));
    head.append(facts, explain(d, periodic));
    ui.result.append(head);

    if (!seq) return;
    const plot = el('section', { class: 'card' }, el('h2', { text: t('octal.plot') }));
    plot.append(plotRange(seq, d, rare));
    plot.append(legend(periodic, d, rare));
    ui.result.append(plot);
    if (rare) ui.result.append(rareSection(seq, d, rare));
    else if (d.rare_count) ui.result.append(el('p', { class: 'muted card', text: t('octal.rare.unknown') }));
    ui.result.append(valuesTable(seq, d, rare));
  }

  /**
   * The plot with its range: heaps from and to, so that a million values are not one solid band.
   * The range is kept while the result is shown (in another language too).
   */
  function plotRange(seq, d, rare) {
    const last = seq.length - 1;
    const wrap = el('div', { class: 'plot-wrap' });
    const box = el('div', {});
    const from = el('input', { id: 'plot-from', type: 'text', inputmode: 'numeric', autocomplete: 'off', 'data-testid': 'plot-from', value: String(range.from ?? 0) });
    const to = el('input', { id: 'plot-to', type: 'text', inputmode: 'numeric', autocomplete: 'off', 'data-testid': 'plot-to', value: String(range.to ?? last) });
    const mistake = el('p', { class: 'error', role: 'alert', hidden: true });
    const draw = () => {
      clear(wrap).append(plotSequence(seq, d, rare, { from: range.from ?? 0, to: range.to ?? last }));
    };
    const apply = (event) => {
      event.preventDefault();
      const a = Number(from.value.trim());
      const b = Number(to.value.trim());
      const whole = (text) => /^\d+$/.test(text.trim());
      if (!whole(from.value) || !whole(to.value) || a > b || b > last) {
        mistake.hidden = false;
        mistake.textContent = t('plot.bad.range', { last: formatNumber(last) });
        return;
      }
      mistake.hidden = true;
      range = { from: a, to: b };
      draw();
    };
    const form = el('form', { class: 'plot-range', novalidate: true },
      el('label', { for: 'plot-from', text: t('plot.from') }), from,
      el('label', { for: 'plot-to', text: t('plot.to') }), to,
      el('button', { type: 'submit', class: 'small-button', 'data-testid': 'plot-show', text: t('plot.show') }));
    form.addEventListener('submit', apply);
    draw();
    box.append(form, mistake, wrap);
    return box;
  }

  function explain(d, periodic) {
    if (!periodic) return el('p', { class: 'muted', text: t('octal.explain.none', { n: formatNumber(d.values) }) });
    const law = d.saltus ? `G(n + ${d.period}) = G(n) + ${d.saltus}` : `G(n + ${d.period}) = G(n)`;
    const key = d.proven ? 'octal.explain.proven' : 'octal.explain.seen';
    return el('p', { class: 'muted', text: t(key, { law, from: d.preperiod }) });
  }

  function legend(periodic, d, rare) {
    const items = el('ul', { class: 'legend' });
    if (periodic && d.preperiod > 0) items.append(el('li', {}, el('span', { class: 'swatch pre' }), t('plot.legend.pre', { n: d.preperiod })));
    if (periodic) items.append(el('li', {}, el('span', { class: 'swatch period' }), t('plot.legend.period', { p: d.period })));
    if (rare) items.append(el('li', {}, el('span', { class: 'swatch rare' }), t('plot.legend.rare')));
    return items;
  }

  function rareSection(seq, d, rare) {
    const values = new Map();
    for (const h of rare) values.set(seq[h], (values.get(seq[h]) || 0) + 1);
    const list = [...rare].slice(0, 60).map((h) => `${h}:${seq[h]}`).join('  ');
    return el(
      'section',
      { class: 'card' },
      el('h2', { text: t('octal.rare.title') }),
      el('p', { text: t('octal.rare.explain', { mask: d.rare_mask, bits: d.rare_mask.toString(2), n: formatNumber(rare.size), total: formatNumber(seq.length) }) }),
      el('p', {}, el('strong', { text: t('octal.rare.values') }), ' ', [...values.keys()].sort((a, b) => a - b).join(', ')),
      el('p', { class: 'mono' }, el('strong', { text: t('octal.rare.first') }), ' ', list, rare.size > 60 ? ' …' : '')
    );
  }

  function valuesTable(seq, d, rare) {
    const periodic = d.period && d.period <= 40 && d.preperiod !== null && d.preperiod !== undefined;
    const width = periodic ? d.period : 10;
    // Rows of one period, as in Winning Ways: past the preperiod every column repeats.
    const section = el('section', { class: 'card' }, el('h2', { text: t('octal.table') }));
    const note = !periodic ? 'octal.table.plain' : d.saltus ? 'octal.table.arith' : 'octal.table.periodic';
    section.append(el('p', { class: 'muted', text: t(note, { p: width, s: d.saltus }) }));
    const head = el('tr', {}, el('th', { scope: 'col', text: 'n' }));
    for (let c = 0; c < width; c++) head.append(el('th', { scope: 'col', text: `+${c}` }));
    const body = el('tbody');
    section.append(el('div', { class: 'table-scroll' }, el('table', { class: 'values' }, el('thead', {}, head), body)));
    let next = 0;
    const more = el('button', { type: 'button', class: 'small-button', text: t('octal.table.more') });
    function addRows() {
      for (let r = 0; r < ROWS_AT_ONCE && next < seq.length; r++, next += width) {
        const row = el('tr', {}, el('th', { scope: 'row', text: String(next) }));
        for (let c = 0; c < width; c++) {
          const h = next + c;
          if (h >= seq.length) break;
          const v = seq[h];
          const cls = [v === 0 ? 'p' : '', rare && rare.has(h) ? 'rare' : '', periodic && h < d.preperiod ? 'pre' : '', periodic && h === d.preperiod ? 'period-start' : ''];
          row.append(el('td', { class: cls.filter(Boolean).join(' ') || null, title: `G(${h}) = ${v}`, text: String(v) }));
        }
        body.append(row);
      }
      more.hidden = next >= seq.length;
    }
    more.addEventListener('click', addRows);
    addRows();
    section.append(more);
    return section;
  }

  ui.cancel.addEventListener('click', () => controller?.abort());

  return {
    /** Refuses what was typed, with the mistake {key, vars}: nothing is computed. */
    refuse(mistake) {
      controller?.abort();
      slow = null;
      showSlow();
      shown = { refused: mistake };
      showResult();
      busy(false);
    },
    run,
    /** Words what is shown again in the current language. */
    rerender() {
      if (ui.slowList) renderSlowList(ui.slowList);
      if (!ui.progress.hidden && progressLine) showProgress();
      showSlow();
      showResult();
    },
    get last() {
      return last;
    },
  };
}
