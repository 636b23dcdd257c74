// Bouton's binary "parity" table for Nim, as the course's Nim page draws it: every heap in
// binary, one row per heap, the parity of each column (their XOR), and which heap to change.

import { el, clear } from './dom.js';
import { t } from './i18n.js';

const bitsOf = (n, width) => Array.from({ length: width }, (_, k) => (n >> (width - 1 - k)) & 1);

function bitRow(label, n, width, { cls = '', leading = false, odd = [] } = {}) {
  const bits = bitsOf(n, width);
  const first = bits.indexOf(1);
  const row = el('tr', { class: cls }, el('th', { scope: 'row', text: label }));
  bits.forEach((bit, k) => {
    // Leading zeros of a heap are left blank, as in the course; a parity row shows them all.
    const blank = !leading && (first === -1 ? k < width - 1 : k < first);
    row.append(el('td', { class: odd[k] ? 'odd' : null, text: blank ? '' : String(bit) }));
  });
  return row;
}

function header(width, label) {
  const row = el('tr', {}, el('td', { class: 'corner', text: label }));
  for (let k = width - 1; k >= 0; k--) row.append(el('th', { scope: 'col', text: String(2 ** k) }));
  return el('thead', {}, row);
}

/** Draws the table of the heaps (the sizes, in the position's order) into container. */
export function renderParity(container, heaps, misere) {
  clear(container);
  const sizes = heaps.filter((h) => h > 0);
  if (!sizes.length) {
    container.append(el('p', { class: 'muted', text: t('parity.none') }));
    return;
  }
  const width = Math.max(1, ...sizes.map((h) => h.toString(2).length));
  const parity = sizes.reduce((x, h) => x ^ h, 0);
  const odd = bitsOf(parity, width).map(Boolean);

  const body = el('tbody');
  sizes.forEach((h, i) => body.append(bitRow(t('parity.heap', { i: i + 1, n: h }), h, width, { odd })));
  body.append(bitRow(t('parity.parity'), parity, width, { cls: 'parity-row', leading: true, odd }));
  container.append(
    el('table', { class: 'bits', 'aria-describedby': 'parity-says' }, el('caption', { class: 'visually-hidden', text: t('parity.caption') }), header(width, ''), body)
  );

  const says = el('div', { id: 'parity-says', class: 'parity-says', 'aria-live': 'polite' });
  const big = sizes.filter((h) => h > 1);
  if (misere && big.length < 2) {
    // Bouton's misère rule: once at most one heap has more than one token, the table no longer
    // decides; leave an odd number of heaps of one.
    const ones = sizes.length - big.length;
    if (big.length === 1) {
      const target = ones % 2 === 0 ? 1 : 0;
      says.append(el('p', { class: 'parity-advice', text: t('parity.misere.one', { n: big[0], target, take: big[0] - target, left: ones + target }) }));
    } else {
      says.append(el('p', { class: 'parity-advice', text: t(ones % 2 ? 'parity.misere.odd' : 'parity.misere.even', { ones }) }));
    }
    container.append(says);
    return;
  }
  if (parity === 0) {
    says.append(el('p', { text: t('parity.even') }));
  } else {
    // The heap to change has a 1 in the leftmost odd column; the largest such heap is shown.
    const top = 1 << (parity.toString(2).length - 1);
    let index = -1;
    sizes.forEach((h, i) => {
      if (h & top && (index === -1 || h > sizes[index])) index = i;
    });
    const h = sizes[index];
    const target = h ^ parity;
    says.append(el('p', { text: t('parity.odd') }));
    const small = el(
      'tbody',
      {},
      bitRow(t('parity.heap', { i: index + 1, n: h }), h, width, {}),
      bitRow(t('parity.parity'), parity, width, { leading: true }),
      bitRow(t('parity.new'), target, width, { cls: 'parity-row', leading: true })
    );
    says.append(el('table', { class: 'bits small' }, el('caption', { class: 'visually-hidden', text: t('parity.caption.change') }), small));
    says.append(el('p', { class: 'parity-advice', text: t('parity.advice', { target, n: h, take: h - target }) }));
  }
  if (misere) says.append(el('p', { class: 'muted', text: t('parity.misere') }));
  container.append(says);
}
