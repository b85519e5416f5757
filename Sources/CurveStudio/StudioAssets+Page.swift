extension StudioAssets {
  /// The page: a header with the spec tabs and Save, the plot with its preview, and the side
  /// panel (verdict, fit settings, points, milestones, export). The script fills it in.
  static let pageHTML = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>CurveKit Studio</title>
    <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%232563eb'/%3E%3Cpath d='M6 8 C14 9 20 14 26 25' stroke='white' stroke-width='3' fill='none' stroke-linecap='round'/%3E%3C/svg%3E">
    <link rel="stylesheet" href="/studio.css">
    <script src="/studio.js" defer></script>
    </head>
    <body>
    <header class="bar">
      <div class="brand"><span class="logo" aria-hidden="true"></span>CurveKit <b>Studio</b></div>
      <nav id="tabs" class="tabs" role="tablist" aria-label="Spec files"></nav>
      <div class="spacer"></div>
      <span id="status" class="status" role="status" aria-live="polite"></span>
      <div class="group">
        <button id="undo" class="icon" title="Undo (Ctrl/⌘ Z)" aria-label="Undo">↶</button>
        <button id="redo" class="icon" title="Redo (Shift Ctrl/⌘ Z)" aria-label="Redo">↷</button>
      </div>
      <button id="save" class="primary" title="Save (Ctrl/⌘ S)">Save</button>
    </header>
    <div id="banner" class="banner" role="alert" hidden>
      <span id="banner-text"></span>
      <span class="spacer"></span>
      <button id="banner-theirs">Load the file</button>
      <button id="banner-mine" class="primary">Keep my edits</button>
    </div>
    <main class="layout">
      <section class="stage" aria-label="Curve">
        <div class="toolbar">
          <input id="name" class="name" aria-label="Curve name" spellcheck="false" autocomplete="off">
          <span class="spacer"></span>
          <label class="field">Preset
            <select id="preset" aria-label="Preset shape"><option value="">Choose…</option></select>
          </label>
          <button id="add-point" title="Add a point (or double-click the plot)">+ Point</button>
          <button id="add-milestone" title="Add a milestone guide" hidden>+ Milestone</button>
          <label id="compare-toggle" class="check" hidden><input type="checkbox" id="compare"> Compare</label>
        </div>
        <div id="legend" class="legend" hidden></div>
        <div class="plot-wrap">
          <svg id="plot" viewBox="0 0 720 500" role="group" aria-label="Level against time, with the slope below"
            preserveAspectRatio="xMidYMid meet"></svg>
        </div>
        <div class="preview" aria-label="Preview">
          <button id="play" class="icon round" aria-label="Play the preview" title="Play / pause (P)">▶</button>
          <div class="widget" aria-hidden="true">
            <div class="widget-track"><div id="widget-fill" class="widget-fill"></div></div>
          </div>
          <div class="readout"><b id="widget-percent">100 %</b><span id="widget-time">day 0</span></div>
          <input id="scrub" type="range" min="0" max="1000" value="0" step="1" aria-label="Preview time">
          <select id="speed" aria-label="Preview speed">
            <option value="0.5">0.5×</option><option value="1" selected>1×</option>
            <option value="2">2×</option><option value="4">4×</option>
          </select>
        </div>
      </section>
      <aside class="side">
        <section class="card verdict-card" aria-live="polite">
          <div id="verdict" class="verdict">Fitting…</div>
          <p id="verdict-detail" class="detail"></p>
          <p id="summary" class="summary"></p>
          <p id="overlay-note" class="overlay-note" hidden>
            <span class="swatch enforce"></span><span id="overlay-text"></span>
            <button id="use-enforce" class="link">Use enforce</button>
          </p>
          <dl id="stats" class="stats"></dl>
        </section>
        <section class="card">
          <h2>Fit</h2>
          <div class="row">
            <span class="label" id="policy-label">Monotonic</span>
            <div id="policy" class="segmented" role="radiogroup" aria-labelledby="policy-label">
              <button role="radio" data-policy="require" aria-checked="true">require</button>
              <button role="radio" data-policy="enforce" aria-checked="false">enforce</button>
              <button role="radio" data-policy="ignore" aria-checked="false">ignore</button>
            </div>
          </div>
          <div class="row" id="units-row" hidden>
            <span class="label">Units</span>
            <div class="units">
              <div id="time-unit" class="segmented" role="radiogroup" aria-label="Time unit">
                <button role="radio" data-unit="normalized" aria-checked="true">t 0–1</button>
                <button role="radio" data-unit="days" aria-checked="false">days</button>
              </div>
              <div id="level-unit" class="segmented" role="radiogroup" aria-label="Level unit">
                <button role="radio" data-unit="fraction" aria-checked="true">0–1</button>
                <button role="radio" data-unit="percent" aria-checked="false">%</button>
              </div>
            </div>
          </div>
          <div class="grid2">
            <label class="field">Degree <select id="degree"></select></label>
            <label class="field"><span id="min-slope-label">Min slope</span>
              <input id="min-slope" type="number" min="0" step="0.01" placeholder="0"></label>
            <label class="field">Duration (days) <input id="duration" type="number" min="0" step="any" placeholder="—"></label>
            <label id="endpoints-field" class="check" hidden><input id="endpoints" type="checkbox" checked> f(0)=1, f(1)=0</label>
          </div>
          <p id="constraints" class="muted small"></p>
        </section>
        <section class="card">
          <h2>Points <span class="muted small" id="points-hint">drag · double-click to add · Delete removes</span></h2>
          <table class="points">
            <thead><tr><th>#</th><th id="t-head">t</th><th id="y-head">level</th><th>weight</th><th></th></tr></thead>
            <tbody id="points"></tbody>
          </table>
        </section>
        <section class="card" id="milestones-card" hidden>
          <h2>Milestones</h2>
          <div id="milestones"></div>
        </section>
        <section class="card">
          <h2>Export</h2>
          <div class="tabs small-tabs" role="tablist" aria-label="Export format">
            <button role="tab" data-format="swift" aria-selected="true">Swift</button>
            <button role="tab" data-format="css" aria-selected="false">CSS</button>
            <button role="tab" data-format="swiftui" aria-selected="false">SwiftUI</button>
            <span class="spacer"></span>
            <button id="copy" class="primary small">Copy</button>
          </div>
          <pre id="code" class="code" tabindex="0" aria-label="Exported code"></pre>
          <p id="code-notes" class="muted small"></p>
        </section>
      </aside>
    </main>
    </body>
    </html>

    """#
}
