#!/usr/bin/env python3
"""End-to-end tests of `curvekit design` in a real browser: Debian's Chromium, driven by
Playwright (PyPI) through its executable_path, so nothing is downloaded.

    browser_test.py --curvekit .build/debug/curvekit --out .build/studio [--gallery docs/gallery]

It copies two example specs (and names a third, missing one) into a temporary directory,
starts `curvekit design` on them, and drives the page as a designer would: drag a point,
type a value and undo it, toggle enforce, add and drag a milestone (when the spec format has
them), save and read the file back, edit the file behind the page's back (reload, then
conflict), and measure pointer move -> redrawn curve over 100 moves plus the API's fit round
trip. Screenshots go to --out (and to --gallery when given). The last line is
"N passed, N failed"; the exit status is 1 when a test failed.
"""
import argparse
import contextlib
import json
import math
import os
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM_CANDIDATES = ["/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser"]


class Skip(Exception):
    """A test that does not apply yet (e.g. milestones before the spec format has them)."""


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))
    return ordered[index]


def widget_percent(level):
    """The widget's rounding: level*100 half away from zero, clamped to 0...100."""
    value = level * 100
    rounded = math.floor(abs(value) + 0.5) * (1 if value >= 0 else -1)
    return int(min(100, max(0, rounded)))


def horner(coefficients, t):
    value = 0.0
    for c in coefficients:
        value = value * t + c
    return value


class Studio:
    """A `curvekit design` process and its link."""

    def __init__(self, binary, specs, cwd=None):
        self.process = subprocess.Popen(
            [binary, "design", *specs, "--no-open"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            cwd=cwd)
        ready, _, _ = select.select([self.process.stdout], [], [], 20)
        if not ready:
            self.process.kill()
            raise RuntimeError("curvekit design printed no link within 20 s")
        self.first_line = self.process.stdout.readline()
        prefix = "CurveKit Studio: "
        if not self.first_line.startswith(prefix):
            raise RuntimeError("unexpected first line: %r" % self.first_line)
        self.url = self.first_line[len(prefix):].strip()
        self.token = self.url.split("token=", 1)[1]
        self.port = int(self.url.split(":")[2].split("/")[0])
        # The page with its test hook (window.studio), which exists only with ?debug.
        self.debug_url = self.url.replace("/#", "/?debug#", 1)

    def api(self, method, path, body=None, headers=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path), data=data, method=method)
        request.add_header("Authorization", "Bearer " + self.token)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        rest = self.process.stdout.read()
        return self.process.returncode, self.first_line + rest


class Suite:
    def __init__(self, args):
        self.args = args
        self.results = []
        self.report = {}
        self.work = tempfile.mkdtemp(prefix="curvekit-studio-e2e-")
        shutil.copy(os.path.join(ROOT, "examples/curves/depletion.curve.json"), os.path.join(self.work, "depletion.curve.json"))
        shutil.copy(os.path.join(ROOT, "docs/gallery/specs/designer-sketch.curve.json"),
                    os.path.join(self.work, "sketch.curve.json"))
        # Issue 19's cubic [-2, 3.005859375, -1.5058640970458985, 1], fitted exactly (three exact
        # points and its slope at 0): it rises near t = 0.501 by a few ulps, which the page's old
        # slope scan missed. The page must draw Swift's band and name where it rises.
        with open(os.path.join(self.work, "ulp-rise.curve.json"), "w") as handle:
            json.dump({"name": "Ulp rise", "points": [[0, 1], [0.5, 0.7485327952270507], [1, 0.4999952779541015]],
                       "degree": 3, "endpoints": False, "constraints": [{"t": 0, "slope": -1.5058640970458985}],
                       "monotonic": "ignore"}, handle)
        # Issue 20: a spec in hours and percent, the designer's water-intake day.
        shutil.copy(os.path.join(ROOT, "examples/curves/water-day.curve.json"), os.path.join(self.work, "water-day.curve.json"))
        self.paths = [os.path.join(self.work, name)
                      for name in ["depletion.curve.json", "sketch.curve.json", "new.curve.json", "ulp-rise.curve.json",
                                   "water-day.curve.json"]]
        self.studio = Studio(args.curvekit, self.paths)
        self.errors = []

    # MARK: - helpers

    def js(self, expression, arg=None):
        return self.page.evaluate(expression, arg)

    def wait(self, expression, timeout=10000, arg=None):
        self.page.wait_for_function(expression, arg=arg, timeout=timeout)

    def doc(self):
        return self.js("() => { const d = window.studio.docs[window.studio.active];"
                       " return {spec: d.spec, fit: d.fit, enforce: d.enforce, etag: d.etag}; }")

    def settle(self):
        """Waits until no fit is pending and the last one is drawn."""
        self.page.wait_for_timeout(50)
        self.wait("() => { const s = window.studio; return s.metrics.fitsDone > 0 && s.pendingMoves.length === 0; }")
        self.page.wait_for_timeout(250)

    def plot_in_view(self):
        """Scrolls the page to its top, where the plot is whole at 1440 × 900: an earlier step may
        have scrolled the side panel's lower rows into view. (A press then scrolled the page back
        to 0: not the handle's focus, but scroll anchoring, the browser keeping a node of the side
        panel still while the verdict and the export changed height during the drag; the page has
        none now, and test_a_drag_never_scrolls_the_page holds it to that.)"""
        self.js("() => window.scrollTo(0, 0)")
        self.page.locator("#plot").scroll_into_view_if_needed()

    @contextlib.contextmanager
    def fresh_page(self, tag, **options):
        """A page of its own (a new browser context with `options`), opened with the test hook
        and ready (the first fit drawn); closed on leaving."""
        context = self.browser.new_context(**options)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(tag + ": " + str(error)))
        try:
            page.goto(self.studio.debug_url)
            page.wait_for_function("() => window.studio && window.studio.ready && window.studio.metrics.fitsDone > 0")
            yield page
        finally:
            context.close()

    def handle_center(self, index):
        # Bring the plot into view first: an earlier step may have scrolled the side panel's
        # lower rows (points, export) into view, and a pointer outside the viewport hits nothing.
        self.plot_in_view()
        self.page.locator('.handle[data-index="%d"] .dot' % index).scroll_into_view_if_needed()
        box = self.page.locator('.handle[data-index="%d"] .dot' % index).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def verdict(self):
        return self.page.inner_text("#verdict")

    def write_file(self, index, text):
        temporary = self.paths[index] + ".tmp-edit"
        with open(temporary, "w") as handle:
            handle.write(text)
        os.replace(temporary, self.paths[index])

    def read_file(self, index):
        with open(self.paths[index]) as handle:
            return handle.read()

    def switch(self, index):
        self.page.click("#tabs [role=tab]:nth-child(%d)" % (index + 1))
        self.wait("(i) => window.studio.active === i && window.studio.docs[i].loaded", arg=index)
        self.settle()

    # MARK: - the tests, in order (they share one page)

    def test_load(self):
        # The link as printed: the page works, and ships no test hook.
        self.page.goto(self.studio.url)
        self.wait("() => document.querySelectorAll('.handle').length === 7 && "
                  "document.getElementById('verdict').textContent.includes('Never rises')")
        assert self.js("() => typeof window.studio") == "undefined", "the test hook exists only with ?debug"
        assert self.page.url.rstrip("/").endswith(":%d" % self.studio.port), "the token must leave the address bar"
        self.page.goto(self.studio.debug_url)
        self.wait("() => window.studio && window.studio.ready && window.studio.metrics.fitsDone > 0")
        self.settle()
        assert "#token=" in self.studio.url, "the link carries the token in its fragment, never sent"
        assert self.page.url == "http://127.0.0.1:%d/?debug" % self.studio.port, "the token must leave the address bar"
        # Issue 20: no cookie carries a credential (cookies are shared by every port of 127.0.0.1);
        # the page sends the token itself, so the same fetch without its header is refused.
        assert self.context.cookies() == [], self.context.cookies()
        assert self.js("() => fetch('/api/session', {credentials: 'include'}).then((r) => r.status)") == 401
        assert self.js("() => window.studio.metrics.transport") in ("websocket", "fetch")
        # A reload keeps working (the token is in this tab's sessionStorage, scoped to this port).
        self.page.reload()
        self.wait("() => window.studio && window.studio.ready && window.studio.metrics.fitsDone > 0")
        self.settle()
        assert self.context.cookies() == [], self.context.cookies()
        assert "Never rises" in self.verdict(), self.verdict()
        assert self.page.locator(".handle").count() == 7
        assert self.page.get_attribute("[data-testid=curve]", "d").startswith("M ")
        assert self.page.locator('#tabs [role=tab]').count() == 5
        assert self.page.get_attribute(".handle", "role") == "slider"
        status, body = self.studio.api("POST", "/api/fit?spec=0", {"spec": json.load(open(self.paths[0]))})
        cli = subprocess.run([self.args.curvekit, "fit", self.paths[0], "--json"], capture_output=True)
        # Every member the CLI prints, byte for byte, then the page's "plot" (what it draws).
        members = cli.stdout[:-3]
        assert cli.stdout.endswith(b"\n}\n") and status == 200 and body.startswith(members), "the CLI's bytes first"
        assert body[len(members):].startswith(b',\n  "plot": {'), body[len(members):len(members) + 40]
        assert json.loads(body)["coefficients"] == self.doc()["fit"]["coefficients"]

    def test_drag_point_changes_curve_and_verdict(self):
        before_d = self.page.get_attribute("[data-testid=curve]", "d")
        x, y = self.handle_center(1)
        panel = self.page.locator("#plot .panel-bg").first.bounding_box()
        bottom = panel["y"] + panel["height"]
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for step in range(1, 11):  # Down past the bottom of the level panel: the pointer is captured.
            self.page.mouse.move(x, y + (bottom + 60 - y) * step / 10)
        self.page.mouse.up()
        self.settle()
        doc = self.doc()
        assert doc["spec"]["points"][1][1] == 0, "levels stay in 0...100 %%: %r" % doc["spec"]["points"][1]
        assert self.page.get_attribute("[data-testid=curve]", "d") != before_d, "the curve must be redrawn"
        assert "Rises" in self.verdict(), self.verdict()
        assert not doc["fit"]["monotonic"]["decreasing"]
        self.page.keyboard.press("Control+z")
        self.settle()
        assert "Never rises" in self.verdict(), "undo restores the curve: " + self.verdict()
        assert self.page.get_attribute("[data-testid=curve]", "d") == before_d

    def test_type_value_then_undo(self):
        original = self.doc()["spec"]["points"][2][1]
        before_d = self.page.get_attribute("[data-testid=curve]", "d")
        field = self.page.locator('#points tr:nth-child(3) input[data-part="y"]')
        field.fill("0.5")
        field.press("Enter")
        self.settle()
        assert self.doc()["spec"]["points"][2][1] == 0.5
        assert self.page.get_attribute("[data-testid=curve]", "d") != before_d
        self.page.keyboard.press("Control+z")
        self.settle()
        assert self.doc()["spec"]["points"][2][1] == original, self.doc()["spec"]["points"][2]
        assert float(field.input_value()) == float("%.6g" % original)
        self.page.keyboard.press("Control+Shift+z")
        self.settle()
        assert self.doc()["spec"]["points"][2][1] == 0.5, "redo"
        self.page.keyboard.press("Control+z")
        self.settle()

    def test_keyboard_nudge_and_aria(self):
        handle = self.page.locator('.handle[data-index="3"]')
        handle.focus()
        before = float(handle.get_attribute("aria-valuenow"))
        self.page.keyboard.press("ArrowUp")
        self.settle()
        after = float(handle.get_attribute("aria-valuenow"))
        assert abs(after - before - 0.5) < 0.051, (before, after)
        self.page.keyboard.press("Shift+ArrowUp")
        self.settle()
        shifted = float(handle.get_attribute("aria-valuenow"))
        assert abs(shifted - after - 5) < 0.051, (after, shifted)
        for _ in range(2):
            self.page.keyboard.press("Control+z")
        self.settle()
        assert abs(float(handle.get_attribute("aria-valuenow")) - before) < 0.051

    def test_snapping_and_axis_lock(self):
        """Issue 20: Shift locks the axis a drag starts along (a vertical drag keeps the time
        exactly), Ctrl snaps; Home and End move a focused point to the ends of the period."""
        self.switch(0)
        before = self.doc()["spec"]["points"][2]
        x, y = self.handle_center(2)
        self.page.keyboard.down("Shift")
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for step in range(1, 8):
            self.page.mouse.move(x + step * 0.7, y + step * 6)  # a hand's vertical drag drifts sideways
        self.page.mouse.up()
        self.page.keyboard.up("Shift")
        self.settle()
        locked = self.doc()["spec"]["points"][2]
        assert locked[0] == before[0] and locked[1] != before[1], (before, locked)
        units = self.js("() => window.studio.docs[0].units")
        t_scale = units["spec"]["timeScale"]
        level_scale = units["spec"]["levelScale"]
        duration = units["display"]["durationDays"] or 1  # the designer sees days: half days
        steps = duration * 2 if duration > 1 else 10

        def ctrl_drag(dx, dy):
            x, y = self.handle_center(2)
            self.page.keyboard.down("Control")
            self.page.mouse.move(x, y)
            self.page.mouse.down()
            self.page.mouse.move(x + dx, y + dy)
            self.page.mouse.up()
            self.page.keyboard.up("Control")
            self.settle()
            return self.doc()["spec"]["points"][2]

        def half_days(point):  # the spec keeps six decimals of normalized time: a half day is exact to 1e-6
            t_norm = point[0] / t_scale
            return abs(t_norm * steps - round(t_norm * steps)) < 1e-5 * steps

        def whole_percent(point):
            level = point[1] / level_scale * 100
            return abs(level - round(level)) < 1e-6

        # Issue 32: Ctrl snaps only the axis being dragged. Mostly vertical: the level snaps and
        # the time follows the pointer (3 px across), not pulled to a half day.
        start = self.doc()["spec"]["points"][2]
        snapped = ctrl_drag(3, -40)
        assert whole_percent(snapped), snapped
        assert snapped[0] != start[0] and not half_days(snapped), (start, snapped)
        # Mostly horizontal: the time snaps, the level follows the pointer.
        across = ctrl_drag(40, -3)
        assert half_days(across), across
        assert not whole_percent(across), across
        handle = self.page.locator('.handle[data-index="2"]')
        handle.focus()
        self.page.keyboard.press("End")
        self.settle()
        assert self.doc()["spec"]["points"][2][0] == t_scale * 1, self.doc()["spec"]["points"][2]
        for _ in range(4):
            self.page.keyboard.press("Control+z")
        self.settle()
        assert self.doc()["spec"]["points"][2] == before, (before, self.doc()["spec"]["points"][2])

    def test_add_and_delete_points(self):
        count = len(self.doc()["spec"]["points"])
        panel = self.page.locator("#plot .panel-bg").first.bounding_box()
        self.page.mouse.dblclick(panel["x"] + panel["width"] * 0.95, panel["y"] + panel["height"] * 0.85)
        self.settle()
        points = self.doc()["spec"]["points"]
        assert len(points) == count + 1 and any(abs(p[0] - 0.95) < 0.01 for p in points), points
        assert self.page.locator(".handle").count() == count + 1
        self.page.locator('.handle[data-index="%d"]' % count).focus()
        self.page.keyboard.press("Delete")
        self.settle()
        assert len(self.doc()["spec"]["points"]) == count
        self.page.click("#add-point")
        self.settle()
        assert len(self.doc()["spec"]["points"]) == count + 1
        for _ in range(3):
            self.page.keyboard.press("Control+z")
        self.settle()
        assert len(self.doc()["spec"]["points"]) == count

    def test_toggle_enforce(self):
        self.switch(1)  # The designer's sketch, whose plain cubic rises.
        assert "Rises" in self.verdict(), self.verdict()
        self.wait("() => window.studio.docs[1].enforce !== null")
        self.page.wait_for_timeout(100)
        assert self.page.get_attribute(".enforce-curve", "d").startswith("M "), "the enforce result is overlaid"
        assert self.page.is_visible("#overlay-note")
        self.page.click('#policy [data-policy="enforce"]')
        self.settle()
        doc = self.doc()
        assert doc["spec"]["monotonic"] == "enforce"
        assert doc["fit"]["monotonic"]["decreasing"] and doc["fit"]["monotonic"]["policy"] == "enforce"
        assert "Never rises" in self.verdict(), self.verdict()
        assert self.page.get_attribute(".enforce-curve", "d") == "", "no overlay once enforced"
        assert self.page.get_attribute('#policy [data-policy="enforce"]', "aria-checked") == "true"
        self.page.click('#policy [data-policy="require"]')
        self.settle()
        assert "Rises" in self.verdict()

    def test_bands_and_verdict_are_swifts(self):
        """The page draws Swift's decision: the rising bands and the verdict's location come from
        the fit answer (fit --json "slopeBands"), for the cubic whose rise is a few ulps high."""
        self.switch(3)
        doc = self.doc()
        status, body = self.studio.api("POST", "/api/fit?spec=3", {"spec": doc["spec"]})
        swift = json.loads(body)
        assert status == 200 and swift["coefficients"] == [-2, 3.005859375, -1.5058640970458985, 1], swift
        assert swift["monotonicity"]["verdict"] == "notMonotone"
        rising = swift["slopeBands"]["rising"]
        witness = swift["monotonicity"]["witness"]["t"]
        assert rising and any(a <= witness <= b for a, b in rising), (rising, witness)
        assert doc["fit"]["slopeBands"] == swift["slopeBands"], "the page holds Swift's bands"
        rects = self.js("() => Array.from(document.querySelectorAll('#plot g.rising > rect'))"
                        ".map((r) => [Number(r.getAttribute('x')), Number(r.getAttribute('width'))])")
        frame = self.js("() => window.studio.frames.main")
        assert len(rects) == len(rising), (rects, rising)
        for (x, width), (a, b) in zip(rects, rising):
            assert abs(x - (frame["left"] + a * frame["width"])) < 0.5, (x, a)
            assert width >= 1.5
        verdict = self.verdict()
        assert "Rises" in verdict and "0.501" in verdict, verdict
        self.switch(0)

    def test_add_milestone(self):
        features = self.js("() => window.studio.features")
        if not features.get("milestones"):
            raise Skip("the spec format has no milestones yet")
        self.switch(0)
        self.page.click("#add-milestone")
        self.settle()
        spec = self.doc()["spec"]
        assert len(spec["milestones"]) == 1, spec.get("milestones")
        grip = self.page.locator("[data-milestone='0'] .grip").bounding_box()
        x, y = grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.page.mouse.move(x, y + 40, steps=4)
        self.page.mouse.up()
        self.settle()
        moved = self.doc()["spec"]["milestones"][0]
        assert moved["atLeast"] < spec["milestones"][0]["atLeast"], moved
        self.page.keyboard.press("Control+z")
        self.page.keyboard.press("Control+z")
        self.settle()
        assert not self.doc()["spec"].get("milestones")

    def test_units_switch_keeps_the_curve(self):
        features = self.js("() => window.studio.features")
        if not features.get("units"):
            raise Skip("the spec format has no units yet")
        self.switch(0)
        before = self.doc()
        self.page.click('#time-unit [data-unit="days"]')
        self.settle()
        self.page.click('#level-unit [data-unit="percent"]')
        self.settle()
        after = self.doc()
        assert after["spec"]["timeUnit"] == "days" and after["spec"]["levelUnit"] == "percent", after["spec"]
        first, converted = before["spec"]["points"][0], after["spec"]["points"][0]
        assert abs(converted[0] - first[0] * 7) < 1e-9 and abs(converted[1] - first[1] * 100) < 1e-9, converted
        for a, b in zip(before["fit"]["coefficients"], after["fit"]["coefficients"]):
            assert abs(a - b) < 1e-9, (before["fit"]["coefficients"], after["fit"]["coefficients"])
        assert self.page.inner_text("#t-head") == "day" and self.page.inner_text("#y-head") == "level %"
        self.page.keyboard.press("Control+z")
        self.page.keyboard.press("Control+z")
        self.settle()
        assert "timeUnit" not in self.doc()["spec"]

    def test_hours_spec_speaks_hours(self):
        """Issue 20: a 10-hour water day reads in hours and percent everywhere: axes, slope,
        milestone, tooltips; a Ctrl-drag snaps to half hours."""
        self.switch(4)
        assert self.page.inner_text("#t-head") == "hour" and self.page.inner_text("#y-head") == "level %"
        label = self.js("() => document.querySelector('.milestone text').textContent")
        assert "≥ 70 %" in label and "until hour 3" in label, label
        titles = self.js("() => [...document.querySelectorAll('text')].map((t) => t.textContent)")
        assert any("% per hour" in text for text in titles), titles
        summary = self.page.inner_text("#summary") + " " + self.page.inner_text("#verdict-detail")
        assert "day " not in summary and "t = " not in summary, summary
        # Ctrl snaps a dragged point to half units of the spec's time (hours) and whole percents.
        handle = self.page.locator(".handle").nth(1)
        box = handle.bounding_box()
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        self.page.keyboard.down("Control")
        self.page.mouse.move(box["x"] + box["width"] / 2 + 23, box["y"] + box["height"] / 2 + 2, steps=4)
        self.page.mouse.up()
        self.page.keyboard.up("Control")
        self.settle()
        # Issue 32: a mostly horizontal drag snaps the time only (the axis being dragged).
        t, y = self.doc()["spec"]["points"][1]
        assert abs(t * 2 - round(t * 2)) < 1e-9, (t, y)
        assert 0 < t < 10, t
        self.page.keyboard.press("Control+z")
        self.settle()

    def test_save_and_check_file(self):
        self.switch(0)
        self.page.fill("#name", "Studio Saved")
        self.page.press("#name", "Enter")
        self.settle()
        assert "●" in self.page.title()
        self.page.keyboard.press("Control+s")
        self.wait("() => document.getElementById('status').textContent.startsWith('Saved')")
        text = self.read_file(0)
        saved = json.loads(text)
        assert saved["name"] == "Studio Saved"
        assert saved["points"] == self.doc()["spec"]["points"]
        assert text.endswith("}\n") and text.startswith('{\n  "name": "Studio Saved",\n'), text[:80]
        assert "●" not in self.page.title()
        check = subprocess.run([self.args.curvekit, "fit", self.paths[0], "--json"], capture_output=True)
        assert check.returncode == 0, check.stderr

    def test_status_is_per_tab_and_copy_needs_a_curve_that_ships(self):
        """Issue 20's stale state: "Saved" belongs to the tab that was saved, and Copy is off
        while the spec does not fit (nothing stale to paste)."""
        assert self.page.inner_text("#status").startswith("Saved")
        self.switch(3)
        assert "Saved" not in self.page.inner_text("#status"), self.page.inner_text("#status")
        self.switch(0)
        assert self.page.inner_text("#status").startswith("Saved"), "each tab keeps its own status"
        self.wait("() => !document.getElementById('copy').disabled", timeout=5000)
        field = self.page.locator('#points tr:nth-child(3) input[data-part="t"]')
        field.fill("5")  # outside the period: the spec no longer fits
        field.press("Enter")
        self.settle()
        self.wait("() => document.getElementById('copy').disabled", timeout=5000)
        assert "not shipped" in self.page.inner_text("#code")
        self.page.keyboard.press("Control+z")
        self.settle()
        self.wait("() => !document.getElementById('copy').disabled", timeout=5000)

    def test_copy_is_off_during_a_tab_switch(self):
        """Issue 32: right after a tab switch the panel still holds the previous tab's code, so
        Copy is off until this tab's code arrives; then it copies exactly what the server
        generates for this tab's spec."""
        self.switch(0)
        self.wait("() => !document.getElementById('copy').disabled", timeout=5000)
        self.page.click('[data-format="swift"]')
        disabled = self.js("() => { document.querySelector('#tabs [role=tab]:nth-child(5)').click();"
                           " return document.getElementById('copy').disabled; }")
        assert disabled, "Copy stayed on while the panel showed the previous tab's code"
        self.wait("() => window.studio.active === 4")
        self.settle()
        self.wait("() => !document.getElementById('copy').disabled", timeout=5000)
        spec = self.js("() => window.studio.docs[4].spec")
        status, body = self.studio.api("POST", "/api/generate?spec=4", {"spec": spec})
        assert status == 200, body
        expected = json.loads(body)["swift"]
        self.page.click("#copy")
        self.wait("(text) => window.studio.copied === text", arg=expected, timeout=5000)
        self.switch(0)

    def test_keyboard_path(self):
        """Issue 32: from the top of a fresh page, Tab reaches the first point in at most 8
        presses (Enter on the skip link); each radio group and tab list is one Tab stop; Space
        and Backspace act only on what has focus."""
        with self.fresh_page("keyboard", viewport={"width": 1280, "height": 800}) as page:
            page.wait_for_timeout(300)
            page.screenshot(path=os.path.join(self.args.out, "studio-1280.png"))
            active = "() => { const a = document.activeElement; if (!a) return '';" \
                     " return (a.classList.contains('handle') ? 'handle' : a.id || a.tagName) + '|' + (a.dataset.index || ''); }"
            # The skip link is the first Tab stop, and shows itself when focused.
            page.keyboard.press("Tab")
            presses = 1
            skip = page.evaluate("() => { const a = document.activeElement, r = a.getBoundingClientRect();"
                                 " return [a.id, r.top, r.bottom, r.left, innerWidth]; }")
            assert skip[0] == "skip" and skip[1] >= 0 and skip[2] - skip[1] >= 20 and skip[3] >= 0, skip
            page.keyboard.press("Enter")
            while presses < 8 and page.evaluate(active) != "handle|0":
                page.keyboard.press("Tab")
                presses += 1
                if page.evaluate(active).startswith("skip|"):
                    page.keyboard.press("Enter")
                if page.evaluate(active) == "handle|0":
                    break
            assert page.evaluate(active) == "handle|0" and presses <= 8, (presses, page.evaluate(active))
            self.report["tab_presses_to_first_point"] = presses
            # Without the skip link: every Tab stop from the top to the end of the page, one per group.
            page.evaluate("() => document.activeElement.blur()")
            stops = []
            for _ in range(80):
                page.keyboard.press("Tab")
                stops.append(page.evaluate("() => { const a = document.activeElement;"
                                           " const g = a && a.closest('[role=radiogroup], [role=tablist]');"
                                           " return g ? 'group:' + (g.id || g.getAttribute('aria-label')) : 'x'; }"))
            groups = [stop for stop in stops if stop.startswith("group:")]
            for group in ("group:policy", "group:tabs", "group:formats"):
                assert groups.count(group) <= 2, (group, groups)  # once per pass through the page (80 Tabs wrap)
            # Every radio group and tab list has exactly one Tab stop: its checked (selected) item.
            stops_per_group = page.evaluate("""() => Array.from(document.querySelectorAll('[role=radiogroup], [role=tablist]'))
                .map((g) => { const items = Array.from(g.querySelectorAll('[role=radio], [role=tab]'));
                  const stops = items.filter((i) => i.tabIndex === 0);
                  const on = (i) => i.getAttribute('aria-checked') === 'true' || i.getAttribute('aria-selected') === 'true';
                  return (g.id || g.getAttribute('aria-label')) + ':' + items.length + ':' + stops.length + ':' + (stops.length === 1 && on(stops[0])); })""")
            assert stops_per_group and all(entry.endswith(":1:true") for entry in stops_per_group), stops_per_group
            # Arrows move within a radio group and pick.
            page.focus('#policy [aria-checked="true"]')
            page.keyboard.press("ArrowRight")
            page.wait_for_function("() => document.activeElement.dataset.policy === 'enforce'"
                                   " && document.activeElement.getAttribute('aria-checked') === 'true'")
            page.keyboard.press("ArrowLeft")
            page.wait_for_function("() => window.studio.docs[0].spec.monotonic === undefined")
            # Space on a point's exact box: the focus stays on that point (now an exact row), and back.
            time = page.evaluate("() => window.studio.docs[0].spec.points[1][0]")
            page.focus('#points tr:nth-child(2) [data-part="exact"]')
            page.keyboard.press("Space")
            page.wait_for_function("() => (window.studio.docs[0].spec.constraints || []).some((c) => c.value !== undefined)")
            page.wait_for_timeout(200)
            label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
            assert label.startswith("Exact point") and label.endswith(" exact"), label
            # The same point's box (its row shows point 2's time), and only that point became exact.
            row_time = page.evaluate("() => Number(document.activeElement.closest('tr').querySelector('input').value)")
            assert row_time == time, (row_time, time)
            exact = page.evaluate("() => window.studio.docs[0].spec.constraints.filter((c) => c.value !== undefined).length")
            assert exact == 1, exact
            page.keyboard.press("Space")
            page.wait_for_function("() => !(window.studio.docs[0].spec.constraints || []).some((c) => c.value !== undefined)")
            label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
            assert label == "Point 2 exact", label
            # Backspace with a button focused deletes nothing; with the plot focused, the selected point.
            count = page.evaluate("() => window.studio.docs[0].spec.points.length")
            page.focus('.handle[data-index="1"]')
            page.focus("#add-point")
            page.keyboard.press("Backspace")
            page.wait_for_timeout(200)
            assert page.evaluate("() => window.studio.docs[0].spec.points.length") == count, "Backspace on a button"
            # Nor with a field, a menu, a checkbox or a radio focused (Backspace edits the field; Delete too).
            for selector in ("#easing-input", "#degree", "#motion-loop", '#policy [aria-checked="true"]', "#copy"):
                for key in ("Backspace", "Delete"):
                    page.focus('.handle[data-index="1"]')
                    page.focus(selector)
                    page.keyboard.press(key)
            page.wait_for_timeout(200)
            assert page.evaluate("() => window.studio.docs[0].spec.points.length") == count, "Backspace or Delete on a control"
            page.focus("#plot")
            page.keyboard.press("Backspace")
            page.wait_for_function("(n) => window.studio.docs[0].spec.points.length === n - 1", arg=count)
            page.keyboard.press("Control+z")
            page.wait_for_function("(n) => window.studio.docs[0].spec.points.length === n", arg=count)
            # The point itself focused: Delete removes that point.
            page.focus('.handle[data-index="2"]')
            page.keyboard.press("Delete")
            page.wait_for_function("(n) => window.studio.docs[0].spec.points.length === n - 1", arg=count)
            page.keyboard.press("Control+z")
            page.wait_for_function("(n) => window.studio.docs[0].spec.points.length === n", arg=count)

    def test_a_drag_never_scrolls_the_page(self):
        """Issue 32: with the page scrolled, dragging a point moves the point, never the page (the
        browser's scroll anchoring kept a node of the side panel still as the verdict and the
        export changed height, scrolling the plot from under the pointer: 180 px became 101 or
        414). Each point that can be pressed at two scroll offsets, a short drag, then undo."""
        with self.fresh_page("scroll", viewport={"width": 1440, "height": 900}) as page:
            page.wait_for_timeout(300)
            points = page.evaluate("() => window.studio.docs[0].spec.points")
            dragged = []
            for offset in (180, 220):
                for index in range(len(points)):
                    page.evaluate("(y) => window.scrollTo(0, y)", offset)
                    page.wait_for_timeout(50)
                    box = page.locator('.handle[data-index="%d"] .dot' % index).bounding_box()
                    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                    if not page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                                         " return !!(e && e.closest('.handle')); }", [x, y]):
                        continue  # under the sticky header or out of view
                    page.mouse.move(x, y)
                    page.mouse.down()
                    page.mouse.move(x + 5, y + 5, steps=3)
                    page.wait_for_timeout(300)
                    page.mouse.up()
                    page.wait_for_function("(p) => JSON.stringify(window.studio.docs[0].spec.points) !== JSON.stringify(p)",
                                           arg=points)
                    page.wait_for_timeout(300)
                    scrolled = page.evaluate("() => window.scrollY")
                    assert scrolled == offset, "dragging point %d scrolled the page from %d to %s" % (index + 1, offset, scrolled)
                    dragged.append(index)
                    page.keyboard.press("Control+z")
                    page.wait_for_function("(p) => JSON.stringify(window.studio.docs[0].spec.points) === JSON.stringify(p)",
                                           arg=points)
            assert len(dragged) >= 4, dragged
            self.report["drags_without_scroll"] = len(dragged)

    def test_edit_behind_the_page_reloads(self):
        text = self.read_file(0).replace('"Studio Saved"', '"Edited Elsewhere"')
        self.write_file(0, text)
        self.wait("() => document.getElementById('name').value === 'Edited Elsewhere'", timeout=8000)
        assert "Reloaded" in self.page.inner_text("#status")
        assert not self.page.is_visible("#banner")

    def test_edit_behind_the_page_conflicts(self):
        handle = self.page.locator('.handle[data-index="1"]')
        handle.focus()
        self.page.keyboard.press("ArrowDown")
        self.settle()
        assert "●" in self.page.title(), "the page has unsaved edits"
        external = self.read_file(0).replace('"Edited Elsewhere"', '"Edited Again"')
        self.write_file(0, external)
        self.wait("() => !document.getElementById('banner').hidden", timeout=8000)
        assert "changed on disk" in self.page.inner_text("#banner")
        self.page.keyboard.press("Control+s")
        self.wait("() => document.getElementById('status').textContent.startsWith('Not saved')")
        assert self.read_file(0) == external, "a stale save never overwrites the edit on disk"
        self.page.click("#banner-mine")
        self.wait("() => document.getElementById('status').textContent.startsWith('Keeping')")
        self.page.keyboard.press("Control+s")
        self.wait("() => document.getElementById('status').textContent.startsWith('Saved')")
        assert json.loads(self.read_file(0))["name"] == "Edited Elsewhere", "kept edits are saved on request"

    def test_a_file_that_fails_to_load_is_never_overwritten(self):
        """Issue 20: a spec that fails to load opens as an error state with its text; Save is
        disabled and Ctrl-S writes nothing; fixing the text in the page saves it."""
        self.switch(0)
        good = self.read_file(0)
        broken = good[:good.rindex("}")].rstrip() + ",\n}\n"  # a trailing comma
        self.write_file(0, broken)
        self.wait("() => !document.getElementById('banner').hidden", timeout=8000)
        self.page.click("#banner-theirs")  # "Load the file": the broken one
        self.wait("() => !document.getElementById('broken').hidden")
        error = self.page.inner_text("#broken-error")
        assert "trailing comma" in error and "depletion.curve.json:" in error, error
        assert self.page.input_value("#broken-text") == broken
        assert self.page.is_disabled("#save")
        # Issue 32: no code for the stand-in: Copy is off and the panel says why.
        self.page.wait_for_timeout(400)
        assert self.page.is_disabled("#copy")
        assert "did not load" in self.page.inner_text("#code"), self.page.inner_text("#code")
        self.page.screenshot(path=os.path.join(self.args.out, "studio-broken.png"))
        # The curve behind the panel is a stand-in: it says so, and claims no verdict.
        self.wait("() => document.getElementById('verdict').textContent.startsWith('⚠ Placeholder')")
        assert "Never rises" not in self.page.inner_text("#verdict")
        self.page.keyboard.press("Control+s")
        self.page.wait_for_timeout(400)
        assert self.read_file(0) == broken, "nothing may write over a file that did not load"
        box = self.page.locator("#save").bounding_box()
        assert box and box["x"] + box["width"] <= self.page.viewport_size["width"], "Save stays on screen"
        # Starting over needs a second click; the first one changes nothing.
        self.page.click("#broken-reset")
        assert self.page.is_visible("#broken") and self.page.is_disabled("#save")
        # Fixing the text in the page saves it, through the server's strict reader.
        self.page.fill("#broken-text", good)
        self.page.click("#broken-use")
        self.wait("() => document.getElementById('broken').hidden")
        self.settle()
        assert json.loads(self.read_file(0)) == json.loads(good)
        assert not self.page.is_disabled("#save")

    def test_new_file_created_on_first_save(self):
        assert not os.path.exists(self.paths[2])
        self.switch(2)
        assert "New file" in self.page.inner_text("#status")
        self.page.keyboard.press("Control+s")
        self.wait("() => document.getElementById('status').textContent.startsWith('Saved')")
        saved = json.loads(self.read_file(2))
        # Issue 32: a new file starts as the server's blank spec (two points in percent), named after the file.
        assert saved["name"] == "New" and saved["levelUnit"] == "percent" and len(saved["points"]) == 2, saved

    def test_compare_overlays_the_others(self):
        self.switch(0)
        self.page.check("#compare")
        # The four other specs, each as a level and a slope curve, and one legend entry per spec.
        self.wait("() => document.querySelectorAll('.compare-curve').length === 8")
        assert self.page.locator("#legend span").count() == 5
        self.page.uncheck("#compare")

    def test_preview_widget_percentage(self):
        self.page.fill("#scrub", "437")
        self.page.dispatch_event("#scrub", "input")
        coefficients = self.doc()["fit"]["coefficients"]
        expected = widget_percent(horner(coefficients, 0.437))
        shown = self.page.inner_text("#widget-percent")
        assert shown == "%d %%" % expected, (shown, expected)
        assert "day 3.06 of 7" in self.page.inner_text("#widget-time")
        self.page.click("#play")
        self.page.wait_for_timeout(400)
        assert self.js("() => window.studio.preview.t") > 0.437
        self.page.click("#play")

    def test_presets_and_copy(self):
        self.page.select_option("#preset", "steepStart")
        self.settle()
        spec = self.doc()["spec"]
        assert {"t": 1, "slope": 0} in spec["constraints"], spec
        self.page.click('[data-format="css"]')
        self.wait("() => document.getElementById('code').textContent.includes('cubic-bezier(')")
        self.page.click("#copy")
        self.wait("() => (window.studio.copied || '').includes('cubic-bezier(')")
        self.page.keyboard.press("Control+z")
        self.settle()
        # Issue 20: a preset in a days-and-percent spec lands in those units, flat end on the last
        # day (not day 1), and the spec keeps its milestones.
        self.page.click('#time-unit [data-unit="days"]')
        self.page.click('#level-unit [data-unit="percent"]')
        self.settle()
        before = self.doc()["spec"]
        assert before.get("timeUnit") == "days" and before.get("levelUnit") == "percent", before
        self.page.select_option("#preset", "steepStart")
        self.settle()
        spec = self.doc()["spec"]
        days = spec["durationDays"]
        assert {"t": days, "slope": 0} in spec["constraints"], spec["constraints"]
        assert spec.get("milestones") == before.get("milestones"), (spec.get("milestones"), before.get("milestones"))
        assert max(point[0] for point in spec["points"]) > 1 and max(point[1] for point in spec["points"]) > 1
        assert self.doc()["fit"]["monotonic"]["decreasing"], "the steep start in days still never rises"
        for _ in range(3):
            self.page.keyboard.press("Control+z")
        self.settle()
        assert self.doc()["spec"].get("timeUnit") in (None, "normalized"), self.doc()["spec"]

    def test_paste_an_easing(self):
        """Issue 32: an easing pasted anywhere, typed into the field, or chosen from the library is
        imported by the server: the spec's points replaced (one undo step each), the certified
        distance and the degree advice shown as the server words them."""
        before = self.doc()["spec"]
        self.js("""(text) => { const data = new DataTransfer(); data.setData('text/plain', text);
                   document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true})); }""",
                "cubic-bezier(0.42, 0, 0.58, 1)")
        self.wait("() => !document.getElementById('shape-note').hidden")
        self.settle()
        note = self.page.inner_text("#shape-note")
        assert "pp from the easing (certified)" in note and "under 0.5 pp" in note, note
        assert len(self.doc()["spec"]["points"]) == 9, self.doc()["spec"]
        assert self.page.input_value("#easing-input") == "cubic-bezier(0.42, 0, 0.58, 1)"
        self.page.fill("#easing-input", "steps(4)")
        self.page.press("#easing-input", "Enter")
        self.wait("() => document.getElementById('shape-note').classList.contains('bad')")
        assert "not a cubic B" in self.page.inner_text("#shape-note")
        self.page.select_option("#preset", "m3-standard")
        self.wait("() => (document.getElementById('shape-note').textContent || '').startsWith('Material 3 standard')")
        self.settle()
        self.js("() => document.getElementById('plot').focus()")
        for _ in range(2):
            self.page.keyboard.press("Control+z")
        self.settle()
        assert self.doc()["spec"]["points"] == before["points"], (self.doc()["spec"]["points"], before["points"])

    def test_drag_a_bezier_handle(self):
        """Issue 32: the easing handles. Dragging the first handle refits the curve through the
        server as it moves (one undo step); the four numbers follow; "flat start" holds y1 at 0."""
        before = self.doc()["spec"]
        self.page.locator("#bezier-card").scroll_into_view_if_needed()
        handle = self.page.locator("#bezier-plot circle").first
        box = handle.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for step in range(1, 6):
            self.page.mouse.move(x + 4 * step, y - 6 * step)
            self.page.wait_for_timeout(60)
        self.page.mouse.up()
        self.wait("() => (document.getElementById('shape-note').textContent || '').includes('certified')")
        self.settle()
        x1 = float(self.page.input_value("#bezier-x1"))
        y1 = float(self.page.input_value("#bezier-y1"))
        assert self.doc()["spec"]["points"] != before["points"]
        assert 0 <= x1 <= 1 and y1 > 0, (x1, y1)
        note = self.page.inner_text("#shape-note")
        # The server's words name the handles sent (Swift's shortest round-trip numbers, as Python's repr).
        assert "cubic-bezier(%r, %r," % (x1, y1) in note, (note, x1, y1)
        self.page.check("#bezier-flat-start")
        self.wait("() => document.getElementById('bezier-y1').value === '0'")
        self.settle()
        self.page.uncheck("#bezier-flat-start")
        self.js("() => document.getElementById('plot').focus()")
        for _ in range(2):
            self.page.keyboard.press("Control+z")
        self.settle()
        assert self.doc()["spec"]["points"] == before["points"], "the drag and the switch are two undo steps"

    def test_copy_each_one_liner(self):
        """Issue 32: one line per platform, rounded by default, each with its own Copy; SwiftUI
        and the Web Animations options carry the duration chosen in ms."""
        self.page.fill("#anim-ms", "600")
        self.page.press("#anim-ms", "Enter")
        self.js("() => document.getElementById('anim-ms').dispatchEvent(new Event('change'))")
        self.wait("() => (document.querySelectorAll('#one-liner-list code')[1] || {}).textContent"
                  " && document.querySelectorAll('#one-liner-list code')[1].textContent.includes('duration: 0.6)')")
        lines = {}
        for key in ["css", "swiftui", "compose", "waapi"]:
            before = self.js("() => window.studio.copied || ''")
            self.page.click('#one-liner-list [data-line="%s"]' % key)
            self.wait("(before) => (window.studio.copied || '') !== before", arg=before)
            lines[key] = self.js("() => window.studio.copied")
        assert lines["css"].startswith("cubic-bezier(") and "\n" not in lines["css"], lines
        assert lines["swiftui"].startswith("Animation.timingCurve(") and lines["swiftui"].endswith("duration: 0.6)"), lines
        assert lines["compose"].startswith("CubicBezierEasing(") and "f," in lines["compose"], lines
        assert lines["waapi"].startswith("{ duration: 600, easing: 'cubic-bezier("), lines
        digits = max(len(part.strip().split(".")[-1]) for part in lines["css"][13:-1].split(","))
        assert digits <= 6, "rounded by default: %s" % lines["css"]

    def test_latency(self):
        """Pointer move -> redrawn curve, 100 moves; and the API's fit round trip."""
        self.switch(0)
        self.wait("() => window.studio.metrics.transport === 'websocket'")
        self.js("() => window.studio.resetMetrics()")
        x, y = self.handle_center(4)
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for index in range(100):
            count = index + 1
            self.page.mouse.move(x + 6 * math.sin(index / 7), y + 40 * math.sin(index / 5))
            self.wait("(n) => window.studio.metrics.moves.length >= n", arg=count, timeout=5000)
        self.page.mouse.up()
        self.settle()
        moves = self.js("() => window.studio.metrics.moves.slice()")
        fits = self.js("() => window.studio.metrics.fits.slice()")
        dispatch = self.js("() => window.studio.metrics.dispatch.slice()")
        renders = self.js("() => window.studio.metrics.renders.slice()")
        spec = self.doc()["spec"]
        round_trips = []
        for _ in range(100):
            started = time.perf_counter()
            status, _ = self.studio.api("POST", "/api/fit?spec=0", {"spec": spec})
            round_trips.append((time.perf_counter() - started) * 1000)
            assert status == 200
        self.report["pointerToRedrawMs"] = {"count": len(moves), "p50": percentile(moves, 0.5), "p95": percentile(moves, 0.95),
                                            "max": max(moves)}
        self.report["pageFitRoundTripMs"] = {"count": len(fits), "p50": percentile(fits, 0.5), "p95": percentile(fits, 0.95)}
        self.report["pointerEventDispatchMs"] = {"count": len(dispatch), "p50": percentile(dispatch, 0.5),
                                                 "p95": percentile(dispatch, 0.95)}
        self.report["renderAfterFitMs"] = {"count": len(renders), "p50": percentile(renders, 0.5),
                                           "p95": percentile(renders, 0.95)}
        self.report["apiFitRoundTripMs"] = {"count": 100, "p50": percentile(round_trips, 0.5),
                                            "p95": percentile(round_trips, 0.95)}
        assert len(moves) >= 100, len(moves)
        # Open loop, as a hand drags (issue 20): a move every 16 ms whatever the page is doing,
        # each timed from the event to the redraw that showed it. Reported, never asserted.
        self.js("() => window.studio.resetMetrics()")
        x, y = self.handle_center(4)
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        started = time.perf_counter()
        for index in range(100):
            pause = started + index * 0.016 - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            self.page.mouse.move(x + 6 * math.sin(index / 7), y + 40 * math.sin(index / 5))
        self.page.mouse.up()
        self.settle()
        open_loop = self.js("() => window.studio.metrics.moves.slice()")
        self.report["openLoopPointerToRedrawMs"] = {
            "count": len(open_loop), "p50": percentile(open_loop, 0.5), "p95": percentile(open_loop, 0.95),
            "max": max(open_loop) if open_loop else 0}
        # A move not drawn within one 60 Hz frame was overtaken by the next one.
        self.report["openLoopMovesLaterThanOneFrame"] = sum(1 for value in open_loop if value > 1000 / 60)
        self.page.keyboard.press("Control+z")
        self.settle()
        self.report["transport"] = self.js("() => window.studio.metrics.transport")
        with open("/proc/loadavg") as handle:
            self.report["loadAverage"] = handle.read().split()[0]
        self.report["cpus"] = os.cpu_count()
        self.page.keyboard.press("Control+z")
        self.settle()

    def test_screenshots(self):
        self.switch(1)
        if self.js("() => window.studio.features").get("milestones"):
            self.page.click("#add-milestone")
            self.settle()
        self.page.fill("#scrub", "380")
        self.page.dispatch_event("#scrub", "input")
        self.page.click('[data-format="css"]')
        self.page.locator('.handle[data-index="4"]').focus()
        self.page.evaluate("() => window.scrollTo(0, 0)")  # the plot from its top, whatever focus scrolled
        self.page.wait_for_timeout(400)
        shots = {"studio.png": "light", "studio-dark.png": "dark"}
        for name, scheme in shots.items():
            self.page.emulate_media(color_scheme=scheme)
            self.page.wait_for_timeout(200)
            for folder in [self.args.out] + ([self.args.gallery] if self.args.gallery else []):
                self.page.screenshot(path=os.path.join(folder, name))
        self.page.emulate_media(color_scheme="light")

    def test_phone_layout(self):
        """Issue 20: usable at 390 × 844 on a touch screen: no horizontal scroll, the tabs
        reachable, 44 px touch targets for points and milestone handles; a screenshot."""
        with self.fresh_page("phone", viewport={"width": 390, "height": 844}, device_scale_factor=2,
                             has_touch=True, is_mobile=True) as page:
            page.click("#tabs [role=tab]:nth-child(2)")  # the sketch, which has a milestone
            page.wait_for_function("() => window.studio.active === 1 && window.studio.docs[1].fit")
            page.wait_for_timeout(300)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, "horizontal scroll: the page is %s px wide" % width
            tabs = page.locator("#tabs").bounding_box()
            assert tabs and tabs["x"] >= 0 and tabs["x"] + tabs["width"] <= 390 and tabs["height"] > 20, tabs
            assert page.locator("#tabs [role=tab]").nth(0).is_visible()
            hit = page.locator(".handle .hit").first.bounding_box()
            assert hit["width"] >= 43.5 and hit["height"] >= 43.5, "a point's touch target is %r" % hit
            if page.locator(".milestone .end-hit").count():
                end = page.locator(".milestone .end-hit").first.bounding_box()
                grip = page.locator(".milestone .grip").first.bounding_box()
                assert end["width"] >= 43.5, "a milestone end's touch target is %r" % end
                assert grip["height"] >= 43.5, "a milestone line's touch target is %r" % grip
            save = page.locator("#save").bounding_box()
            assert save["x"] + save["width"] <= 390, save
            # Issue 32: the header (four rows on a phone) scrolls away instead of covering half the screen.
            page.evaluate("() => window.scrollTo(0, 600)")
            bottom = page.evaluate("() => document.querySelector('header.bar').getBoundingClientRect().bottom")
            assert bottom <= 0, "the header stays on screen when scrolled: bottom at %s px" % bottom
            page.evaluate("() => window.scrollTo(0, 0)")
            # Issue 32, in the sketch (fractions, days) and the water day (percent, hours, a milestone):
            for index in (1, 4):
                # Issue 32: every visible control is 44 px tall (a checkbox's target is its label, a
                # handle's its transparent hit circle), and every text is at least 11 px as rendered
                # (SVG text: its size times the plot's scale); each offender is listed.
                if index != 1:
                    page.click("#tabs [role=tab]:nth-child(%d)" % (index + 1))
                    page.wait_for_function("(i) => window.studio.active === i && window.studio.docs[i].fit", arg=index)
                    # The tab picked stays in view in the strip (rebuilt on every change, it went back to the first).
                    strip = page.evaluate("""() => { const s = document.getElementById('tabs').getBoundingClientRect();
                        const t = document.querySelector('#tabs [aria-selected=true]').getBoundingClientRect();
                        return [s.left, t.left, t.right, s.right]; }""")
                    assert min(strip[2], strip[3]) - max(strip[0], strip[1]) >= 20, "the tab picked is out of view: %r" % strip
                if page.locator("#add-milestone").is_visible():
                    page.click("#add-milestone")  # 80 % until a quarter of the period, in the spec's units
                    page.wait_for_function("""(i) => { const d = window.studio.docs[i], f = d.fit;
                        return f && (f.milestones || []).length === d.spec.milestones.length
                          && document.querySelectorAll('#plot .milestone-label').length === d.spec.milestones.length; }""",
                                           arg=index)
                    page.wait_for_timeout(400)
                small = page.evaluate("""() => {
                    const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
                        && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[hidden], dialog:not([open])'); };
                    const name = (e) => e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20) || e.tagName;
                    const out = [];
                    const controls = 'button, select, input, textarea, a[href], summary, [role=tab], [role=radio], [tabindex]:not([tabindex="-1"])';
                    for (const e of document.querySelectorAll(controls)) {
                        if (!visible(e)) continue;
                        let target = e;
                        if (e.type === 'checkbox' && e.closest('label')) target = e.closest('label');
                        else if (e.classList.contains('handle')) target = e.querySelector('.hit');
                        else if (e.classList.contains('end')) target = e.parentNode.querySelector('.end-hit');
                        else if (e.dataset.handle !== undefined) target = e.parentNode.querySelector('[data-hit="' + e.dataset.handle + '"]');
                        const box = target.getBoundingClientRect();
                        const tall = e instanceof SVGElement ? Math.min(box.width, box.height) : box.height;
                        if (tall < 43.5) out.push('control ' + name(e) + ': ' + tall.toFixed(1) + ' px');
                    }
                    for (const e of document.querySelectorAll('body *')) {
                        const own = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
                        const field = /^(INPUT|SELECT|TEXTAREA)$/.test(e.tagName) && e.type !== 'checkbox' && e.type !== 'range';
                        if (!(own || field) || !visible(e) || e.closest('style, script')) continue;
                        let size = parseFloat(getComputedStyle(e).fontSize);
                        if (e instanceof SVGElement) { const m = e.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
                        if (size < 10.95) out.push('text ' + e.tagName + ' "' + name(e) + '": ' + size.toFixed(1) + ' px');
                    }
                    return out;
                }""")
                assert not small, (index, small)
                self.report["phone_small"] = self.report.get("phone_small", 0) + len(small)
                # Issue 32: every label of the plot lies inside its visible box ("100 %" was cut to "00 %"),
                # and the milestone's label is clear of the curve (it overlapped it).
                outside = page.evaluate("""() => {
                    const svg = document.getElementById('plot').getBoundingClientRect();
                    return Array.from(document.querySelectorAll('#plot text')).filter((t) => t.textContent.trim()
                        && getComputedStyle(t).visibility !== 'hidden').map((t) => [t.textContent, t.getBoundingClientRect()])
                      .filter(([, r]) => r.left < svg.left - 0.5 || r.right > svg.right + 0.5 || r.top < svg.top - 0.5
                        || r.bottom > svg.bottom + 0.5)
                      .map(([text, r]) => text + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ' of ' +
                        [svg.left, svg.top, svg.right, svg.bottom].map(Math.round));
                }""")
                assert not outside, (index, outside)
                ticks = page.evaluate("() => Array.from(document.querySelectorAll('#plot text.tick')).map((t) => t.textContent)")
                assert ("100 %" if index == 4 else "1") in ticks, (index, ticks)
                if page.locator("#plot .milestone-label").count():
                    crossing = page.evaluate("""() => {
                        const curve = document.querySelector('#plot .curve');
                        const length = curve.getTotalLength();
                        return Array.from(document.querySelectorAll('#plot .milestone-label')).map((label) => {
                            const box = label.getBBox();
                            let hits = 0;
                            for (let k = 0; k <= 400; k++) {
                                const p = curve.getPointAtLength(length * k / 400);
                                if (p.x >= box.x - 1 && p.x <= box.x + box.width + 1 && p.y >= box.y - 1 && p.y <= box.y + box.height + 1) hits++;
                            }
                            return [label.textContent, hits];
                        });
                    }""")
                    assert crossing and all(hits == 0 for _, hits in crossing), "a milestone label on the curve: %r" % crossing
                    self.report["phone_milestone_labels"] = self.report.get("phone_milestone_labels", "") + \
                        " ".join(label for label, _ in crossing) + " "
            for folder in [self.args.out] + ([self.args.gallery] if self.args.gallery else []):
                page.screenshot(path=os.path.join(folder, "studio-phone.png"), full_page=False)
            page.screenshot(path=os.path.join(self.args.out, "studio-phone-full.png"), full_page=True)

    # MARK: - issue 20: share links, unsaved tabs, new curves, exact points

    def test_share_link_opens_an_unsaved_tab_and_saves_as_a_name(self):
        spec = os.path.join(ROOT, "examples/curves/weekly-habit.curve.json")
        # No studio address (--base, CURVEKIT_STUDIO_URL): the bare fragment, which design opens.
        environment = {key: value for key, value in os.environ.items() if key != "CURVEKIT_STUDIO_URL"}
        link = subprocess.run([self.args.curvekit, "share", spec], capture_output=True, text=True, check=True,
                              env=environment).stdout.strip()
        assert link.startswith("#spec="), link
        canonical = subprocess.run([self.args.curvekit, "share", "--decode", link], capture_output=True,
                                   check=True).stdout
        self.share_folder = tempfile.mkdtemp(prefix="curvekit-studio-share-")
        self.share_link = link
        self.shared = Studio(self.args.curvekit, [link], cwd=self.share_folder)
        self.page.goto(self.shared.debug_url)
        self.wait("() => window.studio && window.studio.ready && window.studio.metrics.fitsDone > 0")
        self.settle()
        assert self.js("() => window.studio.docs.length") == 1
        assert self.js("() => window.studio.docs[0].unsaved") is True
        assert "unsaved" in self.page.inner_text("#tabs [role=tab]")
        assert self.doc()["spec"]["name"] == "Weekly Habit"
        status, body = self.shared.api("GET", "/api/spec?spec=0")
        assert status == 200 and json.loads(body)["unsaved"] is True
        assert os.listdir(self.share_folder) == [], "nothing is written before Save"
        # Ctrl-S asks for a name; a name that is not bare is refused by the server, naming the rule.
        self.page.keyboard.press("Control+s")
        self.wait("() => document.getElementById('ask').open")
        assert self.page.input_value("#ask-input") == "weekly-habit.curve.json"
        self.page.fill("#ask-input", "../escape.curve.json")
        self.page.click("#ask-ok")
        self.wait("() => document.getElementById('ask-error').textContent.includes('refused')")
        assert os.listdir(self.share_folder) == [] and not os.path.exists(os.path.join(self.share_folder, "..",
                                                                                       "escape.curve.json"))
        self.page.fill("#ask-input", "shared.curve.json")
        self.page.click("#ask-ok")
        self.wait("() => !document.getElementById('ask').open && "
                  "document.getElementById('status').textContent.startsWith('Saved as')")
        with open(os.path.join(self.share_folder, "shared.curve.json"), "rb") as handle:
            assert handle.read() == canonical, "the saved file is the link's canonical bytes"
        assert self.js("() => window.studio.docs[0].unsaved") is False
        assert self.page.inner_text("#tabs [role=tab]").startswith("shared.curve.json")
        # Save as… the same name again: 409, the file is untouched.
        self.page.click("#save-as")
        self.wait("() => document.getElementById('ask').open")
        self.page.fill("#ask-input", "shared.curve.json")
        self.page.click("#ask-ok")
        self.wait("() => document.getElementById('ask-error').textContent.includes('already exists')")
        self.page.click("#ask-cancel")
        with open(os.path.join(self.share_folder, "shared.curve.json"), "rb") as handle:
            assert handle.read() == canonical

    def test_new_blank_curve(self):
        self.page.click("#new-curve")
        self.wait("() => window.studio.docs.length === 2 && window.studio.active === 1 && window.studio.docs[1].loaded")
        self.settle()
        assert self.js("() => window.studio.docs[1].unsaved") is True
        doc = self.doc()
        assert doc["spec"]["name"] == "Untitled"
        # The server's fit of the blank curve: the straight line 1 − t.
        assert doc["fit"]["coefficients"] == [0, 0, -1, 1], doc["fit"]["coefficients"]
        assert os.listdir(self.share_folder) == ["shared.curve.json"]

    def test_exact_point_passes_through(self):
        self.switch(0)
        before = self.doc()
        point = before["spec"]["points"][2]
        assert point == [3.5, 55], point
        t, level = point[0] / 7, point[1] / 100
        assert abs(horner(before["fit"]["coefficients"], t) - level) > 1e-6
        # A click, not check(): the toggled point leaves the weighted rows for the exact ones.
        self.page.click('[aria-label="Point 3 exact"]')
        self.wait("() => (window.studio.docs[0].spec.constraints || []).length === 1")
        self.settle()
        after = self.doc()
        assert {"t": 3.5, "value": 55} in after["spec"]["constraints"], after["spec"]
        assert [3.5, 55] not in after["spec"]["points"]
        # The server's answer: its coefficients pass through the exact point, and its constraint residual is ~0.
        assert abs(horner(after["fit"]["coefficients"], t) - level) <= 1e-12, after["fit"]["coefficients"]
        residuals = [c["residual"] for c in after["fit"]["constraints"] if c.get("value") is not None]
        assert residuals and all(abs(r) <= 1e-12 for r in residuals), after["fit"]["constraints"]
        assert self.page.locator(".exact-marker").count() == 1
        # The exact point drags like a point (issue 20): Ctrl snaps it to half days and whole
        # percents, and the fit still passes through it; one undo puts it back.
        self.plot_in_view()
        box = self.page.locator(".exact-hit").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.page.mouse.move(cx, cy)
        self.page.mouse.down()
        self.page.keyboard.down("Control")
        self.page.mouse.move(cx + 40, cy + 3, steps=4)
        self.page.mouse.up()
        self.page.keyboard.up("Control")
        self.settle()
        moved = self.doc()["spec"]["constraints"][0]
        assert (moved["t"], moved["value"]) != (3.5, 55), moved
        # Issue 32: Ctrl snaps the axis being dragged only: here the time, to half days.
        assert abs(moved["t"] * 2 - round(moved["t"] * 2)) < 1e-9 and moved["t"] != 3.5, moved
        assert abs(horner(self.doc()["fit"]["coefficients"], moved["t"] / 7) - moved["value"] / 100) <= 1e-12
        self.page.keyboard.press("Control+z")
        self.settle()
        assert {"t": 3.5, "value": 55} in self.doc()["spec"]["constraints"], self.doc()["spec"]
        self.page.click('[aria-label="Exact point 1 exact"]')
        self.wait("() => !window.studio.docs[0].spec.constraints")
        self.settle()
        assert self.doc()["spec"]["points"] == before["spec"]["points"]

    def test_paste_a_link_opens_it(self):
        count = self.js("() => window.studio.docs.length")
        self.js("""(link) => { const data = new DataTransfer(); data.setData('text/plain', 'see ' + link + ' !');
                   document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true})); }""",
                self.share_link)
        self.wait("(n) => window.studio.docs.length === n + 1 && window.studio.active === n", arg=count)
        self.settle()
        assert self.js("() => window.studio.docs[window.studio.active].unsaved") is True
        assert self.doc()["spec"]["name"] == "Weekly Habit"
        # Junk in a link gets Swift's error, and no tab.
        self.page.click("#open-link")
        self.wait("() => document.getElementById('ask').open")
        self.page.fill("#ask-input", "http://127.0.0.1/#spec=Zm9v!x")
        self.page.click("#ask-ok")
        self.wait("() => document.getElementById('ask-error').textContent.includes('position')")
        self.page.click("#ask-cancel")
        assert self.js("() => window.studio.docs.length") == count + 1
        code, output = self.shared.stop()
        assert code == 0 and output.count("\n") == 1, (code, output)
        assert os.listdir(self.share_folder) == ["shared.curve.json"]
        shutil.rmtree(self.share_folder, ignore_errors=True)

    def test_no_page_errors(self):
        assert not self.errors, self.errors

    def test_share_copies_a_link_that_opens_the_curve_here(self):
        """Share on the local host: this studio's address and token, then curvekit share's payload
        for the curve on screen; the link, opened in a new page (no token of its own), shows the
        same curve. Without any token the page says how to open the studio with it."""
        # The first studio, at the desktop size (earlier tests visit another studio and a phone).
        self.page.set_viewport_size({"width": 1440, "height": 900})
        self.page.goto(self.studio.debug_url)
        self.wait("() => window.studio && window.studio.ready && window.studio.metrics.fitsDone > 0")
        self.switch(0)
        self.settle()
        origin = "http://127.0.0.1:%d" % self.studio.port
        self.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
        shown = self.doc()
        path = self.page.get_attribute("[data-testid=curve]", "d")
        before = self.js("() => window.studio.copied || ''")
        self.page.click("#share")
        self.wait("(before) => (window.studio.copied || '') !== before && window.studio.copied.includes('#spec=')",
                  arg=before)
        link = self.js("() => window.studio.copied")
        assert self.js("() => navigator.clipboard.readText()") == link, "the clipboard holds the link"
        spec_file = os.path.join(tempfile.mkdtemp(prefix="curvekit-studio-share-"), "shown.curve.json")
        with open(spec_file, "w") as handle:
            json.dump(shown["spec"], handle)
        shared = subprocess.run([self.args.curvekit, "share", spec_file, "--base", "https://example.org/"],
                                capture_output=True, text=True, check=True).stdout.strip()
        payload = shared.split("#spec=", 1)[1]
        assert link == "%s/#spec=%s&token=%s" % (origin, payload, self.studio.token), (link, shared)
        context = self.browser.new_context(viewport={"width": 1440, "height": 900}, device_scale_factor=1)
        try:
            page = context.new_page()
            page.goto(link.replace("/#spec=", "/?debug#spec=", 1))
            page.wait_for_function("() => window.studio && window.studio.ready && window.studio.metrics.fitsDone > 0"
                                   " && window.studio.pendingMoves.length === 0", timeout=10000)
            page.wait_for_timeout(300)
            opened = page.evaluate("() => { const d = window.studio.docs[window.studio.active];"
                                   " return {spec: d.spec, fit: d.fit}; }")
            assert opened["spec"] == shown["spec"], (opened["spec"], shown["spec"])
            assert opened["fit"]["coefficients"] == shown["fit"]["coefficients"]
            assert page.get_attribute("[data-testid=curve]", "d") == path, "the same curve is drawn"
            # No token at all (a new tab: the token lives in each tab's sessionStorage): the page
            # says how to open the studio with its token.
            page = context.new_page()
            page.goto(origin + "/?debug")
            page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Not authorized')")
            status = page.inner_text("#status")
            assert "curvekit design printed (%s/#token=" % origin in status, status
        finally:
            context.close()

    # MARK: - running

    def run(self):
        chromium = next((path for path in CHROMIUM_CANDIDATES if os.access(path, os.X_OK)), None)
        if chromium is None:
            raise RuntimeError("Chromium is not installed (apt-get install chromium)")
        names = [name for name in dir(Suite) if name.startswith("test_")]
        order = [n for n in Suite.__dict__ if n.startswith("test_")]
        assert sorted(order) == sorted(names)
        # CURVEKIT_STUDIO_ONLY=REGEX runs the tests whose names match, in order (for debugging:
        # later tests may rely on earlier ones' edits).
        only = os.environ.get("CURVEKIT_STUDIO_ONLY")
        if only:
            order = [name for name in order if re.search(only, name)]
        with sync_playwright() as playwright:
            arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
            browser = playwright.chromium.launch(executable_path=chromium, args=arguments)
            self.browser = browser
            self.context = browser.new_context(viewport={"width": 1440, "height": 900}, device_scale_factor=1)
            self.page = self.context.new_page()
            self.page.on("pageerror", lambda error: self.errors.append(str(error)))
            # Refusals the tests provoke (412 conflicts, 404 for the new file) are logged as failed loads.
            self.page.on("console", lambda message: message.type == "error" and "Failed to load resource" not in
                         message.text and self.errors.append(message.text))
            for name in order:
                started = time.perf_counter()
                try:
                    getattr(self, name)()
                    outcome = "passed"
                except Skip as reason:
                    outcome = "skipped (%s)" % reason
                except Exception:  # noqa: BLE001 - every failure is reported, the suite goes on
                    outcome = "failed\n" + traceback.format_exc()
                self.results.append((name, outcome))
                print("%-48s %s (%.1f s)" % (name, outcome, time.perf_counter() - started), flush=True)
            browser.close()
        code, output = self.studio.stop()
        outcome = "passed" if code == 0 and output.count("\n") == 1 else "failed: exit %s, stdout %r" % (code, output)
        self.results.append(("test_sigterm_exits_0_with_one_stdout_line", outcome))
        print("%-48s %s" % ("test_sigterm_exits_0_with_one_stdout_line", outcome))
        shutil.rmtree(self.work, ignore_errors=True)
        with open(os.path.join(self.args.out, "browser-report.json"), "w") as handle:
            json.dump({"results": self.results, "latency": self.report, "chromium": chromium}, handle, indent=2)
        for key, value in self.report.items():
            if not isinstance(value, dict):
                print("%s: %s" % (key, value))
                continue
            print("%s: p50 %.2f ms, p95 %.2f ms (n = %d)" % (key, value["p50"], value["p95"], value["count"]))
        passed = sum(1 for _, outcome in self.results if outcome == "passed")
        skipped = sum(1 for _, outcome in self.results if outcome.startswith("skipped"))
        failed = len(self.results) - passed - skipped
        print("studio: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
        return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curvekit", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--gallery")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    sys.exit(Suite(args).run())


if __name__ == "__main__":
    main()
