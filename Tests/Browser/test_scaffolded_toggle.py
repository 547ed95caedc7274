"""A toggle made by scripts/new-component, in a package of its own, in a real browser: the optimistic state,
the commit and the rollback come with no line of script, from what the server renders; a label changed in the
component's Swift alone shows in its optimistic state too.

scripts/package-test runs this file against the scaffolded package's `preview` (PREVIEW_SCAFFOLD=shelf, and
PREVIEW_SCAFFOLD_ON_LABEL, the label its Swift was changed to show when on). Against the demo server there is
no scaffolded toggle, so the tests skip.
"""

import os

import pytest
from selenium.webdriver.common.by import By

from support import wait_for

NAME = os.environ.get("PREVIEW_SCAFFOLD")
pytestmark = pytest.mark.skipif(not NAME, reason="scripts/package-test runs these against a scaffolded package")

_STATE_JS = """
const root = document.querySelector('[data-self-managed^="' + arguments[0] + ' "]');
if (!root) return null;
const button = root.querySelector('button');
const alert = root.querySelector('[role="alert"]');
const live = document.getElementById('live-announcer');
return {
  key: root.getAttribute('data-self-managed'),
  pressed: button.getAttribute('aria-pressed'),
  busy: root.getAttribute('aria-busy'),
  text: button.textContent,
  alert: alert ? alert.textContent : null,
  live: live ? live.textContent : null,
  html: root.outerHTML,
};
"""


def state(driver):
    return driver.execute_script(_STATE_JS, NAME)


def settled(driver):
    return wait_for(driver, lambda d: (s := state(d)) and s["busy"] != "true" and s, f"the {NAME} stayed busy")


def open_component(driver, server):
    driver.get(f"{server.url}/components/{NAME}?config=self-managed")
    before = state(driver)
    assert before and before["pressed"] == "false", before
    return before


def test_a_scaffolded_toggle_is_optimistic_then_committed_with_no_script_of_its_own(browser, server):
    before = open_component(browser, server)
    browser.find_element(By.CSS_SELECTOR, f'[data-self-managed="{before["key"]}"] button').click()
    optimistic = state(browser)  # at once: the server takes 400 ms to answer
    assert (optimistic["pressed"], optimistic["busy"]) == ("true", "true"), optimistic
    after = settled(browser)
    assert after["pressed"] == "true" and after["alert"] is None, after
    wait_for(browser, lambda d: state(d)["live"] == "On", "the server's announcement was not made")
    on_label = os.environ.get("PREVIEW_SCAFFOLD_ON_LABEL")
    if on_label:  # the Swift says so, and the optimistic state said it before the answer came
        assert on_label in optimistic["text"], optimistic
        assert on_label in after["text"], after


def test_a_scaffolded_toggle_rolls_back_exactly_with_the_servers_alert(browser, failing_server):
    before = open_component(browser, failing_server)
    browser.find_element(By.CSS_SELECTOR, f'[data-self-managed="{before["key"]}"] button').click()
    assert state(browser)["pressed"] == "true", "the optimistic state did not show at once"
    after = settled(browser)
    assert after["pressed"] == "false", after
    assert after["alert"] == "Your change couldn't be saved, so it was undone. Please try again.", after
    wait_for(browser, lambda d: state(d)["live"] == after["alert"], "the failure was not announced")
