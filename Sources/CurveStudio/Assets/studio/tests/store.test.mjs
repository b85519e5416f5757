// Unit tests of store.mjs: every action is a pure transition (the state given is never changed),
// edits are undoable, and the server's answers land on the document they name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_DURATIONS, canon, createStore, current, docByIndex, durationUnit, endpointsHold, exportable, initialState, isDirty,
  milestoneAt, newDoc, normalizedMinSlope, normPoints, reduce, roundTo, specT, specY, starter, unitsOf,
} from '../store.mjs';

const PRESETS = [{ id: 'linear', name: 'Linear', spec: { points: [[0.5, 0.5]], degree: 1, description: 'a line' } }];
const DAYS = { spec: { timeScale: 7, levelScale: 100 }, display: { timeUnit: 'days', duration: 7, percent: true } };

/** A state with two loaded documents (spec indices 3 and 5), the first current. */
function loaded(spec = { name: 'A', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3 }) {
  let state = reduce(initialState(), { type: 'session', presets: PRESETS, features: { units: true },
    specs: [{ index: 3, name: 'a.curve.json' }, { index: 5, name: 'b.curve.json', unsaved: true }] });
  state = reduce(state, { type: 'loaded', doc: 3, result: { status: 200, data: { spec, etag: '"e1"', units: null } } });
  return reduce(state, { type: 'activate', position: 0 });
}

/** Deep-freezes a value, so that any mutation by a transition throws. */
function frozen(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) frozen(value[key]);
  }
  return value;
}

test('the session makes one document per spec, unloaded, in order', () => {
  const state = reduce(initialState(), { type: 'session', presets: PRESETS, features: null, keyOrder: ['points', 'name'],
    specs: [{ index: 0, name: 'x.curve.json' }, { index: 1, name: 'y', unsaved: true }] });
  assert.deepEqual(state.docs.map((d) => [d.index, d.name, d.loaded, d.unsaved]), [[0, 'x.curve.json', false, false],
    [1, 'y', false, true]]);
  assert.deepEqual(state.features, {});
  assert.deepEqual(state.keyOrder, ['points', 'name']);
  assert.equal(canon(state, { name: 'n', points: [] }), '{"points":[],"name":"n"}');
});

test('no transition changes the state it is given', () => {
  const state = frozen(loaded());
  const actions = [
    { type: 'movePoint', index: 1, t: 0.4, y: 0.6 }, { type: 'addPoint', t: 0.9, y: 0.1 }, { type: 'deletePoint', index: 0 },
    { type: 'setField', key: 'degree', value: 2 }, { type: 'setCell', index: 0, part: 'w', value: 2 },
    { type: 'makeExact', index: 1 }, { type: 'addMilestone' }, { type: 'undo' }, { type: 'redo' },
    { type: 'fitted', doc: 3, result: { status: 422, data: { error: 'bad', field: 'points[2][1]' } } },
    { type: 'select', index: 2 }, { type: 'status', text: 'hi' }, { type: 'conflict', doc: 3, text: 'changed' },
  ];
  for (const action of actions) assert.doesNotThrow(() => reduce(state, action), action.type);
});

test('an edit is one undo step; undo and redo walk the history and keep the selection in range', () => {
  let state = loaded();
  state = reduce(state, { type: 'select', index: 2 });
  state = reduce(state, { type: 'deletePoint', index: 2 });
  assert.equal(current(state).spec.points.length, 2);
  assert.equal(state.selected, 1);
  assert.equal(current(state).past.length, 1);
  state = reduce(state, { type: 'select', index: 5 });
  state = reduce(state, { type: 'undo' });
  assert.equal(current(state).spec.points.length, 3);
  assert.equal(state.selected, 2, 'clamped to the last point');
  assert.equal(current(state).future.length, 1);
  state = reduce(state, { type: 'redo' });
  assert.equal(current(state).spec.points.length, 2);
  const same = reduce(state, { type: 'redo' });
  assert.equal(same, state, 'nothing to redo: the same state');
  const fresh = loaded();
  assert.equal(reduce(fresh, { type: 'undo' }), fresh, 'nothing to undo: the same state');
});

test('a drag checkpoints once and moves without checkpoints; an unmoved drag drops its checkpoint', () => {
  let state = reduce(loaded(), { type: 'checkpoint' });
  state = reduce(state, { type: 'movePoint', index: 0, t: 0.3, y: 0.7, checkpoint: false });
  state = reduce(state, { type: 'movePoint', index: 0, t: 0.35, y: 0.65, checkpoint: false });
  assert.equal(current(state).past.length, 1);
  assert.deepEqual(current(state).spec.points[0], [0.35, 0.65]);
  const dropped = reduce(reduce(loaded(), { type: 'checkpoint' }), { type: 'dropCheckpoint' });
  assert.equal(current(dropped).past.length, 0);
});

test('points stay in the span while the endpoints hold, and within [-1, 2] otherwise', () => {
  let state = reduce(loaded(), { type: 'movePoint', index: 0, t: 1.4, y: -0.3 });
  assert.deepEqual(current(state).spec.points[0], [1, 0]);
  state = reduce(state, { type: 'setField', key: 'endpoints', value: false });
  state = reduce(state, { type: 'movePoint', index: 0, t: 1.4, y: -3 });
  assert.deepEqual(current(state).spec.points[0], [1.4, -1]);
  assert.equal(endpointsHold(current(state).spec), false);
  state = reduce(state, { type: 'setField', key: 'endpoints', value: undefined });
  assert.equal('endpoints' in current(state).spec, false);
});

test('points and levels are written in the spec units the server named', () => {
  let state = reduce(loaded({ points: [[1.75, 80], [3.5, 50]], timeUnit: 'days', levelUnit: 'percent', duration: 7 }),
    { type: 'fitted', doc: 3, result: { status: 200, data: { plot: { units: DAYS } } } });
  const doc = current(state);
  assert.deepEqual(normPoints(doc), [[0.25, 0.8], [0.5, 0.5]]);
  assert.equal(specT(doc, 1 / 3), 2.333333);
  assert.equal(specY(doc, 1 / 3), 33.3333);
  state = reduce(state, { type: 'addPoint', t: 0.1, y: 0.95 });
  assert.deepEqual(current(state).spec.points[0], [0.7, 95]);
  assert.equal(state.selected, 0);
  assert.equal(unitsOf(doc).duration, 7);
  assert.equal(roundTo(1.23456, 2), 1.23);
});

test('the min slope is shown per period as a fraction', () => {
  const state = reduce(loaded({ points: [[1, 50]], minSlope: 2, timeUnit: 'days', levelUnit: 'percent', duration: 7 }),
    { type: 'fitted', doc: 3, result: { status: 200, data: { plot: { units: DAYS } } } });
  assert.equal(normalizedMinSlope(current(state)), 2 * 7 / 100);
});

test('a deleted point takes its weight along; the last point cannot go', () => {
  let state = reduce(loaded(), { type: 'setCell', index: 1, part: 'w', value: 3 });
  assert.deepEqual(current(state).spec.weights, [1, 3, 1]);
  state = reduce(state, { type: 'deletePoint', index: 0 });
  assert.deepEqual(current(state).spec.weights, [3, 1]);
  state = reduce(state, { type: 'setCell', index: 0, part: 'w', value: null });
  assert.equal(current(state).spec.weights, undefined, 'all ones: dropped');
  state = reduce(state, { type: 'setCell', index: 0, part: 't', value: 0.6 });
  state = reduce(state, { type: 'setCell', index: 0, part: 'y', value: NaN });
  assert.deepEqual(current(state).spec.points[0], [0.6, 0.5]);
  const single = loaded({ points: [[0.5, 0.5]] });
  assert.equal(reduce(single, { type: 'deletePoint', index: 0 }), single);
  assert.equal(reduce(loaded(), { type: 'deletePoint', index: -1 }).docs[0].past.length, 0);
});

test('a point made exact and back keeps its weight', () => {
  let state = reduce(loaded(), { type: 'setCell', index: 1, part: 'w', value: 4 });
  state = reduce(state, { type: 'select', index: 1 });
  state = reduce(state, { type: 'makeExact', index: 1 });
  assert.deepEqual(current(state).spec.constraints, [{ t: 0.5, value: 0.5 }]);
  assert.equal(current(state).spec.points.length, 2);
  assert.equal(state.selected, -1);
  state = reduce(state, { type: 'setExact', index: 0, part: 'value', value: 0.55 });
  state = reduce(state, { type: 'setExact', index: 0, part: 'value', value: 0.5 });
  state = reduce(state, { type: 'makeWeighted', index: 0 });
  assert.deepEqual(current(state).spec.points[1], [0.5, 0.5]);
  assert.deepEqual(current(state).spec.weights, [1, 4, 1]);
  assert.equal(current(state).spec.constraints, undefined);
  assert.equal(reduce(state, { type: 'makeWeighted', index: 4 }), state, 'no such constraint');
});

test('the only point cannot be made exact: the document says why and its spec stays', () => {
  const state = reduce(loaded({ points: [[0.5, 0.5]] }), { type: 'makeExact', index: 0 });
  assert.deepEqual(current(state).spec.points, [[0.5, 0.5]]);
  assert.equal(current(state).status.tone, 'bad');
  assert.match(current(state).status.text, /at least one weighted point/);
});

test('an exact point moves like a point, and can be deleted', () => {
  let state = reduce(loaded({ points: [[0.2, 0.9]], constraints: [{ t: 0.5, value: 0.5 }, { t: 1, slope: 0 }] }),
    { type: 'moveExact', index: 0, t: 0.6, y: 1.2 });
  assert.deepEqual(current(state).spec.constraints[0], { t: 0.6, value: 1 });
  assert.equal(reduce(state, { type: 'moveExact', index: 9, t: 0, y: 0 }), state);
  state = reduce(state, { type: 'deleteExact', index: 0 });
  state = reduce(state, { type: 'deleteExact', index: 0 });
  assert.equal(current(state).spec.constraints, undefined);
});

test('milestones: added in the spec units, moved by drag and keys within the period, replaced, deleted', () => {
  let state = reduce(loaded({ points: [[1.75, 80]], timeUnit: 'days', levelUnit: 'percent', duration: 7 }),
    { type: 'fitted', doc: 3, result: { status: 200, data: { plot: { units: DAYS } } } });
  state = reduce(state, { type: 'addMilestone' });
  assert.deepEqual(current(state).spec.milestones, [{ until: 1.75, atLeast: 80 }]);
  assert.deepEqual(milestoneAt(current(state), current(state).spec.milestones[0]), { level: 0.8, time: 0.25 });
  state = reduce(state, { type: 'setMilestone', index: 0, part: 'level', t: 0, y: 1.5, checkpoint: false });
  assert.equal(current(state).spec.milestones[0].atLeast, 100);
  state = reduce(state, { type: 'nudgeMilestone', index: 0, part: 'time', dt: 0.25, dy: 0 });
  assert.equal(current(state).spec.milestones[0].until, 3.5);
  state = reduce(state, { type: 'replaceMilestone', index: 0, kind: 'from', level: 20, time: 5 });
  assert.deepEqual(current(state).spec.milestones[0], { from: 5, atMost: 20 });
  state = reduce(state, { type: 'setMilestone', index: 0, part: 'level', t: 0, y: -1 });
  state = reduce(state, { type: 'setMilestone', index: 0, part: 'time', t: 0.5, y: 0 });
  assert.deepEqual(current(state).spec.milestones[0], { from: 3.5, atMost: 0 });
  state = reduce(state, { type: 'deleteMilestone', index: 0 });
  assert.deepEqual(current(state).spec.milestones, []);
});

test('a fit answer lands on its document; an error names the point it is about', () => {
  let state = loaded();
  state = reduce(state, { type: 'fitted', doc: 5, result: { status: 422, data: { error: 'no', field: 'points[2][1]' } } });
  assert.equal(docByIndex(state, 5).errorPoint, 2);
  assert.equal(docByIndex(state, 3).error, null);
  state = reduce(state, { type: 'fitted', doc: 5, result: { status: 500, data: null } });
  assert.deepEqual(docByIndex(state, 5).error, { error: 'HTTP 500' });
  assert.equal(docByIndex(state, 5).errorPoint, -1);
  state = reduce(state, { type: 'fitted', doc: 5, result: { status: 200, data: { plot: { units: DAYS } } } });
  assert.equal(docByIndex(state, 5).error, null);
  assert.equal(docByIndex(state, 5).units, DAYS);
  assert.equal(reduce(state, { type: 'fitted', doc: 42, result: { status: 200, data: {} } }), state, 'no such document');
});

test('the enforce overlay is dropped when the spec changed since it was asked', () => {
  const state = loaded();
  const asked = canon(state, current(state).spec);
  const answer = { status: 200, data: { rmse: 0.1 } };
  assert.equal(reduce(state, { type: 'enforced', doc: 3, asked, result: answer }).docs[0].enforce.rmse, 0.1);
  const edited = reduce(state, { type: 'setField', key: 'degree', value: 4 });
  assert.equal(reduce(edited, { type: 'enforced', doc: 3, asked, result: answer }), edited);
  assert.equal(reduce(state, { type: 'enforced', doc: 3, result: null }).docs[0].enforce, null);
  const compared = reduce(state, { type: 'compared', doc: 5, result: { status: 200, data: { plot: { units: DAYS } } } });
  assert.equal(docByIndex(compared, 5).units, DAYS);
  assert.equal(docByIndex(reduce(compared, { type: 'compared', doc: 5, result: { status: 422, data: {} } }), 5).fit, null);
});

test('loading: a file, a file that did not load (a placeholder, not dirty), and no file yet', () => {
  const state = loaded();
  assert.equal(isDirty(state, current(state)), false);
  assert.equal(current(state).exists, true);
  const broken = reduce(state, { type: 'loaded', doc: 5, result: { status: 200,
    data: { etag: '"b"', invalid: { error: 'points: expected an array', field: 'points' }, text: '{"points": 1}' } } });
  const b = docByIndex(broken, 5);
  assert.deepEqual(b.broken, { error: 'points: expected an array', field: 'points', text: '{"points": 1}' });
  assert.equal(b.spec.name, 'Placeholder');
  assert.equal(b.etag, '"b"');
  assert.equal(b.status.tone, 'bad');
  const unreadable = docByIndex(reduce(state, { type: 'loaded', doc: 5, result: { status: 500, data: null } }), 5);
  assert.match(unreadable.broken.error, /HTTP 500/);
  assert.equal(unreadable.broken.text, null);
  const fresh = docByIndex(reduce(state, { type: 'loaded', doc: 5, result: { status: 404, data: {} } }), 5);
  assert.equal(fresh.exists, false);
  assert.equal(fresh.spec.name, 'B');
  assert.equal(fresh.spec.description, undefined);
  assert.match(fresh.status.text, /first save creates b.curve.json/);
  assert.equal(isDirty(state, fresh), true, 'an unsaved tab is dirty');
  // The server's blank curve (two points in its units), named after the file.
  const blank = { name: 'Untitled', levelUnit: 'percent', points: [[0.25, 75], [0.75, 25]] };
  const named = docByIndex(reduce(state, { type: 'loaded', doc: 5, result: { status: 404, data: { spec: blank } } }), 5);
  assert.deepEqual(named.spec, { name: 'B', levelUnit: 'percent', points: [[0.25, 75], [0.75, 25]] });
  assert.equal(blank.name, 'Untitled', 'the answer is not changed');
});

test('the starter spec is the first preset, named after the file; a built-in line without presets', () => {
  assert.deepEqual(starter(PRESETS, 'weekly_habit.curve.json'), { points: [[0.5, 0.5]], degree: 1, name: 'Weekly Habit' });
  assert.equal(starter([], '').name, 'Curve');
  assert.equal(starter([], '.json').name, 'New Curve');
  assert.equal(starter([], null).points.length, 3);
});

test('saving: the file ETag and baseline taken; the spec replaced only when unedited meanwhile', () => {
  let state = reduce(loaded(), { type: 'conflict', doc: 3, text: 'changed on disk.' });
  assert.deepEqual(state.conflict, { doc: 3, text: '“a.curve.json” changed on disk.' });
  const sent = canon(state, current(state).spec);
  const written = Object.assign({}, current(state).spec, { degree: 3 });
  const saved = reduce(state, { type: 'saved', doc: 3, data: { etag: '"e2"', spec: written }, sent,
    status: { text: 'Saved', tone: 'good' } });
  assert.equal(current(saved).etag, '"e2"');
  assert.equal(current(saved).spec, written);
  assert.equal(saved.conflict, null);
  assert.equal(isDirty(saved, current(saved)), false);
  const edited = reduce(state, { type: 'setField', key: 'degree', value: 5 });
  const kept = reduce(edited, { type: 'saved', doc: 3, data: { etag: '"e2"', spec: written }, sent });
  assert.equal(current(kept).spec.degree, 5);
  assert.equal(isDirty(kept, current(kept)), true);
  const opened = reduce(state, { type: 'loaded', doc: 5, result: { status: 404, data: null } });
  const named = reduce(opened, { type: 'saved', doc: 5, data: { etag: '"n"', spec: written }, sent: 'x', name: 'n.curve.json' });
  assert.equal(docByIndex(named, 5).unsaved, false);
  assert.equal(docByIndex(named, 5).name, 'n.curve.json');
  assert.equal(reduce(state, { type: 'saving', doc: 3, on: true }).docs[0].saving, true);
});

test('a broken file: fixed text saved, or replaced by a preset on the second ask only', () => {
  const state = reduce(loaded(), { type: 'loaded', doc: 3, result: { status: 200, data: { etag: '"b"', invalid: {} } } });
  const fixed = reduce(state, { type: 'fixedSaved', doc: 3, data: { etag: '"c"', spec: { points: [[0.5, 0.4]] } } });
  assert.equal(current(fixed).broken, null);
  assert.equal(isDirty(fixed, current(fixed)), false);
  const armed = reduce(state, { type: 'startOver', doc: 3 });
  assert.equal(armed.resetArmed, 3);
  assert.ok(current(armed).broken, 'still broken after one ask');
  const reset = reduce(armed, { type: 'startOver', doc: 3 });
  assert.equal(reset.resetArmed, null);
  assert.equal(current(reset).broken, null);
  assert.equal(current(reset).baseline, null, 'Save may now replace the file');
  assert.equal(reduce(loaded(), { type: 'startOver', doc: 3 }).resetArmed, null, 'only a broken file starts over');
});

test('the file on disk: reloaded as an undoable step, deleted, or kept over', () => {
  const state = reduce(loaded(), { type: 'conflict', doc: 3, text: 'x' });
  const reloaded = reduce(state, { type: 'reloaded', doc: 3, data: { etag: '"e9"', spec: { points: [[0.5, 0.1]] } } });
  assert.equal(current(reloaded).past.length, 1);
  assert.equal(reloaded.conflict, null);
  assert.equal(current(reloaded).units, null);
  const undone = reduce(reloaded, { type: 'undo' });
  assert.equal(current(undone).spec.points.length, 3);
  const deleted = reduce(state, { type: 'fileDeleted', doc: 3 });
  assert.equal(current(deleted).exists, false);
  assert.equal(current(deleted).etag, null);
  const mine = reduce(state, { type: 'keptMine', doc: 3, result: { status: 200, data: { etag: '"e7"' } } });
  assert.equal(current(mine).etag, '"e7"');
  assert.equal(current(mine).baseline, null);
  assert.equal(isDirty(mine, current(mine)), true);
  const gone = reduce(state, { type: 'keptMine', doc: 3, result: { status: 404, data: null } });
  assert.equal(current(gone).exists, false);
  const unknown = reduce(state, { type: 'keptMine', doc: 3, result: { status: 500, data: null } });
  assert.equal(current(unknown).etag, '"e1"');
  assert.equal(reduce(state, { type: 'resolved' }).conflict, null);
});

test('a replaced spec is one undo step and may deselect', () => {
  let state = reduce(loaded(), { type: 'select', index: 1 });
  state = reduce(state, { type: 'replaceSpec', spec: { points: [[2, 40]] }, units: DAYS, deselect: true });
  assert.equal(state.selected, -1);
  assert.equal(current(state).units, DAYS);
  state = reduce(state, { type: 'replaceSpec', spec: { points: [[3, 40]] } });
  assert.equal(current(state).units, DAYS, 'units kept when not given');
  assert.equal(current(state).past.length, 2);
});

test('the store replaces its state by each transition', () => {
  const store = createStore();
  store.dispatch({ type: 'ready' });
  store.dispatch({ type: 'compare', on: 1 });
  store.dispatch({ type: 'addDoc', doc: newDoc({ index: 7, name: 'n' }) });
  assert.equal(store.getState().ready, true);
  assert.equal(store.getState().compare, true);
  assert.equal(store.getState().docs[0].index, 7);
  assert.throws(() => store.dispatch({ type: 'nonsense' }), /unknown action nonsense/);
});

test('the duration field speaks days for normalized time; typical periods exist for every unit', () => {
  assert.equal(durationUnit({}), 'days');
  assert.equal(durationUnit({ timeUnit: 'hours' }), 'hours');
  for (const unit of ['seconds', 'minutes', 'hours', 'days', 'weeks']) assert.ok(DEFAULT_DURATIONS[unit] > 0, unit);
});

test('exportable: Copy only for code generated from the current tab\'s current, fitted spec', () => {
  const CODE = { text: { swift: '// s', css: 'c' }, ok: { swift: true, css: false }, notes: [] };
  let state = loaded();
  const asked = canon(state, current(state).spec);
  assert.deepEqual(exportable(state, 'swift'), { ok: false, why: 'the curve is being fitted' });
  state = reduce(state, { type: 'fitted', doc: 3, asked, result: { status: 200, data: { coefficients: [1] } } });
  assert.equal(exportable(state, 'swift').why, 'the code is being generated');
  state = reduce(state, { type: 'exported', doc: 3, asked, code: CODE });
  assert.deepEqual(exportable(state, 'swift'), { ok: true, why: null });
  assert.equal(exportable(state, 'css').ok, false, 'a format that does not ship');
  assert.match(exportable(state, 'css').why, /does not ship/);
  // An edit: the code is for the spec before it, and the fit is in flight.
  const edited = reduce(state, { type: 'movePoint', index: 1, t: 0.45, y: 0.55 });
  assert.equal(exportable(edited, 'swift').why, 'the curve is being fitted');
  const refit = reduce(edited, { type: 'fitted', doc: 3, asked: canon(edited, current(edited).spec),
    result: { status: 200, data: { coefficients: [1] } } });
  assert.equal(exportable(refit, 'swift').why, 'the code is being generated', 'the old code is stale');
  // A refused curve: nothing ships even with code for it.
  const refused = reduce(state, { type: 'fitted', doc: 3, asked, result: { status: 422, data: { error: 'no' } } });
  assert.equal(exportable(refused, 'swift').why, 'the spec does not fit');
  // Another tab: the code is the previous tab's.
  const other = reduce(reduce(state, { type: 'loaded', doc: 5, result: { status: 200,
    data: { spec: current(state).spec, etag: '"e"', units: null } } }), { type: 'activate', position: 1 });
  const otherAsked = canon(other, current(other).spec);
  const fittedOther = reduce(other, { type: 'fitted', doc: 5, asked: otherAsked, result: { status: 200, data: {} } });
  assert.equal(otherAsked, asked, 'the same spec text in both tabs');
  assert.equal(exportable(fittedOther, 'swift').why, 'the code is being generated', 'code of tab 3 is not tab 5\'s');
  // A file that did not load, or not loaded yet.
  const broken = reduce(state, { type: 'loaded', doc: 3, result: { status: 200, data: { etag: '"x"', invalid: { error: 'bad' } } } });
  assert.deepEqual(exportable(broken, 'swift'), { ok: false, why: 'the file did not load: fix it first' });
  const unloaded = reduce(state, { type: 'activate', position: 1 });
  assert.equal(exportable(unloaded, 'swift').why, 'the file is still loading');
  assert.equal(exportable(initialState(), 'swift').ok, false, 'no document');
});

test('a refusal is said until the next edit; other statuses stay', () => {
  let state = reduce(loaded(), { type: 'status', text: 'Preset not applied: no', tone: 'bad', transient: true });
  assert.deepEqual(current(state).status, { text: 'Preset not applied: no', tone: 'bad', transient: true });
  const edited = reduce(state, { type: 'setField', key: 'degree', value: 2 });
  assert.equal(current(edited).status, null);
  assert.equal(current(reduce(state, { type: 'clearTransient' })).status, null);
  state = reduce(loaded(), { type: 'status', text: 'Saved 10:00', tone: 'good' });
  assert.deepEqual(current(reduce(state, { type: 'setField', key: 'degree', value: 2 })).status,
    { text: 'Saved 10:00', tone: 'good' });
  assert.equal(reduce(state, { type: 'clearTransient' }), state, 'nothing to clear: the same state');
  // The refusal of makeExact is one.
  const one = reduce(loaded({ name: 'A', points: [[0.5, 0.5]], degree: 1 }), { type: 'makeExact', index: 0 });
  assert.equal(current(one).status.transient, true);
});

test('a transient message is cleared by its cause, never by its words', () => {
  const state = loaded();
  const offline = reduce(state, { type: 'status', doc: 3, text: 'The studio server is not answering', tone: 'bad',
    transient: true, cause: 'offline' });
  assert.deepEqual(current(offline).status, { text: 'The studio server is not answering', tone: 'bad', transient: true,
    cause: 'offline' });
  assert.equal(current(reduce(offline, { type: 'clearTransient', doc: 3, cause: 'offline' })).status, null);
  // A refusal that merely mentions the words stays until an edit or a plain clear.
  const refusal = reduce(state, { type: 'status', doc: 3, text: 'Link not opened: the host is not answering',
    tone: 'bad', transient: true });
  assert.equal(current(reduce(refusal, { type: 'clearTransient', doc: 3, cause: 'offline' })).status.text,
    'Link not opened: the host is not answering');
  assert.equal(current(reduce(refusal, { type: 'clearTransient', doc: 3 })).status, null);
});
