"""The web page in headless Chromium, as a person plays it (run by tests/reach/browser.rs).

Usage: browser_page.py URL SCREENSHOT.png

Answers the console's questions (YES: play White, level 2), types E2E4 ENTER as key
events, waits for the module's reply in #moves, checks the canvas shows a picture (many
colours, no colour filling it), saves the canvas as SCREENSHOT.png, reloads and checks the
game goes on; then sets the speed to MAX, plays 2. h4 and prints the emulated speed while the
module thinks. Exits non-zero with the reason on any failure.
"""

import re
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

URL, SHOT = sys.argv[1], sys.argv[2]
PATIENCE = 120  # seconds for one expected change: a hang fails instead of waiting for ever


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--window-size=1400,900", "--autoplay-policy=no-user-gesture-required"]:
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def moves(driver):
    return driver.find_element(By.ID, "moves").text.strip()


def wait(driver, what, test):
    try:
        return WebDriverWait(driver, PATIENCE, poll_frequency=0.1).until(lambda d: test(d))
    except Exception:
        status = driver.find_element(By.ID, "status").text
        error = driver.find_element(By.ID, "error").text
        sys.exit(f"browser: no {what}; moves {moves(driver)!r}, status {status!r}, error {error!r}")


def type_keys(driver, *keys):
    chain = webdriver.ActionChains(driver)
    for key in keys:
        chain.send_keys(key).pause(0.05)
    chain.perform()


CANVAS_COLOURS = """
const c = document.getElementById('screen');
const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
const count = new Map();
for (let i = 0; i < d.length; i += 4) {
  const k = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
  count.set(k, (count.get(k) || 0) + 1);
}
return [count.size, Math.max(...count.values()), d.length / 4];
"""


SAMPLE_THINKING = """
const done = arguments[arguments.length - 1];
const start = performance.now();
let first = null, last = null;
const timer = setInterval(() => {
  if (window.c7010.thinking()) {
    last = [window.c7010.tStates(), performance.now()];
    first = first || last;
  } else if (first || performance.now() - start > 60000) {
    clearInterval(timer);
    done([first, last]);
  }
}, 20);
"""


def error_text(driver):
    return driver.find_element(By.ID, "error").text


def hostile_hands(driver):
    """A second tab, a full storage, a damaged kept game, an empty ROM file."""
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(URL)
    wait(driver, "second tab", lambda d: "another tab" in error_text(d))
    driver.close()
    driver.switch_to.window(first)
    print("browser: a second tab plays without keeping the game and says so")

    # The storage refuses: said under the picture, and the page plays on.
    driver.execute_script("Storage.prototype.setItem = () => {"
                          " throw new DOMException('full', 'QuotaExceededError'); };")
    plies = len(moves(driver).split())
    type_keys(driver, "d", "2", "d", "4", Keys.ENTER)
    wait(driver, "storage refusal said", lambda d: "storage refused" in error_text(d))
    wait(driver, "a reply with the storage full", lambda d: len(moves(d).split()) > plies + 1)
    print(f"browser: a full storage is said and the game goes on: {moves(driver)!r}")

    # A kept game that cannot be read is set aside and said. (Written from a file of the
    # page's origin that runs no script: the page itself keeps its own game every frame.)
    driver.get(URL + "manifest.webmanifest")
    driver.execute_script("localStorage.setItem('c7010.game', 'c7010 saved game 2\\nbroken')")
    driver.get(URL)
    wait(driver, "damaged game said", lambda d: "could not be read" in error_text(d))
    aside = driver.execute_script("return localStorage.getItem('c7010.game.damaged')")
    if not aside or "broken" not in aside:
        sys.exit(f"browser: the damaged game was not set aside: {aside!r}")
    print("browser: an unreadable kept game is set aside as c7010.game.damaged and said")

    # An empty file given to Load ROM is refused, not taken for the built-in ROM.
    with tempfile.NamedTemporaryFile(suffix=".bin") as empty:
        driver.find_element(By.ID, "rom").send_keys(empty.name)
        wait(driver, "empty ROM refused", lambda d: "the ROM file is empty" in error_text(d))
    print("browser: an empty ROM file is refused")
    # Back to a game of White's at level 2 for what follows.
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    wait(driver, "page after clearing", lambda d: d.execute_script("return !!window.c7010"))
    type_keys(driver, "y", "2")
    time.sleep(0.5)
    type_keys(driver, "e", "2", "e", "4", Keys.ENTER)
    wait(driver, "reply to 1. e4 again", lambda d: re.match(r"1\. e4 (\S+)", moves(d)))


def main():
    driver = browser()
    try:
        driver.get(URL)
        wait(driver, "page", lambda d: d.execute_script("return !!window.c7010"))
        driver.execute_script("localStorage.clear()")
        driver.refresh()
        wait(driver, "page after clearing", lambda d: d.execute_script("return !!window.c7010"))
        # PLAY WHITE? YES, LEVEL? 2, then the move.
        type_keys(driver, "y", "2")
        time.sleep(0.5)
        type_keys(driver, "e", "2", "e", "4", Keys.ENTER)
        reply = wait(driver, "reply to 1. e4",
                     lambda d: re.match(r"1\. e4 (\S+)", moves(d)))
        print(f"browser: the module answered 1. e4 with {reply.group(1)}")

        colours, most, pixels = driver.execute_script(CANVAS_COLOURS)
        if colours < 4 or most > 0.9 * pixels:
            sys.exit(f"browser: the canvas is blank ({colours} colours, {most}/{pixels})")
        driver.find_element(By.ID, "screen").screenshot(SHOT)
        print(f"browser: canvas {colours} colours, saved as {SHOT}")

        # Sound: the button opens the page's audio and its AudioWorklet, and says so.
        driver.find_element(By.ID, "sound").click()
        wait(driver, "sound on", lambda d: d.find_element(By.ID, "sound").text == "Sound off")
        if driver.find_element(By.ID, "error").text:
            sys.exit(f"browser: the sound failed: {driver.find_element(By.ID, 'error').text}")
        print("browser: the sound plays through an AudioWorklet")

        # Help: `?` shows it (the line under the picture says so), Escape leaves it.
        type_keys(driver, "?")
        wait(driver, "help", lambda d: "help" in d.find_element(By.ID, "status").text)
        type_keys(driver, Keys.ESCAPE)
        wait(driver, "the game after Escape",
             lambda d: "help" not in d.find_element(By.ID, "status").text)
        print("browser: ? shows the help and Escape leaves it")

        before = moves(driver)
        driver.refresh()
        wait(driver, "game after reload", lambda d: moves(d).startswith(before))
        print(f"browser: after reload the game goes on: {moves(driver)!r}")

        hostile_hands(driver)

        # Speed: MAX (+ three times from 1X), then 2. h4 (out of the book, so the module
        # searches); T-states over host time while it thinks.
        type_keys(driver, "+", "+", "+")
        time.sleep(0.3)
        hz = driver.execute_script("return window.c7010.clockHz()")
        type_keys(driver, "h", "2", "h", "4", Keys.ENTER)
        # Sampled in the page every 20 ms from the first to the last moment it thinks.
        driver.set_script_timeout(PATIENCE)
        first, last = driver.execute_async_script(SAMPLE_THINKING)
        wait(driver, "reply to 2. h4", lambda d: re.search(r"2\. h4 \S+", moves(d)))
        if first and last and last[1] > first[1]:
            mhz = (last[0] - first[0]) / (last[1] - first[1]) / 1e3
            print(f"browser: speed at MAX: {mhz:.1f} emulated MHz, {mhz * 1e6 / hz:.1f} x real"
                  f" time (module clock {hz / 1e6:.3f} MHz;"
                  f" {(last[1] - first[1]) / 1e3:.1f} s measured)")
        else:
            print("browser: speed at MAX not measured (the module answered at once)")
        print(f"browser: the game: {moves(driver)!r}")
    finally:
        driver.quit()


main()
