#!/usr/bin/env python3
"""End-to-end tests of the studio on the web host (issue 31): the page in .build/web, served by
a plain static file server (python3 -m http.server), with no curvekit process behind it. Every
number and every byte comes from the engine in the page. Chromium is Debian's, driven by
Playwright (PyPI) through its executable_path, so nothing is downloaded.

    web_test.py --curvekit .build/release/curvekit --web .build/web --out .studio
    web_test.py --curvekit … --origin http://127.0.0.1:8000 --out .studio   (a server already running)

The native curvekit is only the reference: its `share` makes the links, and its `generate`,
`export`, `fit` and `share --decode` give the bytes the page must match. Tests:
  - a share link (curvekit share --base) opens its curve;
  - Copy of Swift, Kotlin, TypeScript and CSS equals curvekit generate / export for that spec,
    byte for byte, except the lines that name a source file;
  - a drag refits in the page, and the fit is the CLI's for the dragged spec;
  - Save hands the browser a file whose `curvekit generate` is the code the page showed;
  - a broken link shows the reader's error and the text, and no code;
  - a reload keeps the curves, and says so;
  - Share copies the page's address and curvekit share's payload for the curve on screen, and
    the link, opened in a new page, shows the same curve;
  - Forget them… clears the kept curves after confirming (and nothing when declined);
  - an engine that does not load is said in words, with no curve;
  - every request stays on the page's origin.
When WEB/index.html is missing (the web build has not run) every test is skipped with a reason.
The last line is "studio-web: N passed, N failed, N skipped"; the exit status is 1 when a test failed.
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM_CANDIDATES = ["/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser"]
SPEC = os.path.join(ROOT, "examples/curves/weekly-habit.curve.json")
# The Export panel's formats and the CLI command giving the same bytes.
FORMATS = {
    "swift": ["generate"],
    "kotlin": ["generate", "--language", "kotlin"],
    "typescript": ["generate", "--language", "typescript"],
    "css": ["export", "--format", "css"],
}


class Skip(Exception):
    """A test that cannot run here (no web build yet)."""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def without_source_lines(text, names):
    """The text without the lines that name a source file (the CLI names the file it read, the
    page the tab's name: `// Source: NAME`, `… curve from NAME: …`): the one difference allowed."""
    def names_a_file(line):
        return "Source: " in line or ".curve.json" in line or any(name in line for name in names)
    return "\n".join(line for line in text.split("\n") if not names_a_file(line))


class StaticServer:
    """python3 -m http.server on loopback, serving the web build: no curvekit behind it."""

    def __init__(self, folder):
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.origin = "http://127.0.0.1:%d" % self.port
        deadline = time.monotonic() + 10
        while True:
            try:
                with urllib.request.urlopen(self.origin + "/index.html", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("python3 -m http.server did not answer within 10 s")
                time.sleep(0.1)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


class RunningServer:
    """A server someone else started (--origin): used as it is, left running."""

    def __init__(self, origin):
        self.origin = origin.rstrip("/")

    def stop(self):
        pass


class Suite:
    def __init__(self, args):
        self.args = args
        self.results = []
        self.report = {}
        self.errors = []
        self.requests = []
        self.work = tempfile.mkdtemp(prefix="curvekit-studio-web-")

    # MARK: - helpers

    def cli(self, *arguments, check=True, env=None):
        return subprocess.run([self.args.curvekit, *arguments], capture_output=True, text=True, check=check,
                              env=env)

    def link(self, spec=SPEC):
        """The link `curvekit share --base` prints for this server (with ?debug: the test hook)."""
        base = self.server.origin + "/?debug"
        return self.cli("share", spec, "--base", base).stdout.strip()

    def new_page(self):
        """A fresh browser context (its own localStorage) and page, every request recorded. The
        save picker is hidden: Save then downloads, as in browsers without the File System Access API."""
        context = self.browser.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True)
        context.add_init_script("Object.defineProperty(window, 'showSaveFilePicker', {value: undefined})")
        page = context.new_page()
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.context, self.page = context, page
        return page

    def close_page(self):
        self.context.close()

    def js(self, expression, arg=None):
        return self.page.evaluate(expression, arg)

    def wait(self, expression, timeout=10000, arg=None):
        self.page.wait_for_function(expression, arg=arg, timeout=timeout)

    def settle(self):
        self.page.wait_for_timeout(50)
        self.wait("() => { const s = window.studio; return s.metrics.fitsDone > 0 && s.pendingMoves.length === 0; }")
        self.page.wait_for_timeout(250)

    def doc(self):
        return self.js("() => { const d = window.studio.docs[window.studio.active];"
                       " return {spec: d.spec, fit: d.fit, name: d.name, broken: d.broken}; }")

    def open_link(self, link):
        started = time.perf_counter()
        self.page.goto(link)
        self.wait("() => window.studio && window.studio.ready && window.studio.metrics.fitsDone > 0")
        self.wait("() => (document.querySelector('[data-testid=curve]') || {getAttribute: () => ''})"
                  ".getAttribute('d').startsWith('M ')")
        return (time.perf_counter() - started) * 1000

    def spec_file(self, spec, name):
        path = os.path.join(self.work, name)
        with open(path, "w") as handle:
            json.dump(spec, handle)
        return path

    def copied(self, format_name):
        self.page.click('[data-format="%s"]' % format_name)
        self.wait("() => !document.getElementById('copy').disabled", timeout=5000)
        before = self.js("() => window.studio.copied === undefined ? null : window.studio.copied")
        self.page.click("#copy")
        # Each format's text differs from the others': the copy is done when the text changed.
        self.wait("(before) => window.studio.copied !== undefined && window.studio.copied !== before", arg=before)
        return self.js("() => window.studio.copied")

    # MARK: - the tests

    def test_a_share_link_opens_its_curve(self):
        self.new_page()
        link = self.link()
        assert link.startswith(self.server.origin + "/?debug#spec="), link
        self.report["firstCurveAfterLinkMs"] = round(self.open_link(link), 1)
        doc = self.doc()
        canonical = self.cli("share", "--decode", link).stdout
        assert doc["broken"] is None, doc["broken"]
        assert doc["spec"] == json.loads(canonical), "the link's spec, as curvekit share --decode reads it"
        assert self.page.locator(".handle").count() == len(doc["spec"]["points"])
        fit = json.loads(self.cli("fit", SPEC, "--json").stdout)
        assert doc["fit"]["coefficients"] == fit["coefficients"], (doc["fit"]["coefficients"], fit["coefficients"])
        assert self.page.is_visible("#web-note"), "the page says the browser keeps the curves"
        self.close_page()

    def test_copy_equals_generate_and_export(self):
        self.new_page()
        link = self.link()
        self.open_link(link)
        self.settle()
        name = self.doc()["name"]
        spec = self.spec_file(json.loads(self.cli("share", "--decode", link).stdout), name)
        for format_name, command in FORMATS.items():
            page_text = self.copied(format_name)
            cli_text = self.cli(*command[:1], spec, *command[1:]).stdout
            names = [spec, name, os.path.basename(spec)]
            assert without_source_lines(page_text, names) == without_source_lines(cli_text, names), \
                "%s differs from curvekit %s:\n%s\n---\n%s" % (format_name, " ".join(command), page_text[:600],
                                                                cli_text[:600])
        self.close_page()

    def test_a_drag_refits_in_the_page(self):
        self.new_page()
        self.open_link(self.link())
        self.settle()
        before = self.doc()
        path_before = self.page.get_attribute("[data-testid=curve]", "d")
        box = self.page.locator('.handle[data-index="1"] .dot').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for step in range(1, 11):
            self.page.mouse.move(x, y + 4 * step)
        self.page.mouse.up()
        self.settle()
        after = self.doc()
        assert after["spec"]["points"] != before["spec"]["points"], "the drag moved the point"
        assert self.page.get_attribute("[data-testid=curve]", "d") != path_before, "the curve is redrawn"
        dragged = self.spec_file(after["spec"], "dragged.curve.json")
        fit = json.loads(self.cli("fit", dragged, "--json").stdout)
        assert after["fit"]["coefficients"] == fit["coefficients"], "the page's fit is the CLI's for the dragged spec"
        # Nothing asked anything but this origin while dragging (the engine is in the page).
        self.close_page()

    def test_save_downloads_what_generate_reads(self):
        self.new_page()
        self.open_link(self.link())
        self.settle()
        self.page.click('[data-format="swift"]')
        self.wait("() => !document.getElementById('copy').disabled", timeout=5000)
        shown = self.page.inner_text("#code")
        name = self.doc()["name"]
        with self.page.expect_download() as info:
            self.page.keyboard.press("Control+s")
            self.wait("() => document.getElementById('ask').open")
            self.page.click("#ask-ok")
        download = info.value
        saved = os.path.join(self.work, download.suggested_filename)
        download.save_as(saved)
        self.wait("() => document.getElementById('status').textContent.startsWith('Downloaded')")
        assert "Saved" not in self.page.inner_text("#status"), "a download is not called a save"
        generated = self.cli("generate", saved).stdout
        names = [saved, name, os.path.basename(saved)]
        assert without_source_lines(generated, names) == without_source_lines(shown, names), \
            "curvekit generate on the saved file differs from the code the page showed"
        with open(saved) as handle:
            text = handle.read()
        assert text == self.cli("share", "--decode", self.link()).stdout, "the canonical bytes, as share --decode"
        self.close_page()

    def test_a_broken_link_shows_the_error_and_no_code(self):
        self.new_page()
        self.page.goto(self.server.origin + "/?debug#spec=Zm9v!x")
        self.wait("() => window.studio && window.studio.ready")
        self.wait("() => !document.getElementById('broken').hidden")
        expected = self.cli("share", "--decode", "#spec=Zm9v!x", check=False)
        assert expected.returncode == 2
        message = expected.stderr.strip()[len("error: "):]
        assert self.page.inner_text("#broken-error").startswith(message), (self.page.inner_text("#broken-error"), message)
        assert self.page.input_value("#broken-text") == "Zm9v!x"
        assert self.page.is_disabled("#copy")
        code = self.page.inner_text("#code")
        assert "enum" not in code and "cubic-bezier(" not in code, code[:200]
        self.close_page()

    def test_a_reload_keeps_the_curves(self):
        self.new_page()
        self.open_link(self.link())
        self.settle()
        field = self.page.locator("#name")
        field.fill("Kept Across Reloads")
        field.press("Enter")
        self.settle()
        self.page.goto(self.server.origin + "/?debug")
        self.wait("() => window.studio && window.studio.ready && window.studio.docs.length > 0")
        self.settle()
        names = self.js("() => window.studio.docs.map((d) => d.spec && d.spec.name)")
        assert "Kept Across Reloads" in names, names
        assert "Kept in this browser" in self.page.inner_text("#web-note")
        self.close_page()

    def test_share_copies_a_link_to_the_curve_on_screen(self):
        self.new_page()
        self.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=self.server.origin)
        self.open_link(self.link())
        self.settle()
        # Edited after opening: the link is the curve as it is now, not the one it was opened from.
        box = self.page.locator('.handle[data-index="1"] .dot').bounding_box()
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 + 30, steps=5)
        self.page.mouse.up()
        self.settle()
        shown = self.doc()
        path = self.page.get_attribute("[data-testid=curve]", "d")
        self.page.click("#share")
        self.wait("() => (window.studio.copied || '').includes('#spec=')")
        link = self.js("() => window.studio.copied")
        assert self.js("() => navigator.clipboard.readText()") == link, "the clipboard holds the link"
        assert "Link copied" in self.page.inner_text("#status"), self.page.inner_text("#status")
        # The page's address (origin and path), then exactly what curvekit share makes for this spec.
        spec = self.spec_file(shown["spec"], "shown.curve.json")
        expected = self.cli("share", spec, "--base", self.server.origin + "/").stdout.strip()
        assert link == expected, (link, expected)
        self.close_page()
        # Opened in a new page (its own storage), the link shows the same curve.
        self.new_page()
        self.open_link(link.replace("/#spec=", "/?debug#spec=", 1))
        self.settle()
        opened = self.doc()
        assert opened["spec"] == shown["spec"], (opened["spec"], shown["spec"])
        assert opened["fit"]["coefficients"] == shown["fit"]["coefficients"]
        assert self.page.get_attribute("[data-testid=curve]", "d") == path, "the same curve is drawn"
        self.close_page()

    def test_forget_clears_the_kept_curves_after_confirming(self):
        self.new_page()
        self.open_link(self.link())
        self.settle()
        kept = lambda: self.js("() => localStorage.getItem('curvekit-studio-tabs') || ''")  # noqa: E731
        assert "Weekly Habit" in kept(), kept()
        assert self.page.is_visible("#web-forget"), "the note offers to forget"
        asked = []
        self.page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        self.page.click("#web-forget")
        self.page.wait_for_timeout(200)
        assert asked and asked[0].startswith("Forget "), asked
        assert "Weekly Habit" in kept(), "declined: nothing is forgotten"
        self.page.once("dialog", lambda dialog: dialog.accept())
        with self.page.expect_navigation():
            self.page.click("#web-forget")
        self.wait("() => window.studio && window.studio.ready && window.studio.docs.length > 0")
        self.settle()
        names = self.js("() => window.studio.docs.map((d) => d.spec && d.spec.name)")
        assert names == ["Untitled"], names
        assert "#spec=" not in self.page.url, self.page.url
        assert "Weekly Habit" not in kept(), kept()
        self.close_page()

    def test_an_engine_that_does_not_load_says_so(self):
        errors = len(self.errors)
        self.new_page()
        self.context.route("**/curvekit-core.wasm", lambda route: route.fulfill(status=404, body="gone"))
        self.page.goto(self.server.origin + "/?debug")
        self.wait("() => document.getElementById('status').textContent.startsWith('The engine did not load: ')")
        status = self.page.inner_text("#status")
        assert "curvekit-core.wasm answered 404" in status, status
        assert "Not authorized" not in status, status
        assert self.page.locator(".handle").count() == 0, "no curve without an engine"
        self.close_page()
        del self.errors[errors:]  # the 404 the test asked for

    def test_every_request_stays_on_the_page_origin(self):
        assert self.requests, "no request was recorded"
        elsewhere = [url for url in self.requests if not (url.startswith(self.server.origin + "/")
                                                          or url.startswith("blob:" + self.server.origin)
                                                          or url.startswith("data:"))]
        assert not elsewhere, elsewhere

    def test_no_page_errors(self):
        assert not self.errors, self.errors

    # MARK: - running

    def run(self):
        order = [name for name in Suite.__dict__ if name.startswith("test_")]
        index = os.path.join(self.args.web, "index.html")
        if not self.args.origin and not os.path.exists(index):
            reason = "no web build: %s is missing (run scripts/build-web.sh)" % index
            for name in order:
                self.results.append((name, "skipped (%s)" % reason))
                print("%-48s skipped (%s)" % (name, reason), flush=True)
            return self.finish()
        chromium = next((path for path in CHROMIUM_CANDIDATES if os.access(path, os.X_OK)), None)
        if chromium is None:
            raise RuntimeError("Chromium is not installed (apt-get install chromium)")
        from playwright.sync_api import sync_playwright
        self.server = RunningServer(self.args.origin) if self.args.origin else StaticServer(self.args.web)
        try:
            with sync_playwright() as playwright:
                arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
                self.browser = playwright.chromium.launch(executable_path=chromium, args=arguments)
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
                self.browser.close()
        finally:
            self.server.stop()
        return self.finish()

    def finish(self):
        os.makedirs(self.args.out, exist_ok=True)
        with open(os.path.join(self.args.out, "web-report.json"), "w") as handle:
            json.dump({"results": self.results, "figures": self.report}, handle, indent=2)
        for key, value in self.report.items():
            print("%s: %s" % (key, value))
        passed = sum(1 for _, outcome in self.results if outcome == "passed")
        skipped = sum(1 for _, outcome in self.results if outcome.startswith("skipped"))
        failed = len(self.results) - passed - skipped
        print("studio-web: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
        return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curvekit", required=True)
    parser.add_argument("--web", default=os.path.join(ROOT, ".build/web"))
    parser.add_argument("--origin", help="test the studio already served at this origin instead")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    sys.exit(Suite(args).run())


if __name__ == "__main__":
    main()
