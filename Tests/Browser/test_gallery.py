"""The component gallery (/components/{name}): every variant renders, the parameter form works, the
plain configuration records taps, the viewports load."""

import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import wait_for


def catalogue(server):
    with urllib.request.urlopen(server.url + "/components.json", timeout=10) as response:
        return json.load(response)["components"]


def test_every_variant_preview_renders(browser, server):
    for component in catalogue(server):
        browser.get(server.url + component["page"])
        previews = browser.find_elements(By.CSS_SELECTOR, ".variant-preview")
        # The live instance plus one per variant.
        assert len(previews) == len(component["variants"]) + 1, component["name"]
        for variant in component["variants"]:
            section = browser.find_element(By.ID, "variant-" + variant["slug"])
            preview = section.find_element(By.CSS_SELECTOR, ".variant-preview")
            # The component's root element, whatever the component: a fragment is one element.
            rendered = preview.find_elements(By.XPATH, "./*")
            assert len(rendered) == 1, f"{component['name']} {variant['name']}"
            size = rendered[0].size
            assert size["width"] > 20 and size["height"] > 20, f"{variant['name']} is not visible: {size}"
            for image in preview.find_elements(By.TAG_NAME, "img"):
                loaded = browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", image)
                assert loaded, f"{variant['name']}: image {image.get_attribute('src')} did not load"


def test_like_parameter_form_re_renders_the_live_instance(browser, server):
    # In the plain configuration the live instance is what the parameters say (in the self-managed one,
    # a component that keeps state shows the store's state of the parameters' target).
    browser.get(server.url + "/components/like?config=plain")
    form = browser.find_element(By.CSS_SELECTOR, "form.param-form")
    count = form.find_element(By.NAME, "count")
    count.clear()
    count.send_keys("1234567")
    Select(form.find_element(By.NAME, "liked")).select_by_value("true")
    post = form.find_element(By.NAME, "post")
    post.clear()
    post.send_keys("p9")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: "count=1234567" in d.current_url, "the form did not navigate to its GET URL")
    live = browser.find_element(By.CSS_SELECTOR, "#live .variant-preview #like-p9")
    assert live.find_element(By.CSS_SELECTOR, ".like-count").text == "1.2M"
    assert live.find_element(By.CSS_SELECTOR, ".like-button").get_attribute("aria-pressed") == "true"
    # Every state has a URL: loading it again shows the same instance.
    browser.get(browser.current_url)
    assert browser.find_element(By.CSS_SELECTOR, "#live #like-p9 .like-count").text == "1.2M"


def test_avatar_parameter_form_and_bad_values(browser, server):
    browser.get(server.url + "/components/avatar")
    assert browser.find_elements(By.CSS_SELECTOR, "#live .vip-badge")
    form = browser.find_element(By.CSS_SELECTOR, "form.param-form")
    Select(form.find_element(By.NAME, "vip")).select_by_value("none")
    image = form.find_element(By.NAME, "image")
    image.clear()
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: "vip=none" in d.current_url, "the form did not navigate")
    assert not browser.find_elements(By.CSS_SELECTOR, "#live .vip-badge")
    src = browser.find_element(By.CSS_SELECTOR, "#live .avatar-image").get_attribute("src")
    assert src.endswith("/public/avatar-placeholder.svg")
    browser.get(server.url + "/components/avatar?vip=gold")
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("400")
    assert "vip" in browser.find_element(By.CSS_SELECTOR, ".error-message").text


def test_plain_configuration_records_the_tap_and_comes_back(browser, server):
    browser.get(server.url + "/components/like?config=plain&post=p10")
    browser.find_element(By.CSS_SELECTOR, "#live #like-p10 form").submit()
    wait_for(browser, lambda d: "/components/like?config=plain" in d.current_url, "did not come back to the page")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.event-log tbody tr")
    assert any("recorded" in row.text and "p10" in row.text for row in rows), [row.text for row in rows]


def test_viewports_load_the_frame(browser, server):
    browser.get(server.url + "/components/like")
    frames = browser.find_elements(By.CSS_SELECTOR, "iframe.viewport-frame")
    assert len(frames) == 3
    widths = [frame.size["width"] for frame in frames]
    assert abs(widths[0] - 375) <= 4, widths
    assert abs(widths[1] - 768) <= 4 or widths[1] < 768, widths
    for frame in frames:
        browser.execute_script("arguments[0].scrollIntoView();", frame)
        browser.switch_to.frame(frame)
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "div.like"), "the frame shows no component")
        browser.switch_to.default_content()


def test_event_log_on_component_page_updates_live(browser, server):
    browser.get(server.url + "/components/avatar")
    before = len(browser.find_elements(By.CSS_SELECTOR, "table.event-log tbody tr"))
    request = urllib.request.Request(server.url + "/components/avatar/tap", data=b"uid=grace",
                                     headers={"HX-Request": "true"})
    urllib.request.urlopen(request, timeout=10).close()
    wait_for(browser, lambda d: any("grace" in row.text for row in d.find_elements(By.CSS_SELECTOR, "table.event-log tbody tr")),
             "the avatar tap did not appear in the live event log")
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.event-log tbody tr")) >= before


def test_a_like_without_javascript_in_the_gallery_shows_the_change_and_a_failure_once(
        browser_nojs, server, failing_server):
    driver = browser_nojs

    def live_like():
        button = driver.find_element(By.CSS_SELECTOR, "#live .variant-preview #like-p1 .like-button")
        return button.get_attribute("aria-pressed"), driver.find_element(
            By.CSS_SELECTOR, "#live .variant-preview #like-p1").get_attribute("data-count")

    driver.get(server.url + "/components/like")
    pressed, count = live_like()
    assert pressed == "false", pressed
    driver.find_element(By.CSS_SELECTOR, "#live .variant-preview #like-p1 .like-button").click()
    wait_for(driver, lambda d: live_like()[0] == "true", "the page after the tap does not show the like")
    assert "/components/like?" in driver.current_url and int(live_like()[1]) == int(count) + 1

    driver.get(failing_server.url + "/components/like")
    driver.find_element(By.CSS_SELECTOR, "#live .variant-preview #like-p1 .like-button").click()
    wait_for(driver, lambda d: "couldn't be saved" in d.find_element(By.ID, "live").text,
             "the page after the failed tap shows no message")
    assert live_like()[0] == "false"
    driver.get(failing_server.url + "/components/like")
    assert "couldn't be saved" not in driver.find_element(By.ID, "live").text, "the message is shown once"
