// The page: views, preferences, the set-up form, and the link that reproduces what is shown
// (view, game, parameters, position, misère play) in the URL's fragment.

import { getJSON } from './api.js';
import { $, $all } from './dom.js';
import { t, applyI18n, setLang, getLang, initialLang, onLangChange, errorText, formatNumber } from './i18n.js';
import {
  setCatalogue, gameNames, gameWith, hasFeature, formFields, rulesLine, setupOf, fieldsOf, checkSetup, heapsOf, titleOf, boardKind,
} from './games.js';
import { createPlay } from './play.js';
import { createGraph, drawBounds } from './graph.js';
import { renderParity } from './nim_table.js';
import { createOctal } from './octal.js';
import { createTable } from './table.js';
import { createMisere, misereMaxHeap } from './misere.js';
import { createSetupForm } from './setup_form.js';

const VIEWS = ['play', 'octal', 'table', 'misere'];
const MAX_GRAPH_IN_LINK = 2000; // characters of a typed graph kept in the link
const OCTAL_DEFAULT_MAX = 100000; // values, when none is asked for: a fraction of a second

const limits = { max_drawn: null, max_body: null };
let view = 'play';
let lastHash = '';

// --- preferences (kept in this browser) -------------------------------------------------------

function stored(key) {
  try {
    return localStorage.getItem(`grundy.${key}`);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(`grundy.${key}`, value);
  } catch {
    // private browsing: the preference lasts for this page only
  }
}

function togglePref(button, cls) {
  const on = stored(cls) === '1';
  const set = (value) => {
    document.documentElement.classList.toggle(cls, value);
    button.setAttribute('aria-pressed', String(value));
    store(cls, value ? '1' : '0');
  };
  set(on);
  button.addEventListener('click', () => set(button.getAttribute('aria-pressed') !== 'true'));
}

// --- the page's parts -----------------------------------------------------------------------

const form = $('#setup');
const field = (name) => form.elements.namedItem(name);
const gameSelect = $('#game-select'); // the set-up's choice of game; #game is the game itself

const play = createPlay(
  {
    section: $('#game'),
    heading: $('#game-heading'),
    turn: $('#turn'),
    outcomeLine: $('#outcome-line'),
    outcome: $('#outcome'),
    outcomeText: $('#outcome-text'),
    computerMove: $('#computer-move'),
    board: $('#board'),
    gameOver: $('#game-over'),
    hint: $('#hint'),
    undo: $('#undo'),
    hintResult: $('#hint-result'),
    error: $('#play-error'),
    movesHeading: $('#moves-heading'),
    movesLegend: $('#moves-legend'),
    moves: $('#moves'),
    movesMore: $('#moves-more'),
  },
  { onChange: () => afterPlayChange() }
);

const graph = createGraph({
  container: $('#graph-view'),
  onJump: (state, how) => play.jump(state, how),
  maxDrawn: () => limits.max_drawn,
  board: () => (play.state.setup ? boardKind(play.state.setup.game) : 'list'),
});

const octal = createOctal(
  {
    run: $('[data-testid="octal-run"]'),
    cancel: $('#octal-cancel'),
    progress: $('#octal-progress'),
    bar: $('#octal-progress-bar'),
    progressText: $('#octal-progress-text'),
    slow: $('#octal-slow'),
    slowList: $('#octal-slow-list'),
    error: $('#octal-error'),
    result: $('#octal-result'),
  },
  { onChange: () => writeHash(), limits }
);

const table = createTable(
  {
    run: $('[data-testid="table-run"]'),
    cancel: $('#table-cancel'),
    progress: $('#table-progress'),
    bar: $('#table-progress-bar'),
    progressText: $('#table-progress-text'),
    error: $('#table-error'),
    result: $('#table-result'),
  },
  {
    onChange: () => writeHash(),
    onPlay: (c, n) => {
      fillSetup(setupOf(gameWith('table'), { colors: String(c), tablets: String(n) }));
      startGame(null);
      setView('play');
      $('#game-heading').focus();
    },
  }
);

const misere = createMisere(
  {
    run: $('[data-testid="misere-run"]'),
    cancel: $('#misere-cancel'),
    progress: $('#misere-progress'),
    progressText: $('#misere-progress-text'),
    error: $('#misere-error'),
    result: $('#misere-result'),
  },
  {
    onChange: () => writeHash(),
    // A sum of heaps of the rule, in misère play, in the Play view.
    onPlay: (rule, heaps) => {
      const octalGame = gameWith('octal_codes');
      const game = octalGame && /^\d?\.[0-9a-f]+$/i.test(rule) ? octalGame : gameWith('heap_rules') || octalGame;
      const field = formFields(game).find((f) => f.role === 'position' && f.kind === 'text');
      const list = formFields(game).find((f) => f.role === 'position' && f.kind === 'whole_list');
      fillSetup(setupOf(game, { [field.name]: rule, [list.name]: heaps }));
      $('#misere').checked = true;
      play.state.misere = true;
      setView('play');
      startGame(null);
      $('#game-heading').focus();
    },
  }
);

function runMisere() {
  const code = $('#misere-code').value.trim();
  const max = misereMaxHeap($('#misere-max-heap').value, limits.max_quotient_heap);
  if (!code) misere.refuse({ key: 'octal.bad.code', vars: {} });
  else if (max === null) misere.refuse({ key: 'misere.bad.max', vars: { max: limits.max_quotient_heap || '' } });
  else misere.run(code, max);
}

$('#misere-form').addEventListener('submit', (event) => {
  event.preventDefault();
  runMisere();
});

function afterPlayChange() {
  const s = play.state;
  if (s.failed) {
    graph.clear('graph.failed');
    $('#parity-panel').hidden = true;
    writeHash();
    return;
  }
  const nim = hasFeature(s.setup.game, 'nim_sum');
  $('#parity-panel').hidden = !nim;
  if (nim && s.position) renderParity($('#parity'), heapsOf(s.position), s.misere);
  updateGraph();
  writeHash();
}

function updateGraph() {
  const panel = $('#graph-panel');
  if (!panel.open || !play.state.setup) return;
  const { params, body } = play.startParams();
  graph.update(params, body, play.state.position);
}

// --- the set-up form ----------------------------------------------------------------------------

const setupForm = createSetupForm({ form, gameSelect, box: $('#setup-fields'), fileField: $('#graph-file-field') });
const fillSetup = (setup) => setupForm.fill(setup);

/** The set-up as typed: an empty field stays empty, to be refused rather than replaced. */
function readSetup() {
  return setupOf(gameSelect.value, setupForm.read());
}

let setupMistake = null; // {key, vars}, worded again when the language changes

function setupError(mistake) {
  setupMistake = mistake || null;
  showSetupError();
}

function showSetupError() {
  const box = $('#setup-error');
  box.hidden = !setupMistake;
  box.textContent = setupMistake ? t(setupMistake.key, setupMistake.vars) : '';
}

/** A typed graph past the server's --max-body would be refused before it is read. */
function graphTooLarge(setup) {
  const body = formFields(setup.game).find((f) => f.role === 'body');
  return !!body && !!limits.max_body && new TextEncoder().encode(setup[body.name] || '').length > limits.max_body;
}

function startGame(position, options = {}) {
  const setup = readSetup();
  const mistake = checkSetup(setup) || (graphTooLarge(setup) ? { key: 'setup.bad.graph.size', vars: { max: limits.max_body } } : null);
  setupError(mistake);
  if (mistake) return false;
  $('#setup-summary').textContent = titleOf(setup);
  $('#rules').textContent = rulesLine(setup, $('#misere').checked);
  graph.reset();
  play.start(setup, position, options);
  return true;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (startGame(null)) $('#moves-heading').focus({ preventScroll: true });
});

gameSelect.addEventListener('change', () => {
  const game = gameSelect.value;
  fillSetup(setupOf(game, {}));
  startGame(null);
});

$('#misere').addEventListener('change', (event) => {
  play.setMisere(event.target.checked);
  if (play.state.setup) $('#rules').textContent = rulesLine(play.state.setup, event.target.checked);
  graphNote();
});

function opponentChanged() {
  const opponent = $('#opponent').value;
  $('#first').disabled = opponent === 'human';
  play.setOpponent(opponent, $('#first').value);
  writeHash();
}
$('#opponent').addEventListener('change', opponentChanged);
$('#first').addEventListener('change', opponentChanged);

$('#show-values').addEventListener('change', (event) => {
  play.setShowValues(event.target.checked);
  writeHash();
});

$('#graph-file').addEventListener('change', async (event) => {
  const file = event.target.files && event.target.files[0];
  if (!file) return;
  if (limits.max_body && file.size > limits.max_body) {
    setupError({ key: 'setup.bad.file.size', vars: { max: limits.max_body } });
    return;
  }
  const body = formFields(gameSelect.value).find((f) => f.role === 'body');
  if (body) field(body.name).value = await file.text();
});

$('#hint').addEventListener('click', () => play.hint());
$('#undo').addEventListener('click', () => play.undo());
$('#graph-panel').addEventListener('toggle', () => updateGraph());

// --- other views ----------------------------------------------------------------------------------

$('#octal-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const code = $('#octal-code').value.trim();
  if (!code) {
    octal.refuse({ key: 'octal.bad.code', vars: {} });
    return;
  }
  const max = octalMax();
  if (max === null) {
    octal.refuse({ key: 'octal.bad.max', vars: { max: formatNumber(limits.max_values || OCTAL_DEFAULT_MAX) } });
    return;
  }
  octal.run(code, max);
});

/** The octal explorer's "At most": empty for the default, else a whole number within the server's bound; null if not. */
function octalMax() {
  const text = $('#octal-max').value.trim();
  if (!text) return OCTAL_DEFAULT_MAX;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || (limits.max_values && n > limits.max_values)) return null;
  return n;
}

$('#table-form').addEventListener('submit', (event) => {
  event.preventDefault();
  runTable();
});

function setView(next, { push = false } = {}) {
  view = VIEWS.includes(next) ? next : 'play';
  for (const name of VIEWS) $(`#view-${name}`).hidden = name !== view;
  for (const tab of $all('.view-tab')) {
    if (tab.dataset.view === view) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  document.title = `${t(`nav.${view}`)} · grundy`;
  writeHash(push);
}

for (const tab of $all('.view-tab')) {
  tab.addEventListener('click', () => {
    setView(tab.dataset.view, { push: true });
    $('#main').focus();
  });
}

// --- the link -------------------------------------------------------------------------------

function hashParams() {
  const s = play.state;
  const p = new URLSearchParams();
  p.set('view', view);
  if (s.setup) {
    p.set('game', s.setup.game);
    for (const key of fieldsOf(s.setup.game)) {
      const value = s.setup[key];
      if (String(value).length > MAX_GRAPH_IN_LINK) continue;
      if (value === true) p.set(key, '1');
      else if (value !== false && value !== undefined) p.set(key, value);
    }
    if (s.position && (s.history.length || s.origin)) p.set('position', s.position);
    if (s.misere) p.set('misere', '1');
  }
  p.set('opponent', s.opponent);
  if (s.opponent === 'computer') p.set('first', s.first);
  if (s.showValues) p.set('values', '1');
  if (octal.last) p.set('octal', octal.last);
  if ($('#octal-max').value) p.set('octal_max', $('#octal-max').value);
  if (misere.last) {
    p.set('misere_code', misere.last.code);
    p.set('misere_heap', misere.last.maxHeap);
  }
  if (view === 'table') {
    p.set('table_colors', $('#table-colors').value);
    p.set('table_tablets', $('#table-tablets').value);
    if ($('#table-misere').checked) p.set('table_misere', '1');
  }
  return p;
}

function writeHash(push = false) {
  const hash = `#${hashParams().toString()}`;
  if (hash === lastHash) return;
  lastHash = hash;
  if (push) history.pushState(null, '', hash);
  else history.replaceState(null, '', hash);
}

const gameKey = (p) =>
  ['game', ...fieldsOf(p.get('game') || ''), 'position', 'misere', 'opponent', 'first'].map((k) => `${k}=${p.get(k) ?? ''}`).join('&');
const tableKey = (p) => ['table_colors', 'table_tablets', 'table_misere'].map((k) => p.get(k) ?? '').join('|');
let lastTable = null;

/** Shows what the link says; what is already shown (a game going on, a result) is kept. */
function restore() {
  if (!gameNames().length) return; // the list of games is not in yet: restore() runs once it is
  const p = new URLSearchParams(location.hash.slice(1));
  lastHash = location.hash;
  if (p.get('lang')) setLang(p.get('lang'));
  $('#show-values').checked = p.get('values') === '1';
  play.setShowValues($('#show-values').checked);
  if (!play.state.setup || gameKey(p) !== gameKey(hashParams())) restoreGame(p);
  $('#octal-code').value = p.get('octal') || $('#octal-code').value || '0.07';
  $('#octal-max').value = p.get('octal_max') || '';
  $('#table-colors').value = p.get('table_colors') || $('#table-colors').value || '1..3';
  $('#table-tablets').value = p.get('table_tablets') || $('#table-tablets').value || '1..3';
  $('#table-misere').checked = p.get('table_misere') === '1';
  $('#misere-code').value = p.get('misere_code') || $('#misere-code').value || '0.07';
  $('#misere-max-heap').value = p.get('misere_heap') || $('#misere-max-heap').value || '20';
  setView(p.get('view'));
  if (view === 'octal' && p.get('octal') && p.get('octal') !== octal.last) {
    const max = octalMax();
    if (max === null) octal.refuse({ key: 'octal.bad.max', vars: { max: formatNumber(limits.max_values || OCTAL_DEFAULT_MAX) } });
    else octal.run(p.get('octal'), max);
  }
  if (view === 'table' && p.get('table_colors') && tableKey(p) !== lastTable) runTable();
  const shownMisere = misere.last ? `${misere.last.code}|${misere.last.maxHeap}` : '';
  if (view === 'misere' && p.get('misere_code') && `${p.get('misere_code')}|${p.get('misere_heap')}` !== shownMisere) runMisere();
}

function runTable() {
  lastTable = [$('#table-colors').value, $('#table-tablets').value, $('#table-misere').checked ? '1' : ''].join('|');
  table.run($('#table-colors').value, $('#table-tablets').value, $('#table-misere').checked);
}

function restoreGame(p) {
  const names = gameNames();
  // Else the game the server offers a first visit, else its first game.
  const game = names.includes(p.get('game')) ? p.get('game') : gameWith('first') || names[0];
  const fields = {};
  for (const key of fieldsOf(game)) if (p.has(key)) fields[key] = p.get(key);
  fillSetup(setupOf(game, fields));
  $('#misere').checked = p.get('misere') === '1';
  $('#opponent').value = p.get('opponent') === 'human' ? 'human' : 'computer';
  $('#first').value = p.get('first') === 'you' ? 'you' : 'computer';
  $('#first').disabled = $('#opponent').value === 'human';
  play.state.misere = $('#misere').checked;
  play.state.opponent = $('#opponent').value;
  play.state.first = $('#first').value;
  startGame(p.get('position'), { yourMove: p.has('position') });
  graphNote();
}

window.addEventListener('hashchange', () => {
  if (location.hash !== lastHash) restore();
});
window.addEventListener('popstate', () => {
  if (location.hash !== lastHash) restore();
});

// --- start -----------------------------------------------------------------------------------------

function graphNote() {
  let limit = '';
  if (limits.max_drawn) {
    // The same bounds as the panel's: drawn at once, drawn when asked for, not drawn.
    const { readable, most } = drawBounds(limits.max_drawn);
    limit = ` ${readable < most ? t('graph.limit.asked', { n: readable, max: most }) : t('graph.limit', { n: most })}`;
  }
  const normal = play.state.misere ? ` ${t('graph.normal')}` : '';
  $('#graph-note').textContent = t('graph.note') + limit + normal;
}

function translate() {
  graphNote();
  showSetupError();
  applyI18n(document);
  document.documentElement.lang = getLang();
  $('#language').value = getLang();
  setupForm.translate();
  if (play.state.setup) {
    $('#setup-summary').textContent = titleOf(play.state.setup);
    $('#rules').textContent = rulesLine(play.state.setup, play.state.misere);
  }
  document.title = `${t(`nav.${view}`)} · grundy`;
  play.rerender();
  graph.rerender();
  octal.rerender();
  table.rerender();
  misere.rerender();
  if (play.state.setup && hasFeature(play.state.setup.game, 'nim_sum') && play.state.position) renderParity($('#parity'), heapsOf(play.state.position), play.state.misere);
}

setLang(initialLang(stored('lang')));
onLangChange(translate);
$('#language').addEventListener('change', (event) => {
  store('lang', event.target.value);
  setLang(event.target.value);
});
togglePref($('#large-type'), 'large');
togglePref($('#contrast'), 'contrast');
// On a phone the game comes first: the set-up folds into its one-line summary.
if (window.matchMedia('(max-width: 720px)').matches) $('#setup-panel').open = false;

// Every game fact (names, fields, limits, how a board is drawn) comes from the server's list.
getJSON('/api/games', {}, { cached: true })
  .then((data) => {
    Object.assign(limits, data.limits || {});
    setCatalogue(data.games);
    translate();
    restore();
  })
  .catch((error) => {
    translate();
    setupError({ key: 'setup.bad.games', vars: { error: errorText(error) } });
  });
