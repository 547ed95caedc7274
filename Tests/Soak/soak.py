#!/usr/bin/env python3
"""Soak test: mixed traffic from many viewers against a running preview-server, then consistency checks.

Usage: soak.py SERVER_BINARY SECONDS [PUBLIC_DIR]

Starts the server on a free loopback port (failure rate 0.3, latency with jitter), sends pages, fragments,
static files, avatar, like and follow taps (some from clients without cookies, who never come back),
comment sends (a quarter repeating an earlier key), malformed and oversized requests, and clients that leave
mid-request, from many threads. Then checks from /api/posts/{id}, /api/users/{uid} and /events that every
post's and person's count is its base plus its likers or followers, that each tracked viewer holds the
state of their last successful tap, that the newest event of each viewer and target agrees with that state,
that each comment key whose last answer was a success is stored exactly once and no other is, that every
component's scenarios (run from the command line in the middle of the traffic) pass, that no
thread holds more than its capacity, that no 5xx but the intended 503s was seen, and two things of memory:
RSS after the run is at most RSS after warm-up + 10 MB beside what the caches took meanwhile (their bytes in
`/stats`: growth the caches do not explain is a leak), and RSS is never above the documented bound: RSS
before any traffic + every cache's bound (`/stats` `cacheBytes.bound`) + STATE_BUDGET (docs/MEMORY.md). RSS
is sampled each minute (each quarter of a run shorter than four minutes) and printed. Prints one summary
line; exits 1 on any breach.
"""
import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

POSTS = [f"p{i}" for i in range(1, 21)]
USERS = ["ada", "grace", "linus", "margaret", "tim", "amp", "nova"]
WORKERS = 12
# The first 16 bits of the viewer ids of tracked viewers and of clients that leave mid-request.
TRACKED, CHAOS = 0x50a4, 0xc4a0


class Toggle:
    """A self-managed toggle as the soak drives it: its tap, its fields, its targets and its API."""

    def __init__(self, name, component, path, target_field, state, targets, api, count):
        self.name, self.component, self.path = name, component, path
        self.target_field, self.state, self.targets, self.api, self.count = target_field, state, targets, api, count


LIKE = Toggle("like", "LikeButton", "/components/like/tap", "post", "liked", POSTS, "/api/posts/{}", "count")
FOLLOW = Toggle("follow", "FollowButton", "/components/follow/tap", "uid", "following", USERS, "/api/users/{}",
                "followers")
VIEWERS_PER_WORKER = 4
# What the state may take beside the caches, as docs/MEMORY.md adds it up: one-time messages (10,000 a
# component, the comment box's holding its text), full comment threads (200 a post), the event log (500),
# taps in flight and their turns (--max-pending), the tracked viewers' likes and follows.
STATE_BUDGET_MB = 48


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Soak:
    def __init__(self, binary, seconds, public):
        self.binary, self.seconds, self.public = binary, seconds, public
        self.lock = threading.Lock()
        self.breaches = []
        self.requests = 0
        self.statuses = {}
        self.intended_503 = 0
        # (toggle, viewer, target) -> on, for tracked viewers: the desired state of the last successful tap.
        self.expected = {}
        self.all_viewers = set()
        self.events_compared = 0
        self.cookieless = 0
        # (viewer, key) -> (post, the last answer's status), for every comment sent.
        self.comment_keys = {}
        self.comments_sent = 0
        self.scenario_summary = "not run"
        # (seconds since the traffic started, RSS in KiB), sampled as it runs.
        self.samples = []

    def breach(self, message):
        with self.lock:
            if len(self.breaches) < 20:
                self.breaches.append(message)

    def count(self, status):
        with self.lock:
            self.requests += 1
            self.statuses[status] = self.statuses.get(status, 0) + 1

    def start_server(self):
        self.process = subprocess.Popen(
            [self.binary, "--port", "0", "--quiet", "--public", self.public, "--latency-ms", "15",
             "--jitter-ms", "20", "--failure-rate", "0.3", "--seed", "11", "--max-body", "65536"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.process.stdout.readline().decode()
        if not line.startswith("listening on http://127.0.0.1:"):
            raise SystemExit(f"soak: server did not start: {line!r} {self.process.stderr.read().decode()[:500]}")
        self.port = int(line.rsplit(":", 1)[1])

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def request(self, conn, method, path, viewer=None, body=None, headers=None, allow_503=False):
        all_headers = dict(headers or {})
        if viewer:
            all_headers["Cookie"] = f"viewer={viewer}"
        if body is not None:
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=all_headers)
        response = conn.getresponse()
        data = response.read()
        self.count(response.status)
        if response.status >= 500 and not (response.status == 503 and allow_503):
            self.breach(f"{response.status} for {method} {path}")
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
        return response.status, data, response

    # --- traffic -------------------------------------------------------------------------------------
    def worker(self, index, deadline):
        rng = random.Random(1000 + index)
        # Viewer ids as the server mints them (v + 16 hex digits), so that events name them the same way.
        viewers = [f"v{TRACKED:04x}{index:06x}{n:06x}" for n in range(VIEWERS_PER_WORKER)]
        with self.lock:
            self.all_viewers.update(viewers)
        conn = self.connection()
        while time.monotonic() < deadline:
            try:
                self.one_action(rng, conn, viewers, index)
            except (ConnectionError, http.client.HTTPException, socket.timeout, OSError):
                conn.close()
                conn = self.connection()

    def send_comment(self, rng, conn, viewer):
        """A comment send with HX-Request; a quarter repeat one of the viewer's earlier keys."""
        with self.lock:
            mine = [key for (who, key) in self.comment_keys if who == viewer]
        if mine and rng.random() < 0.25:
            key = rng.choice(mine)
            post = self.comment_keys[(viewer, key)][0]
        else:
            key = f"soak-{viewer}-{rng.getrandbits(32):08x}"
            post = rng.choice(POSTS)
        body = urllib.parse.urlencode({"post": post, "text": f"soak {key}", "key": key})
        status, _, _ = self.request(conn, "POST", "/components/comment/send", viewer, body, {"HX-Request": "true"},
                                    allow_503=True)
        if status not in (200, 409, 503):
            self.breach(f"comment send answered {status}")
        with self.lock:
            self.comments_sent += 1
            self.intended_503 += 1 if status == 503 else 0
            self.comment_keys[(viewer, key)] = (post, status)

    def one_action(self, rng, conn, viewers, index):
        roll = rng.random()
        viewer = rng.choice(viewers)
        if roll < 0.03:
            self.send_comment(rng, conn, viewer)
        elif roll < 0.35:
            toggle = LIKE if roll < 0.25 else FOLLOW
            target = rng.choice(toggle.targets)
            desired = rng.random() < 0.5
            htmx = rng.random() < 0.8
            headers = {"HX-Request": "true"} if htmx else {}
            body = f"{toggle.target_field}={target}&{toggle.state}={'true' if desired else 'false'}&return_to=/feed"
            status, _, _ = self.request(conn, "POST", toggle.path, viewer, body, headers, allow_503=True)
            if htmx:
                if status == 200:
                    self.expected[(toggle.name, viewer, target)] = desired
                elif status == 503:
                    with self.lock:
                        self.intended_503 += 1
                else:
                    self.breach(f"{toggle.name} tap answered {status}")
            elif status == 303:
                # A plain form tap: the outcome is read back from the API.
                _, data, _ = self.request(conn, "GET", toggle.api.format(target), viewer)
                self.expected[(toggle.name, viewer, target)] = json.loads(data)[toggle.state]
            else:
                self.breach(f"plain {toggle.name} tap answered {status}")
        elif roll < 0.45:
            uid = rng.choice(USERS + ["ghost"])
            status, _, _ = self.request(conn, "POST", "/components/avatar/tap", viewer, f"uid={uid}")
            if status != (404 if uid == "ghost" else 303):
                self.breach(f"avatar tap for {uid} answered {status}")
        elif roll < 0.55:
            # A client without a cookie jar: a new viewer on every request, who never comes back for the
            # message a failed tap leaves. Such taps change no count: they fail, or ask for "off", which a
            # new viewer already has.
            toggle = rng.choice([LIKE, FOLLOW])
            fails = rng.random() < 0.5
            body = f"{toggle.target_field}={rng.choice(toggle.targets)}&{toggle.state}={'true' if fails else 'false'}"
            headers = {"X-Simulate-Failure": "always" if fails else "never"}
            if rng.random() < 0.5:
                headers["HX-Request"] = "true"
            status, _, _ = self.request(conn, "POST", toggle.path, None, body, headers, allow_503=True)
            if status not in (200, 303, 503) or (status == 503) != (fails and "HX-Request" in headers):
                self.breach(f"cookieless {toggle.name} tap answered {status}")
            with self.lock:
                self.cookieless += 1
                self.intended_503 += 1 if status == 503 else 0
        elif roll < 0.75:
            path = rng.choice([
                "/", "/feed", f"/users/{rng.choice(USERS)}", f"/posts/{rng.choice(POSTS)}", "/events",
                "/components/like", "/components/avatar", "/components.json",
                f"/components/like/fragment?post={rng.choice(POSTS)}&count={rng.randint(0, 10**7)}&liked=true",
                "/components/avatar/fragment?vip=verified", f"/api/posts/{rng.choice(POSTS)}",
            ])
            status, _, _ = self.request(conn, "GET", path, viewer)
            if status != 200:
                self.breach(f"GET {path} answered {status}")
        elif roll < 0.85:
            status, _, response = self.request(conn, "GET", "/public/app.css", viewer)
            etag = response.getheader("ETag")
            status2, _, _ = self.request(conn, "GET", "/public/app.css", viewer, headers={"If-None-Match": etag or ""})
            if status != 200 or status2 != 304:
                self.breach(f"static file answered {status}/{status2}")
        elif roll < 0.93:
            kind = rng.choice(["escape", "oversize", "unknown", "method", "field"])
            if kind == "escape":
                status, _, _ = self.request(conn, "GET", "/feed?q=%zz", viewer)
                expected = 400
            elif kind == "oversize":
                status, _, _ = self.request(conn, "POST", "/components/like/tap", viewer, "x" * 70000)
                expected = 413
                conn.close()
            elif kind == "unknown":
                status, _, _ = self.request(conn, "GET", "/no/such/page", viewer)
                expected = 404
            elif kind == "method":
                status, _, _ = self.request(conn, "DELETE", "/feed", viewer)
                expected = 405
            else:
                status, _, _ = self.request(conn, "POST", "/components/like/tap", viewer, "post=p1&liked=perhaps")
                expected = 400
            if status != expected:
                self.breach(f"malformed {kind} answered {status}, expected {expected}")
        else:
            self.leave_mid_request(rng, index)

    def leave_mid_request(self, rng, index):
        """A client that goes away: mid-headers, mid-body, or while its tap is in flight (untracked viewer)."""
        chaos_viewer = f"v{CHAOS:04x}{index:06x}{rng.randint(0, 3):06x}"
        with self.lock:
            self.all_viewers.add(chaos_viewer)
        post = rng.choice(POSTS)
        body = f"post={post}&liked={'true' if rng.random() < 0.5 else 'false'}"
        request = (f"POST /components/like/tap HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                   f"Cookie: viewer={chaos_viewer}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n{body}").encode()
        cut = rng.choice([len(request) // 3, len(request) - 5, len(request)])
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as raw:
            raw.sendall(request[:cut])
            time.sleep(rng.random() * 0.01)
        self.count("left")

    # --- checks --------------------------------------------------------------------------------------
    def check(self, base):
        conn = self.connection()
        # Let taps in flight (including those of clients that left) finish.
        time.sleep(0.5)
        events_status, data, _ = self.request(conn, "GET", "/events", None, headers={"Accept": "application/json"})
        events = json.loads(data)
        for toggle in (LIKE, FOLLOW):
            newest = {}
            for event in events:  # newest first
                if event["component"] == toggle.component:
                    newest.setdefault((event["viewer"], event["instance"]), event)
            for target in toggle.targets:
                members = 0
                count = None
                for viewer in sorted(self.all_viewers):
                    _, data, _ = self.request(conn, "GET", toggle.api.format(target), viewer)
                    state = json.loads(data)
                    on = state[toggle.state]
                    if state["pending"]:
                        self.breach(f"{viewer} still has a tap pending on {target}")
                    members += 1 if on else 0
                    if count is not None and state[toggle.count] != count:
                        self.breach(f"{target}: count differs between viewers ({count} vs {state[toggle.count]})")
                    count = state[toggle.count]
                    if viewer.startswith(f"v{TRACKED:04x}"):
                        expected = self.expected.get((toggle.name, viewer, target), False)
                        if on != expected:
                            self.breach(f"{viewer} on {target}: {toggle.state}={on}, last successful tap wanted {expected}")
                    event = newest.get((viewer, target))
                    if event is not None:
                        self.events_compared += 1
                        reflected = (event["optimistic"] if event["outcome"] == "committed" else event["prior"])[toggle.state]
                        if on != reflected:
                            self.breach(f"{viewer} on {target}: newest event {event['outcome']} says {reflected}, "
                                        f"state says {on}")
                if count != base[(toggle.name, target)] + members:
                    self.breach(f"{target}: count {count} != base {base[(toggle.name, target)]} + members {members}")
        self.check_comments(conn)

    def check_comments(self, conn):
        """Each key whose last answer was 200 is stored exactly once; no other key is; threads stay bounded."""
        texts = {}
        for post in POSTS:
            _, data, _ = self.request(conn, "GET", f"/components/comment/state/{post}", "vsoakbase")
            state = json.loads(data)
            if state["count"] > 200:
                self.breach(f"{post} holds {state['count']} comments, past its capacity")
            for comment in state["comments"]:
                texts[comment["text"]] = texts.get(comment["text"], 0) + 1
        for (viewer, key), (post, status) in self.comment_keys.items():
            stored = texts.get(f"soak {key}", 0)
            if status == 200 and stored != 1:
                self.breach(f"comment key {key} last answered 200 but is stored {stored} times")
            if status in (409, 503) and stored != 0:
                self.breach(f"comment key {key} last answered {status} but is stored {stored} times")
        if self.comments_sent == 0:
            self.breach("no comment was sent")

    def stats(self):
        conn = self.connection()
        _, data, _ = self.request(conn, "GET", "/stats")
        conn.close()
        return json.loads(data)

    def sample(self, started, deadline, interval):
        """RSS every `interval` seconds until the traffic ends (and once at its end)."""
        next_at = started + interval
        while True:
            now = time.monotonic()
            if now >= deadline:
                break
            if now >= next_at:
                self.samples.append((now - started, rss_kib(self.process.pid)))
                next_at += interval
            time.sleep(min(1.0, max(0.05, next_at - now)))
        self.samples.append((time.monotonic() - started, rss_kib(self.process.pid)))

    def run(self):
        self.start_server()
        before = bound = caches = 0
        try:
            before = rss_kib(self.process.pid)
            bound = before + self.stats()["cacheBytes"]["bound"] // 1024 + STATE_BUDGET_MB * 1024
            conn = self.connection()
            base = {}
            for toggle in (LIKE, FOLLOW):
                for target in toggle.targets:
                    _, data, _ = self.request(conn, "GET", toggle.api.format(target), "vsoakbase")
                    base[(toggle.name, target)] = json.loads(data)[toggle.count]
            conn.close()
            started = time.monotonic()
            deadline = started + self.seconds
            threads = [threading.Thread(target=self.worker, args=(i, deadline)) for i in range(WORKERS)]
            for thread in threads:
                thread.start()
            interval = 60.0 if self.seconds >= 240 else max(0.5, self.seconds / 4)
            sampler = threading.Thread(target=self.sample, args=(started, deadline, interval))
            sampler.start()
            # Every component's scenarios, each as a viewer of its own, in the middle of this traffic: before
            # 20 s, as the comment threads fill up in about two minutes of it (past 200 a send is a 409).
            time.sleep(min(max(1.0, self.seconds * 0.25), self.seconds, 20.0))
            scenarios = subprocess.run([self.binary, "scenarios", "--base", f"http://127.0.0.1:{self.port}"],
                                       capture_output=True, text=True, timeout=300)
            time.sleep(max(0.0, started + min(max(1.0, self.seconds * 0.25), self.seconds) - time.monotonic()))
            warm = rss_kib(self.process.pid)
            warm_caches = self.stats()["cacheBytes"]["kept"] // 1024
            self.scenario_summary = (scenarios.stdout.strip().splitlines() or ["no output"])[-1]
            # Their viewers' likes and follows count too: each line names its viewer.
            with self.lock:
                self.all_viewers.update(re.findall(r"as (v[0-9a-f]{16})", scenarios.stdout))
            if scenarios.returncode != 0:
                self.breach(f"scenarios beside the traffic: {scenarios.stdout[-2000:]}{scenarios.stderr[-500:]}")
            for thread in threads:
                thread.join()
            sampler.join()
            elapsed = time.monotonic() - started
            self.check(base)
            if self.events_compared == 0:
                self.breach("no event could be compared with a viewer's state: the event check saw nothing")
            end = rss_kib(self.process.pid)
            caches = self.stats()["cacheBytes"]["kept"] // 1024
            if end - warm > 10 * 1024 + max(0, caches - warm_caches):
                self.breach(f"RSS grew from {warm / 1024:.1f} MB after warm-up to {end / 1024:.1f} MB, of which "
                            f"the caches took {(caches - warm_caches) / 1024:.1f} MB")
            highest = max([end] + [rss for _, rss in self.samples])
            if highest > bound:
                self.breach(f"RSS reached {highest / 1024:.1f} MB, over the bound of {bound / 1024:.1f} MB")
            if self.process.poll() is not None:
                self.breach("the server exited during the soak")
        finally:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.breach("the server did not stop within 15 s of SIGTERM")
        fives = {k: v for k, v in self.statuses.items() if isinstance(k, int) and k >= 500}
        print(f"soak: {self.requests} requests in {elapsed:.0f} s ({self.requests / elapsed:.0f}/s), "
              f"{len(self.all_viewers)} viewers, 503 (like, follow and comment failures) {self.intended_503}, other 5xx "
              f"{sum(v for k, v in fives.items()) - self.intended_503}, RSS {warm / 1024:.1f} → {end / 1024:.1f} MB, "
              f"{self.cookieless} cookieless taps, {self.comments_sent} comment sends ({len(self.comment_keys)} keys), "
              f"{self.events_compared} newest events compared, scenarios beside the traffic: {self.scenario_summary}, "
              f"{len(self.breaches)} breaches")
        print(f"soak: RSS {before / 1024:.1f} MB before the traffic, bound {bound / 1024:.1f} MB (+ caches' bounds + "
              f"{STATE_BUDGET_MB} MB of state); samples: "
              + ", ".join(f"{at:.0f} s {rss / 1024:.1f} MB" for at, rss in self.samples)
              + f"; caches hold {caches / 1024:.1f} MB at the end")
        for message in self.breaches:
            print(f"  breach: {message}")
        return 1 if self.breaches else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    public = sys.argv[3] if len(sys.argv) > 3 else os.path.join(root, "Public")
    sys.exit(Soak(sys.argv[1], float(sys.argv[2]), public).run())
