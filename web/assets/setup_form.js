// The set-up form's game menu and fields, made from the games' entries (/api/games): a field a
// part of what the game reads, labelled and explained in the page's words where the string
// files have them, else in the server's.

import { el, clear } from './dom.js';
import { gameNames, gameName, formFields, fieldLabel, fieldHelp, fieldsOf } from './games.js';

export function createSetupForm({ form, gameSelect, box, fileField }) {
  const field = (name) => form.elements.namedItem(name);
  let formGame = null; // the game whose fields the form shows

  /** The form's fields for a game; values typed are kept across languages. */
  function build(game) {
    const kept = formGame === game ? read() : null;
    clear(box);
    let bodyField = false;
    for (const f of formFields(game)) {
      const id = `field-${f.name}`;
      const help = fieldHelp(game, f);
      const helpId = help ? `${id}-help` : null;
      let input;
      if (f.kind === 'flag') {
        input = el('input', { id, name: f.name, type: 'checkbox', 'data-testid': id });
        box.append(el('label', { class: 'check' }, input, ' ', el('span', { text: fieldLabel(game, f) })));
        continue;
      }
      if (f.role === 'body') {
        bodyField = true;
        input = el('textarea', { id, name: f.name, rows: '6', spellcheck: 'false', 'data-testid': id, 'aria-describedby': helpId });
      } else {
        const numeric = f.kind === 'whole' || f.kind === 'whole_list';
        input = el('input', { id, name: f.name, type: 'text', autocomplete: 'off', spellcheck: 'false', inputmode: numeric ? 'numeric' : null, 'data-testid': id, 'aria-describedby': helpId });
      }
      const node = el('div', { class: 'field' }, el('label', { for: id, text: fieldLabel(game, f) }), input);
      if (help) node.append(el('small', { id: helpId, text: help }));
      box.append(node);
    }
    fileField.hidden = !bodyField;
    formGame = game;
    if (kept) write(kept);
  }

  /** The fields as typed, by name. */
  function read() {
    const fields = {};
    for (const key of fieldsOf(formGame)) {
      const input = field(key);
      if (input) fields[key] = input.type === 'checkbox' ? input.checked : input.value;
    }
    return fields;
  }

  function write(setup) {
    for (const key of fieldsOf(setup.game || formGame)) {
      const input = field(key);
      if (!input || setup[key] === undefined) continue;
      if (input.type === 'checkbox') input.checked = setup[key] === true;
      else input.value = setup[key];
    }
  }

  function fillGameList() {
    const chosen = gameSelect.value;
    clear(gameSelect);
    for (const name of gameNames()) gameSelect.append(el('option', { value: name, text: gameName(name) }));
    if (chosen) gameSelect.value = chosen;
  }

  return {
    /** Shows a set-up: its game chosen, its fields made and filled. */
    fill(setup) {
      gameSelect.value = setup.game;
      build(setup.game);
      write(setup);
    },
    read,
    /** Words the menu and the fields again in the current language. */
    translate() {
      fillGameList();
      if (formGame) build(formGame);
    },
  };
}
