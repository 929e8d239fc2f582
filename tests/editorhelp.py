"""Driving the `pbem data edit` page in headless Chromium with Selenium (the distribution's
chromium and chromedriver; the browser tests skip when either is missing).

One Chromium per test process (started on first use, quit at exit): every Page is its own
server on its own random port (so its own origin and localStorage) and a fresh load of its page
in that browser, at the window size it asks for. Pointer moves are immediate (duration 0, not
Selenium's default 250 ms glide): the presses and releases are the same real input events.
"""

import atexit
import shutil
import time
from pathlib import Path

import pytest

from pbem.editor import Editor, EditorServer

CHROMIUM = "/usr/bin/chromium"


def chromedriver() -> str | None:
    return shutil.which("chromedriver") or next((p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if Path(p).exists()), None)


def browser_missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium)"
    if not Path(CHROMIUM).exists():
        return f"no {CHROMIUM} (apt-get install chromium)"
    if chromedriver() is None:
        return "no chromedriver (apt-get install chromium-driver)"
    return None


needs_browser = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


_DRIVER: list = []


def _quit() -> None:
    while _DRIVER:
        try:
            _DRIVER.pop().quit()
        except Exception:                   # already gone
            pass


def browser():
    """The process's headless Chromium, started on first use (and again after Page.close found it unusable)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    if _DRIVER:
        return _DRIVER[0]
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,900", "--no-first-run", "--disable-background-networking"):
        options.add_argument(arg)
    _DRIVER.append(webdriver.Chrome(service=Service(chromedriver()), options=options))
    return _DRIVER[0]


atexit.register(_quit)


def screenshot(uri: str, png: Path, size: tuple[int, int]) -> None:
    """Load `uri` in the process's Chromium at a window of `size` and write what it draws to `png`
    (what `chromium --headless --screenshot` does, without starting another browser)."""
    driver = browser()
    driver.set_window_size(*size)
    driver.get(uri)
    assert driver.save_screenshot(str(png)), png


class Page:
    """One editor server and a browser on its page."""

    def __init__(self, game: str, out: Path, data: Path | None = None, image: Path | None = None, size=(1400, 900)):
        self.server = EditorServer(Editor(game, data, out, image))
        self.server.start()
        self.driver = browser()
        self.driver.set_window_size(*size)
        self.driver.get(self.server.url)
        self.wait(lambda: self.js("return document.body.dataset.ready === '1'"), "the page to start")

    def close(self) -> None:
        """Leave the page (unsaved edits are the test's to drop: no beforeunload prompt; what it kept in
        localStorage goes too, should a later server get the same port) and stop its server."""
        try:
            self.js("if (window.editorState) window.editorState.dirty = false; localStorage.clear()")
            self.driver.get("about:blank")
        except Exception:                   # a browser left unusable: the next Page starts another
            _quit()
        self.server.stop()

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, test, what: str, timeout: float = 20.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            result = test()
            if result:
                return result
            time.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what}")

    def find(self, css: str):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def click(self, css: str) -> None:
        self.find(css).click()

    def tool(self, name: str) -> None:
        self.click(f"input[name=tool][value='{name}']")

    def terrain(self, name: str) -> None:
        self.click(f"input[name=terrain][value='{name}']")

    def tab(self, name: str) -> None:
        self.click(f"#tabs button[data-tab='{name}']")

    def hex(self, hex_id: str):
        """The hex's polygon, the view centred on it first (one round trip for both)."""
        found = self.js("return window.editorMap.centerOn(arguments[0]) && "
                        "(document.querySelector(`polygon[data-hex='${arguments[0]}']`) || 'no polygon')", hex_id)
        assert found and found != "no polygon", hex_id
        return found

    def click_hex(self, hex_id: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver, duration=0).move_to_element(self.hex(hex_id)).click().perform()

    def drag(self, from_hex: str, to_hex: str, via: tuple = (), center: str | None = None) -> None:
        """Press on one hex, move over `via` and the last, release (a paint stroke or a fill
        rectangle); the view centred on `center` (default: the first hex)."""
        from selenium.webdriver.common.action_chains import ActionChains
        self.hex(center or from_hex)
        stroke = (from_hex, *via, to_hex)
        found = self.js("return arguments[0].map(h => document.querySelector(`polygon[data-hex='${h}']`))", list(stroke))
        assert all(found), dict(zip(stroke, found))
        chain = ActionChains(self.driver, duration=0).move_to_element(found[0]).click_and_hold()
        for element in found[1:]:
            chain = chain.move_to_element(element)
        chain.release().perform()

    def click_hexside(self, a: str, b: str) -> None:
        """Click the middle of the edge between hexes a and b."""
        from selenium.webdriver.common.action_chains import ActionChains
        first = self.hex(a)
        ra, rb = self.js("return arguments[0].map(h => document.querySelector(`polygon[data-hex='${h}']`).getBoundingClientRect().toJSON())", [a, b])
        dx = (rb["x"] + rb["width"] / 2 - ra["x"] - ra["width"] / 2) / 2
        dy = (rb["y"] + rb["height"] / 2 - ra["y"] - ra["height"] / 2) / 2
        ActionChains(self.driver, duration=0).move_to_element_with_offset(first, int(round(dx)), int(round(dy))).click().perform()

    def type_into(self, css: str, text: str) -> None:
        from selenium.webdriver.common.keys import Keys
        field = self.find(css)
        field.send_keys(Keys.CONTROL, "a")          # select what is there: typing replaces it
        field.send_keys(text + Keys.TAB)

    def choose(self, css: str, value: str) -> None:
        """Pick the option of a single <select> by value as Selenium's Select does (a click on the
        option unless it is already the one selected; a disabled one refused), its look-ups in one
        round trip."""
        option, selected, disabled = self.js(
            "const o = [...document.querySelectorAll(arguments[0] + ' option')].find(o => o.value === arguments[1]);"
            "return o ? [o, o.selected, o.matches(':disabled') || o.closest('select').disabled] : [null, false, false]", css, value)
        assert option is not None, f"no option {value} in {css}"
        if not selected:
            assert not disabled, f"{value} is a disabled option of {css}"
            option.click()

    def save(self) -> str:
        self.click("#save")
        return self.wait(lambda: (lambda t: t if t.startswith(("saved", "not saved")) else None)(self.find("#status").text), "the save")

    def values(self) -> dict:
        return self.js("return window.editorState.values")

    def stats(self) -> dict:
        return self.js("return window.editorState.stats")
