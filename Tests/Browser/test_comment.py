"""The self-managed comment box in a real browser, through the kit's generic script: the optimistic
append (its text put in as text), the text and focus back after a failure, 422 inline, a timeout, and
the plain form (303/422) with JavaScript off."""

import json
import urllib.error
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By

from support import viewer_id, wait_for

SETTLE = 8

# One round trip that reads everything the box shows.
_BOX_STATE_JS = """
const root = document.getElementById(arguments[0]);
if (!root) return null;
const field = root.querySelector('textarea');
const button = root.querySelector('.comment-send');
const error = root.querySelector('.comment-error');
const sending = root.querySelector('.comment--sending:not([hidden])');
const texts = Array.from(root.querySelectorAll('.comment:not([hidden]) .comment-text')).map(p => ({
  text: p.textContent, elements: p.children.length }));
const live = document.getElementById('live-announcer');
const place = root.querySelector('.comment--sending[hidden]');
return {
  placeShown: place ? place.getClientRects().length > 0 : null,
  busy: root.getAttribute('aria-busy'),
  sending: sending ? { busy: sending.getAttribute('aria-busy'),
                       text: sending.querySelector('.comment-text').textContent } : null,
  texts: texts,
  value: field.value,
  readonly: field.readOnly,
  invalid: field.getAttribute('aria-invalid'),
  describedBy: field.getAttribute('aria-describedby'),
  focused: document.activeElement === field,
  disabled: button.disabled,
  error: error ? { id: error.id, role: error.getAttribute('role'), text: error.textContent } : null,
  live: live ? live.textContent : null,
};
"""


def box_state(driver, post):
    return driver.execute_script(_BOX_STATE_JS, f"comments-{post}")


def type_and_send(driver, post, text):
    field = driver.find_element(By.CSS_SELECTOR, f"#comments-{post} textarea")
    # Typed by script so that the text is exact (line breaks, spaces), then sent with the button.
    driver.execute_script("arguments[0].value = arguments[1];", field, text)
    driver.find_element(By.CSS_SELECTOR, f"#comments-{post} .comment-send").click()


def settled(driver, post):
    wait_for(driver, lambda d: (box_state(d, post) or {}).get("busy") is None, "the send never settled", SETTLE)
    return box_state(driver, post)


def comment_state(server, post, viewer):
    request = urllib.request.Request(
        f"{server.url}/components/comment/state/{post}", headers={"Cookie": f"viewer={viewer}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_a_send_appends_at_once_as_text_then_commits(browser, server):
    post = "p2"
    browser.get(f"{server.url}/posts/{post}")
    assert box_state(browser, post)["placeShown"] is False, "the hidden place of a comment being sent shows"
    text = "<b>not bold</b> & a\nsecond line"
    type_and_send(browser, post, text)
    now = box_state(browser, post)  # at once: the server takes 400 ms to answer
    assert now["sending"] == {"busy": "true", "text": text}, now
    assert all(each["elements"] == 0 for each in now["texts"]), "the text went in as markup"
    assert now["value"] == "" and now["readonly"] and now["disabled"] and now["busy"] == "true", now
    after = settled(browser, post)
    assert after["sending"] is None, after
    assert after["texts"][-1] == {"text": text, "elements": 0}, after
    assert after["value"] == "" and not after["readonly"] and not after["disabled"], after
    wait_for(browser, lambda d: box_state(d, post)["live"] == "Comment sent", "Comment sent was not announced")
    state = comment_state(server, post, viewer_id(browser))
    assert state["pending"] is False and state["comments"][-1]["text"] == text, state


# Every answer the kit's script gets, kept for the test to read.
_RECORD_ANSWERS_JS = """
window.__answers = [];
const original = window.fetch;
window.fetch = function (url, options) {
  if (!options || options.method !== 'POST') return original.apply(this, arguments);
  return original.apply(this, arguments).then(function (response) {
    const kept = options.headers && options.headers['X-Self-Managed-Kept'];
    response.clone().text().then(function (text) { window.__answers.push({ asked: kept || null, body: text }); });
    return response;
  });
};
"""

# The box as the page shows it now, and as a fresh load of the same page shows it (the server's whole render).
_ROOT_AND_FRESH_JS = """
const done = arguments[arguments.length - 1];
const id = arguments[0];
fetch(window.location.href, { credentials: 'same-origin' }).then(r => r.text()).then(page => {
  const fresh = new DOMParser().parseFromString(page, 'text/html').getElementById(id);
  done({ shown: document.getElementById(id).outerHTML, fresh: fresh ? fresh.outerHTML : null });
});
"""


def shown_and_fresh(driver, post):
    return driver.execute_async_script(_ROOT_AND_FRESH_JS, f"comments-{post}")


def post_as_another_viewer(server, post, text):
    """A committed comment from a viewer of its own, sent without script."""
    body = urllib.parse.urlencode({"post": post, "text": text, "key": "another-viewer-key-1"}).encode()
    request = urllib.request.Request(
        f"{server.url}/components/comment/send", data=body, method="POST",
        headers={"Cookie": "viewer=v00000000000000000000000000000001", "Origin": server.url,
                 "Content-Type": "application/x-www-form-urlencoded"})
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        opener.open(request, timeout=10)
    except urllib.error.HTTPError as error:
        assert error.code == 303, error.code


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


def test_a_send_answered_with_what_changed_ends_as_the_page_shows_it(browser, server):
    post = "p5"
    browser.get(f"{server.url}/posts/{post}")
    held = len(box_state(browser, post)["texts"])
    assert held > 0, "the post has no comments to keep"
    browser.execute_script(_RECORD_ANSWERS_JS)
    for number, text in enumerate(["The first of two", "The second <i>of</i> two"], start=1):
        type_and_send(browser, post, text)
        # The second send starts from the first's answer: its comment shows at once, from the patch the
        # script renumbered for the comments it put back.
        now = box_state(browser, post)
        assert now["sending"] == {"busy": "true", "text": text}, now
        settled(browser, post)
        answers = browser.execute_script("return window.__answers;")
        assert len(answers) == number and answers[-1]["asked"] == "true", answers
        # The answer stands for the comments the page held, and carries only the last of them.
        assert f'<template data-kept="{held + number - 1}">' in answers[-1]["body"], answers[-1]["body"]
        assert answers[-1]["body"].count('<li class="comment">') == 2, answers[-1]["body"]
        seen = shown_and_fresh(browser, post)
        assert seen["fresh"] is not None and seen["shown"] == seen["fresh"], seen
    texts = [each["text"] for each in box_state(browser, post)["texts"]]
    assert len(texts) == held + 2 and texts[-2:] == ["The first of two", "The second <i>of</i> two"], texts


def test_a_send_answered_for_comments_the_page_does_not_hold_fetches_the_box_again(browser, server):
    post = "p3"
    browser.get(f"{server.url}/posts/{post}")
    held = len(box_state(browser, post)["texts"])
    post_as_another_viewer(server, post, "Meanwhile, from someone else")
    browser.execute_script(_RECORD_ANSWERS_JS)
    type_and_send(browser, post, "Mine, after theirs")
    wait_for(browser, lambda d: len(box_state(d, post)["texts"]) == held + 2 and box_state(d, post)["busy"] is None,
             "the box did not come back with both comments", SETTLE)
    texts = [each["text"] for each in box_state(browser, post)["texts"]]
    assert texts[-2:] == ["Meanwhile, from someone else", "Mine, after theirs"], texts
    # The answer stood for one comment more than the page held: the box came from the page fetched again.
    answers = browser.execute_script("return window.__answers;")
    assert f'<template data-kept="{held + 1}">' in answers[-1]["body"], answers
    seen = shown_and_fresh(browser, post)
    assert seen["shown"] == seen["fresh"], seen


def test_a_failed_send_asked_for_what_changed_answers_whole_with_the_text(browser, failing_server):
    post = "p1"
    browser.get(f"{failing_server.url}/posts/{post}")
    before = box_state(browser, post)["texts"]
    assert before, "the post has no comments to keep"
    browser.execute_script(_RECORD_ANSWERS_JS)
    type_and_send(browser, post, "Not sent, kept")
    after = settled(browser, post)
    answers = browser.execute_script("return window.__answers;")
    # Asked for what changed, it answers whole: the text it holds is nowhere else.
    assert answers[-1]["asked"] == "true" and "data-kept" not in answers[-1]["body"], answers
    assert after["texts"] == before and after["value"] == "Not sent, kept" and after["focused"], after
    assert after["error"]["role"] == "alert", after


def test_a_failed_send_takes_the_comment_away_and_gives_back_the_text_with_focus(browser, failing_server):
    post = "p4"
    browser.get(f"{failing_server.url}/posts/{post}")
    text = "  Keep me exactly,\n\twith my spaces  "
    type_and_send(browser, post, text)
    assert box_state(browser, post)["sending"]["text"] == text
    after = settled(browser, post)
    assert after["sending"] is None and after["texts"] == [], after
    assert after["value"] == text, after
    assert after["focused"], "focus is not in the field"
    assert after["error"]["role"] == "alert" and "couldn't be sent" in after["error"]["text"], after
    assert after["describedBy"] == after["error"]["id"], after
    wait_for(browser, lambda d: "couldn't be sent" in (box_state(d, post)["live"] or ""), "the failure was not announced")
    assert comment_state(failing_server, post, viewer_id(browser))["count"] == 0


def test_invalid_text_is_refused_inline_with_its_message(browser, server):
    post = "p6"
    browser.get(f"{server.url}/posts/{post}")
    type_and_send(browser, post, "   ")
    after = settled(browser, post)
    assert after["invalid"] == "true" and after["value"] == "   ", after
    assert after["error"]["id"] == after["describedBy"] and "Write something" in after["error"]["text"], after
    assert after["focused"], after
    assert after["sending"] is None and after["texts"] == [], after


def test_a_send_that_times_out_restores_the_text(browser, start_server):
    server = start_server("slow-comments", "--seed", "7", "--latency-ms", "3000", "--failure-rate", "0")
    post = "p7"
    browser.get(f"{server.url}/posts/{post}")
    browser.execute_script("document.body.setAttribute('data-tap-timeout-ms', '300');")
    type_and_send(browser, post, "Not lost on a timeout")
    assert box_state(browser, post)["sending"] is not None
    after = settled(browser, post)
    assert after["sending"] is None and after["value"] == "Not lost on a timeout", after
    alert = browser.execute_script("const a = document.getElementById('tap-alert'); return a && !a.hidden;")
    assert alert, "the page's alert was not shown"


def test_without_javascript_a_send_redirects_and_a_failure_keeps_the_text_once(browser_nojs, server, failing_server):
    driver = browser_nojs
    post = "p9"
    driver.get(f"{server.url}/posts/{post}")
    driver.find_element(By.CSS_SELECTOR, f"#comments-{post} textarea").send_keys("Sent without script")
    driver.find_element(By.CSS_SELECTOR, f"#comments-{post} .comment-send").click()
    wait_for(driver, lambda d: "Sent without script" in d.find_element(By.ID, f"comments-{post}").text,
             "the comment is not on the page it came back to", SETTLE)
    assert driver.current_url.endswith(f"/posts/{post}")
    assert box_state(driver, post)["value"] == ""

    driver.get(f"{failing_server.url}/posts/{post}")
    driver.find_element(By.CSS_SELECTOR, f"#comments-{post} textarea").send_keys("Kept without script")
    driver.find_element(By.CSS_SELECTOR, f"#comments-{post} .comment-send").click()
    wait_for(driver, lambda d: box_state(d, post)["error"] is not None, "no error after the failure", SETTLE)
    state = box_state(driver, post)
    assert state["value"] == "Kept without script" and state["focused"], state
    driver.get(f"{failing_server.url}/posts/{post}")
    assert box_state(driver, post)["error"] is None, "the error is shown once"


def test_without_javascript_invalid_text_is_a_422_page_with_the_same_composer(browser_nojs, server):
    driver = browser_nojs
    post = "p10"
    driver.get(f"{server.url}/posts/{post}")
    driver.find_element(By.CSS_SELECTOR, f"#comments-{post} .comment-send").click()
    wait_for(driver, lambda d: (box_state(d, post) or {}).get("invalid") == "true", "no inline refusal", SETTLE)
    state = box_state(driver, post)
    assert "Write something" in state["error"]["text"] and state["focused"], state
