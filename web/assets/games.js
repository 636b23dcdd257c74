// The games the page plays: their set-up fields, defaults, and how a set-up and a position
// become the API's parameters (notes/web-spec.md, "Game parameters").

export const GAME_NAMES = ['tablettes', 'nim', 'moore', 'octal', 'heap', 'wythoff', 'digraph'];

export const DEFAULTS = {
  tablettes: { colors: '2', tablets: '3' },
  nim: { heaps: '3 4 5' },
  moore: { k: '2', heaps: '1 2 3' },
  octal: { code: '0.07', heaps: '4 5' },
  heap: { rule: 'S(1,3,4)', heaps: '5 7' },
  wythoff: { heaps: '5 7' },
  digraph: { graph: 'a b\nb a\nb c\nc d\n', start: 'a', undirected: false },
};

/** The set-up fields each game reads (the rest are ignored). */
const FIELDS = {
  tablettes: ['colors', 'tablets'],
  nim: ['heaps'],
  moore: ['k', 'heaps'],
  octal: ['code', 'heaps'],
  heap: ['rule', 'heaps'],
  wythoff: ['heaps'],
  digraph: ['graph', 'start', 'undirected'],
};

/** How the board is drawn. */
export function boardKind(game) {
  if (game === 'tablettes') return 'tablettes';
  if (game === 'digraph') return 'list';
  return 'heaps';
}

/** A complete set-up for a game: the given fields over the game's defaults. */
export function setupOf(game, fields = {}) {
  if (!GAME_NAMES.includes(game)) game = 'tablettes';
  const setup = { game, ...DEFAULTS[game] };
  for (const name of FIELDS[game]) {
    if (fields[name] !== undefined && fields[name] !== null && fields[name] !== '') setup[name] = fields[name];
  }
  if (game === 'digraph') setup.undirected = fields.undirected === true || fields.undirected === '1' || (fields.undirected === undefined && DEFAULTS.digraph.undirected);
  return setup;
}

export function fieldsOf(game) {
  return FIELDS[game] || [];
}

/** Heap sizes typed by people: "3 4 5", "3,4,5", "[3,4,5]", "(3,5)". */
export function heapWords(text) {
  return String(text || '').replace(/[[\]()]/g, ' ').split(/[\s,;]+/).filter(Boolean).join(' ');
}

/** The numbers of a position's text, in order: "[1,4,5]" -> [1,4,5], "(3,5)" -> [3,5]. */
export function heapsOf(text) {
  return (String(text || '').match(/\d+/g) || []).map(Number);
}

/** Tablettes piles [[colour,height],...] from the position's text, or null. */
export function pilesOf(text) {
  try {
    const piles = JSON.parse(text);
    if (Array.isArray(piles) && piles.every((p) => Array.isArray(p) && p.length === 2)) return piles;
  } catch {
    // not a tablettes position
  }
  return null;
}

/** The start position tablettes has: every tablet alone, in the canonical order. */
export function tablettesStart(setup) {
  const colors = Number(setup.colors) || 1;
  const counts = String(setup.tablets).split(',').map((n) => Number(n.trim()) || 0);
  const piles = [];
  for (let c = 0; c < colors; c++) {
    const n = counts.length === 1 ? counts[0] : counts[c] || 0;
    for (let i = 0; i < n; i++) piles.push([c, 1]);
  }
  return piles;
}

/**
 * The API parameters (and POST body) for a set-up at a position.
 * position: the server's text of the position (a move's "position"), or null for the start.
 */
export function apiParams(setup, position, misere) {
  const params = { game: setup.game };
  let body = null;
  const pos = position === null || position === undefined ? null : String(position);
  switch (setup.game) {
    case 'tablettes':
      params.colors = setup.colors;
      params.tablets = setup.tablets;
      if (pos !== null) params.position = pos;
      break;
    case 'nim':
      params.position = pos !== null ? pos : heapWords(setup.heaps);
      break;
    case 'wythoff':
      // Written "(3,5)" by the server, read as "3 5".
      params.position = heapWords(pos !== null ? pos : setup.heaps);
      break;
    case 'moore':
      params.k = setup.k;
      params.position = pos !== null ? pos : heapWords(setup.heaps);
      break;
    case 'octal':
    case 'heap': {
      const rule = setup.game === 'octal' ? setup.code : setup.rule;
      // A move's position names the heaps only ("[1,1,5]"); the rule goes first.
      const heaps = pos !== null ? pos : heapWords(setup.heaps);
      params.position = /^[[(]/.test(heaps) || /^\d+(\s|$)/.test(heaps) || heaps === '' ? `${rule} ${heaps}`.trim() : heaps;
      break;
    }
    case 'digraph':
      // A position of the digraph game is the vertex the token is on.
      params.start = pos !== null ? pos : setup.start;
      if (setup.undirected) params.undirected = 1;
      body = setup.graph;
      break;
    default:
      break;
  }
  if (misere) params.misere = 1;
  return { params, body };
}

/** A short title of a set-up: "Tablettes 2 × 3", "Nim 3 4 5", "0.07 on 4 5". */
export function titleOf(setup, t) {
  switch (setup.game) {
    case 'tablettes':
      return t('title.tablettes', { c: setup.colors, n: setup.tablets });
    case 'nim':
      return t('title.nim', { heaps: heapWords(setup.heaps) });
    case 'moore':
      return t('title.moore', { k: setup.k, heaps: heapWords(setup.heaps) });
    case 'octal':
      return t('title.octal', { code: setup.code, heaps: heapWords(setup.heaps) });
    case 'heap':
      return t('title.heap', { rule: setup.rule, heaps: heapWords(setup.heaps) });
    case 'wythoff':
      return t('title.wythoff', { heaps: heapWords(setup.heaps) });
    case 'digraph':
      return t('title.digraph', { start: setup.start });
    default:
      return setup.game;
  }
}

/** Checks a set-up before it is sent; returns an i18n key of the mistake, or null. */
export function checkSetup(setup) {
  const whole = (v, lo, hi) => /^\d+$/.test(String(v).trim()) && Number(v) >= lo && Number(v) <= hi;
  switch (setup.game) {
    case 'tablettes': {
      if (!whole(setup.colors, 1, 64)) return 'setup.bad.colors';
      const counts = String(setup.tablets).split(',').map((s) => s.trim());
      if (!counts.every((n) => whole(n, 1, 64))) return 'setup.bad.tablets';
      if (counts.length !== 1 && counts.length !== Number(setup.colors)) return 'setup.bad.tablets.count';
      return null;
    }
    case 'moore':
      if (!whole(setup.k, 1, 64)) return 'setup.bad.k';
      break;
    case 'octal':
      if (!String(setup.code).trim()) return 'setup.bad.code';
      break;
    case 'heap':
      if (!String(setup.rule).trim()) return 'setup.bad.rule';
      break;
    case 'digraph':
      if (!String(setup.graph).trim()) return 'setup.bad.graph';
      if (!String(setup.start).trim()) return 'setup.bad.start';
      return null;
    default:
      break;
  }
  const words = heapWords(setup.heaps).split(' ').filter(Boolean);
  if (!words.length || !words.every((w) => /^\d+$/.test(w))) return 'setup.bad.heaps';
  if (setup.game === 'wythoff' && words.length !== 2) return 'setup.bad.wythoff';
  return null;
}
