#!/usr/bin/env python3
"""Side-by-side benchmark of preview-server against the C libmicrohttpd reference (see scripts/bench)."""
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QUICK = "--quick" in sys.argv
MEMORY_ONLY = "--memory" in sys.argv
STATE_WRITES_ONLY = "--state-writes" in sys.argv
CALLGRIND_ONLY = "--callgrind" in sys.argv
MIXED_ONLY = "--mixed" in sys.argv
DURATION = 3 if QUICK else 10
ROUNDS = 1 if QUICK else 3
TICKS = os.sysconf("SC_CLK_TCK")
CORES = os.cpu_count() or 1
WORK = os.path.join(ROOT, ".build", "bench")
os.makedirs(WORK, exist_ok=True)


def proc_stat(pid):
    """CPU ticks (utime + stime) of `pid` and every process below it (the Node peer's cluster workers)."""
    parents, ticks = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
    total, frontier = 0, [pid]
    while frontier:
        current = frontier.pop()
        total += ticks.get(current, 0)
        frontier += [child for child, parent in parents.items() if parent == current]
    return total


def proc_io(pid, key):
    """A counter from /proc/PID/io (write_bytes: what went to the disk)."""
    with open(f"/proc/{pid}/io") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def proc_status(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


class Server:
    def __init__(self, argv, ready_on_stderr=False, pin=None):
        if pin is not None:
            argv = ["taskset", "-c", str(pin)] + argv
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        stream = self.process.stderr if ready_on_stderr else self.process.stdout
        # The first lines may be libmicrohttpd's warnings (the reference with one thread gets one).
        for _ in range(5):
            line = stream.readline()
            match = re.search(r"listening on (?:http://127\.0\.0\.1:)?(\d+)", line)
            if match or not line:
                break
        if not match:
            raise SystemExit(f"bench: server did not start: {line!r}")
        self.port = int(match.group(1))
        self.pid = self.process.pid

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def fetch(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request) as response:
        return response.read(), response.headers.get("Content-Type")


def fetch_exact(url, headers=None):
    """Body, content type, and the response headers a peer must add to send the same bytes (all but those
    libmicrohttpd and Node add themselves: Date, Content-Length, Content-Type, Connection)."""
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request) as response:
        extra = [(name, value) for name, value in response.headers.items()
                 if name.lower() not in ("date", "content-length", "content-type", "connection")]
        return response.read(), response.headers.get("Content-Type"), extra


NODE = shutil.which("node")
NODE_PEER = os.path.join(ROOT, "scripts", "lib", "bench-peer-node.js")


def to_ms(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk(server, path, connections=64, headers=(), script=None, duration=DURATION, pin=None, timeout="5s", threads=2):
    argv = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency", f"--timeout={timeout}"]
    for header in headers:
        argv += ["-H", header]
    if script:
        argv += ["-s", script]
    argv.append(server.url(path))
    if pin is not None:
        argv = ["taskset", "-c", str(pin)] + argv
    before = proc_stat(server.pid)
    rss_peak = 0
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    threads = proc_status(server.pid, "Threads")
    while process.poll() is None:
        rss_peak = max(rss_peak, proc_status(server.pid, "VmRSS"))
        threads = max(threads, proc_status(server.pid, "Threads"))
        time.sleep(0.25)
    out = process.stdout.read()
    after = proc_stat(server.pid)
    if script and re.search(r"\.lua:\d+:", out):
        raise SystemExit(f"bench: the wrk script {script} failed:\n{out}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    p50 = to_ms(re.search(r"50%\s+([\d.]+\w+)", out).group(1))
    p99 = to_ms(re.search(r"99%\s+([\d.]+\w+)", out).group(1))
    errors = re.search(r"Socket errors: (.*)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    cpu_us = (after - before) / TICKS * 1e6 / max(total, 1)
    return {"rps": rps, "p50": p50, "p99": p99, "cpu": cpu_us, "rss": rss_peak / 1024, "threads": threads,
            "errors": errors.group(1) if errors else "", "non2xx": int(non2xx.group(1)) if non2xx else 0}


def median_of(runs):
    return {key: (statistics.median(r[key] for r in runs) if isinstance(runs[0][key], (int, float)) else runs[-1][key])
            for key in runs[0]}


rows = []


def row(name, ours, reference=None, note="", node=None):
    rows.append((name, ours, reference, note, node))
    ratio = (f"{ours['rps'] / reference['rps']:.2f}x rps, {ours['cpu'] / reference['cpu']:.2f}x cpu, "
             f"the reference's p99 {reference['p99']:.2f} ms" if reference else "")
    if node:
        ratio += f"; {ours['rps'] / node['rps']:.2f}x Node's rps"
    print(f"  {name}: {ours['rps']:.0f} req/s, p50 {ours['p50']:.2f} ms, p99 {ours['p99']:.2f} ms, "
          f"{ours['cpu']:.1f} µs cpu/req, rss {ours['rss']:.1f} MB {ratio} {note}", flush=True)


def peer_files(name, body, extra):
    """The body and the headers file a peer serves, so that it sends the bytes we send."""
    stem = os.path.join(WORK, name.replace(" ", "_").replace("/", "_").replace("(", "").replace(")", ""))
    with open(stem + ".body", "wb") as f:
        f.write(body)
    with open(stem + ".headers", "w") as f:
        f.write("".join(f"{header}: {value}\n" for header, value in extra))
    return stem + ".body", stem + ".headers"


def compare(name, ours_server, path, cookie=None):
    """Alternating rounds of our server, the C reference and the Node peer, all sending the same bytes:
    with a viewer cookie (a returning browser), or without one (a first visit: we mint a viewer and set
    its cookie on every request; the peers send that same Set-Cookie)."""
    request_headers = {"Cookie": cookie} if cookie else {}
    body, content_type, extra = fetch_exact(ours_server.url(path), request_headers)
    body_file, headers_file = peer_files(name, body, extra)
    reference = (Server([REFERENCE, body_file, "0", str(CORES), content_type, headers_file], ready_on_stderr=True)
                 if REFERENCE else None)
    node = Server([NODE, NODE_PEER, body_file, content_type, headers_file]) if NODE else None
    wrk_headers = [f"Cookie: {cookie}"] if cookie else []
    ours_runs, ref_runs, node_runs = [], [], []
    for _ in range(ROUNDS):
        ours_runs.append(wrk(ours_server, path, headers=wrk_headers))
        if reference:
            ref_runs.append(wrk(reference, path, headers=wrk_headers))
        if node:
            node_runs.append(wrk(node, path, headers=wrk_headers))
    for peer in (reference, node):
        if peer:
            peer.stop()
    row(name, median_of(ours_runs), median_of(ref_runs) if ref_runs else None,
        node=median_of(node_runs) if node_runs else None)


def main():
    global REFERENCE
    # BENCH_BINARY: another build of the server to measure (an earlier commit's), for the rows that take it.
    binary = os.environ.get("BENCH_BINARY") or os.path.join(ROOT, ".build", "release", "preview-server")
    print(f"bench on {CORES} cores, {os.uname().machine}, {time.strftime('%Y-%m-%d')}, "
          f"{'quick' if QUICK else 'full'}: wrk -t2 -c64 -d{DURATION}s, {ROUNDS} round(s), medians", flush=True)
    print(f"release build: {BUILD_SECONDS:.1f} s ({BUILD_KIND})")
    REFERENCE = os.environ.get("REFERENCE_BINARY") or None
    if not REFERENCE:
        print("  (no reference server: ratios omitted)")
    common = ["--port", "0", "--quiet", "--latency-ms", "0", "--failure-rate", "0", "--threads", str(CORES),
              "--public", os.path.join(ROOT, "Public"), "--max-connections", "4096", "--max-pending", "8192"]
    if MEMORY_ONLY:
        memory_rows(binary, common)
        return
    if STATE_WRITES_ONLY:
        state_write_rows(binary, common)
        return
    if CALLGRIND_ONLY:
        callgrind_rows(binary, common)
        return
    if MIXED_ONLY:
        mixed_rows(binary, common)
        return
    ours = Server([binary] + common)
    fetch(ours.url("/healthz"))
    time.sleep(0.5)
    idle_rss = proc_status(ours.pid, "VmRSS") / 1024
    print(f"idle RSS: {idle_rss:.1f} MB", flush=True)

    if not NODE:
        print("  (node is not on PATH: the Node peer's rows are left out)")
    cookie = "viewer=v00000000000b3c4"
    like_path = "/components/like/fragment?post=p1&liked=true&count=12345"
    avatar_path = "/components/avatar/fragment?uid=ada&vip=verified"
    for name, path in [("GET like fragment", like_path), ("GET avatar fragment", avatar_path), ("GET /feed (20 cells)", "/feed")]:
        compare(name + ", cookie", ours, path, cookie=cookie)
        compare(name + ", first visit", ours, path)
    # The catalogue's variant fragment: its URL names every parameter (a longer query on the way to the
    # kept response).
    compare("GET catalogue variant fragment, cookie", ours, VARIANT_PATH, cookie=cookie)
    # The same with nothing kept: every request renders its page or fragment (--render-cache off).
    ours.stop()
    uncached = Server([binary] + common + ["--render-cache", "off"])
    for name, path in [("GET like fragment", like_path), ("GET /feed (20 cells)", "/feed")]:
        compare(name + ", cookie, render cache off", uncached, path, cookie=cookie)
    uncached.stop()
    ours = Server([binary] + common)
    fetch(ours.url("/healthz"))

    taps = {}
    for name, extra in [("POST like tap (PRG)", ""), ("POST like tap (HX-Request)", 'headers["HX-Request"] = "true"')]:
        script = os.path.join(WORK, name.split("(")[1].rstrip(")").replace("-", "").lower() + ".lua")
        with open(script, "w") as f:
            f.write(LIKE_SCRIPT.replace("--EXTRA--", extra))
        runs = [wrk(ours, "/components/like/tap", script=script) for _ in range(ROUNDS)]
        fragment = rows[0][1]["rps"]
        rendered = next(r[1]["rps"] for r in rows if r[0] == "GET like fragment, cookie, render cache off")
        row(name, median_of(runs), note=f"(vs fragment GET: {median_of(runs)['rps'] / fragment:.2f}x kept, "
                                        f"{median_of(runs)['rps'] / rendered:.2f}x rendered)")
        taps[name.split("(")[1]] = median_of(runs)
    # Comment sends, each committing a new comment (a new key; a thread keeps at most 200, so every
    # 1,500th request is POST /reset): against the like tap of the same kind.
    for name, extra in [("POST comment send (PRG)", ""), ("POST comment send (HX-Request)", 'headers["HX-Request"] = "true"'),
                        ("POST comment send (HX-Request, X-Self-Managed-Kept)",
                         'headers["HX-Request"] = "true"; headers["X-Self-Managed-Kept"] = "true"')]:
        script = os.path.join(WORK, "comment-" + re.sub(r"[^a-z]", "", name.split("(")[1].lower()) + ".lua")
        with open(script, "w") as f:
            f.write(COMMENT_SCRIPT.replace("--EXTRA--", extra))
        runs = [wrk(ours, "/components/comment/send", script=script) for _ in range(ROUNDS)]
        like = taps[name.split("(")[1].split(",")[0].rstrip(")") + ")"]
        result = median_of(runs)
        row(name, result, note=f"(vs the like tap: {result['rps'] / like['rps']:.2f}x req/s, p99 {result['p99']:.2f} "
                               f"vs {like['p99']:.2f} ms; errors {result['errors'] or 'none'})")

    ours.stop()
    mixed_rows(binary, common)
    ours = Server([binary] + common)
    fetch(ours.url("/healthz"))

    compare("GET static app.css", ours, "/public/app.css")
    etag = urllib.request.urlopen(ours.url("/public/app.css")).headers["ETag"]
    runs = [wrk(ours, "/public/app.css", headers=[f"If-None-Match: {etag}"]) for _ in range(ROUNDS)]
    row("GET static app.css, If-None-Match (304)", median_of(runs))
    ours.stop()

    # Pinned: server on core 0 with one thread (the core it has), wrk with one thread on core 1 (two wrk
    # threads sharing one core wait for each other, and wrk counts that wait as latency: p99 3.6 ms for
    # us and 2.2 ms for the reference with two, 1.0 and 0.9 ms with one, in one sitting); the reference
    # likewise.
    if CORES >= 2:
        one_thread = [a if common[i - 1] != "--threads" else "1" for i, a in enumerate(common)]
        pinned = Server([binary] + one_thread, pin=0)
        reference = None
        if REFERENCE:
            stem = os.path.join(WORK, "GET_like_fragment,_cookie")
            reference = Server([REFERENCE, stem + ".body", "0", "1", "text/html; charset=utf-8", stem + ".headers"],
                               ready_on_stderr=True, pin=0)
        ours_runs, ref_runs = [], []
        for _ in range(ROUNDS):
            ours_runs.append(wrk(pinned, like_path, headers=[f"Cookie: {cookie}"], pin=1, threads=1))
            if reference:
                ref_runs.append(wrk(reference, like_path, headers=[f"Cookie: {cookie}"], pin=1, threads=1))
        row("GET like fragment, pinned (1 thread on core 0, wrk -t1 on core 1)", median_of(ours_runs),
            median_of(ref_runs) if ref_runs else None)
        pinned.stop()
        if reference:
            reference.stop()

    # Slow taps: 200 ms of simulated network per tap.
    slow_args = list(common)
    slow_args[slow_args.index("--latency-ms") + 1] = "200"
    slow = Server([binary] + slow_args)
    script = os.path.join(WORK, "slow.lua")
    with open(script, "w") as f:
        f.write(LIKE_SCRIPT.replace("--EXTRA--", 'headers["HX-Request"] = "true"'))
    for connections in (1000, 2000):
        runs = [wrk(slow, "/components/like/tap", connections=connections, script=script) for _ in range(ROUNDS)]
        result = median_of(runs)
        ideal = connections / 0.2
        row(f"slow taps, 200 ms, {connections} connections", result,
            note=f"({result['rps'] / ideal * 100:.0f}% of {ideal:.0f}/s; threads {result['threads']}; errors {result['errors'] or 'none'})")
    slow.stop()

    render = subprocess.run([os.path.join(ROOT, ".build", "release", "render-bench"), "4000" if QUICK else "20000"],
                            capture_output=True, text=True).stdout
    print("render only, in-process:")
    for line in render.strip().splitlines():
        print("  " + line)

    print("\n| workload | req/s | p50 ms | p99 ms | CPU µs/req | RSS MB | vs reference (same bytes) | vs Node peer |")
    print("|---|---|---|---|---|---|---|---|")
    for name, ours_result, reference, note, node in rows:
        ratio = (f"{ours_result['rps'] / reference['rps']:.2f}× req/s, {ours_result['cpu'] / reference['cpu']:.2f}× CPU "
                 f"(ref {reference['rps']:.0f} req/s, {reference['cpu']:.1f} µs, p99 {reference['p99']:.2f} ms)") if reference else note
        versus_node = (f"{ours_result['rps'] / node['rps']:.2f}× req/s (Node {node['rps']:.0f} req/s, "
                       f"{node['cpu']:.1f} µs)") if node else ""
        print(f"| {name} | {ours_result['rps']:.0f} | {ours_result['p50']:.2f} | {ours_result['p99']:.2f} | "
              f"{ours_result['cpu']:.1f} | {ours_result['rss']:.1f} | {ratio} | {versus_node} |")
    print(f"\nidle RSS {idle_rss:.1f} MB; release build {BUILD_SECONDS:.1f} s ({BUILD_KIND})")
    memory_rows(binary, common)


# Memory: clients that never come back (no cookie jar) must not grow the server (issue 15).
MEMORY_SECONDS = 5 if QUICK else 15


def tap_script(name, cookie, simulate, alternate=False):
    """A wrk script of like taps on random posts: without a cookie (a new viewer each time) or with one."""
    path = os.path.join(WORK, name + ".lua")
    with open(path, "w") as f:
        f.write(TAP_SCRIPT.replace("--COOKIE--", f'headers["Cookie"] = "{cookie}"' if cookie else "")
                .replace("--SIMULATE--", simulate).replace("--ALTERNATE--", "true" if alternate else "false"))
    return path


def rss_mb(server):
    time.sleep(0.5)
    return proc_status(server.pid, "VmRSS") / 1024


def state_rows(binary, common, size, liking):
    """Taps against a --state database that holds `size` likes put straight into it with sqlite3: the taps
    of 10,000 viewers (like and unlike, coalescing within each second's write) and new viewers' likes (a
    new row each), with the bytes written to disk per tap (/proc/PID/io write_bytes). Works with the
    database of either schema (one table `entries`, or the table per kind before it), so that an older
    binary can be measured beside this one. Returns the rows and the first run's p99."""
    results = []
    database = os.path.join(WORK, "bench.sqlite3")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    Server([binary] + common + ["--state", database]).stop()  # the schema, as the server makes it
    tables = subprocess.run(["sqlite3", database, "SELECT name FROM sqlite_schema WHERE type = 'table'"],
                            check=True, capture_output=True, text=True).stdout.split()
    members = ("INSERT INTO entries SELECT 'like', 'p' || (1 + i % 20), printf('v%016x', i * 2654435761), 'true' FROM n"
               if "entries" in tables else
               "INSERT INTO toggle_members SELECT 'like', 'p' || (1 + i % 20), printf('v%016x', i * 2654435761) FROM n")
    # The members, straight into the database with SQLite's own command line: distinct viewers, 20 posts.
    subprocess.run(["sqlite3", database,
                    f"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {size - 1}) " + members],
                   check=True)
    began = time.monotonic()
    server = Server([binary] + common + ["--state", database])
    loaded = time.monotonic() - began
    rss = rss_mb(server)
    written = proc_io(server.pid, "write_bytes")
    run = wrk(server, "/components/like/tap", connections=32, script=viewers_script(), duration=MEMORY_SECONDS)
    time.sleep(1.5)  # the run's last write is done
    per_tap = (proc_io(server.pid, "write_bytes") - written) / max(run["rps"] * MEMORY_SECONDS, 1)
    megabytes = sum(os.path.getsize(database + x) for x in ("", "-wal") if os.path.exists(database + x)) / 1e6
    results.append((f"taps with {size:,} likes in the state database", f"{run['rps']:.0f} taps/s",
                    f"p50 {run['p50']:.2f} ms, p99 {run['p99']:.2f} ms, {per_tap:,.0f} bytes written per tap, "
                    f"database {megabytes:.0f} MB; loaded in {loaded:.2f} s, RSS {rss:.1f} MB",
                    "≤ 1 KB written per tap at both sizes; p99 ≤ 1.2× without --state; 1 M load in about 1 s"))
    # The same, each tap a new viewer's like: a new row every time, nothing coalesced in the second.
    written = proc_io(server.pid, "write_bytes")
    fresh = wrk(server, "/components/like/tap", connections=32, script=liking, duration=MEMORY_SECONDS)
    time.sleep(1.5)
    per_tap = (proc_io(server.pid, "write_bytes") - written) / max(fresh["rps"] * MEMORY_SECONDS, 1)
    results.append((f"new viewers' likes, from {size:,} in the state database", f"{fresh['rps']:.0f} taps/s",
                    f"p99 {fresh['p99']:.2f} ms, {per_tap:,.0f} bytes written per tap", "≤ 1 KB written per tap"))
    server.stop()
    return results, run["p99"]


def print_rows(results):
    print("\n| memory workload | amount | measured | target |")
    print("|---|---|---|---|")
    for name, amount, measured, target in results:
        print(f"| {name} | {amount} | {measured} | {target} |")


def state_write_rows(binary, common):
    """`--state-writes [ROWS]`: only the state database's rows, at ROWS likes (200,000 unless given)."""
    index = sys.argv.index("--state-writes")
    size = int(sys.argv[index + 1]) if len(sys.argv) > index + 1 and sys.argv[index + 1].isdigit() else 200_000
    print(f"state database: {MEMORY_SECONDS} s floods of like taps at {size:,} rows, wrk -t2 -c32, "
          f"bytes from /proc/PID/io ({binary})", flush=True)
    rows, _ = state_rows(binary, common, size, tap_script("cookieless-liking", None, "never"))
    print_rows(rows)


def memory_rows(binary, common):
    print(f"memory: {MEMORY_SECONDS} s floods of like taps, wrk -t2 -c32, RSS from /proc", flush=True)
    results = []

    # 1. Cookieless taps that fail: each leaves a one-time message for a viewer who never comes back.
    server = Server([binary] + common)
    idle = rss_mb(server)
    failing = tap_script("cookieless-failing", None, "always")
    first = wrk(server, "/components/like/tap", connections=32, script=failing, duration=MEMORY_SECONDS)
    after_first = rss_mb(server)
    second = wrk(server, "/components/like/tap", connections=32, script=failing, duration=MEMORY_SECONDS)
    after_second = rss_mb(server)
    taps = (first["rps"] + second["rps"]) * MEMORY_SECONDS
    results.append(("cookieless failing taps, two floods", f"{taps:,.0f} taps",
                    f"idle {idle:.1f} → {after_first:.1f} → {after_second:.1f} MB "
                    f"(+{after_first - idle:.1f} MB, then {after_second - after_first:+.1f} MB)",
                    "≤ idle + 32 MB, flat"))
    server.stop()

    # 2. Cookieless likes that succeed: each is a new viewer's like, kept.
    server = Server([binary] + common)
    start = like_total(server)
    idle = rss_mb(server)
    liking = tap_script("cookieless-liking", None, "never")
    run = wrk(server, "/components/like/tap", connections=32, script=liking, duration=MEMORY_SECONDS)
    after = rss_mb(server)
    likes = like_total(server) - start
    results.append(("cookieless successful likes", f"{likes:,} likes",
                    f"idle {idle:.1f} → {after:.1f} MB: {(after - idle) * 1024 * 1024 / max(likes, 1):.0f} bytes per like",
                    "≤ 64 bytes per like"))

    # 3. The same with a fixed cookie: likes and unlikes of the same viewers.
    before = rss_mb(server)
    fixed = tap_script("fixed-cookie", "viewer=vbenchfixed", "never", alternate=True)
    run = wrk(server, "/components/like/tap", connections=32, script=fixed, duration=MEMORY_SECONDS)
    after = rss_mb(server)
    results.append(("fixed cookie, like and unlike", f"{run['rps'] * MEMORY_SECONDS:,.0f} taps",
                    f"{before:.1f} → {after:.1f} MB ({after - before:+.1f} MB)", "no growth"))
    server.stop()

    # 4. Tap p99 with a million likes committed, with the state database written and without --state; the
    #    bytes written to disk per committed tap (/proc/PID/io write_bytes), at a thousand and at a million
    #    members; and the time a start takes to load them, with the RSS after it.
    p99 = {}
    server = Server([binary] + common)
    start = like_total(server)
    while like_total(server) - start < 1_000_000:
        wrk(server, "/components/like/tap", connections=32, script=liking, duration=10)
    run = wrk(server, "/components/like/tap", connections=32, script=viewers_script(), duration=MEMORY_SECONDS)
    p99["without --state"] = run["p99"]
    results.append((f"taps with {like_total(server) - start:,} likes committed, without --state",
                    f"{run['rps']:.0f} taps/s", f"p50 {run['p50']:.2f} ms, p99 {run['p99']:.2f} ms", ""))
    server.stop()
    for size in (1_000, 1_000_000):
        rows, p99_with_state = state_rows(binary, common, size, liking)
        results += rows
        if size == 1_000_000:
            p99["with --state"] = p99_with_state
    # 5. Stored comments: RSS per comment once every thread is full (4,000: 200 on each of 20 posts), with
    #    the render cache off so that only the comments themselves are kept.
    server = Server([binary] + common + ["--render-cache", "off"])
    before = rss_mb(server)
    fill = os.path.join(WORK, "comment-fill.lua")
    with open(fill, "w") as f:
        f.write(COMMENT_SCRIPT.replace("counter % 1500 == 0", "false").replace("--EXTRA--", 'headers["HX-Request"] = "true"'))
    wrk(server, "/components/comment/send", connections=32, script=fill, duration=MEMORY_SECONDS)
    stored = sum(json.loads(fetch(server.url(f"/components/comment/state/p{i}"))[0])["count"] for i in range(1, 21))
    after = rss_mb(server)
    results.append((f"comments stored until every thread is full", f"{stored:,} comments",
                    f"RSS {before:.1f} → {after:.1f} MB, {(after - before) * 1024 * 1024 / max(stored, 1):,.0f} bytes per comment",
                    "bounded by 200 a thread"))
    server.stop()
    ratio = p99["with --state"] / max(p99["without --state"], 0.001)
    print_rows(results)
    print(f"\ntap p99 with --state / without: {ratio:.2f}×")


def like_total(server):
    """Every post's count, summed, from the API."""
    total = 0
    for post in range(1, 21):
        body, _ = fetch(server.url(f"/api/posts/p{post}"), {"Cookie": "viewer=vbenchcount"})
        total += int(re.search(rb'"count":(\d+)', body).group(1))
    return total


def viewers_script():
    """Taps by 5,000 viewers per wrk thread, alternating like and unlike: every tap commits a change."""
    path = os.path.join(WORK, "viewers.lua")
    with open(path, "w") as f:
        f.write(LIKE_SCRIPT.replace("--EXTRA--", 'headers["HX-Request"] = "true"'))
    return path

TAP_SCRIPT = """
-- Like taps on random posts, with HX-Request; a viewer cookie only where the bench sets one.
local counter = 0
request = function()
  counter = counter + 1
  local headers = {}
  headers["Content-Type"] = "application/x-www-form-urlencoded"
  headers["HX-Request"] = "true"
  headers["X-Simulate-Failure"] = "--SIMULATE--"
  --COOKIE--
  local liked = "true"
  if --ALTERNATE-- and counter % 2 == 0 then liked = "false" end
  return wrk.format("POST", "/components/like/tap", headers, "post=p" .. (math.random(20)) .. "&liked=" .. liked)
end
"""


# Gives each wrk thread its own `thread_id` (0, 1, ...), so that threads never share a viewer or a key.
THREAD_ID = """local next_id = 0
function setup(thread)
  thread:set("thread_id", next_id)
  next_id = next_id + 1
end
thread_id = thread_id or 0
"""

# What a wrk script needs to give each thread its own viewers: `thread_id` and a `counter` per thread.
THREAD_PRELUDE = "local counter = 0\n" + THREAD_ID + """request = function()
  counter = counter + 1
"""

LIKE_SCRIPT = """
-- Every tap changes state: each wrk thread has its own viewers (no two threads share a viewer), and a
-- viewer's taps alternate like, unlike, like... on one post.
""" + THREAD_PRELUDE + """  local viewer_number = counter % 5000
  local liked = (math.floor(counter / 5000) % 2 == 0) and "true" or "false"
  local headers = {}
  headers["Content-Type"] = "application/x-www-form-urlencoded"
  headers["Cookie"] = "viewer=vb" .. thread_id .. "x" .. viewer_number
  --EXTRA--
  return wrk.format("POST", "/components/like/tap", headers, "post=p" .. (viewer_number % 20 + 1) .. "&liked=" .. liked .. "&return_to=/feed")
end
"""

COMMENT_SCRIPT = """
-- Every send commits a new comment: a new key each time, from each wrk thread's own viewers, on a random
-- post. A thread keeps at most 200 comments (20 posts, 4,000 in all), so every 1,500th request resets.
""" + THREAD_PRELUDE + """  local headers = {}
  headers["Content-Type"] = "application/x-www-form-urlencoded"
  headers["Cookie"] = "viewer=vc" .. thread_id .. "x" .. (counter % 500)
  if counter % 1500 == 0 then
    return wrk.format("POST", "/reset", headers, "")
  end
  --EXTRA--
  return wrk.format("POST", "/components/comment/send", headers,
    "post=p" .. (math.random(20)) .. "&key=bench-" .. thread_id .. "-" .. counter ..
    "&text=A+comment+from+the+bench%2C+number+" .. counter .. "&return_to=/posts/p1")
end
"""

# The mixed workload of ../shared/bench/mixed.lua (256 viewers: 40% like fragments, 25% post pages, 10%
# /feed, 25% HX like taps), and the same with comment sends (5% of requests, taken from the taps; every
# 2,000th request of a wrk thread is POST /reset, so that no thread fills), each against the replay
# reference answering the same requests with bytes recorded from our server.
VARIANT_PATH = ("/components/like/fragment?config=self-managed&post=p4&liked=false&count=0&return_to=&busy=false"
                "&animated=false")
MIXED_LUA = os.path.join(ROOT, "..", "shared", "bench", "mixed.lua")

MIXED_WITH_SENDS_LUA = """
-- mixed.lua's mix with comment sends: 40% like fragments, 25% post pages, 10% /feed, 20% HX like taps,
-- 5% HX comment sends (each a new comment with a new key, X-Self-Managed-Kept as the browser script
-- sends it); every 2,000th request of a thread resets.
local posts = {"p1", "p2", "p3", "p4", "p5"}
local liked = {}
local n = 0
local viewers = 256
""" + THREAD_ID + """local function viewer(i) return string.format("viewer=v%016x", 0xabc0000 + i) end
request = function()
  n = n + 1
  local v = (n * 7919) % viewers
  local p = posts[(n % #posts) + 1]
  local r = n % 20
  local h = {["Cookie"] = viewer(v)}
  if n % 2000 == 0 then
    return wrk.format("POST", "/reset", h, "")
  elseif r < 8 then
    return wrk.format("GET", "/components/like/fragment?post=" .. p .. "&liked=false&count=7", h)
  elseif r < 13 then
    return wrk.format("GET", "/posts/" .. p, h)
  elseif r < 15 then
    return wrk.format("GET", "/feed", h)
  end
  h["Content-Type"] = "application/x-www-form-urlencoded"
  h["HX-Request"] = "true"
  h["X-Simulate-Failure"] = "never"
  if r == 19 then
    -- The post of a send goes round on its own (p alone would always be p5 here, r and p sharing n).
    -- As the kit's browser script sends it: the answer leaves out the comments the page holds.
    h["X-Self-Managed-Kept"] = "true"
    local post = posts[(math.floor(n / 20) % #posts) + 1]
    return wrk.format("POST", "/components/comment/send", h,
      "post=" .. post .. "&key=mix-" .. thread_id .. "-" .. n .. "&text=A+comment+from+the+mix+" .. n)
  end
  local key = v .. p
  liked[key] = not liked[key]
  return wrk.format("POST", "/components/like/tap", h, "post=" .. p .. "&liked=" .. tostring(liked[key]))
end
done = function(summary, latency, requests)
  io.write(string.format("mixed: %d requests, p99 %.2f ms\\n", summary.requests, latency:percentile(99) / 1000))
end
"""


def exchange(server, method, target, headers=None, body=b""):
    """One request, redirects not followed: (status, content type, extra headers, body)."""
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request(method, target, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    extra = [(name, value) for name, value in response.getheaders()
             if name.lower() not in ("date", "content-length", "content-type", "connection")]
    connection.close()
    return response.status, response.getheader("Content-Type") or "text/plain", extra, data


def record_mix(server):
    """The replay reference's index for both mixes: each request target answered with what our server
    answers (for viewer 0; a tap as a like, a send as a new comment), then our state reset."""
    viewer = "viewer=v%016x" % 0xabc0000
    form = {"Cookie": viewer, "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
            "X-Simulate-Failure": "never"}
    requests = [("GET", f"/components/like/fragment?post={p}&liked=false&count=7", {"Cookie": viewer}, b"")
                for p in ("p1", "p2", "p3", "p4", "p5")]
    requests += [("GET", f"/posts/{p}", {"Cookie": viewer}, b"") for p in ("p1", "p2", "p3", "p4", "p5")]
    requests += [("GET", "/feed", {"Cookie": viewer}, b""),
                 ("POST", "/components/like/tap", form, b"post=p1&liked=true"),
                 ("POST", "/components/comment/send", dict(form, **{"X-Self-Managed-Kept": "true"}),
                  b"post=p1&key=mix-record-1&text=A+comment+from+the+mix"),
                 ("POST", "/reset", {"Cookie": viewer}, b"")]
    lines, headers_extra = [], None
    for index, (method, target, headers, body) in enumerate(requests):
        status, content_type, extra, data = exchange(server, method, target, headers, body)
        if target == "/posts/p1":
            headers_extra = [(n, v) for n, v in extra if n.lower() != "set-cookie"]
        body_file = os.path.join(WORK, f"mixed-{index}.body")
        with open(body_file, "wb") as f:
            f.write(data)
        lines.append(f"{method}\t{target}\t{status}\t{content_type}\t{body_file}\n")
    index_file = os.path.join(WORK, "mixed.index")
    with open(index_file, "w") as f:
        f.write("".join(lines))
    headers_file = os.path.join(WORK, "mixed.headers")
    with open(headers_file, "w") as f:
        f.write("".join(f"{n}: {v}\n" for n, v in headers_extra or []))
    return index_file, headers_file


def server_statistics(server):
    """Our /stats (the caches' hits and reuses), or None where the server has none."""
    try:
        return json.loads(fetch(server.url("/stats"))[0])
    except Exception:
        return None


def hit_rate(before, after, requests):
    """The share of requests answered from a kept response or a kept page or fragment during a run."""
    if not before or not after:
        return None
    reused = after["reuse"]["sameRequest"]["served"] - before["reuse"]["sameRequest"]["served"]
    # Answers whose kept body went out as the response made for it before (an older build has none: 0).
    kept_answers = (after["reuse"].get("sameAnswer", {}).get("served", 0)
                    - before["reuse"].get("sameAnswer", {}).get("served", 0))
    pages = {k: after["renderCache"]["pages"][k] - before["renderCache"]["pages"][k] for k in ("hits", "misses")}
    fragments = {k: after["renderCache"]["fragments"][k] - before["renderCache"]["fragments"][k]
                 for k in ("hits", "misses")}
    looked = pages["hits"] + pages["misses"] + fragments["hits"] + fragments["misses"]
    # Of the page hits, those that rendered stale pieces again (an older build has no pieces: 0).
    refreshed = (after["renderCache"]["pages"].get("refreshed", 0)
                 - before["renderCache"]["pages"].get("refreshed", 0))
    return {"reused": reused / max(requests, 1),
            "keptAnswers": kept_answers / max(requests, 1),
            "kept": (pages["hits"] + fragments["hits"]) / max(looked, 1),
            "pages": pages["hits"] / max(pages["hits"] + pages["misses"], 1),
            "refreshed": refreshed / max(pages["hits"] + pages["misses"], 1)}


def mixed_rows(binary, common):
    replay_binary = os.path.join(os.path.dirname(REFERENCE), "replay") if REFERENCE else None
    with_sends = os.path.join(WORK, "mixed-with-sends.lua")
    with open(with_sends, "w") as f:
        f.write(MIXED_WITH_SENDS_LUA)
    ours = Server([binary] + common)
    fetch(ours.url("/healthz"))
    index_file, headers_file = record_mix(ours)
    replay = (Server([replay_binary, index_file, "0", str(CORES), headers_file], ready_on_stderr=True)
              if replay_binary and os.path.exists(replay_binary) else None)
    for name, script in [("mixed (mixed.lua)", MIXED_LUA), ("mixed with comment sends", with_sends)]:
        ours_runs, ref_runs, rates = [], [], []
        for _ in range(ROUNDS):
            before = server_statistics(ours)
            run = wrk(ours, "/", script=script)
            total = run["rps"] * DURATION
            rates.append(hit_rate(before, server_statistics(ours), total))
            ours_runs.append(run)
            if replay:
                ref_runs.append(wrk(replay, "/", script=script))
        rate = rates[-1]
        note = (f"(reused {rate['reused'] * 100:.0f}% of requests, kept answers sent again "
                f"{rate['keptAnswers'] * 100:.0f}%; kept pages and fragments "
                f"{rate['kept'] * 100:.0f}% of lookups, pages {rate['pages'] * 100:.0f}% (of them with stale "
                f"pieces rendered again {rate['refreshed'] * 100:.0f}%); errors "
                f"{median_of(ours_runs)['errors'] or 'none'}, non-2xx/3xx {median_of(ours_runs)['non2xx']})"
                if rate else "(no /stats: hit rate unknown)")
        row(name + (", against replay" if replay else ""), median_of(ours_runs),
            median_of(ref_runs) if ref_runs else None, note=note)
    if replay:
        replay.stop()
    ours.stop()


# Instructions per request under valgrind's callgrind: repeatable where timings are not. One server
# thread; warm-up first, then instrumentation on for exactly N requests on one keep-alive connection.
CALLGRIND_REQUESTS = 2000


def raw_requests(port, requests):
    """Sends each request (bytes) on one connection and reads each response in full."""
    import socket
    connection = socket.create_connection(("127.0.0.1", port))
    buffer = b""
    for request in requests:
        connection.sendall(request)
        while b"\r\n\r\n" not in buffer:
            buffer += connection.recv(65536)
        head, _, rest = buffer.partition(b"\r\n\r\n")
        # A bodiless answer may carry no Content-Length (and other headers that contain "Content-").
        found = re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", head)
        length = int(found.group(1)) if found else 0
        while len(rest) < length:
            rest += connection.recv(65536)
        buffer = rest[length:]
    connection.close()


def instructions_per_request(argv, port, requests, ready_on_stderr=False, warmup=None):
    """(all, without memset) instructions per request of `argv` serving `requests` on `port`, after
    `warmup` (the first 200 of `requests` unless given)."""
    out = os.path.join(WORK, "callgrind.out")
    for stale in [out, out + ".1"]:
        if os.path.exists(stale):
            os.remove(stale)
    process = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}"]
                               + argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while True:
        try:
            raw_requests(port, requests[:1])
            break
        except OSError:
            if time.time() > deadline:
                raise SystemExit("bench: the server did not start under valgrind")
            time.sleep(0.5)
    raw_requests(port, requests[:200] if warmup is None else warmup)
    subprocess.run(["callgrind_control", "-i", "on", str(process.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    raw_requests(port, requests)
    subprocess.run(["callgrind_control", "-i", "off", str(process.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    subprocess.run(["callgrind_control", "-d", str(process.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)
    report = subprocess.run(["callgrind_annotate", out + ".1"], capture_output=True, text=True).stdout
    total = int(re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", report).group(1).replace(",", ""))
    memset = sum(int(m.group(1).replace(",", "")) for m in re.finditer(r"^\s*([\d,]+) \([\d. ]+%\)\s+\S*memset", report, re.M))
    return total / len(requests), (total - memset) / len(requests)


def callgrind_rows(binary, common):
    if not shutil.which("valgrind"):
        print("  (valgrind is not installed: no instruction counts)")
        return
    cookie = "viewer=v00000000000b3c4"
    like_path = "/components/like/fragment?post=p1&liked=true&count=12345"
    port = 18181
    one_thread = [a if common[i - 1] != "--threads" else "1" for i, a in enumerate(common)]
    one_thread = [a if common[i - 1] != "--port" else str(port) for i, a in enumerate(one_thread)]

    def get(path, with_cookie=True, as_cookie=cookie):
        cookie_line = f"Cookie: {as_cookie}\r\n" if with_cookie else ""
        return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{cookie_line}\r\n".encode()

    def tap(index, hx=False):
        body = f"post=p{(index // 2) % 20 + 1}&liked={'true' if index % 2 == 0 else 'false'}&return_to=/feed"
        return (f"POST /components/like/tap HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: viewer=vcallgrind\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\n" + ("HX-Request: true\r\n" if hx else "")
                + f"Content-Length: {len(body)}\r\n\r\n{body}").encode()

    def send(index, hx=False, kept=False):
        # A new comment each time (a new key), on 20 posts in turn: every thread grows by one comment in
        # 20 requests, to 100 comments after 2,000 (50 on average), under the 200 a thread keeps.
        body = (f"post=p{index % 20 + 1}&key=callgrind-{index}&text=A+comment+from+the+bench+{index}"
                f"&return_to=/posts/p{index % 20 + 1}")
        return (f"POST /components/comment/send HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Cookie: viewer=vcallgrind\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + ("HX-Request: true\r\n" if hx else "") + ("X-Self-Managed-Kept: true\r\n" if kept else "")
                + f"Content-Length: {len(body)}\r\n\r\n{body}").encode()

    def seeded_mix(sends):
        # A fixed mix of our own, seeded, for callgrind (the wall clock's mix moves too much to tell close
        # binaries apart): 256 viewers, 40% like fragments, 25% post pages, 10% /feed, 20% HX like taps and
        # 5% HX comment sends as the browser script sends them (or more taps); 8,000 requests, of which
        # the first 2,000 warm the server up and are not counted.
        rng = random.Random(7)
        posts = [f"p{i}" for i in range(1, 6)]
        liked = {}
        host = f"Host: 127.0.0.1:{port}\r\n"
        requests = []
        for n in range(8000):
            v, p, r = rng.randrange(256), rng.choice(posts), rng.randrange(20)
            cookie = "viewer=v%016x" % (0xabc0000 + v)
            if r < 8:
                target = f"/components/like/fragment?post={p}&liked=false&count=7"
            elif r < 13:
                target = f"/posts/{p}"
            elif r < 15:
                target = "/feed"
            else:
                target = None
            if target:
                requests.append(f"GET {target} HTTP/1.1\r\n{host}Cookie: {cookie}\r\n\r\n".encode())
                continue
            h = (f"{host}Cookie: {cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nHX-Request: true\r\n"
                 "X-Simulate-Failure: never\r\n")
            if r == 19 and sends:
                body = f"post={posts[(n // 20) % 5]}&key=mixkey-{n}&text=A+comment+from+the+mix+{n}"
                requests.append((f"POST /components/comment/send HTTP/1.1\r\n{h}X-Self-Managed-Kept: true\r\n"
                                 f"Content-Length: {len(body)}\r\n\r\n{body}").encode())
                continue
            liked[(v, p)] = not liked.get((v, p), False)
            body = f"post={p}&liked={'true' if liked[(v, p)] else 'false'}"
            requests.append(f"POST /components/like/tap HTTP/1.1\r\n{h}Content-Length: {len(body)}\r\n\r\n{body}".encode())
        return requests

    def mixed_lua_sequence():
        # ../shared/bench/mixed.lua's own requests, in its order (one wrk thread's): its viewers and posts
        # go round, so after 20,000 requests every page, cell and answer it asks for is warm, as in the
        # wall clock's steady state (the seeded mix's 2,000 random requests leave many of them cold).
        posts = [f"p{i}" for i in range(1, 6)]
        liked = {}
        host = f"Host: 127.0.0.1:{port}\r\n"
        requests = []
        for n in range(1, 26001):
            v, p, r = (n * 7919) % 256, posts[n % 5], n % 20
            headers = f"{host}Cookie: viewer=v{0xabc0000 + v:016x}\r\n"
            if r < 15:
                target = (f"/components/like/fragment?post={p}&liked=false&count=7" if r < 8
                          else f"/posts/{p}" if r < 13 else "/feed")
                requests.append(f"GET {target} HTTP/1.1\r\n{headers}\r\n".encode())
                continue
            liked[(v, p)] = not liked.get((v, p), False)
            body = f"post={p}&liked={'true' if liked[(v, p)] else 'false'}"
            requests.append((f"POST /components/like/tap HTTP/1.1\r\n{headers}"
                             "Content-Type: application/x-www-form-urlencoded\r\nHX-Request: true\r\n"
                             f"X-Simulate-Failure: never\r\nContent-Length: {len(body)}\r\n\r\n{body}").encode())
        return requests

    print(f"instructions per request (callgrind, {CALLGRIND_REQUESTS} requests on one connection, one server thread; "
          "memset is libmicrohttpd clearing its 32 KB connection pool, counted per byte by valgrind):")
    print("| workload | ours | ours without memset | reference | reference without memset |")
    print("|---|---|---|---|---|")
    n = CALLGRIND_REQUESTS
    workloads = [
        ("GET like fragment, cookie", [], [get(like_path)] * n, like_path),
        ("GET like fragment, first visit", [], [get(like_path, False)] * n, like_path),
        ("GET like fragment, cookie, render cache off", ["--render-cache", "off"], [get(like_path)] * n, like_path),
        ("GET catalogue variant fragment, cookie", [], [get(VARIANT_PATH)] * n, VARIANT_PATH),
        ("GET /feed, cookie", [], [get("/feed")] * n, "/feed"),
        ("GET /feed, first visit", [], [get("/feed", False)] * n, "/feed"),
        ("GET /feed, cookie, render cache off", ["--render-cache", "off"], [get("/feed")] * n, "/feed"),
        # A page not kept: each request a viewer not seen before, so the page renders whole and is kept
        # with its pieces (what a page costs the first time, or once the cache let it go).
        ("GET /feed, cookie, a page not kept (a new viewer each)", [],
         [get("/feed", as_cookie=f"viewer=vnotkept{i}") for i in range(n)], None),
        ("POST like tap (PRG)", [], [tap(i) for i in range(n)], None),
        ("POST like tap (HX-Request)", [], [tap(i, hx=True) for i in range(n)], None),
        # A comment send answers its box: the whole thread with HX-Request, a redirect without.
        ("POST comment send (PRG), threads of 0 to 100", [], [send(i) for i in range(n)], None),
        ("POST comment send (HX-Request), threads of 0 to 100", [], [send(i, hx=True) for i in range(n)], None),
        # As the kit's browser script sends it: the comments the page holds are left out of the answer.
        ("POST comment send (HX-Request, X-Self-Managed-Kept), threads of 0 to 100", [],
         [send(i, hx=True, kept=True) for i in range(n)], None),
        # What a change costs the pages that show it: each tap makes the tapping viewer's feed stale, so
        # the next GET renders it again (per pair of requests).
        ("POST like tap (PRG) + GET /feed made stale, per pair", [],
         [r for i in range(n // 2) for r in (tap(i), get("/feed", as_cookie="viewer=vcallgrind"))], None),
        # The seeded mix (requests 2,001 to 8,000), without comment sends and with them.
        ("seeded mix, requests 2,001-8,000", [], seeded_mix(False), None),
        ("seeded mix with comment sends, requests 2,001-8,000", [], seeded_mix(True), None),
        # mixed.lua's sequence at its steady state (requests 20,001 to 26,000).
        ("mixed.lua's sequence, requests 20,001-26,000", [], mixed_lua_sequence(), None),
    ]
    only = os.environ.get("BENCH_ROWS")
    for name, extra, requests, path in workloads:
        if only and not re.search(only, name):
            continue
        warmup = [get("/feed", as_cookie="viewer=vwarmup")] * 200 if "not kept" in name else None
        if name.startswith("seeded mix"):
            warmup, requests = requests[:2000], requests[2000:]
        if name.startswith("mixed.lua"):
            warmup, requests = requests[:20000], requests[20000:]
        ours, ours_lean = instructions_per_request([binary] + one_thread + extra, port, requests, warmup=warmup)
        if "per pair" in name:
            ours, ours_lean = ours * 2, ours_lean * 2
        reference = ""
        if REFERENCE and path:
            server = Server([binary] + common)
            first_visit = b"Cookie:" not in requests[0]
            body, content_type, headers = fetch_exact(server.url(path), {} if first_visit else {"Cookie": cookie})
            server.stop()
            body_file, headers_file = peer_files("callgrind " + name, body, headers)
            ref, ref_lean = instructions_per_request(
                [REFERENCE, body_file, str(port), "1", content_type, headers_file], port, requests)
            reference = f"{ref:,.0f} | {ref_lean:,.0f}"
        else:
            reference = "– | –"
        print(f"| {name} | {ours:,.0f} | {ours_lean:,.0f} | {reference} |", flush=True)


if __name__ == "__main__":
    BUILD_SECONDS = float(os.environ.get("BUILD_SECONDS", "0"))
    BUILD_KIND = os.environ.get("BUILD_KIND", "")
    main()
