// The game graph panel: the server's Graphviz picture, the current position highlighted and
// its moves marked, and a click on a vertex to play on from there.

import { getJSON, getText, isAbort } from './api.js';
import { el, clear } from './dom.js';
import { t, errorText } from './i18n.js';

const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
const READABLE = 120; // past this many positions a picture is drawn only when asked for

const FORBIDDEN = new Set(['script', 'foreignObject', 'iframe', 'object', 'embed', 'a', 'use', 'image', 'style']);

/** A parsed, cleaned <svg> element from the server's text, or null when it is not one. */
export function parseSvg(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg') return null;
  if (doc.getElementsByTagName('parsererror').length) return null;
  for (const node of [...root.querySelectorAll('*')]) {
    if (FORBIDDEN.has(node.localName)) {
      // Keep what a link holds (Graphviz wraps nodes in <a> when they have URLs), drop the rest.
      if (node.localName === 'a') node.replaceWith(...node.childNodes);
      else node.remove();
      continue;
    }
    for (const attr of [...node.attributes]) {
      if (/^on/i.test(attr.name) || /href$/i.test(attr.name)) node.removeAttribute(attr.name);
    }
  }
  return document.importNode(root, true);
}

export function createGraph({ container, onJump, maxDrawn }) {
  let key = null; // which graph is drawn (or being drawn)
  let controller = null;
  let nodes = new Map(); // state -> <g class="node">
  let successors = new Map(); // state -> [states]
  let current = null;
  let zoomed = null; // null: chosen by the picture's size
  let svgRoot = null;
  let frame = null;
  let watcher = null; // sizes the picture to its frame

  function message(text, cls = 'muted') {
    clear(container).append(el('p', { class: cls, text }));
  }

  async function load(params, body, force = false) {
    controller?.abort();
    controller = new AbortController();
    const { signal } = controller;
    nodes = new Map();
    successors = new Map();
    svgRoot = null;
    message(t('graph.loading'));
    try {
      // The graph's size first, bounded so that a large game costs little: it says whether a
      // picture is worth drawing.
      const most = Math.max(READABLE, maxDrawn() || 400);
      const stats = await getJSON('/api/graph', { ...params, max_states: most }, { signal, body, cached: body == null });
      const count = stats.vertices;
      if (count > most) throw Object.assign(new Error(''), { status: 422 });
      if (count > READABLE && !force) {
        const button = el('button', { type: 'button', class: 'small-button', text: t('graph.draw.anyway') });
        button.addEventListener('click', () => load(params, body, true));
        clear(container).append(el('p', { class: 'muted', text: t('graph.big', { n: count }) }), button);
        return;
      }
      const [text, data] = await Promise.all([
        getText('/api/graph.svg', params, { signal, body }),
        getJSON('/api/export', { ...params, format: 'json' }, { signal, body, cached: body == null }),
      ]);
      const root = parseSvg(text);
      if (!root) throw new Error('not svg');
      draw(root, data);
    } catch (error) {
      if (isAbort(error)) return;
      key = null; // try again next time
      if (error.status === 422) message(t('graph.too.big'));
      else message(errorText(error), 'error');
    }
  }

  function draw(root, data) {
    const states = new Map();
    for (const v of data.vertices || []) states.set(String(v.id), v);
    const byId = (id) => states.get(String(id));
    for (const [from, to] of data.edges || []) {
      const a = byId(from)?.state;
      const b = byId(to)?.state;
      if (a === undefined || b === undefined) continue;
      if (!successors.has(a)) successors.set(a, []);
      successors.get(a).push(b);
    }
    for (const g of root.querySelectorAll('g.node')) {
      const id = g.querySelector('title')?.textContent?.trim();
      const vertex = byId(id);
      if (!vertex) continue;
      nodes.set(vertex.state, g);
      g.setAttribute('tabindex', '-1');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', t('graph.vertex', { state: vertex.state, value: vertex.value, outcome: vertex.outcome }));
      g.dataset.state = vertex.state;
      g.addEventListener('click', () => onJump(vertex.state));
      g.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onJump(vertex.state);
        } else if (STEPS[event.key]) {
          // One tab stop for the whole picture; the arrows go from position to position.
          event.preventDefault();
          const all = [...nodes.values()];
          const next = all[(all.indexOf(g) + STEPS[event.key] + all.length) % all.length];
          next.focus();
        }
      });
    }
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', t('graph.label', { n: nodes.size }));
    root.querySelector('title')?.remove();
    svgRoot = root;
    const zoom = el('button', { type: 'button', class: 'small-button', 'aria-pressed': 'false', text: t('graph.zoom') });
    zoom.addEventListener('click', () => {
      zoomed = zoom.getAttribute('aria-pressed') !== 'true';
      size(zoom);
      reveal();
    });
    frame = el('div', { class: 'graph-frame' }, root);
    clear(container).append(el('div', { class: 'graph-tools' }, zoom), frame);
    // Sized when the frame has a width: now, or once its view or panel is shown.
    watcher?.disconnect();
    let width = 0;
    watcher = new ResizeObserver(() => {
      if (!frame.clientWidth || frame.clientWidth === width) return;
      width = frame.clientWidth;
      size(zoom);
      reveal();
    });
    watcher.observe(frame);
    mark(current);
  }

  /** Fits the picture to the frame, or (zoomed) draws it at a readable size to scroll. */
  function size(zoom) {
    const box = svgRoot.viewBox?.baseVal;
    const readable = box && box.width ? box.width : frame.clientWidth; // 1 pt as 1 px: 14 px type
    svgRoot.removeAttribute('width');
    svgRoot.removeAttribute('height');
    const big = readable > frame.clientWidth * 1.2;
    const on = big && (zoomed === null ? nodes.size <= 60 : zoomed);
    zoom.setAttribute('aria-pressed', String(on));
    zoom.hidden = !big;
    svgRoot.style.width = `${Math.round(on ? readable : Math.min(readable, frame.clientWidth - 2))}px`;
    svgRoot.classList.toggle('fitted', !on);
  }

  /** Scrolls the frame (not the page) to the current position. */
  function reveal() {
    const g = nodes.get(current);
    if (!g || !frame || svgRoot.classList.contains('fitted')) return;
    const r = g.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    frame.scrollLeft += r.left + r.width / 2 - (f.left + f.width / 2);
    frame.scrollTop += r.top + r.height / 2 - (f.top + f.height / 2);
  }

  function mark(state) {
    current = state;
    for (const g of nodes.values()) g.classList.remove('current', 'next');
    const g = nodes.get(state) || nodes.values().next().value;
    for (const other of nodes.values()) other.setAttribute('tabindex', other === g ? '0' : '-1');
    if (!g || g.dataset.state !== state) return;
    g.classList.add('current');
    g.setAttribute('aria-current', 'true');
    for (const s of successors.get(state) || []) nodes.get(s)?.classList.add('next');
    for (const other of nodes.values()) if (other !== g) other.removeAttribute('aria-current');
    reveal();
  }

  return {
    /** Shows the graph of the game (params: of the start position) with position highlighted. */
    update(params, body, position) {
      const next = JSON.stringify([params, body]);
      current = position;
      if (next !== key) {
        key = next;
        load(params, body);
      } else {
        mark(position);
      }
    },
    reset() {
      key = null;
    },
  };
}
