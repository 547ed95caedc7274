"""The snapshot review page (/snapshots): axe finds nothing wrong with it, light and dark, with an overlay
open; without script, Accept makes the current picture the baseline and the page shows what is left."""

import os
import shutil

import pytest
from selenium.webdriver.common.by import By

from support import emulate, readable, run_axe, wait_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIFFERING = "like/unliked-0-likes.shown.phone-light"
NEW = "rating/rated-4-stars.committed.desktop-dark"


@pytest.fixture
def review_server(start_server, job_dir, request):
    """A server whose last snapshots run left one picture that differs (with its diff) and one new one."""
    folder = os.path.join(job_dir, f"snapshots-{request.node.name}")
    baselines, output = os.path.join(folder, "Snapshots"), os.path.join(folder, "out")
    source = os.path.join(ROOT, "Snapshots", "like")
    os.makedirs(os.path.join(baselines, "like"))
    os.makedirs(os.path.join(output, "like"))
    os.makedirs(os.path.join(output, "rating"))
    shutil.copy(os.path.join(source, "unliked-0-likes.shown.phone-light.png"), os.path.join(baselines, DIFFERING + ".png"))
    shutil.copy(os.path.join(source, "unliked-0-likes.optimistic.phone-light.png"), os.path.join(output, DIFFERING + ".png"))
    shutil.copy(os.path.join(source, "unliked-0-likes.committed.phone-light.png"), os.path.join(output, DIFFERING + ".diff.png"))
    shutil.copy(os.path.join(source, "liked-999-likes.shown.desktop-dark.png"), os.path.join(output, NEW + ".png"))
    server = start_server(f"snapshots-{request.node.name}", "--snapshots", baselines, "--snapshots-out", output)
    server.baselines, server.output = baselines, output
    return server


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_review_page_has_no_axe_violations(browser, review_server, axe_source, scheme):
    emulate(browser, scheme, 1200)
    browser.get(review_server.url + "/snapshots")
    assert "1 differ, 1 new" in browser.find_element(By.CSS_SELECTOR, ".snapshot-summary").text
    browser.execute_script("document.querySelectorAll('details.snapshot-overlay-toggle').forEach(d => d.open = true)")
    violations = run_axe(browser, axe_source)
    assert not violations, readable(violations, f"/snapshots ({scheme})")
    emulate(browser, scheme, 375)
    violations = run_axe(browser, axe_source)
    assert not violations, readable(violations, f"/snapshots at 375 px ({scheme})")


def test_accept_without_script_makes_the_picture_the_baseline(browser_nojs, review_server):
    browser_nojs.get(review_server.url + "/snapshots")
    pictures = browser_nojs.find_elements(By.CSS_SELECTOR, "#component-like .snapshot-pictures img")
    assert [picture.get_attribute("alt").split(" of ")[0] for picture in pictures] == [
        "Baseline", "Current", "Diff (changed pixels marked)"]
    assert all(browser_nojs.execute_script("return arguments[0].naturalWidth", picture) == 375 for picture in pictures)
    current = open(os.path.join(review_server.output, DIFFERING + ".png"), "rb").read()
    browser_nojs.find_element(By.CSS_SELECTOR, f'button[aria-label="Accept {DIFFERING}"]').click()
    # The click posts the form; the page its 303 leads to may not have loaded when the click returns.
    wait_for(browser_nojs, lambda d: d.current_url.endswith("/snapshots#component-like"),
             "the Accept form did not come back to /snapshots#component-like")
    assert not browser_nojs.find_elements(By.ID, "component-like")
    assert open(os.path.join(review_server.baselines, DIFFERING + ".png"), "rb").read() == current
    assert not os.path.exists(os.path.join(review_server.output, DIFFERING + ".diff.png"))
    assert "0 differ, 1 new" in browser_nojs.find_element(By.CSS_SELECTOR, ".snapshot-summary").text
