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

/** The string of key in the current language, {names} filled from vars. */
export function t(key, vars = {}) {
  let text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  if (typeof text !== 'string') return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (vars[name] !== undefined ? String(vars[name]) : whole));
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

export function moveText(text) {
  if (lang !== 'fr' || typeof text !== 'string') return text;
  return FR_MOVES.reduce((s, [pattern, replacement]) => s.replace(pattern, replacement), text);
}

export function formatNumber(n) {
  return typeof n === 'number' ? n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB') : String(n);
}

/** One polite line for an ApiError (or any error). */
export function errorText(error) {
  if (error && error.kind === 'network') return t('error.network');
  if (error && error.kind === 'server' && error.message) return t('error.server', { message: error.message });
  if (error && error.status) return t('error.status', { status: error.status });
  return t('error.format');
}

export function applyI18n(root) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-aria]')) node.setAttribute('aria-label', t(node.dataset.i18nAria));
}
