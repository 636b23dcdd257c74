// The plot of an octal sequence: G(n) against n, drawn as SVG in the page, with the
// preperiod shaded, the first period banded and the period's starts marked.

import { svg } from './dom.js';
import { t } from './i18n.js';

const W = 860;
const H = 280;
const M = { left: 44, right: 14, top: 26, bottom: 40 };

function ticks(max, count) {
  if (max <= 0) return [0];
  const raw = max / count;
  const step10 = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * step10).find((s) => s >= raw) || step10 * 10;
  const out = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Math.round(v));
  return out;
}

/**
 * sequence: G(0), G(1), ...; info: {preperiod, period, saltus}; rare: a Set of rare heaps or null;
 * range: {from, to}, the heaps drawn (default: all).
 */
export function plotSequence(sequence, info, rare, range = {}) {
  const from = Math.max(0, Math.min(range.from ?? 0, sequence.length - 1));
  const to = Math.max(from, Math.min(range.to ?? sequence.length - 1, sequence.length - 1));
  const n = to - from + 1;
  const heaps = (f) => {
    for (let i = from; i <= to; i++) f(sequence[i], i);
  };
  let maxValue = 1;
  heaps((v) => {
    if (v > maxValue) maxValue = v;
  });
  const x = (i) => M.left + ((W - M.left - M.right) * (i - from)) / Math.max(1, n - 1);
  const y = (v) => H - M.bottom - ((H - M.top - M.bottom) * v) / (maxValue * 1.05);
  const label = t('plot.label', { first: from, last: to, max: maxValue });
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'plot', role: 'img', 'aria-label': label });
  root.append(svg('title', { text: label }));

  const { preperiod, period } = info;
  const bottom = H - M.bottom;
  if (period && preperiod !== null && preperiod !== undefined) {
    if (preperiod > from) {
      const pre = Math.min(preperiod, to);
      root.append(svg('rect', { class: 'band-pre', x: x(from), y: M.top, width: Math.max(1, x(pre) - x(from)), height: bottom - M.top }));
      if (x(pre) - x(from) > 60) root.append(svg('text', { class: 'band-label', x: x(from) + 4, y: M.top - 6, text: t('plot.preperiod') }));
    }
    const start = Math.max(preperiod, from);
    const end = Math.min(to, preperiod + period);
    if (start < end) {
      root.append(svg('rect', { class: 'band-period', x: x(start), y: M.top, width: Math.max(2, x(end) - x(start)), height: bottom - M.top }));
      root.append(svg('text', { class: 'band-label', x: x(start) + 4, y: M.top - 6, text: t('plot.period', { p: period }) }));
    }
    const gap = x(from + period) - x(from);
    const every = gap >= 8 ? 1 : Math.ceil(8 / Math.max(gap, 1e-6));
    const first = Math.max(0, Math.ceil((from - preperiod) / period));
    for (let k = first - (first % every); preperiod + k * period <= to; k += every) {
      const at = preperiod + k * period;
      if (at >= from) root.append(svg('line', { class: k === 0 ? 'marker first' : 'marker', x1: x(at), x2: x(at), y1: M.top, y2: bottom }));
    }
  }

  // axes and ticks
  root.append(svg('line', { class: 'axis', x1: M.left, x2: W - M.right, y1: bottom, y2: bottom }));
  root.append(svg('line', { class: 'axis', x1: M.left, x2: M.left, y1: M.top, y2: bottom }));
  for (const v of ticks(maxValue, 5)) {
    root.append(svg('line', { class: 'grid', x1: M.left, x2: W - M.right, y1: y(v), y2: y(v) }));
    root.append(svg('text', { class: 'tick', x: M.left - 6, y: y(v) + 4, 'text-anchor': 'end', text: String(v) }));
  }
  for (const i of ticks(n - 1, 8)) {
    root.append(svg('text', { class: 'tick', x: x(from + i), y: bottom + 16, 'text-anchor': 'middle', text: String(from + i) }));
  }
  root.append(svg('text', { class: 'axis-label', x: W - M.right, y: H - 4, 'text-anchor': 'end', text: t('plot.x') }));
  root.append(svg('text', { class: 'axis-label', x: 4, y: M.top - 6, text: 'G(n)' }));

  // the values: dots while they are few, else the lowest and highest value of each column
  if (n <= 600) {
    const r = n <= 150 ? 3 : 2;
    const common = svg('g', { class: 'dots' });
    const rareDots = svg('g', { class: 'dots rare' });
    heaps((v, i) => {
      const dot = svg('circle', { cx: x(i), cy: y(v), r }, svg('title', { text: `G(${i}) = ${v}` }));
      (rare && rare.has(i) ? rareDots : common).append(dot);
    });
    root.append(common, rareDots);
  } else {
    // Too many values for a dot each: one short mark per (pixel column, pixel row) reached.
    const marks = (keep) => {
      const seen = new Set();
      let d = '';
      heaps((v, i) => {
        if (!keep(i)) return;
        const px = Math.round(x(i));
        const py = Math.round(y(v));
        const key = px * 4096 + py;
        if (seen.has(key)) return;
        seen.add(key);
        d += `M${px} ${py}h0.01`;
      });
      return d;
    };
    root.append(svg('path', { class: 'scatter', d: marks((i) => !rare || !rare.has(i)) }));
    if (rare && rare.size) root.append(svg('path', { class: 'scatter rare', d: marks((i) => rare.has(i)) }));
  }
  return root;
}
