// The games the page plays, as the server describes them (/api/games: one entry per game, the
// library's): their set-up fields with kinds, ranges and examples, how a position is drawn, and
// how a set-up and a position become the API's parameters. Nothing here names a game, so a game
// added to the library is on the page with no change to it (docs/web.md, "Play").

import { t, has } from './i18n.js';
import { ruleWords } from './rule_words.js';

let catalogue = []; // the games of /api/games, in the server's order

export function setCatalogue(games) {
  catalogue = Array.isArray(games) ? games.filter((g) => g && g.name && Array.isArray(g.fields)) : [];
}

export function gameNames() {
  return catalogue.map((g) => g.name);
}

/** A game's description, or null for a name the server does not know. */
export function gameOf(name) {
  return catalogue.find((g) => g.name === name) || null;
}

/**
 * The game whose entry offers a feature ("first", "table", "nim_sum", "octal_codes",
 * "heap_rules"), or null: the page writes no game's name.
 */
export function gameWith(feature) {
  return catalogue.find((g) => Array.isArray(g.features) && g.features.includes(feature))?.name || null;
}

/** Whether a game's entry offers a feature. */
export function hasFeature(game, feature) {
  return !!gameOf(game)?.features?.includes(feature);
}

/** How the board is drawn: 'tablettes', 'heaps' or 'list'. */
export function boardKind(game) {
  return gameOf(game)?.board || 'list';
}

/** The set-up fields of a game, in the order the game reads them. */
export function formFields(game) {
  return gameOf(game)?.fields || [];
}

export function fieldsOf(game) {
  return formFields(game).map((f) => f.name);
}

/** The game's name in the page's language: the string files' word, else the server's. */
export function gameName(game) {
  if (has(`game.${game}`)) return t(`game.${game}`);
  return gameOf(game)?.title || game;
}

export function rulesOf(game) {
  if (has(`rules.${game}`)) return t(`rules.${game}`);
  return gameOf(game)?.rules || '';
}

/**
 * The rules line of a set-up: the chosen heap rule in words when a field holds one (octal's
 * code, a heap game's rule), else the game's rules; then who wins under the convention.
 */
export function rulesLine(setup, misere) {
  let rules = rulesOf(setup.game);
  for (const f of formFields(setup.game)) {
    const words = f.role === 'position' && f.kind === 'text' ? ruleWords(setup[f.name]) : null;
    if (words) rules = words;
  }
  return `${rules} ${t(misere ? 'rules.end.misere' : 'rules.end.normal')}`.trim();
}

/** A field's label: the string files' word for it, else the server's description. */
export function fieldLabel(game, f) {
  if (has(`setup.${game}.${f.name}`)) return t(`setup.${game}.${f.name}`);
  if (has(`setup.${f.name}`)) return t(`setup.${f.name}`);
  return f.help || f.name;
}

export function fieldHelp(game, f) {
  if (has(`setup.${game}.${f.name}.help`)) return t(`setup.${game}.${f.name}.help`);
  if (has(`setup.${f.name}.help`)) return t(`setup.${f.name}.help`);
  return f.example ? t('setup.example', { example: f.example.replace(/\n/g, ' / ') }) : '';
}

/**
 * A complete set-up for a game: the given fields, and the examples of the fields not given (a
 * first visit, a link that names the game only). A field given empty stays empty, and is refused.
 */
export function setupOf(game, fields = {}) {
  const g = gameOf(game) || catalogue[0];
  if (!g) return null;
  const setup = { game: g.name };
  for (const f of g.fields) {
    const value = fields[f.name];
    if (f.kind === 'flag') setup[f.name] = value === true || value === '1';
    else setup[f.name] = value === undefined || value === null ? f.example || '' : String(value);
  }
  return setup;
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
    // not a position of piles
  }
  return null;
}

/** A field's value as sent: a list of heaps as words, other text trimmed. */
function sent(f, value) {
  if (f.kind === 'whole_list' && f.role === 'position') return heapWords(value);
  return String(value ?? '').trim();
}

/**
 * The API parameters (and POST body) for a set-up at a position.
 * position: the server's text of the position (a move's "position"), or null for the start.
 * A move's position names what changes (the heaps); the position's other words (octal's code)
 * go first, as typed.
 */
export function apiParams(setup, position, misere) {
  const g = gameOf(setup.game);
  const params = { game: setup.game };
  let body = null;
  const words = [];
  for (const f of g ? g.fields : []) {
    const value = setup[f.name];
    if (f.role === 'body') body = String(value ?? '');
    else if (f.role === 'position') words.push(sent(f, value));
    else if (f.kind === 'flag') {
      if (value === true) params[f.name] = 1;
    } else params[f.name] = sent(f, value);
  }
  const pos = position === null || position === undefined ? null : String(position);
  const text = (pos === null ? words : [...words.slice(0, -1), pos]).filter(Boolean).join(' ');
  if (text !== '' || pos !== null) params[g?.position_parameter || 'position'] = text;
  if (misere) params.misere = 1;
  return { params, body };
}

/** A short title of a set-up: "Tablettes, 2 colours × 3 tablets", "Nim 3 4 5". */
export function titleOf(setup) {
  const g = gameOf(setup.game);
  const vars = {};
  for (const f of g ? g.fields : []) vars[f.name] = f.role === 'body' ? '' : sent(f, setup[f.name]);
  if (has(`title.${setup.game}`)) return t(`title.${setup.game}`, vars);
  const words = (g ? g.fields : []).filter((f) => f.role !== 'body' && f.kind !== 'flag').map((f) => vars[f.name]);
  return [gameName(setup.game), ...words].filter(Boolean).join(' ');
}

const whole = (v) => /^\d+$/.test(v);
const inRange = (f, n) => n >= (f.low || 0) && (f.high === null || f.high === undefined || n <= f.high);

/**
 * Checks a set-up against its fields' kinds and ranges (the library's, from /api/games) before
 * it is sent. Returns the mistake as {key, vars} for t(), or null.
 */
export function checkSetup(setup) {
  const g = gameOf(setup.game);
  if (!g) return { key: 'setup.bad.game', vars: { game: setup.game } };
  for (const f of g.fields) {
    if (f.kind === 'flag') continue;
    const value = String(setup[f.name] ?? '').trim();
    const vars = { field: fieldLabel(setup.game, f), low: f.low || 0, high: f.high, example: (f.example || '').replace(/\n/g, ' / ') };
    const range = f.high === null || f.high === undefined ? '' : '.range';
    if (!value) return { key: 'setup.bad.empty', vars };
    if (f.kind === 'whole' && !(whole(value) && inRange(f, Number(value)))) return { key: `setup.bad.whole${range}`, vars };
    if (f.kind === 'whole_list') {
      const items = f.role === 'position' ? heapWords(value).split(' ') : value.split(',').map((s) => s.trim());
      if (!items.every((n) => whole(n) && inRange(f, Number(n)))) return { key: `setup.bad.list${range}`, vars };
    }
  }
  return null;
}
