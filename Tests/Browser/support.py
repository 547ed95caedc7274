"""Helpers for the browser tests: the preview server process, the JSON API, like state, PNG checks."""

import http.server
import json
import os
import select
import signal
import struct
import subprocess
import urllib.request
import zlib

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

SETTLE_SECONDS = 15


class PreviewServer:
    """A preview-server process on a free port, started with the given simulation flags."""

    def __init__(self, binary, public_dir, log_dir, name, *flags):
        self.name = name
        self.log_path = os.path.join(log_dir, f"server-{name}.log")
        self._log = open(self.log_path, "wb")
        args = [binary, "--port", "0", "--quiet", "--public", public_dir, *flags]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self._log, stdin=subprocess.DEVNULL)
        self.url = self._read_url(args)

    def _read_url(self, args):
        ready, _, _ = select.select([self.process.stdout], [], [], 20)
        line = self.process.stdout.readline().decode("utf-8", "replace").strip() if ready else ""
        prefix = "listening on "
        if not line.startswith(prefix):
            self.process.kill()
            raise RuntimeError(f"{' '.join(args)} did not print '{prefix}URL' (got {line!r}); see {self.log_path}")
        return line[len(prefix):].rstrip("/")

    def stop(self):
        """SIGTERM, then wait for a clean exit (the server finishes requests in flight first)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()
        self._log.close()
        return self.process.returncode

    def kill(self):
        """SIGKILL: the connection drops mid-request, as on a network failure."""
        self.process.kill()
        self.process.wait()


def api_post(server, post_id, viewer):
    """`GET /api/posts/{id}` as the given viewer: {"id","count","liked","pending"}."""
    request = urllib.request.Request(
        f"{server.url}/api/posts/{post_id}", headers={"Cookie": f"viewer={viewer}", "Accept": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def events_json(server):
    request = urllib.request.Request(f"{server.url}/events", headers={"Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def viewer_id(driver):
    cookie = driver.get_cookie("viewer")
    assert cookie, "the server set no viewer cookie"
    return cookie["value"]


# One round trip that reads everything a like root shows (so a check right after a click is immediate).
_LIKE_STATE_JS = """
const root = document.getElementById(arguments[0]);
if (!root) return null;
const button = root.querySelector('.like-button');
const error = root.querySelector('.like-error');
const live = document.getElementById('live-announcer');
return {
  pressed: button ? button.getAttribute('aria-pressed') : null,
  liked: root.getAttribute('data-liked'),
  count: root.getAttribute('data-count'),
  text: (root.querySelector('.like-count') || {}).textContent,
  busy: root.getAttribute('aria-busy'),
  desired: (root.querySelector('input[name="liked"]') || {}).value,
  animated: root.classList.contains('like--animated'),
  error: error ? {role: error.getAttribute('role'), text: error.textContent} : null,
  live: live ? live.textContent : null,
};
"""


def like_state(driver, post_id):
    return driver.execute_script(_LIKE_STATE_JS, f"like-{post_id}")


def wait_until_settled(driver, post_id, timeout=SETTLE_SECONDS):
    """Waits until the like root for `post_id` no longer says aria-busy="true"; returns its state."""

    def settled(d):
        state = like_state(d, post_id)
        return state if state and state["busy"] != "true" else False

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        settled, f"like-{post_id} stayed aria-busy for {timeout} s"
    )


def wait_for(driver, predicate, message, timeout=SETTLE_SECONDS):
    # An element the predicate found may be replaced before it reads it (the page a 303 leads to loading,
    # a swap): that is a "not yet", asked again, not a failure. Chromium says so as a stale element, or,
    # when the old document is going while it reads, as an inspector error on a node that "does not
    # belong to the document".
    def asked(d):
        try:
            return predicate(d) or False
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return False
            raise

    return WebDriverWait(
        driver, timeout, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
    ).until(asked, message)


def wait_until_gone(driver, element, timeout, message="the element was never replaced"):
    """Waits until `element` has left the document (replaced, or its page navigated away).

    Selenium's `staleness_of` only recognises a stale-element error; when the page has just navigated,
    Chromium may instead answer that the node "does not belong to the document", which means the same.
    """

    def gone(_):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(gone, message)


def grouped(value):
    return f"{value:,}"


def formatted(count):
    """CompactCount.formatted, as the server writes it."""
    count = max(0, count)
    if count < 10_000:
        return grouped(count)
    divisor, suffix = (1_000, "K") if count < 1_000_000 else (1_000_000, "M") if count < 1_000_000_000 else (1_000_000_000, "B")
    tenths = count // (divisor // 10)
    whole, fraction = divmod(tenths, 10)
    return f"{whole}{suffix}" if fraction == 0 else f"{whole}.{fraction}{suffix}"


def png_pixels(data):
    """Decodes an 8-bit RGB/RGBA, non-interlaced PNG (what Chromium writes): (width, height, channels, rows)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat, header = 8, [], None
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, color_type, _, _, interlace = header
    assert depth == 8 and color_type in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    channels = 3 if color_type == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b, c = previous[i], previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def distinct_colours(data, step=2):
    """How many distinct pixel colours a PNG has (every `step`-th pixel of every `step`-th row)."""
    width, _, channels, rows = png_pixels(data)
    colours = set()
    for row in rows[::step]:
        for x in range(0, width * channels, channels * step):
            colours.add(row[x:x + channels])
    return colours


_RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']})
  .then(results => done(results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html, summary: n.failureSummary})),
  }))))
  .catch(error => done([{id: 'axe-error', impact: 'critical', help: String(error), helpUrl: '', nodes: []}]));
"""


def run_axe(driver, axe_source):
    if not driver.execute_script("return typeof window.axe === 'object';"):
        driver.execute_script(axe_source)
    return driver.execute_async_script(_RUN_AXE)


def readable(violations, where):
    lines = [f"{len(violations)} axe violation(s) on {where}:"]
    for violation in violations:
        lines.append(f"- {violation['id']} ({violation['impact']}): {violation['help']} {violation['helpUrl']}")
        for node in violation["nodes"][:10]:
            lines.append(f"    {node['target']}: {node['html'][:200]}")
            for summary_line in (node["summary"] or "").splitlines():
                lines.append(f"        {summary_line}")
    return "\n".join(lines)


def emulate(driver, scheme, width, reduced_motion=False):
    features = [{"name": "prefers-color-scheme", "value": scheme}]
    if reduced_motion:  # no colour transitions: axe must not catch a colour half-way
        features.append({"name": "prefers-reduced-motion", "value": "reduce"})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    driver.set_window_size(width, 900)


class StrictStubHandler(http.server.BaseHTTPRequestHandler):
    """A stub server's handler that answers under the strict policy the real pages get (the scripts must work
    under it), and keeps quiet."""

    def log_message(self, *args):
        pass

    def send_body(self, body, content_type):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
