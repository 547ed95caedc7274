"""Fixtures for the browser tests: preview servers with different simulation flags, and Chromium drivers
(JavaScript on and off) that keep every file they write inside the job folder.

Run through `scripts/browser-test SERVER_BINARY`, which sets:
  PREVIEW_SERVER      the server binary under test
  PREVIEW_PUBLIC      the Public/ folder to serve
  BROWSER_JOB_DIR     a fresh folder for this run (profiles, caches, server logs)
  BROWSER_SOCKET_DIR  a fresh folder with a short path for Chromium's temp files: its singleton socket lives
                      there, and a Unix socket path may not exceed 107 bytes, so a deep checkout cannot hold it
  BROWSER_ARTIFACTS   where screenshots go (.build/artifacts)
  CHROMEDRIVER, CHROMIUM (optional) the driver and browser binaries
"""

import importlib.util
import os
import sys

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from support import PreviewServer

os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must never download a driver or a browser.


def _required_env(name):
    value = os.environ.get(name)
    if not value:
        pytest.exit(f"{name} is not set: run the browser tests through scripts/browser-test SERVER_BINARY", 2)
    return value


@pytest.fixture(scope="session")
def job_dir():
    path = _required_env("BROWSER_JOB_DIR")
    os.makedirs(path, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def artifacts_dir():
    path = _required_env("BROWSER_ARTIFACTS")
    os.makedirs(path, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def start_server(job_dir):
    """start_server(name, *flags): a PreviewServer, stopped with SIGTERM at the end of the session."""
    binary = _required_env("PREVIEW_SERVER")
    public = _required_env("PREVIEW_PUBLIC")
    servers = []

    def start(name, *flags, binary=binary):
        server = PreviewServer(binary, public, job_dir, name, *flags)
        servers.append(server)
        return server

    yield start
    problems = []
    for server in servers:
        was_running = server.process.poll() is None
        code = server.stop()
        if was_running and code != 0:
            problems.append(f"{server.name} exited {code} after SIGTERM (log: {server.log_path})")
    assert not problems, "; ".join(problems)


@pytest.fixture(scope="session")
def server(start_server):
    """Every like succeeds after 400 ms: long enough to see the optimistic state."""
    return start_server("ok", "--seed", "7", "--latency-ms", "400", "--failure-rate", "0")


@pytest.fixture(scope="session")
def failing_server(start_server):
    """Every like fails after 400 ms."""
    return start_server("failing", "--seed", "7", "--latency-ms", "400", "--failure-rate", "1")


@pytest.fixture(scope="session")
def flaky_server(start_server):
    """Half the likes fail, reproducibly, after 150 ms."""
    return start_server("flaky", "--seed", "7", "--latency-ms", "150", "--failure-rate", "0.5")


def _make_driver(job_dir, name, javascript):
    profile = os.path.join(job_dir, f"profile-{name}")
    temp = os.path.join(job_dir, f"tmp-{name}")
    sockets = os.path.join(os.environ.get("BROWSER_SOCKET_DIR", temp), name)
    os.makedirs(temp, exist_ok=True)
    os.makedirs(sockets, exist_ok=True)
    options = webdriver.ChromeOptions()
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if os.path.exists(chromium):
        options.binary_location = chromium
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-extensions",
        "--password-store=basic",
        "--window-size=1200,900",
        f"--user-data-dir={profile}",
        f"--disk-cache-dir={os.path.join(temp, 'cache')}",
        f"--crash-dumps-dir={os.path.join(temp, 'crashes')}",
    ):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    # Chromium (started by chromedriver) inherits this environment: its temp files (the singleton socket among
    # them) go to the short socket folder, everything else stays in the job folder.
    log_path = os.path.join(job_dir, f"chromedriver-{name}.log")
    environment = dict(os.environ, TMPDIR=sockets, TMP=sockets, TEMP=sockets, HOME=temp,
                       XDG_CONFIG_HOME=os.path.join(temp, "config"), XDG_CACHE_HOME=os.path.join(temp, "cache"))
    service = Service(
        executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"),
        log_output=log_path,
        service_args=["--enable-chrome-logs"],
        env=environment,
    )
    try:
        driver = webdriver.Chrome(service=service, options=options)
    except Exception:
        # The exception says only "Chrome instance exited": show why, from the driver's log.
        with open(log_path, errors="replace") as log:
            sys.stderr.write(f"--- last lines of {log_path}\n" + "".join(log.readlines()[-25:]))
        raise
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


@pytest.fixture(scope="session")
def _js_driver(job_dir):
    driver = _make_driver(job_dir, "js", javascript=True)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def _nojs_driver(job_dir):
    driver = _make_driver(job_dir, "nojs", javascript=False)
    yield driver
    driver.quit()


def _fresh(driver):
    """A new viewer for each test: no cookies (they are per host, so shared by every server's port)."""
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.set_window_size(1200, 900)
    return driver


@pytest.fixture
def browser(_js_driver):
    """Chromium with JavaScript on, as a new viewer."""
    return _fresh(_js_driver)


@pytest.fixture
def browser_nojs(_nojs_driver):
    """Chromium with JavaScript off (content setting), as a new viewer."""
    return _fresh(_nojs_driver)


@pytest.fixture(scope="session")
def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("axe-playwright-python is not installed (scripts/browser-test installs it with --no-deps)")
    path = os.path.join(list(spec.submodule_search_locations)[0], "axe.min.js")
    with open(path, encoding="utf-8") as file:
        return file.read()
