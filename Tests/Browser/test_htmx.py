"""Real htmx 2 on the server's pages, beside app.js: htmx handles the forms it is given (app.js leaves them
alone), so a like is one POST swapped in place, an avatar navigates through HX-Redirect, and a forced failure
(503, which htmx does not swap by default) leaves the page as it was.

htmx comes from the PyPI package django-js-lib-htmx (Tests/Browser/requirements-htmx.txt, installed in the
browser venv), copied into a temporary public folder for these tests; it is never committed. Its indicator
styles are turned off (htmx.config.includeIndicatorStyles = false): the strict CSP refuses inline styles.
"""

import importlib.util
import os
import shutil

import pytest
from selenium.webdriver.common.by import By

from support import PreviewServer, api_post, events_json, like_state, viewer_id, wait_for

# Puts htmx on the page as a page author would: the config first, hx-* on the forms, then the script.
ENABLE_HTMX = """
const done = arguments[arguments.length - 1];
const config = document.createElement('meta');
config.name = 'htmx-config';
config.content = JSON.stringify({includeIndicatorStyles: false});
document.head.appendChild(config);
document.querySelectorAll('form.like-form').forEach(function (form) {
  form.setAttribute('hx-post', form.getAttribute('action'));
  form.setAttribute('hx-target', 'closest .like');
  form.setAttribute('hx-swap', 'outerHTML');
});
document.querySelectorAll('form[action="/components/avatar/tap"]').forEach(function (form) {
  form.setAttribute('hx-post', form.getAttribute('action'));
});
const script = document.createElement('script');
script.src = '/public/htmx.min.js';
script.onload = function () { done(typeof window.htmx === 'object' ? window.htmx.version : null); };
script.onerror = function () { done(null); };
document.head.appendChild(script);
"""


@pytest.fixture(scope="module")
def htmx_public(job_dir):
    spec = importlib.util.find_spec("js_lib_htmx")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("django-js-lib-htmx is not installed (scripts/browser-test installs it)")
    source = os.path.join(list(spec.submodule_search_locations)[0], "static", "htmx", "htmx.min.js")
    folder = os.path.join(job_dir, "public-htmx")
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(os.environ["PREVIEW_PUBLIC"], folder)
    shutil.copy(source, os.path.join(folder, "htmx.min.js"))
    return folder


@pytest.fixture(scope="module")
def htmx_servers(htmx_public, job_dir):
    binary = os.environ["PREVIEW_SERVER"]
    ok = PreviewServer(binary, htmx_public, job_dir, "htmx-ok", "--seed", "7", "--latency-ms", "100", "--failure-rate", "0")
    failing = PreviewServer(
        binary, htmx_public, job_dir, "htmx-failing", "--seed", "7", "--latency-ms", "100", "--failure-rate", "1")
    yield ok, failing
    for server in (ok, failing):
        assert server.stop() == 0


def open_with_htmx(driver, url):
    driver.get(url)
    version = driver.execute_async_script(ENABLE_HTMX)
    assert version and version.startswith("2."), f"htmx did not load: {version!r}"


def like_taps(server, post):
    return [event for event in events_json(server) if event["component"] == "LikeButton" and event["instance"] == post]


def test_with_htmx_a_like_is_one_post_swapped_in_place(browser, htmx_servers):
    server, _ = htmx_servers
    post = "p5"
    open_with_htmx(browser, server.url + "/feed")
    before = like_state(browser, post)
    browser.execute_script("window.__notReloaded = true;")
    browser.find_element(By.CSS_SELECTOR, f"#like-{post} .like-button").click()
    wait_for(browser, lambda d: like_state(d, post)["liked"] == "true", "htmx never swapped the committed button in")
    after = like_state(browser, post)
    assert int(after["count"]) == int(before["count"]) + 1
    assert browser.execute_script("return window.__notReloaded === true;"), "the page navigated"
    assert len(like_taps(server, post)) == 1, "one tap must send one POST (app.js left the form to htmx)"
    assert api_post(server, post, viewer_id(browser))["liked"] is True


def test_with_htmx_an_avatar_navigates_through_hx_redirect(browser, htmx_servers):
    server, _ = htmx_servers
    open_with_htmx(browser, server.url + "/feed")
    form = browser.find_element(By.CSS_SELECTOR, 'form[action="/components/avatar/tap"]')
    uid = form.find_element(By.CSS_SELECTOR, 'input[name="uid"]').get_attribute("value")
    form.find_element(By.CSS_SELECTOR, "button").click()
    wait_for(browser, lambda d: d.current_url.endswith(f"/users/{uid}"), "htmx did not follow HX-Redirect")
    redirected = [e for e in events_json(server) if e["component"] == "AvatarView" and e["instance"] == uid]
    assert len(redirected) >= 1


def test_with_htmx_a_forced_failure_leaves_the_page_unchanged(browser, htmx_servers):
    _, server = htmx_servers
    post = "p6"
    open_with_htmx(browser, server.url + "/feed")
    before = like_state(browser, post)
    browser.find_element(By.CSS_SELECTOR, f"#like-{post} .like-button").click()
    wait_for(browser, lambda d: len(like_taps(server, post)) == 1, "the tap never reached the server")
    # htmx does not swap a 503 unless told to: give it time to do anything, then look.
    browser.execute_script("return new Promise(r => setTimeout(r, 400));")
    after = like_state(browser, post)
    for key in ("pressed", "liked", "count", "text"):
        assert after[key] == before[key], f"{key} changed: {before[key]!r} -> {after[key]!r}"
    assert len(like_taps(server, post)) == 1
    assert like_taps(server, post)[0]["outcome"] == "rolled-back"
