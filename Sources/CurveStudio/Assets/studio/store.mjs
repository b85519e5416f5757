// The studio page's state and its transitions: every change is an action, and `reduce(state,
// action)` returns the next state without touching the one it was given (nor the DOM, nor the
// network). Documents are named by the server's spec index (`doc.index`), never by identity, so
// an answer that arrives after an edit still finds its document. Unit-tested by store.test.mjs.
import {
  DEFAULT_KEY_ORDER, canonicalJSON, checkpoint, dropCheckpoint, makeExact, makeWeighted, redo, undo, unitScales,
} from './core.mjs';

/** The state before the session has answered. */
export function initialState() {
  return {
    docs: [], active: 0, presets: [], features: {}, keyOrder: DEFAULT_KEY_ORDER, selected: -1, compare: false,
    ready: false, conflict: null, resetArmed: null, exported: null,
  };
}

/** A document (a tab): its file, its spec, its undo history and the server's last answers. */
export function newDoc({ index, name, unsaved = false, scratch = false, loaded = false, spec = null }) {
  return {
    index, name, spec, etag: null, exists: false, baseline: null, past: [], future: [], fit: null, enforce: null,
    error: null, errorPoint: -1, loaded, scratch, unsaved, units: null, broken: null, saving: false, status: null,
    exactWeights: {}, fitAsked: null,
  };
}

/** A store: the current state and `dispatch`, which replaces it by `reduce(state, action)`. */
export function createStore(state = initialState()) {
  let now = state;
  return {
    getState: () => now,
    dispatch(action) { return (now = reduce(now, action)); },
  };
}

// MARK: - Reading the state

/** The document shown. */
export function current(state) { return state.docs[state.active]; }
/** The document with the server's spec index `index`, or undefined. */
export function docByIndex(state, index) { return state.docs.find((doc) => doc.index === index); }
/** The spec as canonical JSON, keys in the server's house order (see core.mjs). */
export function canon(state, spec) { return canonicalJSON(spec, state.keyOrder); }
/** True when the document has edits its file does not have. */
export function isDirty(state, doc) {
  return !doc.scratch && doc.loaded && (doc.unsaved || canon(state, doc.spec) !== doc.baseline);
}
/** The document's unit scales, as the server last said (load, fit and convert answers). */
export function unitsOf(doc) { return unitScales(doc && doc.units); }
/** The document's points in the plot's frame: t and level in [0, 1]. */
export function normPoints(doc) {
  const u = unitsOf(doc);
  return (doc.spec.points || []).map((p) => [p[0] / u.tScale, p[1] / u.yScale]);
}
/** `value` rounded to `decimals` decimals. */
export function roundTo(value, decimals) { return Math.round(value * Math.pow(10, decimals)) / Math.pow(10, decimals); }
/** A time of the plot's frame in the spec's time unit. */
export function specT(doc, t) { return roundTo(t * unitsOf(doc).tScale, 6); }
/** A level of the plot's frame in the spec's level unit. */
export function specY(doc, y) { return roundTo(y * unitsOf(doc).yScale, unitsOf(doc).percent ? 4 : 6); }
/** With the depletion endpoints (the default) times stay in the span and levels in 0…100 %. */
export function endpointsHold(spec) { return spec.endpoints !== false; }
/** The spec's minSlope (level units per time unit) as fraction per period, as the slope panel shows f′. */
export function normalizedMinSlope(doc) {
  const u = unitsOf(doc);
  return (doc.spec.minSlope || 0) * u.tScale / u.yScale;
}
/** The unit the duration field is in: the time unit, or days for normalized time (durationDays). */
export function durationUnit(spec) { return (spec.timeUnit || 'normalized') === 'normalized' ? 'days' : spec.timeUnit; }
/** A period for a spec that switches to a unit without one. */
export const DEFAULT_DURATIONS = { seconds: 60, minutes: 60, hours: 24, days: 7, weeks: 4 };
/** A milestone's level and time in the plot's frame. */
export function milestoneAt(doc, milestone) {
  const u = unitsOf(doc);
  return {
    level: (milestone.atLeast !== undefined ? milestone.atLeast : milestone.atMost) / u.yScale,
    time: (milestone.until !== undefined ? milestone.until : milestone.from) / u.tScale,
  };
}

/**
 * Whether the Export panel may offer `format` to copy: only code generated for the current tab's
 * current spec, after its fit answered and did not refuse it. `{ok, why}`: `why` says in words
 * what is missing (a file that did not load, a fit or the code still on its way, a refused curve).
 */
export function exportable(state, format) {
  const doc = current(state);
  const spec = doc && doc.loaded && !doc.broken ? canon(state, doc.spec) : null;
  const exported = state.exported;
  const why = !spec ? (doc && doc.broken ? 'the file did not load: fix it first' : 'the file is still loading')
    : doc.error ? 'the spec does not fit'
    : doc.fitAsked !== spec ? 'the curve is being fitted'
    : !exported || exported.doc !== doc.index || exported.asked !== spec ? 'the code is being generated'
    : !exported.ok[format] ? 'this curve does not ship in this format (see the comment)' : null;
  return { ok: why === null, why };
}

/** The spec a new file starts from: the first preset, named after the file. */
export function starter(presets, fileName) {
  const base = (fileName || 'curve').replace(/\.curve\.json$|\.json$/i, '').replace(/[-_]+/g, ' ').trim();
  const name = base ? base.replace(/\b\w/g, (ch) => ch.toUpperCase()) : 'New Curve';
  const preset = presets[0];
  const spec = preset ? clone(preset.spec) : { points: [[0.25, 0.8], [0.5, 0.57], [0.75, 0.31]], degree: 3 };
  spec.name = name;
  delete spec.description;
  return spec;
}

function clone(value) { return JSON.parse(JSON.stringify(value)); }
const clampTo = (value, lo, hi) => Math.min(hi, Math.max(lo, value));

// MARK: - Changing the state

/** The next state after `action` (an object with a `type`, below); `state` is left as it was. */
export function reduce(state, action) {
  const transition = ACTIONS[action.type];
  if (!transition) throw new Error('unknown action ' + action.type);
  return transition(state, action);
}

/** The state with document `key` (the current one when undefined) replaced by `change(doc)`. */
function withDoc(state, key, change) {
  const at = key === undefined ? state.active : state.docs.findIndex((doc) => doc.index === key);
  if (at < 0 || !state.docs[at]) return state;
  const doc = change(state.docs[at]);
  if (doc === state.docs[at]) return state;
  const docs = state.docs.slice();
  docs[at] = doc;
  return Object.assign({}, state, { docs });
}

/** A copy of `doc` with its history recorded before an edit (the spec as it is now). */
function checkpointed(state, doc) {
  const history = { past: doc.past.slice(), future: doc.future.slice() };
  checkpoint(history, canon(state, doc.spec));
  return Object.assign({}, doc, history);
}

/**
 * An edit of a document's spec: `edit(spec, doc)` changes a copy of the spec (and may return
 * changes to the state, such as the selection). Recorded for undo unless `action.checkpoint` is false.
 */
function editing(edit) {
  return (state, action) => {
    let extra = null;
    const next = withDoc(state, action.doc, (doc) => {
      const copy = Object.assign({}, action.checkpoint === false ? doc : checkpointed(state, doc), { spec: clone(doc.spec) });
      extra = edit(copy.spec, copy, action, state);
      if (copy.status && copy.status.transient) copy.status = null;  // a refusal is stale once an edit lands
      return extra === false ? doc : copy;
    });
    return extra && next !== state ? Object.assign({}, next, extra) : next;
  };
}

function placed(doc, tNorm, yNorm) {
  const inside = endpointsHold(doc.spec);
  const t = inside ? clampTo(tNorm, 0, 1) : tNorm;
  const y = inside ? clampTo(yNorm, 0, 1) : clampTo(yNorm, -1, 2);
  return [specT(doc, t), specY(doc, y)];
}

function setMilestoneIn(doc, spec, index, part, tNorm, yNorm) {
  const ms = spec.milestones[index];
  if (part === 'level') {
    const value = specY(doc, clampTo(yNorm, 0, 1));
    if (ms.atLeast !== undefined) ms.atLeast = value; else ms.atMost = value;
  } else {
    const value = specT(doc, clampTo(tNorm, 0, 1));
    if (ms.until !== undefined) ms.until = value; else ms.from = value;
  }
}

function historyStep(step) {
  return (state) => {
    let moved = false;
    const next = withDoc(state, undefined, (doc) => {
      const history = { past: doc.past.slice(), future: doc.future.slice() };
      const text = step(history, canon(state, doc.spec));
      if (text === null) return doc;
      moved = true;
      return Object.assign({}, doc, history, { spec: JSON.parse(text) });
    });
    if (!moved || step !== undo) return next;
    return Object.assign({}, next, { selected: Math.min(state.selected, current(next).spec.points.length - 1) });
  };
}

const ACTIONS = {
  // The session: presets, features, the key order and the documents it opened.
  session: (state, { presets, features, keyOrder, specs }) => Object.assign({}, state, {
    presets, features: features || {}, keyOrder: Array.isArray(keyOrder) ? keyOrder : state.keyOrder,
    docs: specs.map((s) => newDoc({ index: s.index, name: s.name, unsaved: !!s.unsaved })),
  }),
  addDoc: (state, { doc }) => Object.assign({}, state, { docs: state.docs.concat([doc]) }),
  activate: (state, { position }) => Object.assign({}, state, { active: position, selected: -1 }),
  ready: (state) => Object.assign({}, state, { ready: true }),
  select: (state, { index }) => Object.assign({}, state, { selected: index }),
  compare: (state, { on }) => Object.assign({}, state, { compare: !!on }),
  // `transient`: a refusal ("Preset not applied: …"), cleared by the next edit or `clearTransient`.
  // `cause` names what a transient message is about ('offline'), so `clearTransient` with that cause
  // clears only it: by state, never by matching its words.
  status: (state, { doc, text, tone, transient, cause }) => withDoc(state, doc, (d) => Object.assign({}, d,
    { status: transient ? Object.assign({ text, tone: tone || '', transient: true }, cause ? { cause } : {})
      : { text, tone: tone || '' } })),
  clearTransient: (state, { doc, cause }) => withDoc(state, doc, (d) => (d.status && d.status.transient &&
    (cause === undefined || d.status.cause === cause) ? Object.assign({}, d, { status: null }) : d)),
  saving: (state, { doc, on }) => withDoc(state, doc, (d) => Object.assign({}, d, { saving: !!on })),

  // The server's answer to GET /api/spec: the file, a file that did not load, or no file yet.
  loaded: (state, { doc, result }) => withDoc(state, doc, (d) => {
    const next = Object.assign({}, d, { broken: null, loaded: true });
    if (result.status === 200 && result.data.spec) {
      return Object.assign(next, { spec: result.data.spec, units: result.data.units || null, etag: result.data.etag,
        exists: true, baseline: canon(state, result.data.spec) });
    }
    if (result.status === 200 || result.status !== 404) {
      const invalid = (result.data && result.data.invalid) || {};
      const spec = Object.assign(starter(state.presets, d.name), { name: 'Placeholder' });
      return Object.assign(next, {
        broken: {
          error: invalid.error || (result.data && result.data.error) ||
            'the studio could not read the file (HTTP ' + result.status + ')',
          field: invalid.field || null,
          text: result.data && typeof result.data.text === 'string' ? result.data.text : null,
        },
        spec, etag: result.status === 200 ? result.data.etag : null, exists: true, baseline: canon(state, spec),
        status: { text: 'Not loaded: “' + d.name + '” is not a valid spec', tone: 'bad' },
      });
    }
    // No file yet: the server's blank curve (two points, in its units), named after the file.
    const blank = result.data && result.data.spec && typeof result.data.spec === 'object'
      ? Object.assign(clone(result.data.spec), { name: starter([], d.name).name }) : starter(state.presets, d.name);
    return Object.assign(next, { spec: blank, etag: null, exists: false, baseline: null,
      status: { text: 'New file: the first save creates ' + d.name, tone: '' } });
  }),

  // Edits: each one undoable.
  checkpoint: (state, { doc }) => withDoc(state, doc, (d) => checkpointed(state, d)),
  dropCheckpoint: (state, { doc }) => withDoc(state, doc, (d) => {
    const history = { past: d.past.slice(), future: d.future };
    dropCheckpoint(history);
    return Object.assign({}, d, history);
  }),
  undo: historyStep(undo),
  redo: historyStep(redo),
  movePoint: editing((spec, doc, { index, t, y }) => { spec.points[index] = placed(doc, t, y); }),
  moveExact: editing((spec, doc, { index, t, y }) => {
    const constraint = (spec.constraints || [])[index];
    if (!constraint) return false;
    [constraint.t, constraint.value] = placed(doc, t, y);
  }),
  addPoint: editing((spec, doc, { t, y }) => {
    const point = [specT(doc, t), specY(doc, y)];
    let index = spec.points.findIndex((p) => p[0] > point[0]);
    if (index < 0) index = spec.points.length;
    spec.points.splice(index, 0, point);
    if (spec.weights) spec.weights.splice(index, 0, 1);
    return { selected: index };
  }),
  deletePoint: editing((spec, doc, { index }) => {
    if (spec.points.length <= 1 || index < 0) return false;
    spec.points.splice(index, 1);
    if (spec.weights) spec.weights.splice(index, 1);
    return { selected: Math.min(index, spec.points.length - 1) };
  }),
  setField: editing((spec, doc, { key, value }) => {
    if (value === undefined) delete spec[key]; else spec[key] = value;
  }),
  // A table cell: time or level ('t', 'y'; ignored unless a number) or weight ('w'; empty is 1).
  setCell: editing((spec, doc, { index, part, value }) => {
    if (part === 'w') {
      if (value === null) {
        if (spec.weights) spec.weights[index] = 1;
      } else {
        if (!spec.weights) spec.weights = spec.points.map(() => 1);
        spec.weights[index] = value;
      }
      if (spec.weights && spec.weights.every((w) => w === 1)) delete spec.weights;
    } else if (value !== null && isFinite(value)) {
      spec.points[index][part === 't' ? 0 : 1] = value;
    }
  }),
  setExact: editing((spec, doc, { index, part, value }) => { spec.constraints[index][part] = value; }),
  deleteExact: editing((spec, doc, { index }) => {
    spec.constraints.splice(index, 1);
    if (!spec.constraints.length) delete spec.constraints;
  }),
  // Point `index` made exact (a value constraint), its weight remembered for the way back.
  makeExact: (state, action) => {
    const doc = action.doc === undefined ? current(state) : docByIndex(state, action.doc);
    const next = doc && makeExact(doc.spec, action.index);
    if (!next) {
      return ACTIONS.status(state, { doc: action.doc,
        text: 'A curve needs at least one weighted point; add another before making this one exact', tone: 'bad',
        transient: true });
    }
    const [t, value] = doc.spec.points[action.index];
    const weight = doc.spec.weights ? doc.spec.weights[action.index] : 1;
    const exactWeights = Object.assign({}, doc.exactWeights, { [t + ',' + value]: weight });
    const edited = editing((spec, d) => { d.spec = next; d.exactWeights = exactWeights; return { selected: -1 }; });
    return edited(state, action);
  },
  makeWeighted: editing((spec, doc, { index }) => {
    const constraint = (spec.constraints || [])[index];
    const remembered = constraint ? doc.exactWeights[constraint.t + ',' + constraint.value] : 1;
    const next = makeWeighted(spec, index, remembered === undefined ? 1 : remembered);
    if (!next) return false;
    doc.spec = next;
  }),
  setMilestone: editing((spec, doc, { index, part, t, y }) => { setMilestoneIn(doc, spec, index, part, t, y); }),
  nudgeMilestone: editing((spec, doc, { index, part, dt, dy }) => {
    const at = milestoneAt(doc, spec.milestones[index]);
    setMilestoneIn(doc, spec, index, part, at.time + dt, at.level + dy);
  }),
  addMilestone: editing((spec, doc) => {
    const u = unitsOf(doc);
    if (!Array.isArray(spec.milestones)) spec.milestones = [];
    spec.milestones.push({ until: roundTo(0.25 * u.tScale, 4), atLeast: roundTo(0.8 * u.yScale, 4) });
  }),
  deleteMilestone: editing((spec, doc, { index }) => { spec.milestones.splice(index, 1); }),
  replaceMilestone: editing((spec, doc, { index, kind, level, time }) => {
    spec.milestones[index] = kind === 'until' ? { until: time, atLeast: level } : { from: time, atMost: level };
  }),
  // The whole spec replaced (a conversion, a preset): one undoable step.
  replaceSpec: editing((spec, doc, { spec: next, units, deselect }) => {
    doc.spec = next;
    if (units !== undefined) doc.units = units;
    return deselect ? { selected: -1 } : undefined;
  }),

  // The server's answers about the curve.
  // `asked`: the spec fitted, as canonical JSON (what `exportable` compares with the spec shown).
  fitted: (state, { doc, result, asked }) => withDoc(state, doc, (d) => {
    const fitAsked = asked === undefined ? null : asked;
    if (result.status === 200) {
      return Object.assign({}, d, { fit: result.data, units: result.data.plot ? result.data.plot.units : d.units,
        error: null, errorPoint: -1, fitAsked });
    }
    const error = result.data || { error: 'HTTP ' + result.status };
    const match = /^points\[(\d+)\]/.exec(error.field || '');
    return Object.assign({}, d, { error, errorPoint: match ? Number(match[1]) : -1, fitAsked });
  }),
  // The Export panel's code ({text, ok, notes}) for document `doc`'s spec `asked` (canonical JSON).
  exported: (state, { doc, asked, code }) => Object.assign({}, state, { exported: Object.assign({ doc, asked }, code) }),
  // The enforce overlay for the spec that was `asked` (ignored when the spec changed meanwhile).
  enforced: (state, { doc, asked, result }) => withDoc(state, doc, (d) => {
    if (asked !== undefined && canon(state, d.spec) !== asked) return d;
    return Object.assign({}, d, { enforce: result && result.status === 200 ? result.data : null });
  }),
  compared: (state, { doc, result }) => withDoc(state, doc, (d) => {
    const fit = result.status === 200 ? result.data : null;
    return Object.assign({}, d, { fit, units: fit && fit.plot ? fit.plot.units : d.units });
  }),

  // The file: saves, reloads and conflicts.
  saved: (state, { doc, data, sent, name, status }) => {
    const next = withDoc(state, doc, (d) => Object.assign({}, d, {
      etag: data.etag, exists: true, baseline: canon(state, data.spec),
      spec: canon(state, d.spec) === sent ? data.spec : d.spec,
      unsaved: name === undefined ? d.unsaved : false, name: name === undefined ? d.name : name,
      status: status || d.status,
    }));
    return Object.assign({}, next, { conflict: null });
  },
  fixedSaved: (state, { doc, data }) => withDoc(state, doc, (d) => Object.assign({}, d, {
    broken: null, spec: data.spec, etag: data.etag, baseline: canon(state, data.spec),
    status: { text: 'Saved the fixed file', tone: 'good' },
  })),
  // A broken file replaced by a preset, on the second ask only.
  startOver: (state, { doc }) => {
    const d = docByIndex(state, doc);
    if (!d || !d.broken) return state;
    if (state.resetArmed !== doc) return Object.assign({}, state, { resetArmed: doc });
    const next = withDoc(state, doc, (x) => Object.assign({}, x, { broken: null, spec: starter(state.presets, x.name),
      baseline: null, status: { text: 'Started over from a preset: Save replaces “' + x.name + '”', tone: 'bad' } }));
    return Object.assign({}, next, { resetArmed: null });
  },
  reloaded: (state, { doc, data }) => {
    const next = withDoc(state, doc, (d) => Object.assign(checkpointed(state, d), {
      broken: null, spec: data.spec, units: data.units || d.units, etag: data.etag, exists: true,
      baseline: canon(state, data.spec), status: { text: 'Reloaded: the file changed on disk', tone: 'good' },
    }));
    return Object.assign({}, next, { conflict: null });
  },
  fileDeleted: (state, { doc }) => withDoc(state, doc, (d) => Object.assign({}, d, { exists: false, etag: null,
    baseline: null, status: { text: 'The file was deleted on disk; Save writes it again', tone: 'bad' } })),
  conflict: (state, { doc, text }) => {
    const d = docByIndex(state, doc);
    const next = withDoc(state, doc, (x) => Object.assign({}, x, {
      status: { text: 'Changed on disk: choose in the banner', tone: 'bad' } }));
    return Object.assign({}, next, { conflict: { doc, text: '“' + d.name + '” ' + text } });
  },
  resolved: (state) => Object.assign({}, state, { conflict: null }),
  // Keep my edits: the file's current ETag (or none), so that Save overwrites it.
  keptMine: (state, { doc, result }) => {
    const next = withDoc(state, doc, (d) => {
      const file = result.status === 200 ? { etag: result.data.etag, exists: true }
        : result.status === 404 ? { etag: null, exists: false } : {};
      return Object.assign({}, d, file, { baseline: null,
        status: { text: 'Keeping your edits: Save overwrites the file', tone: '' } });
    });
    return Object.assign({}, next, { conflict: null });
  },
};
