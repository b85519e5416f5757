extension StudioAssets {
  /// The page's style: light and dark themes from the system setting, one accent colour,
  /// the plot's marks in the colours of `curvekit plot`.
  static let styleCSS = #"""
    :root {
      --bg: #f4f5f7; --panel: #ffffff; --ink: #111827; --muted: #6b7280; --line: #e5e7eb; --soft: #f3f4f6;
      --accent: #2563eb; --accent-ink: #ffffff; --good: #15803d; --bad: #dc2626; --flat: #f59e0b;
      --plot: #fafbfc; --grid: #e9ebef; --axis: #4b5563; --curve: #2563eb; --enforce: #0f766e;
      --shadow: 0 1px 2px rgba(16, 24, 40, .06), 0 1px 3px rgba(16, 24, 40, .08);
      --radius: 10px;
      font-family: system-ui, -apple-system, "Segoe UI", Inter, "DejaVu Sans", sans-serif;
      font-size: 14px; color: var(--ink); background: var(--bg);
      color-scheme: light dark;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #0d0f13; --panel: #161a21; --ink: #e6e8ec; --muted: #9aa3b2; --line: #272c36; --soft: #1e232c;
        --accent: #5b9dff; --accent-ink: #0b1220; --good: #4ade80; --bad: #f87171; --flat: #fbbf24;
        --plot: #12151b; --grid: #222732; --axis: #9aa3b2; --curve: #6aa8ff; --enforce: #2dd4bf;
        --shadow: 0 1px 2px rgba(0, 0, 0, .5);
      }
    }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    body { margin: 0; min-height: 100vh; }
    button, input, select { font: inherit; color: inherit; }
    button {
      border: 1px solid var(--line); background: var(--panel); border-radius: 8px; padding: 6px 12px;
      cursor: pointer; line-height: 1.2;
    }
    button:hover { background: var(--soft); }
    button:disabled { opacity: .45; cursor: default; }
    button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-ink); font-weight: 600; }
    button.primary:hover { filter: brightness(1.08); }
    button.icon { padding: 6px 10px; font-size: 16px; }
    button.round { border-radius: 50%; width: 38px; height: 38px; padding: 0; }
    button.link { border: none; background: none; color: var(--accent); padding: 0 4px; font-weight: 600; }
    button.small, .small-tabs button { padding: 4px 10px; font-size: 13px; }
    :focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
    input[type=number], input:not([type]), select {
      border: 1px solid var(--line); background: var(--panel); border-radius: 7px; padding: 5px 8px; min-width: 0;
    }
    input.invalid, select.invalid { border-color: var(--bad); box-shadow: 0 0 0 2px color-mix(in srgb, var(--bad) 25%, transparent); }
    .spacer { flex: 1; }
    .muted { color: var(--muted); }
    .small { font-size: 12px; font-weight: 400; }
    .bar {
      display: flex; align-items: center; gap: 12px; padding: 10px 18px; background: var(--panel);
      border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 5;
    }
    .brand { display: flex; align-items: center; gap: 8px; font-size: 15px; white-space: nowrap; }
    .brand b { font-weight: 650; }
    .logo {
      width: 22px; height: 22px; border-radius: 6px; background: var(--accent);
      background-image: linear-gradient(135deg, var(--accent), #7c3aed);
    }
    .group { display: flex; gap: 4px; }
    .tabs { display: flex; gap: 4px; overflow-x: auto; }
    .tabs [role=tab] { border-color: transparent; background: none; color: var(--muted); }
    .tabs [role=tab][aria-selected=true] { background: var(--soft); color: var(--ink); font-weight: 600; }
    .tabs [role=tab] .dirty { color: var(--accent); margin-left: 4px; }
    .status { color: var(--muted); font-size: 13px; white-space: nowrap; }
    .status.good { color: var(--good); }
    .status.bad { color: var(--bad); }
    .banner {
      display: flex; align-items: center; gap: 10px; padding: 10px 18px; background: #fff7ed; color: #7c2d12;
      border-bottom: 1px solid #fed7aa;
    }
    @media (prefers-color-scheme: dark) { .banner { background: #2a1a0e; color: #fed7aa; border-color: #7c2d12; } }
    .banner[hidden] { display: none; }
    .layout {
      display: grid; grid-template-columns: minmax(0, 1fr) 380px; gap: 16px; padding: 16px 18px;
      max-width: 1600px; margin: 0 auto;
    }
    @media (max-width: 980px) { .layout { grid-template-columns: minmax(0, 1fr); } }
    .stage, .card { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); box-shadow: var(--shadow); }
    .stage { padding: 12px 14px; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
    .toolbar { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
    .name {
      font-size: 18px; font-weight: 650; border-color: transparent !important; background: none !important; padding: 4px 6px;
      min-width: 8em; max-width: 24em;
    }
    .name:hover, .name:focus { border-color: var(--line) !important; }
    .field { display: flex; flex-direction: column; gap: 4px; font-size: 12px; color: var(--muted); }
    .toolbar .field { flex-direction: row; align-items: center; gap: 6px; font-size: 13px; }
    .check { display: flex; align-items: center; gap: 6px; font-size: 13px; color: var(--muted); user-select: none; }
    .legend { display: flex; gap: 14px; flex-wrap: wrap; font-size: 12px; color: var(--muted); padding: 0 6px; }
    .legend span::before { content: ""; display: inline-block; width: 18px; height: 3px; border-radius: 2px;
      background: var(--chip); vertical-align: middle; margin-right: 6px; }
    .plot-wrap { position: relative; }
    #plot { width: 100%; height: auto; max-height: calc(100vh - 200px); min-height: 320px; display: block; touch-action: none; user-select: none; -webkit-user-select: none; }
    .panel-bg { fill: var(--plot); }
    .grid line { stroke: var(--grid); stroke-width: 1; }
    .axis line { stroke: var(--axis); stroke-width: 1.1; }
    .tick { fill: var(--muted); font-size: 11px; }
    .axis-title { fill: var(--muted); font-size: 12px; }
    .rising rect { fill: var(--bad); fill-opacity: .14; }
    .flat rect { fill: var(--flat); fill-opacity: .24; }
    .linear-ref { stroke: var(--muted); stroke-opacity: .55; stroke-width: 1.3; stroke-dasharray: 6 5; fill: none; }
    .curve { stroke: var(--curve); stroke-width: 2.75; fill: none; stroke-linejoin: round; stroke-linecap: round; }
    .curve.failed { stroke: var(--muted); stroke-dasharray: 3 4; }
    .halo { stroke: var(--bad); stroke-opacity: .4; stroke-width: 10; fill: none; stroke-linecap: round; }
    .enforce-curve { stroke: var(--enforce); stroke-width: 2.25; stroke-dasharray: 7 5; fill: none; }
    .compare-curve { stroke-width: 1.75; fill: none; stroke-opacity: .85; }
    .slope-curve { stroke: var(--curve); stroke-width: 2; fill: none; }
    .zero { stroke: var(--axis); stroke-width: 1.2; }
    .min-slope { stroke: var(--flat); stroke-width: 1.2; stroke-dasharray: 4 4; }
    .whisker { stroke: var(--curve); stroke-width: 2; stroke-linecap: round; stroke-opacity: .75; }
    .handle { cursor: grab; outline: none; }
    .handle .hit { fill: transparent; }
    .handle .dot { fill: var(--panel); stroke: var(--curve); stroke-width: 2.25; transition: r .08s; }
    .handle:hover .dot, .handle.selected .dot { r: 7.5; stroke-width: 3; }
    .handle.selected .dot { fill: var(--curve); }
    .handle:focus-visible .ring { stroke: var(--accent); stroke-width: 2; fill: none; }
    .handle .ring { fill: none; stroke: none; }
    .handle.invalid .dot { stroke: var(--bad); fill: color-mix(in srgb, var(--bad) 20%, var(--panel)); }
    .dragging .handle { cursor: grabbing; }
    .readout-tip { font-size: 11px; fill: var(--ink); paint-order: stroke; stroke: var(--panel); stroke-width: 4px; }
    .marker { stroke: var(--accent); stroke-width: 1.2; stroke-opacity: .6; }
    .marker-dot { fill: var(--accent); }
    .milestone line.guide { stroke-width: 2.5; stroke-dasharray: 0.5 5; stroke-linecap: round; }
    .milestone.met line.guide { stroke: var(--good); }
    .milestone.missed line.guide { stroke: var(--bad); }
    .milestone rect.zone { fill-opacity: .07; }
    .milestone.met rect.zone { fill: var(--good); }
    .milestone.missed rect.zone { fill: var(--bad); }
    .milestone .grip { fill: transparent; cursor: ns-resize; }
    .milestone .end { cursor: ew-resize; fill: var(--panel); stroke-width: 2; }
    .milestone.met .end { stroke: var(--good); }
    .milestone.missed .end { stroke: var(--bad); }
    .milestone text { font-size: 11px; paint-order: stroke; stroke: var(--plot); stroke-width: 4px; }
    .milestone.met text { fill: var(--good); }
    .milestone.missed text { fill: var(--bad); }
    .preview { display: flex; align-items: center; gap: 12px; padding: 6px 6px 2px; }
    .widget { flex: 0 0 180px; }
    .widget-track { height: 16px; border-radius: 999px; background: var(--soft); overflow: hidden; border: 1px solid var(--line); }
    .widget-fill { height: 100%; width: 100%; border-radius: 999px; background: linear-gradient(90deg, var(--accent), #7c3aed); }
    .readout { display: flex; flex-direction: column; min-width: 86px; line-height: 1.15; }
    .readout b { font-size: 20px; font-variant-numeric: tabular-nums; }
    .readout span { font-size: 12px; color: var(--muted); font-variant-numeric: tabular-nums; }
    #scrub { flex: 1; accent-color: var(--accent); min-width: 80px; }
    .side { display: flex; flex-direction: column; gap: 12px; min-width: 0; }
    .card { padding: 12px 14px; }
    .card h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 10px;
      display: flex; justify-content: space-between; align-items: baseline; gap: 8px; font-weight: 650; }
    .card h2 .small { text-transform: none; letter-spacing: 0; }
    .verdict { font-size: 17px; font-weight: 700; display: flex; align-items: center; gap: 8px; }
    .verdict.good { color: var(--good); }
    .verdict.bad { color: var(--bad); }
    .verdict.error { color: var(--muted); }
    .detail { margin: 4px 0 0; color: var(--muted); font-size: 13px; }
    .summary { margin: 8px 0 0; line-height: 1.45; }
    .overlay-note { margin: 8px 0 0; font-size: 13px; line-height: 1.5; }
    .swatch.enforce { width: 22px; height: 0; border-top: 2.5px dashed var(--enforce); display: inline-block;
      vertical-align: middle; margin-right: 6px; }
    .stats { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; margin: 10px 0 0; }
    .stats div { background: var(--soft); border-radius: 8px; padding: 6px 8px; min-width: 0; }
    .stats dt { font-size: 11px; color: var(--muted); }
    .stats dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; overflow: hidden; text-overflow: ellipsis; }
    .row { display: flex; align-items: center; justify-content: space-between; gap: 10px; margin-bottom: 10px; }
    .label { font-size: 12px; color: var(--muted); }
    .segmented { display: inline-flex; background: var(--soft); border-radius: 9px; padding: 3px; gap: 2px; }
    .segmented button { border: none; background: none; padding: 5px 12px; border-radius: 7px; color: var(--muted); }
    .segmented button[aria-checked=true] { background: var(--panel); color: var(--ink); font-weight: 600; box-shadow: var(--shadow); }
    .units { display: flex; gap: 6px; }
    .units .segmented button { padding: 5px 9px; }
    .grid2 { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
    .grid2 .check { grid-column: span 2; }
    table.points { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
    table.points th { font-size: 11px; color: var(--muted); font-weight: 500; text-align: left; padding: 0 4px 4px; }
    table.points td { padding: 2px 3px; }
    table.points td:first-child { color: var(--muted); width: 22px; font-size: 12px; }
    table.points input { width: 100%; padding: 4px 6px; font-size: 13px; }
    table.points th:nth-child(3), table.points td:nth-child(3) { width: 38%; }
    table.points tr.selected td:first-child { color: var(--accent); font-weight: 700; }
    table.points button { padding: 2px 8px; border-color: transparent; color: var(--muted); }
    .milestone-row { display: grid; grid-template-columns: 1.3fr 1fr 1fr auto; gap: 6px; margin-bottom: 6px; align-items: center; }
    .milestone-row input, .milestone-row select { width: 100%; }
    .code {
      background: var(--soft); border-radius: 8px; padding: 10px; margin: 8px 0 0; max-height: 220px; overflow: auto;
      font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, "DejaVu Sans Mono", monospace; white-space: pre;
    }
    .small-tabs { margin: 0; align-items: center; }
    """#
}
