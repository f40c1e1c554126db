"""The web page on a phone, as a person plays it by touch (run by tests/reach/browser.rs).

Usage: phone_page.py URL SHOT_DIR

Headless Chromium with mobile emulation (390 x 844, 3 device pixels a CSS pixel, touch) and
the DevTools protocol's touch events; no key event is sent. It checks the phone's layout
(the G7000's keys shown as buttons of at least 40 CSS px with their data-key, the picture
at least 300 px wide at a whole number of device pixels a frame pixel, nothing scrolling
sideways), answers the questions with the on-screen keys, plays a game of at least 10 moves
by touching squares (python-chess picks legal moves from the page's own movetext), takes
one back, promotes a pawn through a shared link, measures the time from a tap to the frame
that shows it at MAX, reloads offline (the service worker) and finds the game still there,
turns the phone to landscape, and saves portrait and landscape screenshots in SHOT_DIR.
Then a desktop window: the keys hidden until the Keys button shows them. Prints what it
saw; exits non-zero with the reason on any failure.
"""

import io
import random
import re
import sys
import time

import chess
import chess.pgn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

URL, SHOTS = sys.argv[1], sys.argv[2]
PATIENCE = 120  # seconds for one expected change: a hang fails instead of waiting for ever
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}


def browser(phone):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--window-size=1400,900"]:
        options.add_argument(arg)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": PHONE["width"], "height": PHONE["height"],
                              "pixelRatio": PHONE["deviceScaleFactor"], "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                         "(KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def fail(driver, what):
    status = driver.find_element(By.ID, "status").text
    error = driver.find_element(By.ID, "error").text
    sys.exit(f"phone: {what}; moves {movetext(driver)!r}, status {status!r}, error {error!r}")


def wait(driver, what, test):
    try:
        return WebDriverWait(driver, PATIENCE, poll_frequency=0.1).until(lambda d: test(d))
    except Exception:
        fail(driver, f"no {what}")


def movetext(driver):
    return driver.find_element(By.ID, "moves").text.strip()


def board_of(driver):
    """The position after the page's movetext (python-chess reads it as PGN)."""
    game = chess.pgn.read_game(io.StringIO(movetext(driver) or "*"))
    return game.end().board()


def tap(driver, x, y):
    """One finger down and up at CSS pixel (x, y), through the DevTools protocol."""
    point = {"x": x, "y": y, "radiusX": 3, "radiusY": 3, "force": 1, "id": 1}
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    time.sleep(0.06)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    time.sleep(0.06)


def tap_key(driver, key):
    button = driver.find_element(By.CSS_SELECTOR, f'#keys button[data-key="{key}"]')
    r = driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                              "return [r.left + r.width / 2, r.top + r.height / 2];", button)
    tap(driver, *r)


def tap_square(driver, square, flipped=False):
    """Taps the centre of `square` (python-chess's index) on the picture."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    col, row = (7 - file, rank) if flipped else (file, 7 - rank)
    fx, fy = 26 + col * 32 + 16, 24 + row * 24 + 12
    left, top, width, height = driver.execute_script(
        "const r = document.getElementById('screen').getBoundingClientRect();"
        "return [r.left, r.top, r.width, r.height];")
    tap(driver, left + fx * width / 360, top + fy * height / 243)


def check_layout(driver, name):
    canvas_width, scroll, inner, dpr, keys = driver.execute_script("""
        const c = document.getElementById('screen').getBoundingClientRect();
        const keys = [...document.querySelectorAll('#keys button')].map((b) => {
            const r = b.getBoundingClientRect();
            return [b.dataset.key, r.width, r.height, r.bottom];
        });
        return [c.width, document.documentElement.scrollWidth, innerWidth,
                devicePixelRatio, keys];""")
    if canvas_width < 300:
        sys.exit(f"phone: {name}: the picture is {canvas_width} px wide")
    if abs(canvas_width * dpr / 360 - round(canvas_width * dpr / 360)) > 1e-6:
        sys.exit(f"phone: {name}: {canvas_width} CSS px is no whole scale at {dpr} dpr")
    if scroll > inner:
        sys.exit(f"phone: {name}: the page scrolls sideways ({scroll} > {inner})")
    names = {k for k, _, _, _ in keys}
    wanted = set("ABCDEFGH12345678") | {"Y", "N", "ENTER", "CLEAR", "L", "T", "M", "R", "S",
                                         "=", "+", "SPACE", "?", "Q"}
    if not wanted <= names:
        sys.exit(f"phone: {name}: keys missing: {wanted - names}")
    small = [(k, w, h) for k, w, h, _ in keys if w < 40 or h < 40]
    if small:
        sys.exit(f"phone: {name}: keys smaller than 40 px: {small}")
    print(f"phone: {name}: picture {canvas_width:.0f} CSS px wide ({canvas_width * dpr / 360:.0f}"
          f" device px a frame pixel), {len(keys)} keys of at least 40 px, no sideways scroll")


def play_by_touch(driver, plies_wanted):
    """White's moves by touching squares until the game has `plies_wanted` plies."""
    rng = random.Random(7010)
    while True:
        board = board_of(driver)
        if len(board.move_stack) >= plies_wanted or board.is_game_over():
            return board
        if board.turn != chess.WHITE:
            fail(driver, "the module did not answer")
        moves = [m for m in board.legal_moves if m.promotion is None]
        move = rng.choice(moves)
        before = len(board.move_stack)
        tap_square(driver, move.from_square)
        tap_square(driver, move.to_square)
        wait(driver, f"reply to {move.uci()}",
             lambda d: len(board_of(d).move_stack) >= before + 2 or board_of(d).is_game_over())


def phone(driver):
    driver.get(URL)
    wait(driver, "page", lambda d: d.execute_script("return !!window.c7010"))
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    wait(driver, "page after clearing", lambda d: d.execute_script("return !!window.c7010"))
    if driver.execute_script("return document.getElementById('keys').hidden"):
        sys.exit("phone: the keys are not shown on a touch screen")
    check_layout(driver, "portrait")
    # PLAY WHITE? YES; LEVEL? 2; speed MAX (three presses from 1X).
    for key in ["Y", "2", "+", "+", "+"]:
        tap_key(driver, key)
    board = play_by_touch(driver, 20)
    print(f"phone: played by touch: {movetext(driver)!r}")
    if len(board.move_stack) < 20 and not board.is_game_over():
        fail(driver, "fewer than 10 moves")
    latencies = driver.execute_script("return window.c7010.latencies.slice()")
    print(f"phone: a tap to the frame that shows it at MAX: {len(latencies)} taps, "
          f"longest {max(latencies):.1f} ms, median {sorted(latencies)[len(latencies) // 2]:.1f} ms")
    if max(latencies) > 100:
        fail(driver, f"a tap took {max(latencies):.0f} ms to show")
    driver.save_screenshot(f"{SHOTS}/phone-portrait.png")

    # Take back by touch: the module's reply and White's move go.
    plies = len(board_of(driver).move_stack)
    tap_key(driver, "T")
    wait(driver, "take-back", lambda d: len(board_of(d).move_stack) == plies - 2)
    print(f"phone: take-back by touch: {plies} plies, then {plies - 2}")

    # Offline: the service worker keeps the page and the module; the game is kept.
    wait(driver, "service worker", lambda d: d.execute_script(
        "return !!navigator.serviceWorker.controller") or d.refresh() or False)
    kept = movetext(driver)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    driver.refresh()
    wait(driver, "page offline", lambda d: d.execute_script("return !!window.c7010"))
    wait(driver, "the game offline", lambda d: movetext(d) == kept)
    board = board_of(driver)
    move = next(m for m in board.legal_moves if m.promotion is None)
    tap_square(driver, move.from_square)
    tap_square(driver, move.to_square)
    wait(driver, "a reply offline", lambda d: len(board_of(d).move_stack) >= len(board.move_stack) + 2
         or board_of(d).is_game_over())
    print(f"phone: offline after reload: the game goes on ({len(board_of(driver).move_stack)} plies)")
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    # A shared link starts a promotion; the game it replaces goes to a save slot.
    driver.get(URL + "?level=2&colour=white&fen=" + "8/4P1k1/8/8/8/8/8/4K3%20w%20-%20-%200%201")
    wait(driver, "page with a link", lambda d: d.execute_script("return !!window.c7010"))
    slots = driver.execute_script("return JSON.parse(localStorage.getItem('c7010.slots') || '[]')")
    if not any("before a link" in s["name"] for s in slots):
        fail(driver, f"the game before the link was not kept in a slot: {slots}")
    tap_square(driver, chess.E7)
    tap_square(driver, chess.E8)
    tap_key(driver, "Q")
    wait(driver, "promotion", lambda d: "e8=Q" in movetext(d))
    print(f"phone: promoted by touch: {movetext(driver)!r}; slots {[s['name'] for s in slots]}")

    # Landscape: the phone turned.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        **PHONE, "width": PHONE["height"], "height": PHONE["width"],
        "screenOrientation": {"type": "landscapePrimary", "angle": 90}})
    time.sleep(0.5)
    check_layout(driver, "landscape")
    driver.save_screenshot(f"{SHOTS}/phone-landscape.png")


def desktop(driver):
    driver.get(URL)
    wait(driver, "desktop page", lambda d: d.execute_script("return !!window.c7010"))
    if not driver.execute_script("return document.getElementById('keys').hidden"):
        sys.exit("desktop: the keys are shown without being asked for")
    driver.find_element(By.ID, "toggle-keys").click()
    if driver.execute_script("return document.getElementById('keys').hidden"):
        sys.exit("desktop: the Keys button does not show the keys")
    driver.save_screenshot(f"{SHOTS}/desktop.png")
    print("desktop: the keys hidden until the Keys button shows them")


def main():
    driver = browser(phone=True)
    try:
        phone(driver)
    finally:
        driver.quit()
    driver = browser(phone=False)
    try:
        desktop(driver)
    finally:
        driver.quit()


main()
