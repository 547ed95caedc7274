"""app.js's live event log, against a stub that speaks the /events/stream contract (server-sent events whose
data is a TapEvent's JSON). The page is the events table as EventTable renders it, with data-stream, served
under a strict Content-Security-Policy. (The real /events/stream is being built; this pins the client.)"""

import http.server
import json
import os
import re
import threading
import time
import urllib.request

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

from support import StrictStubHandler, wait_for

PUBLIC = os.environ.get("PREVIEW_PUBLIC", "")

PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Events</title>
<link rel="stylesheet" href="/public/app.css"><script src="/public/app.js" defer></script></head>
<body><main><table class="event-log" data-stream="/events/stream?component=LikeButton{query}"><thead><tr>
<th scope="col">Time (UTC)</th><th scope="col">Component</th><th scope="col">Instance</th><th scope="col">Viewer</th>
<th scope="col">Prior</th><th scope="col">Optimistic</th><th scope="col">Outcome</th><th scope="col">Latency</th>
<th scope="col">Location</th></tr></thead><tbody><tr><td colspan="9">No taps yet.</td></tr></tbody></table>
</main></body></html>"""

HOSTILE = '<img src=x onerror="document.title=\'pwned\'">'


def stream_events(short):
    events = [
        {"sequence": 1, "time": "2026-11-30T07:27:15.141Z", "component": "LikeButton", "instance": "p1",
         "viewer": "v1", "prior": {"liked": False, "count": 12345}, "optimistic": {"liked": True, "count": 12346},
         "outcome": "committed", "latencyMs": 50, "location": None,
         "priorText": "not liked, 12,345", "optimisticText": "liked, 12,346"},
        {"sequence": 2, "time": "2026-11-30T07:27:16.002Z", "component": "AvatarView", "instance": "tim",
         "viewer": "v1", "prior": None, "optimistic": None, "outcome": "redirected", "latencyMs": 0,
         "location": "/users/tim", "priorText": "–", "optimisticText": "–"},
        {"sequence": 3, "time": "2026-11-30T07:27:17.500Z", "component": "LikeButton", "instance": HOSTILE,
         "viewer": HOSTILE, "prior": {"liked": True, "count": 2500000000},
         "optimistic": {"liked": False, "count": 2499999999}, "outcome": "rolled-back", "latencyMs": 401,
         "location": None, "priorText": "liked, 2,500,000,000", "optimisticText": "not liked, 2,499,999,999"},
    ]
    for sequence in range(4, 4 if short else 106):
        events.append({"sequence": sequence, "time": "2026-11-30T08:00:00.000Z", "component": "LikeButton",
                       "instance": f"p{sequence}", "viewer": "v2", "prior": None, "optimistic": None,
                       "outcome": "recorded", "latencyMs": sequence, "location": None,
                       "priorText": "–", "optimisticText": "–"})
    events.append(events[0])  # a replay after a reconnect must not be shown twice
    return events


class StubHandler(StrictStubHandler):
    def do_GET(self):
        if self.path in ("/events", "/events?short"):
            query = "&short" if self.path.endswith("short") else ""
            self.send_body(PAGE.replace("{query}", query).encode(), "text/html; charset=utf-8")
        elif self.path in ("/public/app.js", "/public/app.css"):
            with open(os.path.join(PUBLIC, os.path.basename(self.path)), "rb") as file:
                kind = "text/javascript" if self.path.endswith(".js") else "text/css"
                self.send_body(file.read(), kind + "; charset=utf-8")
        elif self.path.startswith("/events/stream?component=LikeButton"):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            self.wfile.write(b"retry: 600000\n\n")
            for event in stream_events(short=self.path.endswith("&short")):
                self.wfile.write(f"id: {event['sequence']}\ndata: {json.dumps(event)}\n\n".encode())
            self.wfile.flush()
            self.close_connection = True
        else:
            self.send_error(404)


@pytest.fixture(scope="module")
def stub_url():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StubHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


ROWS_JS = """
return Array.from(document.querySelectorAll('table.event-log tbody tr')).map(row => ({
  cells: Array.from(row.cells).map(cell => cell.textContent),
  classes: Array.from(row.cells).map(cell => cell.className),
  datetime: (row.querySelector('time') || {dateTime: null}).dateTime,
  elements: row.querySelectorAll('*').length,
}));
"""


def test_stream_prepends_rows_like_the_server_renders_them(browser, stub_url):
    browser.get(stub_url + "/events")
    wait_for(browser, lambda d: (r := d.execute_script(ROWS_JS)) and len(r) == 100 and r[-1]["cells"][2] == "p6",
             "the stream did not fill the table to the newest 100 rows")
    time.sleep(0.5)  # the replayed event came last: give it time to (wrongly) show up
    rows = browser.execute_script(ROWS_JS)
    assert all(len(row["cells"]) == 9 for row in rows), "the 'No taps yet.' row was not removed"
    assert rows[0]["cells"][2] == "p105", "the newest event must come first"
    assert len(rows) == 100 and rows[-1]["cells"][2] == "p6", "only the newest 100 rows are kept"
    assert rows[0]["cells"] == ["08:00:00", "LikeButton", "p105", "v2", "–", "–", "recorded", "105 ms", ""]
    assert rows[0]["classes"][6] == "outcome-recorded"
    assert [row["cells"][2] for row in rows].count("p1") == 0  # pushed out, and the replay was not re-added

    # The first three events alone (and the replay of the first, which must not be shown twice).
    browser.get(stub_url + "/events?short")
    wait_for(browser, lambda d: len(d.execute_script(ROWS_JS)) == 3, "expected three rows")
    time.sleep(0.5)
    first = browser.execute_script(ROWS_JS)
    assert len(first) == 3, [row["cells"] for row in first]
    hostile, avatar, like = first[0], first[1], first[2]
    assert like["cells"] == ["07:27:15", "LikeButton", "p1", "v1", "not liked, 12,345", "liked, 12,346",
                             "committed", "50 ms", ""]
    assert like["classes"][6] == "outcome-committed" and like["datetime"] == "2026-11-30T07:27:15.141Z"
    assert avatar["cells"] == ["07:27:16", "AvatarView", "tim", "v1", "–", "–", "redirected", "0 ms", "/users/tim"]
    assert hostile["cells"][2] == HOSTILE and hostile["cells"][3] == HOSTILE, "event data must show as text"
    assert hostile["cells"][4:6] == ["liked, 2,500,000,000", "not liked, 2,499,999,999"]
    assert hostile["classes"][6] == "outcome-rolled-back"
    assert hostile["elements"] == 10, "only the cells and the <time> are elements: nothing came from the data"
    assert browser.title == "Events"
    assert not browser.find_elements(By.CSS_SELECTOR, "table.event-log img")


def test_real_stream_adds_a_row_for_a_new_tap(browser, server):
    """The server's own /events/stream: a tap made elsewhere shows up on an open /events page."""
    browser.get(server.url + "/events")
    assert browser.find_element(By.CSS_SELECTOR, "table.event-log").get_attribute("data-stream")
    viewer = "v00000000c0ffee01"  # as the server writes viewers: v and 16 hex digits
    for attempt in range(5):  # the first tap can come before the page's EventSource has connected
        request = urllib.request.Request(server.url + "/components/avatar/tap", data=b"uid=linus",
                                         headers={"Cookie": f"viewer={viewer}"})
        urllib.request.urlopen(request, timeout=10).close()
        try:
            rows = wait_for(browser, lambda d: [r for r in d.execute_script(ROWS_JS) if r["cells"][3] == viewer],
                            "no row for the tap", timeout=2)
            break
        except TimeoutException:
            continue
    else:
        pytest.fail("the events page never showed a streamed row for the tap")
    first = browser.execute_script(ROWS_JS)[0]
    assert first == rows[0], "the newest row must come first"
    time_text, component, instance, who, prior, optimistic, outcome, latency, location = first["cells"]
    assert (component, instance, who, prior, optimistic, outcome, location) == (
        "AvatarView", "linus", viewer, "–", "–", "redirected", "/users/linus")
    assert re.fullmatch(r"\d\d:\d\d:\d\d", time_text) and first["datetime"][11:19] == time_text
    assert re.fullmatch(r"\d+ ms", latency)
    assert first["classes"][6] == "outcome-redirected"
