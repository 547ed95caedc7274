"""The self-managed star rating in a real browser: a value per viewer, five forms each with its own
optimistic state (markup and attributes, rendered by the server), rollback, and taps made in the same
instant, which reach the server in the order they were made."""

import json
import urllib.request

from selenium.webdriver.common.by import By

from support import viewer_id, wait_for

# One round trip that reads everything a rating root shows.
_RATING_JS = """
const root = document.getElementById(arguments[0]);
if (!root) return null;
const error = root.querySelector('.rating-error');
return {
  pressed: Array.from(root.querySelectorAll('.rating-star button')).map(b => b.getAttribute('aria-pressed')),
  sends: Array.from(root.querySelectorAll('.rating-star input[name="stars"]')).map(i => i.value),
  average: (root.querySelector('.rating-average') || {}).textContent,
  count: (root.querySelector('.rating-count') || {}).textContent,
  busy: root.getAttribute('aria-busy'),
  error: error ? {role: error.getAttribute('role'), text: error.textContent} : null,
};
"""


def rating(driver, post):
    return driver.execute_script(_RATING_JS, f"rating-{post}")


def star(driver, post, n):
    return driver.find_elements(By.CSS_SELECTOR, f"#rating-{post} .rating-star button")[n - 1]


def state(server, post, viewer):
    request = urllib.request.Request(f"{server.url}/components/rating/state/{post}", headers={"Cookie": f"viewer={viewer}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def settled(driver, post, timeout=15):
    return wait_for(driver, lambda d: (rating(d, post) or {}).get("busy") != "true" and rating(d, post),
                    f"rating-{post} stayed aria-busy", timeout=timeout)


def pressed(stars):
    return ["true" if n <= stars else "false" for n in range(1, 6)]


def summary(average, count):
    return (f"{average:.1f}" if count else "–", "1 rating" if count == 1 else f"{count} ratings")


def test_a_tap_on_star_four_shows_four_stars_and_the_new_average_before_the_answer(browser, start_server):
    server = start_server("rating-slow", "--seed", "7", "--latency-ms", "3000", "--failure-rate", "0")
    post = "p5"  # 9 ratings averaging 3.4: a fourth star moves it to 3.5
    browser.get(f"{server.url}/posts/{post}")
    viewer = viewer_id(browser)
    before = state(server, post, viewer)
    assert before["stars"] == 0 and rating(browser, post)["pressed"] == pressed(0), before
    star(browser, post, 4).click()
    shown = rating(browser, post)  # at once: the server answers in 3 s
    assert shown["pressed"] == pressed(4), shown
    assert shown["count"] == summary(0, before["count"] + 1)[1], shown
    assert shown["average"] != summary(before["average"], before["count"])[0], "the average did not change at once"
    assert shown["busy"] == "true", shown
    assert shown["sends"] == ["1", "2", "3", "0", "5"], "a tap on the rating given takes it back"
    assert state(server, post, viewer)["pending"] is True, "the answer came before the check"

    committed = settled(browser, post)
    held = state(server, post, viewer)
    assert held["stars"] == 4 and held["count"] == before["count"] + 1, held
    # What showed at once was the server's own render of the state it then committed.
    assert (shown["average"], shown["count"]) == summary(held["average"], held["count"]), (shown, held)
    assert committed["pressed"] == pressed(4), committed
    assert (committed["average"], committed["count"]) == (shown["average"], shown["count"]), committed


def test_a_failed_rating_rolls_back_and_a_dropped_connection_restores_the_exact_markup(browser, start_server):
    failing = start_server("rating-failing", "--seed", "7", "--latency-ms", "400", "--failure-rate", "1")
    post = "p3"
    browser.get(f"{failing.url}/posts/{post}")
    before = rating(browser, post)
    star(browser, post, 2).click()
    assert rating(browser, post)["pressed"] == pressed(2)
    after = settled(browser, post)
    assert (after["pressed"], after["average"], after["count"]) == (before["pressed"], before["average"], before["count"])
    assert after["error"] and after["error"]["role"] == "alert" and "couldn't be saved" in after["error"]["text"], after
    assert state(failing, post, viewer_id(browser))["stars"] == 0

    dropped = start_server("rating-dropped", "--seed", "7", "--latency-ms", "1500", "--failure-rate", "0")
    browser.get(f"{dropped.url}/posts/{post}")
    markup = browser.execute_script("return document.getElementById(arguments[0]).outerHTML;", f"rating-{post}")
    star(browser, post, 5).click()
    assert rating(browser, post)["pressed"] == pressed(5)
    dropped.kill()  # the connection drops before the service answers
    settled(browser, post)
    again = browser.execute_script("return document.getElementById(arguments[0]).outerHTML;", f"rating-{post}")
    assert again == markup, "the markup from before the tap was not put back exactly"


def test_two_taps_in_the_same_instant_end_in_the_servers_state_and_the_last_taps_intent(browser, start_server):
    server = start_server("rating-quick", "--seed", "7", "--latency-ms", "60", "--jitter-ms", "60", "--failure-rate", "0")
    post = "p6"
    pairs = [(a, b) for a in range(1, 6) for b in range(1, 6) if a != b][:20]
    for first, second in pairs:
        browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
        browser.get(f"{server.url}/posts/{post}")
        viewer = viewer_id(browser)
        # Two submits in one task: the second form is the one the first tap's optimistic state shows.
        browser.execute_script(
            "const forms = () => document.querySelectorAll('#rating-' + arguments[0] + ' .rating-star');"
            "forms()[arguments[1] - 1].requestSubmit(); forms()[arguments[2] - 1].requestSubmit();",
            post, first, second)
        shown = rating(browser, post)
        assert shown["pressed"] == pressed(second), (first, second, shown)
        wait_for(browser, lambda d: not state(server, post, viewer)["pending"], "a tap stayed pending")
        after = settled(browser, post)
        held = state(server, post, viewer)
        assert held["stars"] == second, (first, second, held)
        assert after["pressed"] == pressed(second), (first, second, after)
        assert (after["average"], after["count"]) == summary(held["average"], held["count"]), (after, held)
