"""The self-managed like button in a real browser: optimistic state, commit, rollback, rapid taps, focus,
and the plain form (Post/Redirect/Get) with JavaScript off."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from support import (
    api_post,
    events_json,
    formatted,
    like_state,
    viewer_id,
    wait_for,
    wait_until_gone,
    wait_until_settled,
)


def like_button(driver, post_id):
    return driver.find_element(By.CSS_SELECTOR, f"#like-{post_id} .like-button")


def live_text(driver):
    return driver.execute_script("const l = document.getElementById('live-announcer'); return l && l.textContent;")


def expect_committed(driver, server, post_id, liked, count):
    state = wait_until_settled(driver, post_id)
    assert state["pressed"] == str(liked).lower(), state
    assert state["liked"] == str(liked).lower(), state
    assert state["count"] == str(count), state
    assert state["text"] == formatted(count), state
    assert state["desired"] == str(not liked).lower(), "the next tap must ask for the opposite"
    assert state["error"] is None, state
    assert api_post(server, post_id, viewer_id(driver)) == {"id": post_id, "count": count, "liked": liked,
                                                            "pending": False}
    return state


def test_like_then_unlike_is_optimistic_then_committed(browser, server):
    post = "p8"  # 9,999: liking crosses into the K format, so the client must format like the server.
    browser.get(f"{server.url}/feed")
    before = like_state(browser, post)
    assert before["pressed"] == "false" and before["busy"] is None, before
    base = int(before["count"])
    assert before["text"] == formatted(base)

    like_button(browser, post).click()
    optimistic = like_state(browser, post)  # at once: the server takes 400 ms to answer
    assert optimistic["pressed"] == "true", optimistic
    assert optimistic["count"] == str(base + 1), optimistic
    assert optimistic["text"] == formatted(base + 1) == "10K", optimistic
    assert optimistic["busy"] == "true", optimistic
    assert optimistic["animated"], "the pop animation class was not added"
    assert api_post(server, post, viewer_id(browser))["pending"] is True, "the response came before the check"

    committed = expect_committed(browser, server, post, True, base + 1)
    # The optimistic text was the server's own render of that count: the answer's render says the same.
    assert committed["text"] == optimistic["text"], (optimistic, committed)
    wait_for(browser, lambda d: live_text(d) == "Liked", "the live region did not announce Liked")

    like_button(browser, post).click()
    optimistic = like_state(browser, post)
    assert (optimistic["pressed"], optimistic["count"], optimistic["text"], optimistic["busy"]) == (
        "false", str(base), formatted(base), "true"), optimistic

    expect_committed(browser, server, post, False, base)
    wait_for(browser, lambda d: live_text(d) == "Unliked", "the live region did not announce Unliked")


def test_like_without_javascript_posts_redirects_and_shows_committed_state(browser_nojs, server):
    driver = browser_nojs
    post = "p4"
    driver.get(f"{server.url}/posts/{post}")
    before = like_state(driver, post)
    base = int(before["count"])
    assert before["pressed"] == "false"

    old_root = driver.find_element(By.ID, f"like-{post}")
    like_button(driver, post).click()
    wait_until_gone(driver, old_root, 15)
    WebDriverWait(driver, 15).until(EC.url_to_be(f"{server.url}/posts/{post}"))
    after = like_state(driver, post)
    assert (after["pressed"], after["count"], after["text"], after["busy"], after["error"]) == (
        "true", str(base + 1), formatted(base + 1), None, None), after
    assert after["live"] is None, "JavaScript was not off"
    assert api_post(server, post, viewer_id(driver)) == {"id": post, "count": base + 1, "liked": True,
                                                         "pending": False}

    # Unlike from the feed: the redirect returns to the feed, at the button.
    post = "p6"
    driver.get(f"{server.url}/feed")
    base = int(like_state(driver, post)["count"])
    for liked, count in ((True, base + 1), (False, base)):
        old_root = driver.find_element(By.ID, f"like-{post}")
        like_button(driver, post).click()
        wait_until_gone(driver, old_root, 15)
        WebDriverWait(driver, 15).until(EC.url_to_be(f"{server.url}/feed#like-{post}"))
        state = like_state(driver, post)
        assert (state["pressed"], state["text"], state["busy"]) == (str(liked).lower(), formatted(count), None), state
        assert api_post(server, post, viewer_id(driver))["liked"] is liked


def test_failed_like_rolls_back_to_exact_prior_state(browser, failing_server):
    server, post = failing_server, "p3"  # 999 -> "1,000" optimistically, then back to "999"
    browser.get(f"{server.url}/feed")
    before = like_state(browser, post)
    api_before = api_post(server, post, viewer_id(browser))
    base = int(before["count"])

    like_button(browser, post).click()
    optimistic = like_state(browser, post)
    assert (optimistic["pressed"], optimistic["count"], optimistic["text"], optimistic["busy"]) == (
        "true", str(base + 1), formatted(base + 1), "true"), optimistic

    after = wait_until_settled(browser, post)
    for key in ("pressed", "liked", "count", "text", "desired"):
        assert after[key] == before[key], f"{key}: {before[key]!r} before the tap, {after[key]!r} after the rollback"
    assert after["busy"] is None
    assert after["error"] and after["error"]["role"] == "alert", after
    assert "couldn't be saved" in after["error"]["text"], after
    wait_for(browser, lambda d: live_text(d) == after["error"]["text"],
             "the page-level live region did not announce the error")
    assert browser.switch_to.active_element == like_button(browser, post), "focus left the like button"
    assert api_post(server, post, viewer_id(browser)) == api_before


def test_failed_like_without_javascript_shows_the_error_once(browser_nojs, failing_server):
    driver, server, post = browser_nojs, failing_server, "p10"
    driver.get(f"{server.url}/posts/{post}")
    before = like_state(driver, post)
    old_root = driver.find_element(By.ID, f"like-{post}")
    like_button(driver, post).click()
    wait_until_gone(driver, old_root, 15)
    after = like_state(driver, post)
    assert (after["pressed"], after["text"]) == (before["pressed"], before["text"]), after
    assert after["error"] and after["error"]["role"] == "alert", after
    driver.refresh()
    assert like_state(driver, post)["error"] is None, "the error must be shown once"


def test_rapid_taps_end_in_the_state_the_server_holds(browser, flaky_server):
    server, post = flaky_server, "p2"
    outcomes_seen = set()
    for attempt in range(6):
        browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
        browser.get(f"{server.url}/feed")
        viewer = viewer_id(browser)
        button = like_button(browser, post)
        ActionChains(browser, duration=0).move_to_element(button).click().click().click().perform()
        state = wait_until_settled(browser, post)
        wait_for(browser, lambda d: not api_post(server, post, viewer)["pending"], "a tap stayed pending")
        held = api_post(server, post, viewer)
        assert state["pressed"] == state["liked"] == str(held["liked"]).lower(), (state, held)
        assert state["count"] == str(held["count"]), (state, held)
        assert state["text"] == formatted(held["count"]), (state, held)
        assert state["desired"] == str(not held["liked"]).lower(), (state, held)
        taps = [e for e in events_json(server) if e["viewer"] == viewer and e["instance"] == post]
        assert len(taps) == 3, f"expected 3 taps to reach the server, got {taps}"
        outcomes_seen |= {e["outcome"] for e in taps}
        if {"committed", "rolled-back"} <= outcomes_seen and attempt >= 1:
            break
    assert {"committed", "rolled-back"} <= outcomes_seen, f"no mix of outcomes in the bursts: {outcomes_seen}"


def test_keyboard_focus_stays_on_the_like_button_after_the_swap(browser, server):
    post = "p5"
    browser.get(f"{server.url}/feed")
    base = int(like_state(browser, post)["count"])
    old_button = like_button(browser, post)
    old_button.send_keys(Keys.ENTER)
    assert like_state(browser, post)["busy"] == "true"
    expect_committed(browser, server, post, True, base + 1)
    wait_until_gone(browser, old_button, 5)  # the root was swapped for the server's
    active = browser.switch_to.active_element
    assert "like-button" in active.get_attribute("class").split()
    assert active == like_button(browser, post)

    active.send_keys(Keys.ENTER)  # and again, from the keyboard, on the swapped-in button
    expect_committed(browser, server, post, False, base)
    assert browser.switch_to.active_element == like_button(browser, post)


def outer_html(driver, element_id):
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e && e.outerHTML;", element_id)


def tap_alert(driver):
    return driver.execute_script(
        "const a = document.getElementById('tap-alert');"
        "return a && {hidden: a.hidden, role: a.getAttribute('role'), text: a.textContent};")


def test_network_error_restores_the_exact_prior_markup_and_announces(browser, start_server):
    server = start_server("dropped", "--seed", "7", "--latency-ms", "1500", "--failure-rate", "0")
    post = "p1"
    browser.get(f"{server.url}/feed")
    before = outer_html(browser, f"like-{post}")
    assert tap_alert(browser)["hidden"] is True, "the page's alert shows before any tap"
    like_button(browser, post).click()
    assert like_state(browser, post)["busy"] == "true"
    server.kill()  # the connection drops before the like service answers
    wait_until_settled(browser, post)
    assert outer_html(browser, f"like-{post}") == before, "the markup from before the tap was not put back exactly"
    alert = tap_alert(browser)
    assert alert["hidden"] is False and alert["role"] == "alert", alert
    assert "couldn't be reached" in alert["text"], alert
    wait_for(browser, lambda d: live_text(d) == alert["text"], "the network error was not announced")
    assert browser.switch_to.active_element == like_button(browser, post)


def test_a_tap_that_times_out_restores_the_exact_prior_markup(browser, start_server):
    server = start_server("slow", "--seed", "7", "--latency-ms", "3000", "--failure-rate", "0")
    post = "p2"
    browser.get(f"{server.url}/feed")
    browser.execute_script("document.body.setAttribute('data-tap-timeout-ms', '300');")
    before = outer_html(browser, f"like-{post}")
    like_button(browser, post).click()
    assert like_state(browser, post)["pressed"] == "true", "the optimistic state did not show at once"
    wait_until_settled(browser, post, timeout=2)  # long before the server's 3 s
    assert outer_html(browser, f"like-{post}") == before
    assert tap_alert(browser)["hidden"] is False
