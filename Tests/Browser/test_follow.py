"""The self-managed follow button in a real browser: optimistic state, commit, rollback with its alert,
every button for the same person kept in step, and the plain form (Post/Redirect/Get) with JavaScript off."""

import json
import urllib.request

from selenium.webdriver.common.by import By

from support import formatted, viewer_id, wait_for, wait_until_gone

# One round trip that reads every follow root for a user, in page order.
_FOLLOW_STATES_JS = """
const uid = arguments[0];
return Array.from(document.querySelectorAll('.follow')).filter(function (root) {
  const field = root.querySelector('input[name="uid"]');
  return field && field.value === uid;
}).map(function (root) {
  const error = root.querySelector('.follow-error');
  return {
    pressed: root.querySelector('.follow-button').getAttribute('aria-pressed'),
    label: root.querySelector('.follow-label').textContent,
    following: root.getAttribute('data-following'),
    followers: root.getAttribute('data-followers'),
    text: root.querySelector('.follow-count').textContent,
    busy: root.getAttribute('aria-busy'),
    desired: root.querySelector('input[name="following"]').value,
    error: error ? {role: error.getAttribute('role'), text: error.textContent} : null,
  };
});
"""


def follow_states(driver, uid):
    return driver.execute_script(_FOLLOW_STATES_JS, uid)


def follow_button(driver, uid):
    return driver.find_element(By.XPATH, f"//div[contains(concat(' ', @class, ' '), ' follow ') and .//input[@name='uid' and @value='{uid}']]//button")


def api_user(server, uid, viewer):
    """`GET /api/users/{uid}` as the given viewer."""
    request = urllib.request.Request(f"{server.url}/api/users/{uid}", headers={"Cookie": f"viewer={viewer}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def followers_text(count):
    return formatted(count) + (" follower" if count == 1 else " followers")


def settled(driver, uid):
    return wait_for(driver, lambda d: all(s["busy"] is None for s in follow_states(d, uid)) and follow_states(d, uid),
                    f"a follow button for {uid} stayed busy")


def test_follow_then_unfollow_is_optimistic_then_committed_everywhere(browser, server):
    uid = "margaret"  # she wrote three posts: three buttons on the feed
    browser.get(f"{server.url}/feed")
    before = follow_states(browser, uid)
    assert len(before) == 3, before
    base = int(before[0]["followers"])
    assert all(s["pressed"] == "false" and s["label"] == "Follow" for s in before), before

    follow_button(browser, uid).click()
    everywhere = follow_states(browser, uid)  # at once: the server takes 400 ms to answer
    for optimistic in everywhere:  # every button for her shows it, through the key they share
        assert (optimistic["pressed"], optimistic["label"], optimistic["busy"]) == ("true", "Following", "true"), everywhere
        assert optimistic["text"] == followers_text(base + 1), optimistic
    assert api_user(server, uid, viewer_id(browser))["pending"] is True, "the response came before the check"

    states = settled(browser, uid)
    for state in states:  # the other buttons for her follow along
        assert (state["pressed"], state["label"], state["following"]) == ("true", "Following", "true"), states
        assert state["followers"] == str(base + 1) and state["text"] == followers_text(base + 1), states
        assert state["desired"] == "false", "the next tap must ask for the opposite"
    assert api_user(server, uid, viewer_id(browser)) == {
        "uid": uid, "followers": base + 1, "following": True, "pending": False}

    follow_button(browser, uid).click()
    states = settled(browser, uid)
    assert all(s["pressed"] == "false" and s["followers"] == str(base) for s in states), states
    assert api_user(server, uid, viewer_id(browser))["following"] is False


def test_a_failed_follow_rolls_back_exactly_with_an_alert(browser, failing_server):
    uid = "amp"
    browser.get(f"{failing_server.url}/users/{uid}")
    before = follow_states(browser, uid)[0]
    follow_button(browser, uid).click()
    assert follow_states(browser, uid)[0]["pressed"] == "true", "the optimistic state did not show at once"
    after = settled(browser, uid)[0]
    assert {k: after[k] for k in ("pressed", "label", "following", "followers", "text", "desired")} == {
        k: before[k] for k in ("pressed", "label", "following", "followers", "text", "desired")}, (before, after)
    assert after["error"] == {"role": "alert",
                              "text": "Your follow couldn't be saved, so it was undone. Please try again."}
    assert api_user(failing_server, uid, viewer_id(browser))["following"] is False


def test_follow_without_javascript_posts_redirects_and_shows_committed_state(browser_nojs, server):
    driver = browser_nojs
    uid = "linus"
    driver.get(f"{server.url}/users/{uid}")
    before = follow_states(driver, uid)
    assert len(before) == 1, "a profile has one follow button"
    base = int(before[0]["followers"])
    button = follow_button(driver, uid)
    button.click()
    wait_until_gone(driver, button, 10, "the form was not submitted")
    wait_for(driver, lambda d: d.current_url == f"{server.url}/users/{uid}", "did not come back to the profile")
    after = follow_states(driver, uid)[0]
    assert (after["pressed"], after["label"], after["followers"]) == ("true", "Following", str(base + 1)), after
    assert api_user(server, uid, viewer_id(driver))["following"] is True
