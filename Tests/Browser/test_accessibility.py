"""axe-core on every page, light and dark, narrow and wide: zero violations. A broken page proves the runner reports."""

import json
import os
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from support import emulate, readable, run_axe, wait_until_settled

PAGES = ["/", "/feed", "/users/ada", "/users/tim", "/posts/p1", "/posts/p3", "/events", "/users/nobody"]


@pytest.fixture(scope="session")
def seeded_server(server):
    """The server with one tap of each outcome in its event log, so /events has rows to check."""
    taps = [
        ("/components/avatar/tap", b"uid=ada", {}),
        ("/components/like/tap", b"post=p9&liked=true", {"X-Simulate-Failure": "never"}),
        ("/components/like/tap", b"post=p7&liked=true", {"X-Simulate-Failure": "always"}),
        ("/components/follow/tap", b"uid=grace&following=true", {"X-Simulate-Failure": "never"}),
    ]
    for path, body, headers in taps:
        request = urllib.request.Request(server.url + path, data=body, headers={"Cookie": "viewer=va11y", **headers})
        try:
            urllib.request.urlopen(request, timeout=10).close()
        except urllib.error.HTTPError:
            pass  # 303s are followed; a 503 from the forced failure is expected
    return server


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_page_has_no_axe_violations(browser, seeded_server, axe_source, path, scheme):
    emulate(browser, scheme, 1200)
    browser.get(seeded_server.url + path)
    if path == "/users/nobody":
        assert browser.find_element(By.TAG_NAME, "h1").text.startswith("404")
    violations = run_axe(browser, axe_source)
    assert not violations, readable(violations, f"{path} ({scheme})")


@pytest.mark.parametrize("width", [1200, 375])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_component_page_has_no_axe_violations(browser, seeded_server, axe_source, scheme, width):
    """Every component in the catalogue, with its HTML and Swift panels open, wide and at 375 px, so that
    the next component is checked without editing this file."""
    with urllib.request.urlopen(seeded_server.url + "/components.json", timeout=10) as response:
        names = [component["name"] for component in json.load(response)["components"]]
    assert {"avatar", "like", "follow"} <= set(names), names
    emulate(browser, scheme, width)
    for name in names:
        browser.get(f"{seeded_server.url}/components/{name}")
        opened = browser.execute_script(
            "const panels = document.querySelectorAll('details.source');"
            "panels.forEach(function (d) { d.open = true; }); return panels.length;")
        assert opened >= 2, f"/components/{name} has no HTML and Swift panels"
        violations = run_axe(browser, axe_source)
        assert not violations, readable(violations, f"/components/{name} ({scheme}, {width} px)")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["/feed", "/users/tim", "/events", "/posts/p1", "/posts/p3"])
def test_narrow_page_has_no_axe_violations(browser, seeded_server, axe_source, path, scheme):
    emulate(browser, scheme, 375)
    browser.get(seeded_server.url + path)
    violations = run_axe(browser, axe_source)
    assert not violations, readable(violations, f"{path} at 375 px ({scheme})")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_like_states_have_no_axe_violations(browser, failing_server, axe_source, scheme):
    """The busy state and the rolled-back state with its alert, as the page shows them."""
    emulate(browser, scheme, 1200, reduced_motion=True)
    post = "p11" if scheme == "light" else "p12"
    browser.get(failing_server.url + "/feed")
    browser.find_element(By.CSS_SELECTOR, f"#like-{post} .like-button").click()
    busy = run_axe(browser, axe_source)
    wait_until_settled(browser, post)
    rolled_back = run_axe(browser, axe_source)
    assert not busy, readable(busy, f"/feed while like-{post} is busy ({scheme})")
    assert not rolled_back, readable(rolled_back, f"/feed after like-{post} rolled back ({scheme})")


def test_axe_reports_a_broken_page(browser, axe_source, job_dir):
    page = os.path.join(job_dir, "broken.html")
    with open(page, "w", encoding="utf-8") as file:
        file.write(
            '<!DOCTYPE html><html lang="en"><head><title>Broken</title></head><body><main>'
            '<img src="nothing.png"><button></button>'
            "</main></body></html>"
        )
    browser.get("file://" + page)
    violations = run_axe(browser, axe_source)
    found = {violation["id"] for violation in violations}
    assert {"image-alt", "button-name"} <= found, readable(violations, "the broken page")
    print(readable(violations, "the deliberately broken page (expected)"))
