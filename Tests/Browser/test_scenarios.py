"""The Scenarios panel of a component page: played in the page, step by step, by keyboard, with each
step marked, the component as each answer shows it, the scenario viewer's events, and the result
announced; axe-clean after a run."""

import os

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import emulate, readable, run_axe, wait_for


def panel_state(driver):
    return driver.execute_script("""
      const panel = document.getElementById('scenarios');
      return {
        status: panel.querySelector('[role="status"]').textContent,
        live: (document.getElementById('live-announcer') || {}).textContent,
        scenarios: Array.from(panel.querySelectorAll('[data-scenario]')).map(item => ({
          name: item.getAttribute('data-scenario-name'),
          passed: item.classList.contains('scenario--passed'),
          failed: item.classList.contains('scenario--failed'),
          steps: Array.from(item.querySelectorAll('[data-step] .step-result')).map(r => r.textContent),
          answer: (() => { const a = item.querySelector('.scenario-answer');
                           return { hidden: a.hidden, inert: a.hasAttribute('inert'),
                                    root: !!a.querySelector('[data-self-managed]'),
                                    ids: a.querySelectorAll('[id]').length }; })(),
          events: Array.from(item.querySelectorAll('.scenario-events li')).map(li => li.textContent),
        })),
      };""")


def test_run_all_plays_every_scenario_in_the_page_by_keyboard(browser, server, axe_source):
    browser.get(f"{server.url}/components/like")
    button = browser.find_element(By.CSS_SELECTOR, "[data-scenario-run-all]")
    browser.execute_script("arguments[0].focus();", button)
    button.send_keys(Keys.ENTER)
    wait_for(browser, lambda d: panel_state(d)["status"] == "5 passed, 0 failed", "run all did not finish", 30)
    wait_for(browser, lambda d: panel_state(d)["live"] == "5 passed, 0 failed", "the result was not announced")
    state = panel_state(browser)
    for scenario in state["scenarios"]:
        assert scenario["passed"] and not scenario["failed"], scenario
        assert all(step.startswith("passed · ") for step in scenario["steps"]), scenario
        assert scenario["events"], f"{scenario['name']}: no event of its viewer shown"
    commits = state["scenarios"][0]
    assert commits["answer"] == {"hidden": False, "inert": True, "root": True, "ids": 0}, commits
    assert any(line.startswith("committed · LikeButton · p1") for line in commits["events"]), commits["events"]
    rollback = state["scenarios"][1]
    assert any(line.startswith("rolled-back · LikeButton · p1") for line in rollback["events"]), rollback["events"]
    violations = run_axe(browser, axe_source)
    assert not violations, readable(violations, "/components/like after its scenarios ran")


def test_one_scenario_plays_alone_and_says_so(browser, server):
    browser.get(f"{server.url}/components/comment")
    browser.find_element(By.CSS_SELECTOR, "#scenario-a-failure-keeps-the-text .scenario-run").click()
    wait_for(browser, lambda d: panel_state(d)["status"].endswith("passed") or panel_state(d)["status"].endswith("failed"),
             "the scenario did not finish", 20)
    state = panel_state(browser)
    assert state["status"] == "\u201cA failure keeps the text\u201d passed", state["status"]
    played = [s for s in state["scenarios"] if s["name"] == "A failure keeps the text"][0]
    assert played["passed"] and len(played["steps"]) == 3, played
    assert any(line.startswith("rolled-back · CommentBox · p1") for line in played["events"]), played["events"]
    untouched = [s for s in state["scenarios"] if s["name"] != "A failure keeps the text"]
    assert all(step == "not run" for s in untouched for step in s["steps"]), untouched


def test_the_panel_is_axe_clean_narrow_and_dark(browser, server, axe_source):
    emulate(browser, "dark", 375)
    browser.get(f"{server.url}/components/follow")
    violations = run_axe(browser, axe_source)
    assert not violations, readable(violations, "/components/follow at 375 px, dark")


def test_a_broken_handler_shows_as_a_failed_step(browser, start_server):
    """broken-preview-server saves what X-Simulate-Failure: always asks to fail: its handlers commit where
    they should roll back, and the panel shows which step caught it."""
    broken = os.path.join(os.path.dirname(os.environ["PREVIEW_SERVER"]), "broken-preview-server")
    if not os.path.exists(broken):
        message = "no broken-preview-server beside this server binary (build it: swift build)"
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    server = start_server("broken", "--latency-ms", "0", binary=broken)
    browser.get(f"{server.url}/components/like")
    browser.find_element(By.CSS_SELECTOR, "[data-scenario-run-all]").click()
    wait_for(browser, lambda d: "failed" in panel_state(d)["status"] and "passed," in panel_state(d)["status"],
             "run all did not finish", 30)
    state = panel_state(browser)
    assert state["status"] != "5 passed, 0 failed", state["status"]
    rollback = [s for s in state["scenarios"] if s["name"] == "A tap that fails rolls back"][0]
    assert rollback["failed"] and not rollback["passed"], rollback
    assert rollback["steps"][0].startswith("failed · status 200, expected 503"), rollback["steps"]
    assert rollback["steps"][1].startswith("failed · JSON /on is true, expected false"), rollback["steps"]
    commits = [s for s in state["scenarios"] if s["name"] == "A tap commits"][0]
    assert commits["passed"], "a handler that saves everything still commits a tap"
