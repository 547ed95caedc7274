#!/usr/bin/env python3
"""How the kit's cost grows with a catalogue (scripts/bench --catalogue [N ...]).

For each N, makes a package with scripts/new-package and N-1 more components by scripts/new-component (the
kinds in turn: toggle, choice, form, navigate, custom), then measures:
  - the debug and the release build from clean (the kit's modules included: a constant, shown on its
    own by the smallest N), and after one edit of one component's source;
  - the server's start (exec to its listening line) and RSS, after start and after the first requests;
  - the first answer of the catalogue-wide routes (the gallery index, /components.json, /openapi.json,
    /components.css) and of a component page, in wall-clock milliseconds (what is kept is made here);
  - instructions per request of the same routes once kept, and of a tap (callgrind, one server thread,
    one connection, without libmicrohttpd's memset): the per-request rows that must stay flat, for the
    package's first component and for the last one made (a lookup that grows cannot hide behind the first).
Prints one table, a column per N. Results are printed, not asserted. Packages live in .build/catalogue/N.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, WORK, proc_status, raw_requests  # noqa: E402

KINDS = ["toggle", "choice", "form", "navigate", "custom"]
PORT = 18191
COOKIE = "viewer=vcatalogue"


def log(message):
    print(f"  [{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def make_package(n):
    """The package of N components at .build/catalogue/N, made once (kept between runs: its build is not)."""
    folder = os.path.join(ROOT, ".build", "catalogue", str(n))
    marker = os.path.join(folder, ".made")
    if os.path.exists(marker):
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.dirname(folder), exist_ok=True)
    started = time.monotonic()
    subprocess.run([os.path.join(ROOT, "scripts", "new-package"), folder, "--name", "Catalogue"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for index in range(2, n + 1):
        kind = KINDS[(index - 1) % len(KINDS)]
        subprocess.run([os.path.join(ROOT, "scripts", "new-component"), f"{kind.capitalize()}{index:04d}",
                        "--kind", kind, "--package", folder],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    open(marker, "w").close()
    log(f"made {n} components in {time.monotonic() - started:.0f} s")
    return folder


def timed_build(folder, configuration):
    started = time.monotonic()
    result = subprocess.run(["swift", "build", "-c", configuration, "--product", "preview"], cwd=folder,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"bench: the build of {folder} failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    return time.monotonic() - started


def builds(folder):
    """Each configuration's build from clean, then after one edit: a line added to the first component's
    plain view, as an author saving a file does (debug is an author's loop, `swift run preview`; release
    is what the rows below measure)."""
    shutil.rmtree(os.path.join(folder, ".build"), ignore_errors=True)
    source = os.path.join(folder, "Sources", "Catalogue", "Bookmark", "Bookmark.swift")
    figures = {}
    for configuration in ("debug", "release"):
        figures[f"clean {configuration} build (s)"] = timed_build(folder, configuration)
        with open(source, "a") as f:
            f.write(f"// edited {time.time()}\n")
        figures[f"{configuration} build after one edit (s)"] = timed_build(folder, configuration)
    return figures


def server_argv(folder, port, threads):
    return [os.path.join(folder, ".build", "release", "preview"), "--port", str(port), "--quiet",
            "--latency-ms", "0", "--failure-rate", "0", "--threads", str(threads),
            "--snapshots", os.path.join(folder, "Snapshots")]


def get(path):
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nCookie: {COOKIE}\r\n\r\n".encode()


def last_toggle(n):
    """The path name of the last toggle made for N (the kinds come in turn from the second component on):
    the router and the registry must find it as fast as the first (`bookmark`, the package's own)."""
    index = max((i for i in range(2, n + 1) if KINDS[(i - 1) % len(KINDS)] == "toggle"), default=None)
    return f"toggle{index:04d}" if index else "bookmark"


def tap(index, component="bookmark"):
    body = f"item=item-{index % 3 + 1}&on={'true' if index % 2 == 0 else 'false'}&return_to=/components/{component}"
    return (f"POST /components/{component}/tap HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nCookie: {COOKIE}\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n{body}").encode()


ROUTES = [
    ("gallery index /", "/"),
    ("/components.json", "/components.json"),
    ("/openapi.json", "/openapi.json"),
    ("/components.css", "/components.css"),
    ("a component page", "/components/bookmark"),
]


def first_answers(folder):
    """Start, RSS, and the first answer of each route (wall clock, what is kept is made then)."""
    started = time.monotonic()
    process = subprocess.Popen(server_argv(folder, 0, 2), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = None
    for _ in range(5):
        line = process.stdout.readline()
        found = re.search(r"listening on (?:http://127\.0\.0\.1:)?(\d+)", line)
        if found:
            port = int(found.group(1))
            break
    if port is None:
        process.kill()
        raise SystemExit(f"bench: the catalogue's server did not start: {line!r}")
    figures = {"start (ms)": (time.monotonic() - started) * 1000}
    time.sleep(0.3)
    figures["RSS after start (MB)"] = proc_status(process.pid, "VmRSS") / 1024
    for name, path in ROUTES:
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Cookie": COOKIE})
        began = time.monotonic()
        with urllib.request.urlopen(request) as response:
            body = response.read()
        figures[f"first {name} (ms)"] = (time.monotonic() - began) * 1000
        figures[f"{name} (KB)"] = len(body) / 1024
    figures["RSS after them (MB)"] = proc_status(process.pid, "VmRSS") / 1024
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    return figures


def instructions(folder, n):
    """Instructions per request of each route once kept, and of a tap, in one server under callgrind."""
    if not shutil.which("valgrind"):
        log("valgrind is not installed: no instruction counts")
        return {}
    out = os.path.join(WORK, "catalogue-callgrind.out")
    for stale in os.listdir(WORK):
        if stale.startswith("catalogue-callgrind.out"):
            os.remove(os.path.join(WORK, stale))
    process = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}"]
                               + server_argv(folder, PORT, 1), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 600
    while True:
        try:
            raw_requests(PORT, [get("/healthz")])
            break
        except OSError:
            if time.time() > deadline:
                process.kill()
                raise SystemExit("bench: the catalogue's server did not start under valgrind")
            time.sleep(1)
    last = last_toggle(n)
    rows = [(f"{name} (instructions)", [get(path)] * 200) for name, path in ROUTES]
    rows.append(("the last component's page (instructions)", [get(f"/components/{last}")] * 200))
    rows.append(("a tap, PRG (instructions)", [tap(index) for index in range(600)]))
    rows.append(("a tap on the last component, PRG (instructions)", [tap(index, last) for index in range(600)]))
    figures = {}
    for dump, (name, requests) in enumerate(rows, 1):
        raw_requests(PORT, requests[:100])  # what is kept is made, the connection pool warm
        measured = requests[100:]
        for step in (["-i", "on"], None, ["-i", "off"], ["-d"]):
            if step is None:
                raw_requests(PORT, measured)
            else:
                subprocess.run(["callgrind_control"] + step + [str(process.pid)], check=True, capture_output=True)
        report = subprocess.run(["callgrind_annotate", f"{out}.{dump}"], capture_output=True, text=True).stdout
        total = int(re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", report).group(1).replace(",", ""))
        memset = sum(int(m.group(1).replace(",", ""))
                     for m in re.finditer(r"^\s*([\d,]+) \([\d. ]+%\)\s+\S*memset", report, re.M))
        figures[name] = (total - memset) / len(measured)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=120)
    return figures


def main(sizes):
    table = {}
    for n in sizes:
        log(f"N = {n}: making the package")
        folder = make_package(n)
        log(f"N = {n}: building from clean")
        figures = {"components": n}
        figures.update(builds(folder))
        log(f"N = {n}: built; serving")
        figures.update(first_answers(folder))
        log(f"N = {n}: instructions per request")
        figures.update(instructions(folder, n))
        table[n] = figures
        print_table(table)


def print_table(table):
    sizes = sorted(table)
    names = []
    for figures in table.values():
        names += [name for name in figures if name not in names]
    print(f"\ncatalogue rows ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores):")
    print("| row | " + " | ".join(f"N = {n}" for n in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for name in names:
        cells = []
        for n in sizes:
            value = table[n].get(name)
            if value is None:
                cells.append("–")
            elif "instructions" in name:
                cells.append(f"{value:,.0f}")
            elif isinstance(value, int):
                cells.append(str(value))
            else:
                cells.append(f"{value:,.1f}")
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:] if a.isdigit()]
    main(arguments or [10, 100, 500])
