// The game graph panel: the server's Graphviz picture, the current position highlighted and
// its moves marked, and a click on a vertex to play on from there.

import { getJSON, stream, isAbort } from './api.js';
import { el, svg, clear } from './dom.js';
import { t, errorText } from './i18n.js';
import { heapsOf, pilesOf } from './games.js';

const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
const READABLE = 120; // past this many positions a picture is drawn only when asked for
const MAX_DRAWN = 400; // the server's default --max-drawn, until /api/games tells its own
const SIZES_KEPT = 50; // games whose graph size is remembered
const MAX_GROWTH = 2; // a small picture grows to the panel's width, to twice its size (times the type's)
// A picture is never fitted so small that its labels (Graphviz's 14 pt, drawn as 14 px at scale 1)
// fall under 12 px, what a class reads on a projector or a phone.
const GRAPHVIZ_LABEL = 14;
const MIN_LABEL = 12;
const FRAME_PAD = 8; // px around the picture, where a vertex's focus outline is drawn

/**
 * How many positions a picture may have: up to readable it is drawn at once, up to most only
 * when asked for ("Draw it anyway"), past most not at all. maxDrawn: the server's bound.
 */
export function drawBounds(maxDrawn) {
  const most = maxDrawn || MAX_DRAWN;
  return { readable: Math.min(READABLE, most), most };
}

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

// The tablets' colours, as app.css draws them on the board (.c0 to .c9).
const TABLET_FILLS = ['#c92a2a', '#2b2b2b', '#e8b100', '#2b8a3e', '#7048e8', '#e8590c', '#0c8599', '#8d5524', '#d6336c', '#868e96'];

/**
 * A vertex's position drawn as a small picture of the board in place of the server's text:
 * tablettes' piles as a dot of the top colour and the height ("● 1 ● 2"), heaps as their sizes.
 * Screen readers keep the vertex's label, which says the position in full.
 */
function pictureOf(g, state, board) {
  const text = [...g.querySelectorAll('text')].find((node) => node.textContent.trim() === state);
  if (!text) return;
  const piles = board === 'tablettes' ? pilesOf(state) : null;
  if (piles) {
    clear(text);
    piles.forEach(([colour, height], i) => {
      // A white ring keeps a black dot seen on the dark box of a position with no move.
      text.append(svg('tspan', { fill: TABLET_FILLS[colour % TABLET_FILLS.length], stroke: '#ffffff', 'stroke-width': '0.8', text: '\u25CF' }));
      text.append(svg('tspan', { text: `${height}${i < piles.length - 1 ? '\u2002' : ''}` }));
    });
  } else if (board === 'heaps') {
    text.textContent = heapsOf(state).join(' ') || '\u2205';
  }
}

export function createGraph({ container, onJump, maxDrawn, board = () => 'list' }) {
  let key = null; // which graph is drawn (or being drawn)
  let controller = null;
  const sizes = new Map(); // key -> {count} or {over: the bound it is over}: asked once a game
  let shown = null; // the message shown in place of a picture: {key, vars, cls, again}
  let nodes = new Map(); // state -> <g class="node">
  let successors = new Map(); // state -> [states]
  let current = null;
  let zoomed = null; // null: chosen by the picture's size
  let cramp = false; // fitting the picture to the panel would make its labels unreadable
  let svgRoot = null;
  let frame = null;
  let watcher = null; // sizes the picture to its frame

  /** A message in place of the picture, worded again when the language changes. */
  function message(textKey, vars = {}, cls = 'muted', again = null) {
    shown = { key: textKey, vars, cls, again };
    showMessage();
  }

  function showMessage() {
    const { key: textKey, vars, cls, again } = shown;
    const text = textKey === 'error' ? errorText(vars.error) : t(textKey, vars);
    clear(container).append(el('p', { class: cls, text }));
    if (again) container.append(el('button', { type: 'button', class: 'small-button', text: t('graph.draw.anyway'), onclick: again }));
  }

  /** The number of positions of the graph, or null when it is past most: asked once a game. */
  async function sizeOf(which, params, body, signal) {
    const { most } = drawBounds(maxDrawn());
    const known = sizes.get(which);
    if (known && (known.count !== undefined || known.over >= most)) return known.count ?? null;
    let size;
    try {
      // Bounded, so that a large game costs little; streamed, so that a graph past the bound
      // (the server's 422) is an answer, not a failed request.
      const stats = await stream('/api/graph', { ...params, max_states: most }, { signal, body });
      size = stats.vertices <= most ? { count: stats.vertices } : { over: most };
    } catch (error) {
      if (error.status !== 422) throw error;
      size = { over: most };
    }
    if (sizes.size >= SIZES_KEPT) sizes.delete(sizes.keys().next().value);
    sizes.set(which, size);
    return size.count ?? null;
  }

  async function load(params, body, force = false) {
    controller?.abort();
    controller = new AbortController();
    const { signal } = controller;
    nodes = new Map();
    successors = new Map();
    svgRoot = null;
    message('graph.loading');
    try {
      const count = await sizeOf(key, params, body, signal);
      const { readable, most } = drawBounds(maxDrawn());
      if (count === null || count > most) {
        message('graph.too.big', { n: most });
        return;
      }
      if (count > readable && !force) {
        message('graph.big', { n: count }, 'muted', () => load(params, body, true));
        return;
      }
      // Within the bounds now: neither is refused for its size. (The export is asked without
      // progress: its JSON runs over several lines, which a progress stream cannot carry.)
      const [text, data] = await Promise.all([
        stream('/api/graph.svg', params, { signal, body }),
        getJSON('/api/export', { ...params, format: 'json' }, { signal, body, cached: body == null }),
      ]);
      const root = typeof text === 'string' ? parseSvg(text) : null;
      if (!root) throw new Error('not svg');
      shown = null;
      draw(root, data);
    } catch (error) {
      if (isAbort(error)) return;
      key = null; // a failure, not an answer: try again next time
      message('error', { error }, 'error');
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
      pictureOf(g, vertex.state, board());
      g.setAttribute('tabindex', '-1');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', t('graph.vertex', { state: vertex.state, value: vertex.value, outcome: vertex.outcome }));
      g.dataset.state = vertex.state;
      g.dataset.value = vertex.value;
      g.dataset.outcome = vertex.outcome;
      const terminal = !successors.has(vertex.state);
      g.addEventListener('click', () => onJump(vertex.state, { terminal }));
      g.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onJump(vertex.state, { terminal });
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
    const zoom = el('button', { type: 'button', class: 'small-button zoom', 'aria-pressed': 'false', text: t('graph.zoom.in') });
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

  /**
   * Fits the picture to the frame, or (zoomed) draws it at a readable size to scroll. A picture
   * smaller than the frame grows to its width (and the window's height), so that a projector
   * shows it large; the readable size grows with the page's type (Large type).
   */
  function size(zoom) {
    const box = svgRoot.viewBox?.baseVal;
    const room = frame.clientWidth - 2 * FRAME_PAD;
    const natural = box && box.width ? box.width : room; // 1 pt as 1 px: Graphviz's 14 pt as 14 px
    const type = parseFloat(getComputedStyle(document.documentElement).fontSize) / 16 || 1;
    const readable = natural * type;
    const tall = box && box.height ? (window.innerHeight * 0.75 - 2 * FRAME_PAD) / box.height : Infinity;
    const grown = Math.min(room / natural, MAX_GROWTH * type, Math.max(type, tall));
    svgRoot.removeAttribute('width');
    svgRoot.removeAttribute('height');
    const big = readable > room * 1.2;
    const on = big && (zoomed === null ? nodes.size <= 60 : zoomed);
    // Fitted, a wide picture's labels would shrink past reading: it stops at the smallest
    // readable size and scrolls, and the button says so.
    const smallest = (natural * MIN_LABEL) / GRAPHVIZ_LABEL;
    const cramped = smallest > room;
    zoom.setAttribute('aria-pressed', String(on));
    zoom.hidden = !big;
    zoom.textContent = t(zoomLabel(on, cramped));
    const width = Math.max(smallest, on ? readable : big ? room : natural * grown);
    svgRoot.style.width = `${Math.max(1, Math.round(width))}px`;
    svgRoot.classList.toggle('fitted', !on && width <= room);
    cramp = cramped;
  }

  /** What the zoom button does: back to the panel's width (or the smallest readable size), or to reading size. */
  function zoomLabel(on, cramped) {
    if (!on) return 'graph.zoom.in';
    return cramped ? 'graph.zoom.small' : 'graph.zoom.fit';
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
    /** Takes the picture away (a game that failed): nothing of another game stays clickable. */
    clear(textKey = 'graph.none') {
      controller?.abort();
      key = null;
      nodes = new Map();
      successors = new Map();
      svgRoot = null;
      message(textKey);
    },
    /** Words what is shown again in the current language. */
    rerender() {
      if (shown) {
        showMessage();
        return;
      }
      if (!svgRoot) return;
      for (const [state, g] of nodes) {
        const { value, outcome } = g.dataset;
        g.setAttribute('aria-label', t('graph.vertex', { state, value, outcome }));
      }
      svgRoot.setAttribute('aria-label', t('graph.label', { n: nodes.size }));
      const zoom = container.querySelector('.graph-tools button.zoom');
      if (zoom) zoom.textContent = t(zoomLabel(zoom.getAttribute('aria-pressed') === 'true', cramp));
    },
  };
}
