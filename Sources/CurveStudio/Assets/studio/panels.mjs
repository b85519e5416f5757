// The side panel and the header: the verdict card, the fit settings, the points table (weighted
// and exact points), the milestones list, the tabs, the status line, the conflict banner and the
// panel of a file that did not load. Words come from words.mjs; edits go to the store.
import { exactPoints } from './core.mjs';
import { $, clear, html, setRoving } from './dom.mjs';
import { current, isDirty } from './store.mjs';
import { errorText, fieldInput, invalidCells, settingsWords, shortNumber, verdictView } from './words.mjs';

/** The panels of the page `ctx` (see app.mjs). */
export function createPanels(ctx) {
  function renderVerdict() {
    const doc = ctx.doc();
    const stats = $('stats');
    clear(stats);
    $('overlay-note').hidden = true;
    const view = verdictView(doc);
    if (!view) return;
    $('verdict').className = view.className;
    $('verdict').textContent = view.text;
    $('verdict-detail').textContent = view.detail;
    if (view.title) $('verdict-detail').title = view.title;
    $('summary').textContent = view.summary;
    for (const stat of view.stats) {
      const box = html('div', { title: stat.statistic });
      box.appendChild(html('dt', {}, stat.label));
      box.appendChild(html('dd', {}, stat.value));
      stats.appendChild(box);
    }
    if (view.overlay) {
      $('overlay-note').hidden = false;
      $('overlay-text').textContent = view.overlay;
    }
  }

  /** A value for an input, unless the designer is typing in it (`force`: the whole spec changed). */
  function setInput(input, value, force) {
    if (document.activeElement === input && !force) return;
    input.value = value === undefined || value === null ? '' : String(value);
  }

  function checkRadios(selector, value, key) {
    const buttons = document.querySelectorAll(selector);
    for (const button of buttons) button.setAttribute('aria-checked', String(button.dataset[key] === value));
    setRoving(buttons, (button) => button.dataset[key] === value);
  }

  /** The settings, the tables and the milestones list; `force`: even the focused field shows the spec. */
  function renderSettings(force) {
    const state = ctx.state();
    const doc = current(state);
    const spec = doc.spec;
    const words = settingsWords(doc);
    if (document.activeElement !== $('name') || force) $('name').value = spec.name || '';
    checkRadios('#policy button', spec.monotonic || 'require', 'policy');
    $('degree').value = String(spec.degree || 3);
    setInput($('min-slope'), spec.minSlope, force);
    setInput($('duration'), spec.duration !== undefined ? spec.duration : spec.durationDays, force);
    $('duration-label').textContent = words.duration;
    $('endpoints-field').hidden = !state.features.units;
    $('units-row').hidden = !state.features.units;
    checkRadios('#time-unit button', spec.timeUnit || 'normalized', 'unit');
    checkRadios('#level-unit button', spec.levelUnit || 'fraction', 'unit');
    $('endpoints').checked = spec.endpoints !== false;
    // The endpoints in the designer's words and units: full at the start, empty at the end.
    $('endpoints-text').textContent = words.endpoints;
    $('constraints').textContent = words.constraints;
    $('min-slope-label').textContent = words.minSlope;
    $('t-head').textContent = words.tHead;
    $('y-head').textContent = words.yHead;
    for (const id of ['min-slope', 'duration', 'degree', 'name']) $(id).classList.remove('invalid');
    const invalid = fieldInput(doc.error && doc.error.field);
    if (invalid) $(invalid).classList.add('invalid');
    renderTable(force);
    renderMilestoneList();
    $('add-milestone').hidden = !state.features.milestones;
  }

  function renderTable(force) {
    const state = ctx.state();
    const doc = current(state);
    const spec = doc.spec;
    const body = $('points');
    const points = spec.points || [];
    while (body.children.length > points.length) body.removeChild(body.lastChild);
    while (body.children.length < points.length) {
      const row = html('tr');
      row.appendChild(html('td'));
      for (const part of ['t', 'y', 'w']) {
        const cell = html('td');
        const input = html('input', { type: 'number', step: 'any', 'data-part': part });
        input.addEventListener('change', () => {
          const value = input.value.trim() === '' ? null : Number(input.value);
          ctx.edit({ type: 'setCell', index: Number(row.dataset.index), part, value });
        });
        input.addEventListener('focus', () => ctx.input.select(Number(row.dataset.index), false));
        cell.appendChild(input);
        row.appendChild(cell);
      }
      const exactCell = html('td');
      const exact = html('input', { type: 'checkbox', 'data-part': 'exact' });
      exact.addEventListener('change', () => toggleExact(Number(row.dataset.index)));
      // In a label: its box is the touch target (44 px on a phone), not the small checkbox.
      exactCell.appendChild(html('label', { class: 'box' })).appendChild(exact);
      row.appendChild(exactCell);
      const cell = html('td');
      const remove = html('button', { title: 'Delete this point' }, '×');
      remove.addEventListener('click', () => ctx.input.deletePoint(Number(row.dataset.index)));
      cell.appendChild(remove);
      row.appendChild(cell);
      body.appendChild(row);
    }
    const field = doc.error && doc.error.field;
    points.forEach((p, i) => {
      const row = body.children[i];
      row.dataset.index = String(i);
      row.classList.toggle('selected', i === state.selected);
      row.children[0].textContent = String(i + 1);
      const inputs = row.querySelectorAll('input');
      inputs[3].checked = false;
      inputs[3].setAttribute('aria-label', 'Point ' + (i + 1) + ' exact');
      inputs[3].title = 'Make point ' + (i + 1) + ' exact: the curve passes through it';
      inputs[0].setAttribute('aria-label', 'Point ' + (i + 1) + ' time');
      inputs[1].setAttribute('aria-label', 'Point ' + (i + 1) + ' level');
      inputs[2].setAttribute('aria-label', 'Point ' + (i + 1) + ' weight');
      setInput(inputs[0], shortNumber(p[0]), force);
      setInput(inputs[1], shortNumber(p[1]), force);
      setInput(inputs[2], spec.weights ? spec.weights[i] : '', force);
      inputs[2].placeholder = '1';
      invalidCells(field, i).forEach((invalid, k) => inputs[k].classList.toggle('invalid', invalid));
    });
    renderExactTable(doc);
  }

  /** The exact points' rows, under the weighted points: time and level editable, the toggle checked. */
  function renderExactTable(doc) {
    const body = $('exact-points');
    // A rebuild (an answer arriving) keeps the focus where it was: the same exact point's same field.
    const focused = document.activeElement;
    const row = focused && focused.closest ? focused.closest('#exact-points tr') : null;
    const keep = row ? [row.dataset.constraint, Array.from(row.querySelectorAll('input')).indexOf(focused)] : null;
    clear(body);
    const field = doc.error && doc.error.field;
    exactPoints(doc.spec).forEach((exact, k) => {
      const row = html('tr', { class: 'exact-row', 'data-constraint': String(exact.index) });
      row.appendChild(html('td', { title: 'Exact point' }, '◆'));
      for (const [part, value, label] of [['t', exact.t, 'time'], ['value', exact.value, 'level']]) {
        const cell = html('td');
        const input = html('input', { type: 'number', step: 'any', 'aria-label': 'Exact point ' + (k + 1) + ' ' + label });
        input.value = String(shortNumber(value));
        input.classList.toggle('invalid', field !== null && field !== undefined &&
          field.startsWith('constraints[' + exact.index + ']'));
        input.addEventListener('change', () => {
          const number = Number(input.value);
          if (input.value.trim() === '' || !isFinite(number)) return;
          ctx.edit({ type: 'setExact', doc: doc.index, index: exact.index, part, value: number });
        });
        cell.appendChild(input);
        row.appendChild(cell);
      }
      row.appendChild(html('td', { class: 'muted small' }, '—'));
      const toggleCell = html('td');
      const toggle = html('input', { type: 'checkbox', 'aria-label': 'Exact point ' + (k + 1) + ' exact',
        title: 'Make it a weighted point again' });
      toggle.checked = true;
      toggle.addEventListener('change', () => {
        const t = exact.t;
        if (!ctx.edit({ type: 'makeWeighted', index: exact.index }, true)) return;
        // Focus stays on the point toggled, now a weighted row (in time order).
        const at = (ctx.doc().spec.points || []).findIndex((p) => p[0] === t);
        const row = $('points').children[at];
        if (row) row.querySelector('[data-part=exact]').focus();
      });
      toggleCell.appendChild(html('label', { class: 'box' })).appendChild(toggle);
      row.appendChild(toggleCell);
      const removeCell = html('td');
      const remove = html('button', { title: 'Delete this exact point' }, '×');
      remove.addEventListener('click', () => ctx.edit({ type: 'deleteExact', doc: doc.index, index: exact.index }));
      removeCell.appendChild(remove);
      row.appendChild(removeCell);
      body.appendChild(row);
      if (keep && keep[0] === String(exact.index) && keep[1] >= 0) row.querySelectorAll('input')[keep[1]].focus();
    });
  }

  /** Makes point `index` exact (a value constraint the fit meets), or says why not. */
  function toggleExact(index) {
    if (!ctx.edit({ type: 'makeExact', index }, true)) {
      showStatus(ctx.doc());
      renderTable();
      return;
    }
    // Focus stays on the point toggled: it is now the last exact row, not the next point's box.
    const rows = $('exact-points').children;
    if (rows.length) rows[rows.length - 1].querySelector('input[type=checkbox]').focus();
  }

  function renderMilestoneList() {
    const state = ctx.state();
    const doc = current(state);
    const list = Array.isArray(doc.spec.milestones) ? doc.spec.milestones : [];
    $('milestones-card').hidden = !state.features.milestones && list.length === 0;
    const box = $('milestones');
    clear(box);
    if (!list.length) {
      box.appendChild(html('p', { class: 'muted small' }, 'None. + Milestone adds a guide the curve must meet.'));
    }
    list.forEach((ms, i) => {
      const row = html('div', { class: 'milestone-row' });
      const kind = html('select', { 'aria-label': 'Milestone ' + (i + 1) + ' kind' });
      kind.appendChild(html('option', { value: 'until' }, 'at least, until'));
      kind.appendChild(html('option', { value: 'from' }, 'at most, from'));
      kind.value = ms.until !== undefined ? 'until' : 'from';
      const level = html('input', { type: 'number', step: 'any', 'aria-label': 'Milestone ' + (i + 1) + ' level' });
      level.value = String(ms.atLeast !== undefined ? ms.atLeast : ms.atMost);
      const time = html('input', { type: 'number', step: 'any', 'aria-label': 'Milestone ' + (i + 1) + ' time' });
      time.value = String(ms.until !== undefined ? ms.until : ms.from);
      const remove = html('button', { title: 'Delete this milestone' }, '×');
      const update = () => ctx.edit({ type: 'replaceMilestone', doc: doc.index, index: i, kind: kind.value,
        level: Number(level.value), time: Number(time.value) });
      kind.addEventListener('change', update);
      level.addEventListener('change', update);
      time.addEventListener('change', update);
      remove.addEventListener('click', () => ctx.edit({ type: 'deleteMilestone', doc: doc.index, index: i }));
      for (const node of [kind, level, time, remove]) row.appendChild(node);
      box.appendChild(row);
    });
  }

  function renderTabs() {
    const state = ctx.state();
    const tabs = $('tabs');
    // Rebuilt on every change: the strip keeps its scroll (on a phone, the tab just picked stays in view).
    const scrolled = tabs.scrollLeft;
    clear(tabs);
    $('compare-toggle').hidden = state.docs.length < 2;
    state.docs.forEach((doc, i) => {
      const tab = html('button', { role: 'tab', 'aria-selected': String(i === state.active) }, doc.name);
      if (doc.unsaved) {
        tab.appendChild(html('span', { class: 'unsaved-tag', title: 'no file yet: Save asks for a name' }, 'unsaved'));
      } else if (isDirty(state, doc)) {
        tab.appendChild(html('span', { class: 'dirty', title: 'unsaved edits' }, '●'));
      }
      tab.addEventListener('click', () => ctx.documents.switchTo(i));
      tabs.appendChild(tab);
    });
    setRoving(tabs.children, (tab) => tab.getAttribute('aria-selected') === 'true');
    tabs.scrollLeft = scrolled;
    const doc = current(state);
    $('save').disabled = !doc || doc.scratch || !!doc.broken;
    $('save-as').disabled = !doc || doc.scratch || !!doc.broken;
    renderBroken();
    $('save').title = doc && doc.scratch ? 'Scratch pad: start curvekit design NAME.curve.json to save'
      : doc && doc.unsaved ? 'Save (Ctrl/⌘ S): asks for a file name' : 'Save (Ctrl/⌘ S)';
    $('undo').disabled = !doc || doc.past.length === 0;
    $('redo').disabled = !doc || doc.future.length === 0;
    document.title = (doc && isDirty(state, doc) ? '● ' : '') + (doc ? doc.name + ' — ' : '') + 'CurveKit Studio';
  }

  /** A document's status line ("Saved 10:37", "Reloaded", …): kept per tab, shown for the current one. */
  /** `cause`: what the message is about ('offline': the server did not answer), so it is cleared by state, not by its words. */
  function setStatus(text, tone, index, transient, cause) {
    ctx.dispatch({ type: 'status', doc: index, text, tone, transient, cause });
    const doc = ctx.doc();
    // Before any document (no session), the line still says it.
    if (!doc) showStatus({ status: { text, tone } });
    else if (index === undefined || doc.index === index) showStatus(doc);
  }

  function showStatus(doc) {
    const status = $('status');
    const shown = (doc && doc.status) || { text: '', tone: '' };
    status.textContent = shown.text;
    status.title = shown.text;
    status.className = 'status' + (shown.tone ? ' ' + shown.tone : '');
  }

  /** The conflict banner, shown while the store holds a conflict. */
  function renderBanner() {
    const conflict = ctx.state().conflict;
    $('banner').hidden = !conflict;
    if (conflict) $('banner-text').textContent = conflict.text;
  }

  /** Shows the error state of the current document, or hides it. */
  function renderBroken() {
    const state = ctx.state();
    const doc = current(state);
    const broken = doc && doc.broken;
    $('broken').hidden = !broken;
    if (!broken) return;
    $('broken-error').textContent = errorText({ status: 422, data: { error: broken.error, field: broken.field } });
    const area = $('broken-text');
    if (area.dataset.doc !== String(doc.index)) {
      area.value = broken.text === null ? '' : broken.text;
      area.dataset.doc = String(doc.index);
    }
    area.disabled = broken.text === null;
    $('broken-use').disabled = broken.text === null || !doc.etag;
    $('broken-reset').textContent = state.resetArmed === doc.index
      ? 'Click again to replace the file with a preset when you save' : 'Start over from a preset…';
  }

  return {
    renderVerdict, renderSettings, renderTable, renderTabs, renderBanner, renderBroken, setStatus, showStatus,
  };
}
