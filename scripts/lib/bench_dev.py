"""The edit-and-see loop of scripts/dev, measured: run by scripts/bench-dev on a temporary copy of the package.

1. a stylesheet edit until the page has computed the new style (10 edits, median);
2. a component source edit that changes the like button's label until the new label is in the page's DOM
   (10 edits, median; the build time alone from the supervisor's log);
3. 10 swaps while wrk runs 64 connections against a like fragment: socket errors and non-2xx answers;
4. a like made before the swaps, checked after them; the supervisor's RSS while idle.

With BENCH_PACKAGE (scripts/bench-dev --package), the loop of a package of your own made by
scripts/new-package: `preview-dev --root PACKAGE --product preview --watch COPY`, steps 1 and 2 on its sample
toggle (/components/bookmark, Bookmark.swift), the stylesheet still the kit's.

Results are printed, not asserted.
"""

import os
import re
import select
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

COPY = os.environ["BENCH_COPY"]
JOB = os.environ["BENCH_JOB"]
EDITS = int(os.environ.get("BENCH_EDITS", "10"))
PACKAGE = os.environ.get("BENCH_PACKAGE")
if PACKAGE:
    LABEL_FILE = os.path.join(PACKAGE, "Sources", os.environ["BENCH_PACKAGE_MODULE"], "Bookmark/Bookmark.swift")
    LABEL, LABEL_CLASS, PAGE = "Bookmark", "bookmark-label", "/components/bookmark"
else:
    LABEL_FILE = os.path.join(COPY, "Sources/Demo/LikeButton/LikeButton.swift")
    LABEL, LABEL_CLASS, PAGE = "Like", "like-label", "/components/like"


class Supervisor:
    def __init__(self):
        self.lines = []
        where = (["--root", PACKAGE, "--product", "preview", "--watch", COPY, "--public", os.path.join(COPY, "Public")]
                 if PACKAGE else ["--root", COPY])
        self.process = subprocess.Popen(
            [os.path.join(COPY, ".build/debug/preview-dev")] + where + ["--port", "0", "--quiet",
             "--latency-ms", "0", "--failure-rate", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=COPY)
        threading.Thread(target=self._read, daemon=True).start()
        line = self.wait_for("dev server on ", timeout=60)
        self.url = line.split("dev server on ", 1)[1].split(" ", 1)[0]
        self.wait_for(" serving", timeout=300)

    def _read(self):
        for raw in self.process.stdout:
            self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def wait_for(self, text, after=0, timeout=120):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines[after:]:
                if text in line:
                    return line
            time.sleep(0.01)
        raise RuntimeError(f"no '{text}' from preview-dev within {timeout} s:\n" + "\n".join(self.lines[-30:]))

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=30)


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--disable-background-networking", "--window-size=1200,900",
                     f"--user-data-dir={os.path.join(JOB, 'profile')}"):
        options.add_argument(argument)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"),
                      log_output=os.path.join(JOB, "chromedriver.log"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(30)
    return driver


WAIT_FOR_STYLE = """
const [expected, done] = [arguments[0], arguments[arguments.length - 1]];
const brand = document.querySelector('.brand');
(function check() {
  if (getComputedStyle(brand).outlineColor === expected) done(Date.now());
  else requestAnimationFrame(check);
})();
"""


def stylesheet_edits(driver, supervisor):
    driver.get(supervisor.url + PAGE)
    time.sleep(1)
    sheet = os.path.join(COPY, "Public/app.css")
    original = open(sheet, encoding="utf-8").read()
    timings = []
    for edit in range(1, EDITS + 1):
        colour = f"rgb(1, 2, {edit})"
        start = time.time()
        with open(sheet, "w", encoding="utf-8") as file:
            file.write(original + f"\n.brand {{ outline: 2px solid {colour}; }}\n")
        applied = driver.execute_async_script(WAIT_FOR_STYLE, colour)
        timings.append(applied / 1000 - start)
        time.sleep(0.3)
    with open(sheet, "w", encoding="utf-8") as file:
        file.write(original)
    return timings


def label_edits(driver, supervisor):
    driver.get(supervisor.url + PAGE)
    time.sleep(1)
    source = open(LABEL_FILE, encoding="utf-8").read()
    marker = f'text: "{LABEL}")'
    if marker not in source:
        raise RuntimeError(f"the component's label is no longer {marker} in {LABEL_FILE}")
    timings, builds = [], []
    for edit in range(1, EDITS + 1):
        label = f"{LABEL} {edit}"
        skip = len(supervisor.lines)
        start = time.time()
        with open(LABEL_FILE, "w", encoding="utf-8") as file:
            file.write(source.replace(marker, f'text: "{label}")'))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                seen = driver.execute_script(
                    f"var l = document.querySelector('.{LABEL_CLASS}'); return l && l.textContent;")
            except Exception:
                seen = None  # the page is reloading
            if seen == label:
                break
            time.sleep(0.01)
        else:
            raise RuntimeError(f"the label {label!r} never showed")
        timings.append(time.time() - start)
        built = supervisor.wait_for("built in ", after=skip)
        builds.append(float(re.search(r"built in ([0-9.]+) s", built).group(1)))
        supervisor.wait_for(" serving", after=skip)
        time.sleep(0.5)
    with open(LABEL_FILE, "w", encoding="utf-8") as file:
        file.write(source)
    return timings, builds


def swaps_under_load(supervisor):
    viewer = "vbench0123456789"
    like = urllib.request.Request(
        supervisor.url + "/components/like/tap", data=b"post=p1&liked=true",
        headers={"Cookie": f"viewer={viewer}", "X-Simulate-Failure": "never"})
    urllib.request.urlopen(like, timeout=10).close()
    wrk = subprocess.Popen(
        ["wrk", "-t2", "-c64", "-d300s", "--timeout", "5s", supervisor.url + "/components/like/fragment?post=p1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(2)
    source = open(LABEL_FILE, encoding="utf-8").read()
    swap_times = []
    for swap in range(1, EDITS + 1):
        skip = len(supervisor.lines)
        with open(LABEL_FILE, "w", encoding="utf-8") as file:
            file.write(source + f"\n// swap {swap}\n")
        line = supervisor.wait_for(" serving", after=skip, timeout=180)
        match = re.search(r"\(swap ([0-9.]+) s\)", line)
        if match:
            swap_times.append(float(match.group(1)))
    with open(LABEL_FILE, "w", encoding="utf-8") as file:
        file.write(source)
    supervisor.wait_for(" serving", after=len(supervisor.lines) - 1, timeout=180)
    time.sleep(2)
    wrk.send_signal(signal.SIGINT)
    report, _ = wrk.communicate(timeout=30)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", report)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", report)
    requests = re.search(r"(\d+) requests in", report)
    state = urllib.request.urlopen(urllib.request.Request(
        supervisor.url + "/api/posts/p1", headers={"Cookie": f"viewer={viewer}"}), timeout=10).read().decode()
    return {
        "requests": int(requests.group(1)) if requests else 0,
        "socket_errors": sum(int(x) for x in errors.groups()) if errors else 0,
        "socket_error_detail": errors.group(0) if errors else "none",
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
        "swap_seconds": swap_times,
        "like_kept": '"liked":true' in state,
        "wrk": report,
    }


def main():
    supervisor = Supervisor()
    driver = make_driver()
    try:
        css = stylesheet_edits(driver, supervisor)
        labels, builds = label_edits(driver, supervisor)
        driver.quit()
        driver = None
        load = None if PACKAGE else swaps_under_load(supervisor)
        time.sleep(3)
        rss = supervisor.rss_mb()
    finally:
        if driver:
            driver.quit()
        status = supervisor.stop()
    median = statistics.median
    print()
    print(f"dev loop{' of a package of your own (scripts/dev --package)' if PACKAGE else ''}, "
          f"{time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, medians of {EDITS} edits each")
    print(f"1. stylesheet edit -> new style computed: {median(css) * 1000:.0f} ms "
          f"(min {min(css) * 1000:.0f}, max {max(css) * 1000:.0f})")
    print(f"2. label edit -> new label in the DOM: {median(labels):.2f} s "
          f"(min {min(labels):.2f}, max {max(labels):.2f}); build alone {median(builds):.2f} s")
    if load is None:
        print(f"supervisor RSS idle {rss:.1f} MB; supervisor exit status {status}")
        return 0
    print(f"3. {EDITS} swaps under wrk -c64 ({load['requests']} requests): {load['socket_errors']} socket errors "
          f"({load['socket_error_detail']}), {load['non2xx']} non-2xx; swap (build done -> new server ready) "
          f"median {median(load['swap_seconds']) * 1000:.0f} ms" if load["swap_seconds"] else "")
    print(f"4. like made before the swaps still there after them: {'yes' if load['like_kept'] else 'NO'}; "
          f"supervisor RSS idle {rss:.1f} MB; supervisor exit status {status}")
    if load["socket_errors"] or load["non2xx"]:
        print(load["wrk"])


if __name__ == "__main__":
    sys.exit(main())
