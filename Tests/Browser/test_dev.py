"""scripts/dev in a real browser: a stylesheet edit applies without a reload, a swap reloads the page at its
scroll position, and a failed build shows an overlay (escaped, accessible) that the next good build removes.

The supervisor (preview-dev) runs over a throwaway package whose build command copies the server binary under
test into place, or prints canned compiler output and fails while `fail-build` exists.
"""

import http.server
import os
import select
import shutil
import signal
import subprocess
import threading
import time

import pytest
from selenium.webdriver.common.by import By

from support import StrictStubHandler, emulate, readable, run_axe, wait_for

BUILD_SCRIPT = """#!/bin/sh
sleep 0.2
if [ -e fail-build ]; then
  cat fail-output.txt
  exit 1
fi
cp "$(cat server-to-build)" out/preview-server.new && mv out/preview-server.new out/preview-server
"""


class DevPackage:
    """A package folder and the preview-dev supervisor watching it."""

    def __init__(self, supervisor, server, public_dir, job_dir):
        self.root = os.path.join(job_dir, "dev-package")
        shutil.rmtree(self.root, ignore_errors=True)
        os.makedirs(os.path.join(self.root, "Sources", "App"))
        os.makedirs(os.path.join(self.root, "out"))
        shutil.copytree(public_dir, os.path.join(self.root, "Public"))
        self.write("Sources/App/main.swift", 'let greeting = "<b>hello</b>"\nlet version = 1\n')
        self.write("build.sh", BUILD_SCRIPT)
        self.write("server-to-build", server + "\n")
        self.log_path = os.path.join(job_dir, "dev-supervisor.log")
        self._log = open(self.log_path, "wb")
        args = [supervisor, "--root", self.root, "--build-command", "sh ./build.sh",
                "--binary", os.path.join(self.root, "out", "preview-server"),
                "--port", "0", "--quiet", "--latency-ms", "0", "--failure-rate", "0"]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)
        self.url = self._read_url()
        self.version = 1

    def _read_url(self):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 1)
            if not ready:
                continue
            line = self.process.stdout.readline().decode("utf-8", "replace")
            self._log.write(line.encode())
            self._log.flush()
            marker = "dev server on "
            if marker in line:
                # Keep the log going in the background.
                subprocess.Popen(["cat"], stdin=self.process.stdout, stdout=self._log)
                return line.split(marker, 1)[1].split(" ", 1)[0].rstrip("/")
        self.process.kill()
        raise RuntimeError(f"preview-dev printed no URL; see {self.log_path}")

    def write(self, path, text):
        with open(os.path.join(self.root, path), "w", encoding="utf-8") as file:
            file.write(text)

    def append(self, path, text):
        with open(os.path.join(self.root, path), "a", encoding="utf-8") as file:
            file.write(text)

    def change_source(self):
        self.version += 1
        self.write("Sources/App/main.swift", f'let greeting = "<b>hello</b>"\nlet version = {self.version}\n')

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()
        return self.process.returncode


@pytest.fixture(scope="module")
def dev(job_dir):
    server = os.environ["PREVIEW_SERVER"]
    supervisor = os.environ.get("PREVIEW_DEV") or os.path.join(os.path.dirname(server), "preview-dev")
    if not os.access(supervisor, os.X_OK):
        pytest.fail(f"{supervisor} is missing: build the preview-dev product")
    package = DevPackage(supervisor, server, os.environ["PREVIEW_PUBLIC"], job_dir)
    yield package
    assert package.stop() == 0, f"preview-dev did not exit cleanly; see {package.log_path}"


def page_build(driver):
    return driver.execute_script(
        "var m = document.querySelector('meta[name=\"preview-dev-build\"]'); return m && m.content;")


def open_page(driver, dev, path):
    driver.get(dev.url + path)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete", "the page never loaded")
    # The dev client is connected once the server has greeted it.
    driver.execute_script("window.__notReloaded = true;")


def test_a_stylesheet_edit_applies_without_a_reload(browser, dev):
    open_page(browser, dev, "/components/like")
    time.sleep(0.5)  # the event stream connects
    before = browser.execute_script(
        "return getComputedStyle(document.querySelector('.brand')).outlineColor;")
    assert before != "rgb(1, 2, 3)"
    dev.append("Public/app.css", "\n.brand { outline: 3px solid rgb(1, 2, 3); }\n")
    wait_for(browser, lambda d: d.execute_script(
        "return getComputedStyle(document.querySelector('.brand')).outlineColor;") == "rgb(1, 2, 3)",
        "the new style never applied", timeout=10)
    assert browser.execute_script("return window.__notReloaded === true;"), "the page reloaded"
    # The old stylesheet has gone once the new one loaded: one link to it, the fresh one; the components'
    # stylesheet, which did not change, is left as it was.
    hrefs = browser.execute_script(
        "return Array.from(document.querySelectorAll('link[rel=stylesheet]')).map(l => l.getAttribute('href'));")
    app_css = [href for href in hrefs if href.startswith("/public/app.css")]
    assert len(app_css) == 1 and app_css[0].startswith("/public/app.css?dev="), hrefs
    assert hrefs.count("/components.css") == 1, hrefs


def test_a_swap_reloads_the_page_at_its_scroll_position(browser, dev):
    browser.set_window_size(1200, 600)
    open_page(browser, dev, "/feed")
    first = page_build(browser)
    time.sleep(0.5)
    browser.execute_script("window.scrollTo(0, 900);")
    wait_for(browser, lambda d: d.execute_script("return window.scrollY;") == 900, "could not scroll")
    dev.change_source()
    wait_for(browser, lambda d: page_build(d) not in (None, first), "the page never reloaded into the new build",
             timeout=30)
    assert not browser.execute_script("return window.__notReloaded === true;")
    wait_for(browser, lambda d: abs(d.execute_script("return window.scrollY;") - 900) <= 2,
             "the scroll position was lost", timeout=10)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_failed_build_shows_an_escaped_accessible_overlay_until_a_good_build(browser, dev, axe_source, artifacts_dir,
                                                                               scheme):
    emulate(browser, scheme, 375, reduced_motion=True)
    open_page(browser, dev, "/feed")
    first = page_build(browser)
    time.sleep(0.5)
    source = os.path.join(dev.root, "Sources", "App", "main.swift")
    dev.write("fail-output.txt",
              f"{source}:1:17: error: cannot find '<script>window.__pwned = 1</script>' in scope\n"
              f"{source}:2:5: warning: variable 'version' was never used\n")
    dev.write("fail-build", "")
    dev.change_source()
    overlay = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".dev-overlay"),
                       "no overlay after a failed build", timeout=30)[0]
    text = overlay.text
    assert "Build failed" in text
    assert "cannot find '<script>window.__pwned = 1</script>' in scope" in text
    assert "Sources/App/main.swift:1:17" in text
    assert 'let greeting = "<b>hello</b>"' in text  # the source line, as text
    assert "warning" in text.lower()
    assert not overlay.find_elements(By.CSS_SELECTOR, "script, b")
    assert browser.execute_script("return window.__pwned === undefined;")
    assert browser.execute_script("return window.__notReloaded === true;"), "a failed build must not reload"
    assert page_build(browser) == first
    browser.save_screenshot(os.path.join(artifacts_dir, f"dev-overlay-{scheme}.png"))
    violations = run_axe(browser, axe_source)
    assert not violations, readable(violations, f"the build-failed overlay ({scheme}, 375 px)")
    # It traps no focus: the page behind is reachable, and Close closes it.
    overlay.find_element(By.CSS_SELECTOR, ".dev-overlay-close").click()
    assert not browser.find_elements(By.CSS_SELECTOR, ".dev-overlay")
    # A page loaded during the failure shows it too; the next good build reloads without it.
    open_page(browser, dev, "/events")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".dev-overlay"), "no overlay on a fresh page")
    os.remove(os.path.join(dev.root, "fail-build"))
    dev.change_source()
    wait_for(browser, lambda d: page_build(d) not in (None, first), "no reload after the good build", timeout=30)
    wait_for(browser, lambda d: d.execute_script("return document.readyState") == "complete", "no load")
    assert not browser.find_elements(By.CSS_SELECTOR, ".dev-overlay")


class ReconnectStub:
    """A stub of the dev server: pages name `build`; /dev/events greets with it, then ends after one greeting,
    as a server that is swapped out does. The page's EventSource reconnects by itself."""

    def __init__(self, public_dir):
        self.build = "old"
        self.page_loads = 0
        stub = self

        class Handler(StrictStubHandler):
            def do_GET(self):
                if self.path == "/page":
                    stub.page_loads += 1
                    page = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Stub</title>'
                            f'<meta name="preview-dev-build" content="{stub.build}">'
                            '<script src="/public/dev.js" defer></script></head><body><main>stub</main></body></html>')
                    self.send_body(page.encode(), "text/html; charset=utf-8")
                elif self.path == "/public/dev.js":
                    with open(os.path.join(public_dir, "dev.js"), "rb") as file:
                        self.send_body(file.read(), "text/javascript; charset=utf-8")
                elif self.path == "/dev/events":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Cache-Control", "no-cache")
                    self.end_headers()
                    self.wfile.write(f"retry: 200\nevent: hello\ndata: {stub.build}\n\n".encode())
                    self.wfile.flush()
                    time.sleep(0.5)  # then the stream ends, as when its server stops
                else:
                    self.send_error(404)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def test_a_page_reloads_when_its_event_stream_reconnects_to_another_build(browser):
    stub = ReconnectStub(os.environ["PREVIEW_PUBLIC"])
    try:
        browser.get(stub.url + "/page")
        time.sleep(1.5)  # several reconnects to the same build: no reload
        assert stub.page_loads == 1
        stub.build = "new"
        wait_for(browser, lambda d: page_build(d) == "new", "the page never reloaded into the new build", timeout=10)
        time.sleep(1)
        assert stub.page_loads == 2
    finally:
        stub.close()
