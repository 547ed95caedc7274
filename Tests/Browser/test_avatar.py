"""The self-managed avatar: a tap opens that person's profile, with JavaScript on and off."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


def tap_avatar_and_expect_profile(driver, server, uid, name):
    driver.get(f"{server.url}/feed")
    button = driver.find_element(By.CSS_SELECTOR, f'form.avatar:has(input[name="uid"][value="{uid}"]) .avatar-button')
    button.click()
    WebDriverWait(driver, 10).until(EC.url_to_be(f"{server.url}/users/{uid}"))
    assert driver.find_element(By.TAG_NAME, "h1").text == name
    # The profile shows the same self-managed avatar, large.
    assert driver.find_element(By.CSS_SELECTOR, ".profile-header form.avatar--large img.avatar-image").get_attribute(
        "alt"
    ) == name


def test_avatar_tap_opens_profile_with_javascript(browser, server):
    tap_avatar_and_expect_profile(browser, server, "grace", "Grace Hopper")
    assert browser.find_elements(By.ID, "live-announcer"), "app.js did not run"


def test_avatar_tap_opens_profile_without_javascript(browser_nojs, server):
    tap_avatar_and_expect_profile(browser_nojs, server, "margaret", "Margaret Hamilton")
    assert not browser_nojs.find_elements(By.ID, "live-announcer"), "JavaScript was not off"


def test_avatar_with_hostile_name_opens_profile(browser, server):
    tap_avatar_and_expect_profile(browser, server, "tim", 'Tim "TBL" <Berners-Lee> & Co\'s')
