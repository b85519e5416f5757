#!/usr/bin/env python3
"""Speed of the studio on the web host (issue 31, item 5): .build/web served by a plain static
file server (python3 -m http.server), no curvekit process behind it, in Debian's Chromium through
Playwright, with web_test.py's server and browser setup. Prints figures; asserts no time.

    web_bench.py --curvekit .build/release/curvekit [--web .build/web] [--only drag] [--runs 3]
    web_bench.py … --only drag --beside "swift build --package-path /tmp/scratch"   (a load beside it)

The native curvekit only makes the share link (curvekit share --base). Figures:
  - open-loop drag at 60 Hz: a pointer move every 16 ms on the clock, never waiting for a redraw
    (a move is sent late only when Chromium has not yet taken the previous one). For each move,
    from its event time to the first change of the curve's path after it (a MutationObserver on
    the path's d), p50 / p95 / max; the share of moves with no path change before the next move
    ("not drawn": overtaken by the next one); and the page's own figures (?debug hook): move to
    the redraw of the fit that included it, the engine call, the redraw after the answer;
  - the first curve drawn after opening a share link, idle: navigation start to the path
    holding the curve (performance.now() in the page), fresh browser context each time;
  - the page's size: every file the page loads for a share link, raw and gzip -9.
--beside CMD starts CMD (in its own process group) before the drag runs, waits --warmup seconds,
and stops it after; the load average is printed before and after. JSON goes to --out if given.
"""
import argparse
import asyncio
import gzip
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_test import CHROMIUM_CANDIDATES, ROOT, StaticServer, Suite  # noqa: E402

# Records each pointer move of a drag (its event time, on the page's clock, including the moves
# Chromium merged into one event) and each change of the curve's path (when its d changed).
RECORDER = """
window.__bench = { moves: [], changes: [], waits: [], handlers: [] };
const moveType = 'onpointerrawupdate' in window ? 'pointerrawupdate' : 'pointermove';
let entered = 0;
addEventListener(moveType, (event) => {
  if (!event.buttons) return;
  entered = performance.now();
  // Moves the browser merged into this event (it was busy) each keep their own time.
  const merged = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  for (const move of merged.length ? merged : [event]) window.__bench.moves.push(move.timeStamp);
  window.__bench.waits.push(entered - event.timeStamp);
}, true);
// After the page's own handlers (the bubble phase, at the window): the time they took.
addEventListener(moveType, (event) => {
  if (event.buttons && entered) window.__bench.handlers.push(performance.now() - entered);
});
new MutationObserver((records) => {
  const now = performance.now();
  for (const record of records) {
    if (record.target.getAttribute('data-testid') !== 'curve') continue;
    if (record.oldValue !== record.target.getAttribute('d')) window.__bench.changes.push(now);
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['d'], attributeOldValue: true });
"""


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(math.ceil(fraction * len(ordered))) - 1)], 1)


def summary(values):
    return {"count": len(values), "p50": percentile(values, 0.5), "p95": percentile(values, 0.95),
            "max": round(max(values), 1) if values else None}


def load_average():
    with open("/proc/loadavg") as handle:
        return " ".join(handle.read().split()[:3])


def cpu_model():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return platform.processor()
    fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    return "%s, %s CPUs" % (fields.get("Model name", "?").strip(), fields.get("CPU(s)", "?").strip())


async def open_loop(chromium, link, runs, count, interval=0.016):
    """The open-loop drag: `runs` drags of `count` moves, one every `interval` s on the clock, each
    sent to Chromium (DevTools' Input.dispatchMouseEvent) without waiting for the previous one to
    be handled. Playwright's async API, since its mouse waits for each move's ack."""
    import asyncio
    from playwright.async_api import async_playwright
    latency, not_drawn, gaps, moves_total, waits, handlers = [], 0, [], 0, [], []
    page_moves, engine, redraw = [], [], []
    async with async_playwright() as playwright:
        arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
        browser = await playwright.chromium.launch(executable_path=chromium, args=arguments)
        context = await browser.new_context(viewport={"width": 1440, "height": 900})
        await context.add_init_script(RECORDER)
        page = await context.new_page()
        settled = "() => { const s = window.studio; return s && s.ready && s.metrics.fitsDone > 0 && s.pendingMoves.length === 0; }"
        await page.goto(link)
        await page.wait_for_function(settled, timeout=20000)
        await page.wait_for_timeout(300)
        devtools = await context.new_cdp_session(page)
        loop = asyncio.get_running_loop()
        for _ in range(runs):
            await page.evaluate("() => { Object.assign(window.__bench, {moves: [], changes: [], waits: [], handlers: []});"
                                " window.studio.resetMetrics(); }")
            box = await page.locator('.handle[data-index="1"] .dot').bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            await page.mouse.move(x, y)
            await page.mouse.down()
            sent = []
            started = loop.time()
            for index in range(count):
                pause = started + index * interval - loop.time()
                if pause > 0:
                    await asyncio.sleep(pause)
                sent.append(asyncio.ensure_future(devtools.send("Input.dispatchMouseEvent", {
                    "type": "mouseMoved", "x": x + 6 * math.sin(index / 7), "y": y + 40 * math.sin(index / 5),
                    "button": "left", "buttons": 1})))
            await asyncio.gather(*sent)
            await page.mouse.up()
            await page.wait_for_function(settled, timeout=20000)
            await page.wait_for_timeout(300)
            record = await page.evaluate("() => window.__bench")
            moves, changes = record["moves"], record["changes"]
            moves_total += len(moves)
            waits += record["waits"]
            handlers += record["handlers"]
            gaps += [b - a for a, b in zip(moves, moves[1:])]
            for index, moved in enumerate(moves):
                after = [c for c in changes if c >= moved]
                if after:
                    latency.append(after[0] - moved)
                following = moves[index + 1] if index + 1 < len(moves) else math.inf
                if not after or after[0] > following:
                    not_drawn += 1
            metrics = await page.evaluate("() => window.studio.metrics")
            page_moves += metrics["moves"]
            engine += metrics["fits"]
            redraw += metrics["renders"]
            await page.keyboard.press("Control+z")
            await page.wait_for_function(settled, timeout=20000)
        await browser.close()
    return {
        "moves": moves_total,
        "moveIntervalMs": summary(gaps),
        "moveToPathChangeMs": summary(latency),
        "notDrawnBeforeNextMove": "%d of %d (%.0f %%)" % (not_drawn, moves_total, 100.0 * not_drawn / max(1, moves_total)),
        "eventWaitBeforeHandlersMs": summary(waits),
        "pageHandlersPerEventMs": summary(handlers),
        "pageMoveToRedrawMs": summary(page_moves),
        "pageEngineCallMs": summary(engine),
        "pageRedrawAfterAnswerMs": summary(redraw),
    }


def stop_session(process):
    """Stops `process` and every process of its session (a build's compilers have groups of their own)."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == process.pid:  # the session id, after the state, the parent and the group
            members.append(int(entry))
    for pid in members:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


class Bench(Suite):
    def new_page(self):
        page = super().new_page()
        self.context.add_init_script(RECORDER)
        return page

    def first_curve_ms(self):
        """Navigation start to the curve drawn, in the page's clock, for a fresh context."""
        self.new_page()
        self.page.goto(self.link())
        handle = self.page.wait_for_function(
            "() => { const p = document.querySelector('[data-testid=curve]');"
            " return p && (p.getAttribute('d') || '').startsWith('M ') ? performance.now() : false; }",
            polling="raf", timeout=20000)
        value = handle.json_value()
        self.close_page()
        return value

    def page_size(self):
        """Every file the page loads for a share link (a drag included), raw and gzip -9, from disk."""
        self.new_page()
        seen = []
        self.page.on("response", lambda response: seen.append(response.url))
        self.open_link(self.link())
        self.settle()
        self.drag(10)
        self.settle()
        self.close_page()
        files = {}
        for url in seen:
            path = urllib.parse.urlparse(url).path
            local = os.path.join(self.args.web, path.lstrip("/") or "index.html")
            if os.path.isdir(local):
                local = os.path.join(local, "index.html")
            if url.startswith(self.server.origin) and os.path.isfile(local):
                files[path] = local
        raw = sum(os.path.getsize(local) for local in files.values())
        zipped = 0
        for local in files.values():
            with open(local, "rb") as handle:
                zipped += len(gzip.compress(handle.read(), compresslevel=9))
        wasm = [local for local in files.values() if local.endswith(".wasm")]
        return {"files": len(files), "rawBytes": raw, "gzipBytes": zipped,
                "wasmGzipBytes": sum(len(gzip.compress(open(w, "rb").read(), 9)) for w in wasm)}

    def drag(self, count):
        """A short drag of a handle (Playwright's mouse, each move waiting for the browser's ack)."""
        box = self.page.locator('.handle[data-index="1"] .dot').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for index in range(count):
            self.page.mouse.move(x + 6 * math.sin(index / 7), y + 40 * math.sin(index / 5))
        self.page.mouse.up()


    def run(self):
        chromium = next((path for path in CHROMIUM_CANDIDATES if os.access(path, os.X_OK)), None)
        if chromium is None or not os.path.exists(os.path.join(self.args.web, "index.html")):
            print("web-bench: needs Chromium and %s/index.html (scripts/build-web.sh)" % self.args.web)
            return 2
        from playwright.sync_api import sync_playwright
        figures = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cpu": cpu_model(),
                   "loadBefore": load_average()}
        beside = None
        self.server = StaticServer(self.args.web)
        try:
            with sync_playwright() as playwright:
                arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
                self.browser = playwright.chromium.launch(executable_path=chromium, args=arguments)
                figures["chromium"] = self.browser.version
                if self.args.only in (None, "size"):
                    figures["page"] = self.page_size()
                if self.args.only in (None, "first"):
                    times = [self.first_curve_ms() for _ in range(self.args.first)]
                    figures["firstCurveAfterLinkMs"] = {"runs": [round(t, 1) for t in times],
                                                        "median": round(statistics.median(times), 1)}
                link = self.link()
                self.browser.close()
            if self.args.only in (None, "drag"):
                if self.args.beside:
                    beside = subprocess.Popen(self.args.beside, shell=True, start_new_session=True,
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    figures["beside"] = self.args.beside
                    time.sleep(self.args.warmup)
                    figures["loadAtDragStart"] = load_average()
                figures["openLoopDrag60Hz"] = asyncio.run(open_loop(chromium, link, self.args.runs, self.args.moves))
                figures["loadAfterDrag"] = load_average()
                if beside is not None:
                    figures["besideStillRunning"] = beside.poll() is None
        finally:
            if beside is not None:
                stop_session(beside)
            self.server.stop()
        print(json.dumps(figures, indent=2))
        if self.args.out:
            with open(self.args.out, "w") as handle:
                json.dump(figures, handle, indent=2)
        return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curvekit", required=True)
    parser.add_argument("--web", default=os.path.join(ROOT, ".build/web"))
    parser.add_argument("--only", choices=["size", "first", "drag"])
    parser.add_argument("--runs", type=int, default=3, help="open-loop drags of --moves moves each")
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--first", type=int, default=5, help="share-link openings timed")
    parser.add_argument("--beside", help="a command run beside the drag (e.g. a swift build)")
    parser.add_argument("--warmup", type=float, default=20, help="seconds between starting --beside and the drag")
    parser.add_argument("--out", help="also write the figures as JSON here")
    args = parser.parse_args()
    args.origin = None
    sys.exit(Bench(args).run())


if __name__ == "__main__":
    main()
