// The page: views, preferences, the set-up form, and the link that reproduces what is shown
// (view, game, parameters, position, misère play) in the URL's fragment.

import { getJSON } from './api.js';
import { $, $all, show } from './dom.js';
import { t, applyI18n, setLang, getLang, initialLang, onLangChange } from './i18n.js';
import { DEFAULTS, GAME_NAMES, setupOf, fieldsOf, checkSetup, heapsOf, titleOf } from './games.js';
import { createPlay } from './play.js';
import { createGraph, drawBounds } from './graph.js';
import { renderParity } from './nim_table.js';
import { createOctal } from './octal.js';
import { createTable } from './table.js';

const VIEWS = ['play', 'octal', 'table'];
const SETUP_KEYS = ['colors', 'tablets', 'k', 'code', 'rule', 'heaps', 'graph', 'start', 'undirected'];
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

const graph = createGraph({ container: $('#graph-view'), onJump: (state) => play.jump(state), maxDrawn: () => limits.max_drawn });

const octal = createOctal(
  {
    run: $('[data-testid="octal-run"]'),
    cancel: $('#octal-cancel'),
    progress: $('#octal-progress'),
    bar: $('#octal-progress-bar'),
    progressText: $('#octal-progress-text'),
    error: $('#octal-error'),
    result: $('#octal-result'),
  },
  { onChange: () => writeHash() }
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
      fillSetup(setupOf('tablettes', { colors: String(c), tablets: String(n) }));
      startGame(null);
      setView('play');
      $('#game-heading').focus();
    },
  }
);

function afterPlayChange() {
  const s = play.state;
  const nim = s.setup.game === 'nim';
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

function showFields(game) {
  for (const node of $all('[data-games]', form)) show(node, node.dataset.games.split(' ').includes(game));
  $('#heaps-label').textContent = t(game === 'wythoff' ? 'setup.piles' : 'setup.heaps');
}

function fillSetup(setup) {
  gameSelect.value = setup.game;
  for (const key of SETUP_KEYS) {
    const input = field(key);
    if (!input) continue;
    const value = setup[key] !== undefined ? setup[key] : DEFAULTS[setup.game][key];
    if (input.type === 'checkbox') input.checked = value === true;
    else if (value !== undefined) input.value = value;
  }
  showFields(setup.game);
}

function readSetup() {
  const game = gameSelect.value;
  const fields = {};
  for (const key of fieldsOf(game)) {
    const input = field(key);
    fields[key] = input.type === 'checkbox' ? input.checked : input.value.trim();
  }
  return setupOf(game, fields);
}

let setupMistake = null; // {key, vars}, worded again when the language changes

function setupError(key, vars = {}) {
  setupMistake = key ? { key, vars } : null;
  showSetupError();
}

function showSetupError() {
  const box = $('#setup-error');
  box.hidden = !setupMistake;
  box.textContent = setupMistake ? t(setupMistake.key, setupMistake.vars) : '';
}

/** A typed graph past the server's --max-body would be refused before it is read. */
function graphTooLarge(setup) {
  return setup.game === 'digraph' && !!limits.max_body && new TextEncoder().encode(setup.graph).length > limits.max_body;
}

function startGame(position, options = {}) {
  const setup = readSetup();
  const mistake = checkSetup(setup) || (graphTooLarge(setup) ? 'setup.bad.graph.size' : null);
  setupError(mistake, { max: limits.max_body });
  if (mistake) return false;
  $('#setup-summary').textContent = titleOf(setup, t);
  $('#rules').textContent = t(`rules.${setup.game}`);
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
    setupError('setup.bad.file.size', { max: limits.max_body });
    return;
  }
  field('graph').value = await file.text();
});

$('#hint').addEventListener('click', () => play.hint());
$('#undo').addEventListener('click', () => play.undo());
$('#graph-panel').addEventListener('toggle', () => updateGraph());

// --- other views ----------------------------------------------------------------------------------

$('#octal-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const code = $('#octal-code').value.trim();
  if (!code) return;
  octal.run(code, Number($('#octal-max').value) || OCTAL_DEFAULT_MAX);
});

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
      if (key === 'graph' && String(value).length > MAX_GRAPH_IN_LINK) continue;
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

const GAME_KEYS = ['game', ...SETUP_KEYS, 'position', 'misere', 'opponent', 'first'];
const gameKey = (p) => GAME_KEYS.map((k) => `${k}=${p.get(k) ?? ''}`).join('&');
const tableKey = (p) => ['table_colors', 'table_tablets', 'table_misere'].map((k) => p.get(k) ?? '').join('|');
let lastTable = null;

/** Shows what the link says; what is already shown (a game going on, a result) is kept. */
function restore() {
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
  setView(p.get('view'));
  if (view === 'octal' && p.get('octal') && p.get('octal') !== octal.last) octal.run(p.get('octal'), Number(p.get('octal_max')) || OCTAL_DEFAULT_MAX);
  if (view === 'table' && p.get('table_colors') && tableKey(p) !== lastTable) runTable();
}

function runTable() {
  lastTable = [$('#table-colors').value, $('#table-tablets').value, $('#table-misere').checked ? '1' : ''].join('|');
  table.run($('#table-colors').value, $('#table-tablets').value, $('#table-misere').checked);
}

function restoreGame(p) {
  const game = GAME_NAMES.includes(p.get('game')) ? p.get('game') : 'tablettes';
  const fields = {};
  for (const key of SETUP_KEYS) if (p.has(key)) fields[key] = key === 'undirected' ? p.get(key) === '1' : p.get(key);
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
  const misere = play.state.misere ? ` ${t('graph.normal')}` : '';
  $('#graph-note').textContent = t('graph.note') + limit + misere;
}

function translate() {
  graphNote();
  showSetupError();
  applyI18n(document);
  document.documentElement.lang = getLang();
  $('#language').value = getLang();
  showFields(gameSelect.value);
  if (play.state.setup) {
    $('#setup-summary').textContent = titleOf(play.state.setup, t);
    $('#rules').textContent = t(`rules.${play.state.setup.game}`);
  }
  document.title = `${t(`nav.${view}`)} · grundy`;
  play.rerender();
  graph.rerender();
  octal.rerender();
  table.rerender();
  if (play.state.setup?.game === 'nim' && play.state.position) renderParity($('#parity'), heapsOf(play.state.position), play.state.misere);
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
translate();
restore();

getJSON('/api/games', {}, { cached: true })
  .then((data) => {
    Object.assign(limits, data.limits || {});
    if (limits.max_values) $('#octal-max').max = limits.max_values;
    graphNote();
  })
  .catch(() => {
    // the limits only refine messages; the page works without them
  });
