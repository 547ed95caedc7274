"""Components of every kind made by scripts/new-component (choice, form, custom), in a package of their
own, in a real browser: a tap shows the state the server rendered for it at once, with no line of script of
their own, then settles in the committed state the state endpoint reports.

scripts/package-test runs this file against the scaffolded package's `preview`, with PREVIEW_SCAFFOLDS the
components' catalogue names (vote,note,counter). Against the demo server there are none, so the tests skip.
"""

import json
import os
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from support import viewer_id, wait_for

NAMES = [name for name in os.environ.get("PREVIEW_SCAFFOLDS", "").split(",") if name]
pytestmark = pytest.mark.skipif(not NAMES, reason="scripts/package-test runs these against a scaffolded package")

_ROOT_JS = """
const root = document.querySelector('[data-self-managed^="' + arguments[0] + ' "]');
return root && {key: root.getAttribute('data-self-managed'), busy: root.getAttribute('aria-busy'),
                html: root.outerHTML, alert: (root.querySelector('[role="alert"]') || {}).textContent || null};
"""


def root(driver, name):
    return driver.execute_script(_ROOT_JS, name)


@pytest.mark.parametrize("name", NAMES or ["none"])
def test_a_scaffolded_component_shows_its_tap_at_once_then_settles_committed(browser, server, name):
    browser.get(f"{server.url}/components/{name}?config=self-managed")
    before = root(browser, name)
    assert before and before["busy"] != "true", before
    key = before["key"]
    field = browser.find_elements(By.CSS_SELECTOR, f'[data-self-managed="{key}"] textarea')
    if field:
        field[0].send_keys("Hello from the browser")
    button = browser.find_element(By.CSS_SELECTOR, f'[data-self-managed="{key}"] button[type="submit"]:not([disabled])')
    button.click()
    optimistic = root(browser, name)  # at once: the server takes 400 ms to answer
    assert optimistic["busy"] == "true", optimistic
    assert optimistic["html"] != before["html"], "the tap showed nothing at once"
    after = wait_for(browser, lambda d: (r := root(d, name)) and r["busy"] != "true" and r, f"the {name} stayed busy")
    assert after["alert"] is None, after
    target = key.split(" ", 1)[1]
    request = urllib.request.Request(f"{server.url}/components/{name}/state/{target}",
                                     headers={"Cookie": f"viewer={viewer_id(browser)}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        state = json.load(response)
    assert state["pending"] is False, state
    if field:
        assert "Hello from the browser" in after["html"], "the note sent is not shown"
