"""Screenshots of the demo pages, saved to .build/artifacts/ and checked to show something."""

import os

import pytest

from support import distinct_colours

PAGES = {"feed": "/feed", "users-ada": "/users/ada"}


@pytest.fixture(scope="module")
def blank_colours(_js_driver):
    _js_driver.set_window_size(1200, 900)
    _js_driver.get("about:blank")
    return distinct_colours(_js_driver.get_screenshot_as_png())


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1200, 375])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_screenshot_is_saved_and_not_blank(browser, server, artifacts_dir, blank_colours, name, width, scheme):
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
    )
    browser.set_window_size(width, 900)
    browser.get(server.url + PAGES[name])
    browser.execute_script("return document.fonts.ready.then(() => true);")
    png = browser.get_screenshot_as_png()
    path = os.path.join(artifacts_dir, f"{name}-{width}-{scheme}.png")
    with open(path, "wb") as file:
        file.write(png)
    colours = distinct_colours(png)
    assert len(blank_colours) <= 2, f"about:blank should be one colour, got {len(blank_colours)}"
    assert len(colours) > 20, f"{path} looks blank: {len(colours)} distinct colours"
