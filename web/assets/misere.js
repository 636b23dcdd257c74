// The misère view: a heap rule's misère quotient from /api/misere (genus=1) as a progress
// stream: its order, presentation and P-portion, each heap's element, outcome and genus; and a
// sum of heaps to play in misère play, whose hints the server takes from the quotient.

import { stream, isAbort } from './api.js';
import { el, clear } from './dom.js';
import { t, errorText } from './i18n.js';

export function createMisere(ui, { onChange, onPlay }) {
  let controller = null;
  let last = null; // {code, maxHeap} of the result shown
  let shown = null; // {data} | {error} | {cancelled} | {refused: {key, vars}}

  function busy(on) {
    ui.run.disabled = on;
    ui.cancel.hidden = !on;
    ui.progress.hidden = !on;
  }

  function showResult() {
    clear(ui.result);
    ui.error.hidden = !(shown?.error || shown?.refused);
    if (!shown) return;
    if (shown.refused) ui.error.textContent = t(shown.refused.key, shown.refused.vars);
    else if (shown.error) ui.error.textContent = errorText(shown.error);
    else if (shown.cancelled) ui.result.append(el('p', { class: 'muted', text: t('misere.cancelled') }));
    else render(shown.data);
  }

  async function run(code, maxHeap) {
    controller?.abort();
    controller = new AbortController();
    const mine = controller;
    shown = null;
    showResult();
    busy(true);
    ui.progressText.textContent = t('misere.starting');
    try {
      const data = await stream('/api/misere', { code, max_heap: maxHeap, genus: 1 }, {
        signal: mine.signal,
        onProgress: (p) => {
          if (p.heap !== undefined) ui.progressText.textContent = t('misere.progress', { heap: p.heap, order: p.order });
        },
      });
      if (mine !== controller) return;
      last = { code, maxHeap };
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

  function render(d) {
    const facts = el('dl', { class: 'facts' });
    const fact = (term, ...value) => facts.append(el('div', {}, el('dt', { text: term }), el('dd', {}, ...value)));
    fact(t('misere.f.order'), el('span', { 'data-testid': 'misere-order', text: String(d.order) }));
    fact(t('misere.f.presentation'), el('code', { 'data-testid': 'misere-presentation', text: d.presentation?.text || '' }));
    const generators = (d.presentation?.generators || []).map((g) => t('misere.generator', { name: g.name, heap: g.heap }));
    if (generators.length) fact(t('misere.f.generators'), generators.join(', '));
    fact(t('misere.f.p'), el('span', { 'data-testid': 'misere-p-portion', text: (d.p_portion || []).join(', ') }));
    const head = el('section', { class: 'card' }, el('h2', { text: t('misere.result', { rule: d.rule, n: d.max_heap }) }), facts);
    head.append(el('p', { class: 'muted', text: t(d.decides_every_heap ? 'misere.every' : 'misere.upto', { n: d.max_heap }) }));
    ui.result.append(head);

    const genus = new Map((d.genus || []).map((g) => [g.heap, g]));
    const body = el('tbody');
    for (const e of d.elements || []) {
      const g = genus.get(e.heap);
      body.append(
        el('tr', { 'data-testid': 'misere-heap', class: e.outcome === 'P' ? 'p-row' : '' },
          el('th', { scope: 'row', text: String(e.heap) }),
          el('td', { text: e.element }),
          el('td', { text: e.outcome }),
          el('td', { text: g ? g.symbol : '' }),
          el('td', { text: g ? t(g.tame ? 'misere.tame' : 'misere.wild') : '' }))
      );
    }
    const table = el('table', { class: 'misere-table' },
      el('caption', { text: t('misere.table.caption') }),
      el('thead', {}, el('tr', {}, ...['heap', 'element', 'outcome', 'genus', 'tame'].map((k) => el('th', { scope: 'col', text: t(`misere.col.${k}`) })))),
      body);
    ui.result.append(el('section', { class: 'card table-wrap' }, table));

    // A sum of heaps in misère play, played in the Play view with hints from the quotient.
    const heaps = el('input', { id: 'misere-heaps', type: 'text', inputmode: 'numeric', autocomplete: 'off', 'data-testid': 'misere-heaps', value: '4 5 9' });
    const play = el('button', { type: 'button', class: 'primary', 'data-testid': 'misere-play', text: t('misere.play') });
    play.addEventListener('click', () => onPlay(d.rule, heaps.value));
    ui.result.append(el('section', { class: 'card' },
      el('h2', { text: t('misere.play.heading') }),
      el('p', { class: 'muted', text: t('misere.play.lead') }),
      el('div', { class: 'field' }, el('label', { for: 'misere-heaps', text: t('setup.heaps') }), heaps),
      play));
  }

  ui.cancel.addEventListener('click', () => controller?.abort());

  return {
    run,
    refuse(mistake) {
      controller?.abort();
      shown = { refused: mistake };
      showResult();
      busy(false);
    },
    rerender() {
      if (shown) showResult();
    },
    get last() {
      return last;
    },
  };
}

/** The most heaps /api/misere goes to: the server's bound. */
export function misereMaxHeap(text, bound) {
  const s = String(text || '').trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && (!bound || n <= bound) ? n : null;
}

