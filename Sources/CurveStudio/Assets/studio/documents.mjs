// The documents: tabs and their files. Loading, saving (Save, Save as…, a fixed broken file),
// watching the file on disk (reload, conflict, deletion), new curves and share links, and the
// edits that the server computes (unit conversion, presets). Every answer becomes an action on
// the store; the server checks every name and every spec. On the web host (host-web.mjs) the same
// calls download or write in place, and a spec's text can come from a dropped, picked or pasted file.
import { sharePayload, suggestFileName, withCurveExtension } from './core.mjs';
import { looksLikeSpecText } from './links.mjs';
import { ask } from './dialog.mjs';
import { $ } from './dom.mjs';
import { canon, current, docByIndex, durationUnit, isDirty, newDoc } from './store.mjs';
import { errorText } from './words.mjs';

const NAME_HINT = 'A bare file name ending in .curve.json, created in the folder the studio was started from; ' +
  'an existing file is never overwritten.';
const WEB_NAME_HINT = 'A file name ending in .curve.json: the file is downloaded, or, where the browser offers it, ' +
  'written where you choose next.';

/** The words of a refused answer: the server's error, or its HTTP status. */
const refusal = (result) => (result.data && result.data.error) || 'HTTP ' + result.status;

/** The documents of the page `ctx` (see app.mjs). */
export function createDocuments(ctx) {
  let pollTimer = 0;
  const status = (text, tone, index) => ctx.panels.setStatus(text, tone, index);
  /** A refusal: said until the next edit (or answer) makes it stale. */
  const refused = (text) => ctx.panels.setStatus(text, 'bad', undefined, true);

  async function load(index) {
    const result = await ctx.transport.load(index);
    ctx.dispatch({ type: 'loaded', doc: index, result });
    if (ctx.doc().index === index) ctx.panels.showStatus(ctx.doc());
  }

  function hideBanner() {
    ctx.dispatch({ type: 'resolved' });
    ctx.panels.renderBanner();
  }

  function showConflict(index, text) {
    ctx.dispatch({ type: 'conflict', doc: index, text });
    ctx.panels.renderBanner();
    ctx.panels.showStatus(ctx.doc());
  }

  /** PUT the spec (or `spec`) with the ETag held; the answer, or null when a save is under way. */
  async function put(doc, spec) {
    ctx.dispatch({ type: 'saving', doc: doc.index, on: true });
    try {
      return await ctx.transport.save(doc.index, spec, doc.etag);
    } finally {
      ctx.dispatch({ type: 'saving', doc: doc.index, on: false });
    }
  }

  async function save() {
    const doc = ctx.doc();
    if (doc.scratch || doc.saving) return;
    if (doc.unsaved) return saveAs();
    if (doc.broken) {
      status('Not saved: “' + doc.name + '” did not load; fix its text first', 'bad');
      return;
    }
    status('Saving…', '', doc.index);
    const sent = canon(ctx.state(), doc.spec);
    const result = await put(doc, doc.spec);
    if (result.status === 200) {
      const unchanged = canon(ctx.state(), docByIndex(ctx.state(), doc.index).spec) === sent;
      const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
      // The host says what it did when it is not a save to disk (a download): never "Saved" for that.
      const text = result.data.said || 'Saved ' + time;
      ctx.dispatch({ type: 'saved', doc: doc.index, data: result.data, sent, status: { text, tone: 'good' } });
      ctx.panels.renderBanner();
      ctx.panels.showStatus(ctx.doc());
      ctx.changed(unchanged);
    } else if (result.status === 412) {
      showConflict(doc.index, 'changed on disk since you loaded it. Your save was not written.');
      status('Not saved: conflict', 'bad', doc.index);
    } else {
      status('Not saved: ' + (result.data && result.data.error), 'bad', doc.index);
    }
  }

  /** Save as… (and Save on an unsaved tab): a new file, named here, created by the server with O_EXCL. */
  async function saveAs() {
    const doc = ctx.doc();
    if (!doc || doc.scratch || doc.saving || doc.broken) return;
    const saved = await ask({ title: doc.unsaved ? 'Save “' + doc.name + '”' : 'Save “' + doc.name + '” as',
      label: 'File name', hint: ctx.transport.host === 'web' ? WEB_NAME_HINT : NAME_HINT,
      value: ctx.transport.host === 'web' && /\.json$/i.test(doc.name) ? doc.name : suggestFileName(doc.spec && doc.spec.name),
      ok: 'Save' },
    async (name) => {
      const now = docByIndex(ctx.state(), doc.index);
      const sent = canon(ctx.state(), now.spec);
      ctx.dispatch({ type: 'saving', doc: doc.index, on: true });
      let result;
      try {
        result = await ctx.transport.saveAs(doc.index, now.spec, withCurveExtension(name));
      } finally {
        ctx.dispatch({ type: 'saving', doc: doc.index, on: false });
      }
      if (result.status !== 201) return errorText(result);
      const unchanged = canon(ctx.state(), docByIndex(ctx.state(), doc.index).spec) === sent;
      ctx.dispatch({ type: 'saved', doc: doc.index, data: result.data, sent, name: result.data.name,
        status: { text: result.data.said || 'Saved as ' + result.data.name, tone: 'good' } });
      ctx.panels.renderBanner();
      ctx.panels.showStatus(ctx.doc());
      ctx.changed(unchanged);
      return null;
    });
    if (!saved) $('save').focus();
  }

  /** Adds the unsaved tab the server just opened ({index, name}) and shows it. */
  async function addTab(data) {
    ctx.dispatch({ type: 'addDoc', doc: newDoc({ index: data.index, name: data.name, unsaved: true }) });
    await switchTo(ctx.state().docs.length - 1);
    // A text that did not load keeps the reader's words in its status.
    if (!ctx.doc().broken) status('Not saved yet: Save asks for a file name', '', ctx.doc().index);
  }

  /** A new blank curve in a new tab (the server decides what blank is). */
  async function newCurve() {
    const result = await ctx.transport.newCurve();
    if (result.status !== 201) {
      refused('No new curve: ' + refusal(result));
      return;
    }
    await addTab(result.data);
  }

  /** Opens a share link's payload in a new tab; the server decodes and validates it. An error, or null. */
  async function openPayload(payload) {
    const result = await ctx.transport.open(payload);
    if (result.status !== 201) return refusal(result);
    await addTab(result.data);
    return null;
  }

  /** Open link…: the dialog, for a link pasted or typed. */
  function openLinkDialog() {
    return ask({ title: 'Open a share link', label: 'Link', ok: 'Open',
      hint: 'A link from curvekit share (…#spec=…). It opens in a new tab; nothing is written.' },
    (text) => openPayload(sharePayload(text) || text.trim()));
  }

  /**
   * A spec's text (a file dropped or picked, JSON pasted) in a new tab. The host reads it: on the web
   * host a text that is not a valid spec opens as a tab showing the reader's error and the text (as
   * a broken file does); the local server refuses it with the reader's words.
   */
  async function openText(text, sourceName) {
    const result = await ctx.transport.openText(text, sourceName);
    if (result.status !== 201) {
      refused('“' + sourceName + '” not opened: ' + refusal(result));
      return;
    }
    await addTab(result.data);
  }

  /** Each file of a drop or of the file picker, opened in its own tab (see `openText`). */
  async function openFiles(list) {
    for (const file of Array.from(list || [])) {
      let text;
      try {
        text = await file.text();
      } catch (error) {
        refused('“' + file.name + '” could not be read: ' + (error && error.message ? error.message : error));
        continue;
      }
      await openText(text, file.name);
    }
  }

  /** Ctrl/⌘-V outside a text field of text holding a share link, or of a spec's JSON: opens it in a new tab. */
  async function onPaste(event) {
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) || $('ask').open) return;
    const text = event.clipboardData && event.clipboardData.getData('text');
    const payload = sharePayload(text);
    if (!payload) {
      if (!looksLikeSpecText(text)) return;
      event.preventDefault();
      await openText(text, 'pasted text');
      return;
    }
    event.preventDefault();
    const error = await openPayload(payload);
    if (error) refused('Link not opened: ' + error);
  }

  /**
   * Sends the fixed text of a file that did not load, as typed, to the server's file reader: its
   * verdict (line:column included) is exactly what loading that text gives; saved when it is valid.
   */
  async function useFixedText() {
    const doc = ctx.doc();
    if (!doc.broken || !doc.etag) return;
    ctx.dispatch({ type: 'saving', doc: doc.index, on: true });
    let result;
    try {
      result = await ctx.transport.saveText(doc.index, $('broken-text').value, doc.etag);
    } finally {
      ctx.dispatch({ type: 'saving', doc: doc.index, on: false });
    }
    if (result.status === 200) {
      ctx.dispatch({ type: 'fixedSaved', doc: doc.index, data: result.data });
      if (result.data.said) ctx.dispatch({ type: 'status', doc: doc.index, text: result.data.said, tone: 'good' });
      delete $('broken-text').dataset.doc;
      ctx.panels.showStatus(ctx.doc());
      ctx.changed(true);
    } else if (result.status === 412) {
      $('broken-error').textContent = 'The file changed on disk meanwhile; nothing was written. Reload to see it.';
    } else {
      $('broken-error').textContent = 'Not saved: ' + errorText(result);
    }
  }

  /** Starts over from a preset, after a second click: only then may Save replace the file. */
  function startOver() {
    const doc = ctx.doc();
    if (!doc.broken) return;
    ctx.dispatch({ type: 'startOver', doc: doc.index });
    if (ctx.state().resetArmed === doc.index) {
      ctx.panels.renderBroken();
      return;
    }
    delete $('broken-text').dataset.doc;
    ctx.panels.showStatus(ctx.doc());
    ctx.changed(true);
  }

  /** Watches the current document's file: reloads it when unedited, else offers the choice. */
  async function poll() {
    ctx.cancelLater(pollTimer);
    const doc = ctx.doc();
    // A file not created yet is not asked for (each ask would be a 404): the first save creates it.
    if (doc && !doc.scratch && doc.loaded && !doc.saving && doc.exists) {
      try {
        const result = await ctx.transport.load(doc.index, doc.etag);
        const now = docByIndex(ctx.state(), doc.index);
        if (now.status && now.status.cause === 'offline') {
          ctx.dispatch({ type: 'clearTransient', doc: doc.index, cause: 'offline' });
          ctx.panels.showStatus(ctx.doc());
        }
        if (now.saving) {
          // A save started meanwhile; its answer decides.
        } else if (result.status === 200 && result.data.etag !== now.etag) {
          if (!isDirty(ctx.state(), now) && result.data.spec) {
            ctx.dispatch({ type: 'reloaded', doc: doc.index, data: result.data });
            ctx.panels.renderBanner();
            ctx.panels.showStatus(ctx.doc());
            ctx.changed(true);
          } else {
            showConflict(doc.index, result.data.spec ? 'changed on disk while you were editing.'
              : 'changed on disk, and is not a valid spec now: ' + result.data.invalid.error);
          }
        } else if (result.status === 404 && now.exists) {
          ctx.dispatch({ type: 'fileDeleted', doc: doc.index });
          ctx.panels.showStatus(ctx.doc());
          ctx.panels.renderTabs();
        }
      } catch (error) {
        ctx.panels.setStatus('The studio server is not answering', 'bad', undefined, true, 'offline');
      }
    }
    pollTimer = ctx.later(poll, document.hidden ? 4000 : 1000);
  }

  async function takeTheirs() {
    const conflict = ctx.state().conflict;
    const index = conflict ? conflict.doc : ctx.doc().index;
    ctx.dispatch({ type: 'checkpoint', doc: index });
    await load(index);
    hideBanner();
    status('Loaded the file from disk', 'good');
    ctx.changed(true);
  }

  async function keepMine() {
    const conflict = ctx.state().conflict;
    const index = conflict ? conflict.doc : ctx.doc().index;
    const result = await ctx.transport.load(index);
    ctx.dispatch({ type: 'keptMine', doc: index, result });
    ctx.panels.renderBanner();
    ctx.panels.showStatus(ctx.doc());
    ctx.panels.renderTabs();
  }

  /** Shows tab `position`, loading its file the first time. */
  async function switchTo(position) {
    const state = ctx.state();
    if (position === state.active && current(state).loaded) return;
    ctx.dispatch({ type: 'activate', position });
    const doc = ctx.doc();
    if (!doc.loaded) await load(doc.index);
    hideBanner();
    ctx.panels.showStatus(ctx.doc());
    ctx.panels.renderSettings(true);
    ctx.panels.renderTabs();
    ctx.plot.render();
    ctx.panels.renderVerdict();
    ctx.exporter.render();
    ctx.fitting.request();
    poll();
  }

  /** Fits every other document, for Compare. */
  async function fitOthers() {
    for (const index of ctx.state().docs.map((doc) => doc.index)) {
      if (index === ctx.doc().index) continue;
      if (!docByIndex(ctx.state(), index).loaded) await load(index);
      const result = await ctx.transport.fit(index, docByIndex(ctx.state(), index).spec);
      ctx.dispatch({ type: 'compared', doc: index, result });
    }
    ctx.plot.render();
  }

  /**
   * The server's one conversion (POST /api/convert, CurveSpec.converted) applied to the current
   * document as one undoable step; a refusal leaves the spec as it was and says why after `failure`.
   */
  async function convert(request, failure) {
    const doc = ctx.doc();
    const result = await ctx.transport.convert(doc.index, Object.assign({ spec: doc.spec }, request));
    if (result.status !== 200) {
      refused(failure + ': ' + refusal(result));
      return;
    }
    ctx.edit({ type: 'replaceSpec', doc: doc.index, spec: result.data.spec, units: result.data.units }, true);
  }

  /**
   * Sets the period from the duration field. With points in a time unit, offers to keep them
   * where they are on the plot: the server's /api/convert rescales every number to the new
   * duration (the one conversion); otherwise the numbers stay and the curve stretches.
   */
  async function changeDuration(text) {
    const spec = ctx.doc().spec;
    const key = durationUnit(spec) === 'days' ? 'durationDays' : 'duration';
    const value = Number(text);
    const old = spec[key];
    const timed = (spec.timeUnit || 'normalized') !== 'normalized';
    if (!timed || !(old > 0) || !(value > 0) || value === old || !(spec.points || []).length) {
      ctx.setNumber(key, text);
      return;
    }
    // Cancel changes nothing: the numbers stay in the old period, where the curve works.
    if (!ctx.confirm('Change the duration to ' + value + ' ' + durationUnit(spec) + ', rescaling the points so they '
      + 'stay where they are on the plot? (Cancel keeps the duration at ' + old + ')')) {
      $('duration').value = String(old);
      return;
    }
    await convert({ timeUnit: spec.timeUnit, levelUnit: spec.levelUnit || 'fraction', duration: value },
      'Duration not changed');
  }

  /** New units from the unit buttons: the server rewrites every number so the curve stays. */
  async function changeUnits(time, level) {
    const spec = ctx.doc().spec;
    if (time === (spec.timeUnit || 'normalized') && level === (spec.levelUnit || 'fraction')) return;
    // A unit needs a period: without one, a typical one for the unit (the field then edits it).
    const hasPeriod = spec.duration > 0 || spec.durationDays > 0;
    await convert({ timeUnit: time, levelUnit: level, duration: hasPeriod ? undefined : ctx.defaultDurations[time] },
      'Units not changed');
  }

  /**
   * Replaces the curve by a preset shape, in the current spec's units: the server converts every
   * number (points, constraints such as the steep start's flat end, minSlope) into them, and the
   * spec's own name, duration, milestones and codegen options stay.
   */
  async function applyPreset(id) {
    const preset = ctx.state().presets.find((p) => p.id === id);
    if (!preset) return;
    const doc = ctx.doc();
    const spec = JSON.parse(JSON.stringify(preset.spec));
    spec.name = doc.spec.name || preset.name;
    // The preset is normalized: a period in days rides along; one in another unit goes to the conversion.
    for (const key of ['description', 'durationDays', 'codegen']) {
      if (doc.spec[key] !== undefined) spec[key] = doc.spec[key];
    }
    const timeUnit = doc.spec.timeUnit || 'normalized';
    const levelUnit = doc.spec.levelUnit || 'fraction';
    let converted = spec;
    let units;
    if (timeUnit !== 'normalized' || levelUnit !== 'fraction') {
      const result = await ctx.transport.convert(doc.index, { spec, timeUnit, levelUnit, duration: doc.spec.duration });
      if (result.status !== 200) {
        refused('Preset not applied: ' + refusal(result));
        return;
      }
      converted = result.data.spec;
      units = result.data.units;
    }
    // The designer's milestones are in the spec's units already: they stay as they are.
    if (Array.isArray(doc.spec.milestones) && doc.spec.milestones.length) {
      converted.milestones = JSON.parse(JSON.stringify(doc.spec.milestones));
    }
    ctx.edit({ type: 'replaceSpec', doc: doc.index, spec: converted, units, deselect: true }, true);
  }

  return {
    load, save, saveAs, addTab, newCurve, openPayload, openLinkDialog, openText, openFiles, onPaste, useFixedText,
    startOver, poll,
    takeTheirs, keepMine, switchTo, fitOthers, changeDuration, changeUnits, applyPreset,
  };
}
