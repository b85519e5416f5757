// What the page says: numbers as text, times and levels in the designer's units, and the
// verdict card's words, all from a document and the server's answers to it (no DOM, no curve
// math). Unit-tested by words.test.mjs.
import { percentageAt, slopeUnits, valueAt } from './core.mjs';
import { durationUnit, unitsOf } from './store.mjs';

/** `value` to `digits` significant digits (4 by default), trailing zeros dropped; — when not a number. */
export function fmt(value, digits) {
  if (value === null || value === undefined || !isFinite(value)) return '—';
  const d = digits === undefined ? 4 : digits;
  return String(Number(Number(value).toPrecision(d)));
}
/** `value` rounded to `decimals` decimals; — when not a number. */
export function fixed(value, decimals) {
  return isFinite(value) ? (Math.round(value * Math.pow(10, decimals)) / Math.pow(10, decimals)).toString() : '—';
}
/** A level difference in percentage points, readable at any size. */
export function percentPoints(value) {
  if (!isFinite(value)) return '—';
  const v = value * 100;
  if (v !== 0 && Math.abs(v) < 0.001) return v.toExponential(1);
  return fixed(v, 3);
}
/** A value for an input: six significant digits (the spec keeps every digit until edited). */
export function shortNumber(value) { return typeof value === 'number' ? String(Number(value.toPrecision(6))) : value; }

/** A time of the plot's frame in the designer's unit: `day 3.5`, or `t 0.5` without a duration. */
export function timeLabel(doc, t) {
  const u = unitsOf(doc);
  return u.duration ? u.unit + ' ' + fmt(t * u.duration, 3) : 't ' + fmt(t, 3);
}
/** A level (plot frame 0…1) in the spec's own level unit: `80 %` for percent specs, `0.8` for fractions. */
export function levelLabel(doc, y) {
  return unitsOf(doc).percent ? fixed(y * 100, 1) + ' %' : fmt(y, 3);
}
/**
 * A level difference (a miss, an RMSE) in the spec's level unit: percentage points for percent
 * specs (`pp`, or in words with `long`), a plain fraction for fraction specs.
 */
export function levelGap(doc, value, long) {
  if (!unitsOf(doc).percent) return fmt(value, 3);
  // Tiles are narrow: three significant digits there; the sentences keep percentPoints' form.
  return long ? percentPoints(value) + ' percentage points' : fmt(value * 100, 3) + ' pp';
}

/** The level of the drawn (server's) curve at t; NaN without an answer. */
export function curveLevel(answer, t) { return answer && answer.plot ? valueAt(answer.plot.curve, t) : NaN; }

/**
 * The verdict card of a document: the verdict's class and text, its detail (and hover title),
 * the summary, the statistic tiles, and the enforce overlay's note (null when hidden). Null
 * before the first answer.
 */
export function verdictView(doc) {
  if (doc.broken) {
    // The curve behind the error panel is a stand-in, not the file: say so, and judge nothing.
    return { className: 'verdict error', text: '⚠ Placeholder: “' + doc.name + '” did not load',
      detail: 'The curve shown is a preset standing in for your file; fix the file\'s text beside it, ' +
        'or start over from a preset.', title: '', summary: '', stats: [], overlay: null };
  }
  if (doc.error) {
    return { className: 'verdict error', text: '⚠ Cannot fit',
      detail: errorText({ status: 422, data: doc.error }), title: '', summary: '',
      stats: [], overlay: null };
  }
  const fit = doc.fit;
  if (!fit) return null;
  const mono = fit.monotonic;
  const spec = doc.spec;
  const u = unitsOf(doc);
  const view = {};
  if (mono.decreasing) {
    view.className = 'verdict good';
    view.text = '✓ Never rises' + (mono.policy === 'enforce' && !mono.wasAlreadyMonotone ? ' (enforced)' : '');
  } else {
    // Swift's bands (fit --json "slopeBands"): the rising ones always hold the exact witness.
    const rising = fit.coefficients && fit.slopeBands ? fit.slopeBands.rising : [];
    const scale = u.duration || 1;
    const where = rising.map(([a, b]) => fmt(a * scale, 3) + '–' + fmt(b * scale, 3)).join(', ');
    view.className = 'verdict bad';
    view.text = '✗ Rises' + (where ? ': ' + (u.duration ? u.units + ' ' : 't ') + where : '');
  }
  // Words in the designer's units first; the exact witness and the statistics on hover.
  const witness = fit.monotonicity && fit.monotonicity.witness;
  const slopeWords = slopeUnits(u);
  view.detail = witness
    ? 'Proven: the level goes up by ' + fmt(witness.slope * slopeWords.scale, 3) + ' ' + slopeWords.label +
      ' at ' + timeLabel(doc, witness.t)
    : mono.decreasing ? 'Proven by an exact check on the whole period' : 'Exact verdict: ' + mono.verdict;
  view.title = witness ? 'Exact witness: ' + witness.text + ' > 0' : 'Exact verdict: ' + mono.verdict;
  if (mono.policy === 'ignore') view.detail += ' · rising allowed (monotonic: ignore)';
  if (mono.policy === 'enforce' && mono.wasAlreadyMonotone === false && mono.active) {
    view.detail += ' · made to never rise: held flat where it would go up, missing your points by ' +
      levelGap(doc, mono.rmseRise, true) + ' more';
    view.title += ' · active constraints: ' + mono.active.join(', ') + ' · RMSE +' + fmt(mono.rmseRise, 3);
  }
  let text = fit.summary ? String(fit.summary) : '';
  if (!text) {
    text = 'Worst miss ' + levelGap(doc, fit.maxAbsResidual, true) + ' at ' + timeLabel(doc, fit.maxAbsResidualT) +
      ' (point ' + (fit.maxAbsResidualIndex + 1) + ').';
    const list = Array.isArray(spec.milestones) ? spec.milestones : [];
    if (list.length) {
      const met = (Array.isArray(fit.milestones) ? fit.milestones : []).filter((m) => m.holds).length;
      text += ' Milestones met: ' + met + ' of ' + list.length + '.';
    }
    if (!mono.decreasing) text += ' The level goes up where the plot is red.';
  }
  view.summary = text;
  // Words first; the statistic's own name is one hover away.
  const gapUnit = u.percent ? ', in percentage points (pp)' : ', as a fraction of the level';
  view.stats = [
    { label: 'Typical miss', value: levelGap(doc, fit.rmse), statistic: 'RMSE: root-mean-square residual' + gapUnit },
    { label: 'Worst miss', value: levelGap(doc, fit.maxAbsResidual), statistic: 'max |r|: the largest residual' + gapUnit },
    { label: 'Explained', value: fit.rSquared === null ? '—' : fixed(fit.rSquared * 100, 2) + ' %',
      statistic: 'R²: the share of variance explained' },
    { label: 'Sensitivity', value: fmt(fit.conditionNumber, 3),
      statistic: 'condition number of the column-scaled design (lower is steadier)' },
  ];
  view.overlay = doc.enforce && !mono.decreasing && spec.monotonic !== 'enforce'
    ? 'Best curve that never rises (enforce): typical miss ' + levelGap(doc, doc.enforce.rmse, true) : null;
  return view;
}

/** The side panel's labels for a document: units, endpoints and constraints in the designer's words. */
export function settingsWords(doc) {
  const spec = doc.spec;
  const u = unitsOf(doc);
  const full = levelLabel(doc, 1);
  const empty = levelLabel(doc, 0);
  const explicit = Array.isArray(spec.constraints) ? spec.constraints : null;
  return {
    duration: 'Duration (' + durationUnit(spec) + ')',
    endpoints: 'starts at ' + full + ', ends at ' + empty,
    constraints: explicit
      ? 'Constraints: ' + (explicit.length ? explicit.map((k) => k.value !== undefined ? 'f(' + k.t + ') = ' + k.value
        : 'f′(' + k.t + ') = ' + k.slope).join(', ') : 'none (unconstrained)')
      : (spec.endpoints === false ? 'No endpoint constraints: the curve may start and end anywhere.'
        : 'Full (' + full + ') at the start, empty (' + empty + ') at the end: f(0) = 1, f(1) = 0.'),
    minSlope: 'Min slope' + (u.days || u.percent ? ' (' + (u.percent ? '%' : 'level') + '/' +
      (u.days ? u.unit : 'period') + ')' : ''),
    tHead: u.days ? u.unit : 't',
    yHead: u.percent ? 'level %' : 'level',
  };
}

/** The input that shows the spec field an error names, or undefined. */
export function fieldInput(field) {
  return { minSlope: 'min-slope', durationDays: 'duration', duration: 'duration', degree: 'degree', name: 'name' }[field];
}

/** Which cells of point `i`'s row show the error's field: time, level, weight. */
export function invalidCells(field, i) {
  return [
    field === 'points[' + i + '][0]' || field === 'points[' + i + ']',
    field === 'points[' + i + '][1]',
    field === 'weights[' + i + ']' || (field === 'weights' && i === 0),
  ];
}

/**
 * The preview widget at time t of the period: the bar's fill (0…100), the app's percentage and
 * the time, all from the server's answer (a straight line before any).
 */
export function previewView(doc, t) {
  const answer = doc && doc.fit && doc.fit.plot ? doc.fit : null;
  const level = answer ? curveLevel(answer, Math.min(1, Math.max(0, t))) : 1 - t;
  const shown = answer ? percentageAt(answer.plot.percentages, t) : null;
  const percent = shown === null ? Math.round(Math.min(1, Math.max(0, 1 - t)) * 100) : shown;
  const u = unitsOf(doc);
  const time = u.duration ? u.unit + ' ' + fixed(t * u.duration, 2) + ' of ' + fmt(u.duration, 4) : 't ' + fixed(t, 3);
  return { level, fill: Math.min(100, Math.max(0, level * 100)), percent, time };
}

/** The code panel's texts when the spec does not fit: nothing ships, and each language says why. */
export function notShipped(error) {
  const why = 'not shipped: the spec does not fit: ' + error.error;
  return {
    text: { swift: '// ' + why, css: '/* ' + why + ' */', swiftui: '// ' + why, kotlin: '// ' + why, typescript: '// ' + why },
    ok: { swift: false, css: false, swiftui: false, kotlin: false, typescript: false },
    notes: [],
  };
}

/** The code panel from the server's answers to generate and export (a refused curve has nothing to copy). */
/** The one-liners the export card lists, in order: [key, label]. */
export const ONE_LINERS = [['css', 'CSS'], ['swiftui', 'SwiftUI'], ['compose', 'Compose'], ['waapi', 'TypeScript / WAAPI']];

export function shipped(generated, exported) {
  const generatedOK = generated.status === 200;
  const exportedOK = exported.status === 200;
  const g = generated.data || {};
  const e = exported.data || {};
  return {
    text: {
      swift: generatedOK ? g.swift : '// ' + g.error,
      kotlin: generatedOK ? g.kotlin : '// ' + g.error,
      typescript: generatedOK ? g.typescript : '// ' + g.error,
      css: exportedOK ? e.css : '/* ' + e.error + ' */',
      swiftui: exportedOK ? e.swiftui : '// ' + e.error,
    },
    ok: {
      swift: generatedOK, css: exportedOK, swiftui: exportedOK,
      // The server names, as data, each language it could not generate.
      kotlin: generatedOK && !(g.failed || []).includes('kotlin'),
      typescript: generatedOK && !(g.failed || []).includes('typescript'),
    },
    notes: [].concat(generatedOK ? g.notes : [], exportedOK ? e.notes : []),
    lines: exportedOK && e.oneLiners ? e.oneLiners : null,
    easing: exportedOK && e.cssFunction ? e.cssFunction : null,
  };
}

/**
 * A spec field as the designer counts it, in words: `points[3][0]` is "point 4's time",
 * `constraints[0]` "exact point 1", `milestones[1].atLeast` "milestone 2"; another key is "the <key>".
 */
export function fieldWords(field) {
  if (!field) return '';
  const point = /^points\[(\d+)\](?:\[(\d)\])?$/.exec(field);
  if (point) return 'point ' + (Number(point[1]) + 1) + (point[2] === undefined ? '' : point[2] === '0' ? '\'s time' : '\'s level');
  const listed = /^(constraints|milestones|weights)\[(\d+)\]/.exec(field);
  if (listed) {
    const noun = { constraints: 'exact point', milestones: 'milestone', weights: 'weight of point' }[listed[1]];
    return noun + ' ' + (Number(listed[2]) + 1);
  }
  return field.startsWith('codegen.') ? 'the code option ' + field.slice(8) : 'the ' + field;
}

/**
 * An error answer in one line: the server's words, with the field it names in words rather than
 * as a JSON path (a message that starts with the path has it replaced; one the server worded,
 * `fieldWords`, is left as it is).
 */
export function errorText(result) {
  const data = (result && result.data) || {};
  let text = data.error || 'HTTP ' + (result && result.status);
  // The server's message already names the field in words (a spec in units): shown as it is.
  if (!data.field || data.fieldWords) return text;
  const words = fieldWords(data.field);
  if (text.startsWith(data.field + ': ')) return words + ': ' + text.slice(data.field.length + 2);
  return text + ' (' + words + ')';
}
