// The page's words: t('key', {name}) gives the string of key in the current language with
// {name} filled; elements with data-i18n (text) or data-i18n-aria (aria-label) are filled by
// applyI18n. The strings themselves are in strings_en.js and strings_fr.js.

import { EN } from './strings_en.js';
import { FR, FR_MOVES } from './strings_fr.js';

/**
 * French typography: the space before : ; ! ? and the spaces inside « » do not break, so that
 * no line starts with the sign (a no-break space before : and inside « », a narrow one before
 * ; ! ?). Applied to the strings themselves, not to what fills them.
 */
export function frenchSpacing(text) {
  return text
    .replace(/[ \u00a0\u202f]+:/g, '\u00a0:')
    .replace(/[ \u00a0\u202f]+([;!?])/g, '\u202f$1')
    .replace(/«[ \u00a0\u202f]*/g, '«\u00a0')
    .replace(/[ \u00a0\u202f]*»/g, '\u00a0»');
}

function spaced(table) {
  const out = {};
  for (const [key, value] of Object.entries(table)) out[key] = typeof value === 'string' ? frenchSpacing(value) : value;
  return out;
}

const STRINGS = { en: EN, fr: spaced(FR) };

let lang = 'en';
const listeners = [];

export function initialLang(saved) {
  if (saved && STRINGS[saved]) return saved;
  const wanted = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return wanted.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!STRINGS[next] || next === lang) return;
  lang = next;
  for (const listener of listeners) listener(lang);
}

export function onLangChange(listener) {
  listeners.push(listener);
}

/** Whether a count takes the singular: 1 in English, 0 and 1 in French. */
function singular(count) {
  const n = Number(count);
  return lang === 'fr' ? n >= 0 && n < 2 : n === 1;
}

/**
 * The string of key in the current language, {names} filled from vars; {name|one|many} is the
 * word for the count vars[name] ("{n} {n|colour|colours}").
 */
export function t(key, vars = {}) {
  let text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  if (typeof text !== 'string') return key;
  return text
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (whole, name, one, many) =>
      vars[name] === undefined ? whole : singular(vars[name]) ? one : many)
    .replace(/\{(\w+)\}/g, (whole, name) => (vars[name] !== undefined ? String(vars[name]) : whole));
}

/** Whether the string files have key (in the current language or in English). */
export function has(key) {
  return typeof (STRINGS[lang][key] ?? STRINGS.en[key]) === 'string';
}

/** t() for a count: the key's ".one" form for one (in French for 0 and 1 too). */
export function tn(key, count, vars = {}) {
  const one = lang === 'fr' ? count <= 1 : count === 1;
  const text = one ? t(`${key}.one`, vars) : t(key, vars);
  return text === `${key}.one` ? t(key, vars) : text;
}

export function colorName(index) {
  const names = STRINGS[lang].colors;
  return index < names.length ? names[index] : t('colour.other', { c: index });
}

/** A tablettes pile [colour, height] in words: "the red pile of 2". */
export function pileWords(color, height) {
  const names = STRINGS[lang].pile_colors || STRINGS[lang].colors;
  const name = color < names.length ? names[color] : t('colour.other', { c: color });
  return t('pile.words', { color: name, h: height });
}

/** A move as the server words it, in the page's words and language. */
export function moveText(text) {
  if (typeof text !== 'string') return text;
  // Tablettes: the piles by their colour and height, not by the server's [colour,height].
  const stack = text.match(/^put the pile \[(\d+),(\d+)\] on the pile \[(\d+),(\d+)\]$/);
  if (stack) {
    const [a, b, c, d] = stack.slice(1).map(Number);
    return t('move.stack', { a: pileWords(a, b), b: pileWords(c, d) });
  }
  if (lang !== 'fr') return text;
  return FR_MOVES.reduce((s, [pattern, replacement]) => s.replace(pattern, replacement), text);
}

/** A number with digits after the decimal mark, as the language writes it: 0.396, 0,396. */
export function formatDecimal(x, digits) {
  return Number(x || 0).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** An engine's name (the API's "method") in words. */
export function methodName(method) {
  return has(`method.${method}`) ? t(`method.${method}`) : method;
}

export function formatNumber(n) {
  return typeof n === 'number' ? n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB') : String(n);
}

/** One polite line for an ApiError (or any error). */
export function errorText(error) {
  if (error && error.kind === 'network') return t('error.network');
  // A refusal the page words itself, in its language; else the server's English line.
  if (error && error.code && has(`error.code.${error.code}`)) return t(`error.code.${error.code}`, error.details || {});
  if (error && error.kind === 'server' && error.message) return t(lang === 'en' ? 'error.server' : 'error.server.en', { message: error.message });
  if (error && error.status) return t('error.status', { status: error.status });
  return t('error.format');
}

export function applyI18n(root) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-aria]')) node.setAttribute('aria-label', t(node.dataset.i18nAria));
}
