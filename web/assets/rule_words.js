// A heap rule in words, as typed in a set-up (octal's code, a heap game's rule): "0.07" is
// "take 2 tokens from a heap: all of a heap of 2, or from its end, or from its middle, splitting
// it in two"; S(1,3,4) is "take 1, 3 or 4 tokens from one heap". The classical games by name.

import { t, has } from './i18n.js';

function list(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${t('words.or')} ${items[items.length - 1]}`;
}

/** The octal digit d of position k: the ways of taking k tokens. */
function digitWords(k, d) {
  const ways = [];
  if (d & 1) ways.push(t('rule.octal.all', { k }));
  if (d & 2) ways.push(t('rule.octal.end'));
  if (d & 4) ways.push(k === 0 ? t('rule.octal.split') : t('rule.octal.middle'));
  if (!ways.length) return null;
  return k === 0 ? ways.join('') : t('rule.octal.take', { k, ways: list(ways), tokens: k });
}

/** An octal code in words, or null when text is not one. */
function octalWords(code) {
  const m = String(code).trim().match(/^(\d?)\.([0-7]+)$/);
  if (!m || (m[1] && !/^[0-7]$/.test(m[1]))) return null;
  const parts = [];
  if (m[1] && Number(m[1]) & 4) parts.push(digitWords(0, 4));
  [...m[2]].forEach((d, i) => {
    const words = digitWords(i + 1, Number(d));
    if (words) parts.push(words);
  });
  if (!parts.length) return t('rule.octal.none');
  // Codes with a name of their own (Winning Ways, chapter 4) are named in the string files.
  const named = `rule.name.${String(code).trim()}`;
  const sentence = capital(`${parts.join('; ')}.`);
  return has(named) ? `${t('rule.named', { code: code.trim(), name: t(named) })} ${sentence}` : sentence;
}

function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A heap rule in words: an octal code, S(a,b,...), allbut(a,b,...); null for others. */
export function ruleWords(text) {
  const rule = String(text || '').trim();
  const octal = octalWords(rule);
  if (octal) return octal;
  const set = rule.match(/^(S|allbut)\(([\d,\s]+)\)$/i);
  if (set) {
    const numbers = set[2].split(',').map((n) => n.trim()).filter(Boolean);
    const key = set[1].toLowerCase() === 's' ? 'rule.subtract' : 'rule.allbut';
    return t(key, { list: list(numbers), n: numbers.length === 1 ? Number(numbers[0]) : 2 });
  }
  return null;
}
