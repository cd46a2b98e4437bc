"""The web page in a real browser: Debian's headless chromium driven by selenium through
chromium-driver, against ``trainrun serve`` started on a loopback port.

``test_a_players_path`` walks what a player does at the table, on a desktop window and on a
phone's (390 × 844, touch): open a game file, pick a run, verify it and see the gap drawn,
ask for advice and preview its best plan, lay a tile by turning it on its hex, undo and
redo, place a token and be told why another is refused. Each step checks what the page
shows against the HTTP API's own answer for the same position, and leaves a screenshot in
``$TRAINRUN_ARTIFACTS`` (default ``build/test-artifacts/browser/``). The other tests cover
the examples: a solve, the income lines beyond the routes, a declared route kept while the
rest is solved again. Skipped only when the browser is missing outside CI (``.ci/run``
installs it); in CI (``CI`` set) a missing browser fails."""
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
WAIT = 120   # seconds for one answer of the page (a solve on a busy machine included)
ROOT = Path(__file__).parent.parent
ARTIFACTS = Path(os.environ.get("TRAINRUN_ARTIFACTS") or ROOT / "build" / "test-artifacts"
                 / "browser")
GAME = Path(__file__).parent / "data" / "fixtures" / "18Chesapeake" / "1905.json"
WINDOWS = {"desktop": {"size": (1400, 1000)},
           "phone": {"size": (390, 844), "mobile": True}}

if not (CHROMIUM and DRIVER):
    if os.environ.get("CI"):
        pytest.fail("chromium and chromium-driver are not installed (.ci/run installs them)",
                    pytrace=False)
    pytest.skip("chromium or chromium-driver not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402  (the test extra's)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def base():
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "trainrun", "serve", "--host",
                               "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(url + "/titles", timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            pytest.fail(f"trainrun serve did not start: {server.stderr.read().decode()[-2000:]}")
        time.sleep(0.2)
    yield url
    server.terminate()
    server.wait(timeout=30)


def _driver(size: tuple[int, int], mobile: bool = False):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={size[0]},{size[1]}"):
        options.add_argument(flag)
    if mobile:   # a phone's screen: its width in CSS pixels, touch, a phone's pixel ratio
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": size[0], "height": size[1], "pixelRatio": 2, "touch": True}})
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))


@pytest.fixture(scope="module")
def browser():
    driver = _driver(WINDOWS["desktop"]["size"])
    yield driver
    driver.quit()


def api(base: str, path: str, body) -> dict:
    res = httpx.post(base + path, content=json.dumps(body), timeout=600,
                     headers={"Content-Type": "application/json"})
    assert res.status_code == 200, res.text
    return res.json()


def refusal(base: str, position: dict, move: dict) -> str:
    """The service's one line refusing ``move`` in ``position``, without the field it
    names."""
    res = httpx.post(base + "/apply", content=json.dumps({"position": position,
                                                          "moves": [move]}), timeout=60,
                     headers={"Content-Type": "application/json"})
    assert res.status_code == 400, res.text
    return res.json()["error"].removeprefix("moves[0]: ").removeprefix("token: ")


def until(browser, condition, what: str):
    """Wait for ``condition(browser)`` with the page idle (no call of it under way); on
    timeout fail with the page's status line."""
    def met(b):
        idle = "busy" not in b.find_element(By.TAG_NAME, "body").get_attribute("class")
        return idle and condition(b)
    try:
        return WebDriverWait(browser, WAIT).until(met)
    except Exception:
        status = browser.find_element(By.ID, "status").text
        pytest.fail(f"waiting for {what}; the page says: {status!r}")


def start_page(browser, base: str) -> None:
    browser.get(base + "/")
    until(browser, lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready"),
          "the page to start")


def open_example(browser, base: str, title: str, name: str) -> dict:
    """Open the page, pick ``title`` and the example ``name``; its position as the API
    gives it."""
    start_page(browser, base)
    Select(browser.find_element(By.ID, "title")).select_by_value(title)
    Select(browser.find_element(By.ID, "example")).select_by_value(name)
    until(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#board svg [data-hex]"),
          "the board")
    return httpx.get(f"{base}/examples/{name}").json()


def shown_position(browser) -> dict:
    return json.loads(browser.find_element(By.ID, "position-text").get_attribute("value"))


def text_of(browser, element_id: str) -> str:
    return browser.find_element(By.ID, element_id).get_attribute("textContent")


def solve_on_page(browser, press: str = "solve") -> dict:
    """Press Solve (or ``press``); what the page shows: total, status, each route's train
    and revenue, and the drawn routes (train → number of tile paths drawn)."""
    browser.find_element(By.ID, press).click()
    until(browser, lambda b: b.find_element(By.ID, "total").get_attribute("data-total"),
          "the run")
    until(browser, lambda b: b.find_element(By.ID, "board").get_attribute("data-drawn") == "run",
          "the run drawn")
    total = browser.find_element(By.ID, "total")
    listed = [(li.get_attribute("data-train"), int(li.get_attribute("data-revenue")))
              for li in browser.find_elements(By.CSS_SELECTOR, "#routes li.route")]
    drawn = {g.get_attribute("data-train"): len(g.find_elements(By.CSS_SELECTOR,
                                                                "path.route-track"))
             for g in browser.find_elements(By.CSS_SELECTOR, "#board svg g.route")}
    return {"total": int(total.get_attribute("data-total")),
            "status": total.get_attribute("data-status"), "routes": listed, "drawn": drawn}


def expected(run: dict) -> dict:
    return {"total": run["total"], "status": run["status"],
            "routes": [(r["train"], r["revenue"]) for r in run["routes"]],
            "drawn": {r["train"]: sum(len(c["paths"]) for c in r["chains"])
                      for r in run["routes"]}}


# the ends and middle of each track path of a drawn hex, in the board's coordinates: the
# candidate tile turned on the page, or the tile as the service draws it once laid
TRACK_POINTS = """
const back = arguments[0].ownerSVGElement.getScreenCTM().inverse();
return [...arguments[0].querySelectorAll('path.track')].flatMap((p) => {
  const length = p.getTotalLength(), toScreen = p.getScreenCTM();
  return [0, length / 2, length].map((at) => {
    const q = p.getPointAtLength(at).matrixTransform(toScreen).matrixTransform(back);
    return [q.x, q.y];
  });
});
"""


def same_points(a: list, b: list, tolerance: float = 0.5) -> bool:
    """Whether every point of ``a`` is within ``tolerance`` of one of ``b`` and back."""
    def near(p, points):
        return any(abs(p[0] - q[0]) <= tolerance and abs(p[1] - q[1]) <= tolerance
                   for q in points)
    return bool(a) and all(near(p, b) for p in a) and all(near(q, a) for q in b)


class Steps:
    """The screenshots of one walk, numbered in order: ``ARTIFACTS/<window>-NN-<step>.png``,
    each taken with ``element`` (an id) scrolled into view."""

    def __init__(self, browser, window: str):
        self.browser, self.window, self.n = browser, window, 0
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for old in ARTIFACTS.glob(f"{window}-*.png"):
            old.unlink()

    def shot(self, step: str, element: str = "board-panel") -> None:
        """The screenshot of ``step``; the page fits the window's width (nothing wider
        than the screen makes a phone zoom out), Undo is on the screen and, on a phone, the
        board fills the width it has."""
        self.n += 1
        self.browser.execute_script("document.getElementById(arguments[0])"
                                    ".scrollIntoView({block: 'start'})", element)
        page, window, board, main, undo, height = self.browser.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth,"
            " document.getElementById('board').getBoundingClientRect().width,"
            " document.querySelector('main').getBoundingClientRect().width,"
            " document.getElementById('undo').getBoundingClientRect().toJSON(),"
            " window.innerHeight]")
        assert page <= window, f"{step}: the page is {page} px wide in a {window} px window"
        assert 0 <= undo["top"] and undo["bottom"] <= height, f"{step}: Undo is off screen"
        if self.window == "phone":
            assert board >= main - 2 * 8, f"{step}: the board is {board} of {main} px wide"
        self.browser.save_screenshot(str(ARTIFACTS / f"{self.window}-{self.n:02}-{step}.png"))


def centre(browser, element) -> tuple[float, float]:
    """Where ``element``'s middle is in the window (the board scrolled into view first)."""
    browser.execute_script("document.getElementById('board').scrollIntoView({block: 'end'})")
    box = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()",
                                 element)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch(browser, *moves: list) -> None:
    """Fingers on the screen: each of ``moves`` the points touched then, [] lifts them."""
    for i, points in enumerate(moves):
        kind = "touchStart" if i == 0 else "touchEnd" if not points else "touchMove"
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]})


def click_hex(browser, hex_id: str, finger: bool) -> None:
    """Click (or tap, with a ``finger``) the middle of a drawn hex, outside its cities."""
    face = browser.find_element(By.CSS_SELECTOR, f'#board svg g[data-hex="{hex_id}"] polygon')
    x, y = centre(browser, face)
    if finger:
        touch(browser, [(x, y)], [])
    else:
        ActionChains(browser).move_to_element(face).click().perform()


def zoom_on(browser, hex_id: str, finger: bool) -> tuple[float, float]:
    """Zoom in on a hex, with the mouse wheel or two fingers spread apart over it; its
    drawn width before and after."""
    def face():
        return browser.find_element(By.CSS_SELECTOR, f'#board svg g[data-hex="{hex_id}"] '
                                    'polygon')
    before = face().rect["width"]
    x, y = centre(browser, face())
    if finger:
        touch(browser, *[[(x - d, y), (x + d, y)] for d in (10, 20, 30, 40)], [])
    else:
        for _ in range(3):
            ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(face()), 0,
                                                     -250).perform()
    return before, face().rect["width"]


def drag(browser, hex_id: str, dx: int, dy: int, finger: bool) -> tuple[float, float]:
    """Drag the board from a hex by (dx, dy), with the mouse or a finger; how far the hex
    moved on the screen."""
    def face():
        return browser.find_element(By.CSS_SELECTOR, f'#board svg g[data-hex="{hex_id}"] '
                                    'polygon')
    x, y = centre(browser, face())
    if finger:
        touch(browser, [(x, y)], [(x + dx / 2, y + dy / 2)], [(x + dx, y + dy)], [])
    else:
        ActionChains(browser).move_to_element(face()).click_and_hold() \
            .move_by_offset(dx // 2, dy // 2).move_by_offset(dx - dx // 2, dy - dy // 2) \
            .release().perform()
    after = centre(browser, face())
    return after[0] - x, after[1] - y


def draw_calls(browser) -> int:
    """How many times the page has called POST /draw since it was opened."""
    return browser.execute_script("return performance.getEntriesByType('resource')"
                                  ".filter((e) => e.name.endsWith('/draw')).length")


@pytest.mark.parametrize("window", list(WINDOWS))
def test_a_players_path(base, window):
    game = json.loads(GAME.read_text())
    runs = api(base, "/import?runs=true", game)["positions"]
    # a run's position is past its lays and tokens; the page shows its board for what-ifs,
    # without that turn state (app.js whatIfBoard)
    assert all(p["turn"]["step"] == "Route" for p in runs)
    runs = [{k: v for k, v in p.items() if k != "turn"} for p in runs]
    # the README's import: N&W's run just before action 537, declared $570, best $580
    index = next(i for i, p in enumerate(runs) if p["action"] == 537)
    position = runs[index]
    browser = _driver(**WINDOWS[window])
    try:
        walk(browser, base, window, runs, index, position)
    finally:
        browser.quit()


def walk(browser, base, window, runs, index, position):
    steps = Steps(browser, window)
    # 1. the game file opens on its last run
    start_page(browser, base)
    browser.find_element(By.ID, "upload").send_keys(str(GAME))
    until(browser, lambda b: text_of(b, "run-label").startswith(f"Run {len(runs)} of "
                                                               f"{len(runs)}"),
          "the game's last run")
    assert shown_position(browser) == runs[-1]
    steps.shot("game-opened")

    # 2. the run picked on the slider; the Declared box holds that run's declared run
    browser.execute_script("const s = document.getElementById('run-slider');"
                           " s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
                           index)
    until(browser, lambda b: text_of(b, "run-label").startswith(f"Run {index + 1} of "),
          "the run picked")
    label = text_of(browser, "run-label")
    assert "N&W" in label and "declared $570" in label and "action 537" in label, label
    assert shown_position(browser) == position
    assert json.loads(browser.find_element(By.ID, "run-text").get_attribute("value")) == \
        position["declared"]
    steps.shot("run-picked", "import-runs")

    # 3. verify: the declared run beside the best, the gap as the API gives it, drawn
    verdict = api(base, "/verify", {"position": position})
    assert (verdict["declared_total"], verdict["best_total"], verdict["gap"]) == (570, 580, 10)
    browser.find_element(By.ID, "verify").click()
    until(browser, lambda b: b.find_element(By.ID, "board").get_attribute("data-drawn")
          == "verify", "the verdict drawn")
    box = browser.find_element(By.ID, "verdict")
    assert [int(box.get_attribute(f"data-{k}")) for k in ("declared", "best", "gap")] == \
        [570, 580, 10]
    assert "$10 more" in box.text
    panels = {g.get_attribute("data-panel"): sorted(
        (r.get_attribute("data-train"), int(r.get_attribute("data-revenue")))
        for r in g.find_elements(By.CSS_SELECTOR, "g.route"))
        for g in browser.find_elements(By.CSS_SELECTOR, "#board svg g[data-panel]")}
    assert panels == {"declared": [(r["train"], r["revenue"]) for r in verdict["routes"]],
                      "best": [(r["train"], r["revenue"]) for r in verdict["best"]["routes"]]}
    steps.shot("verified", "verify-panel" if window == "phone" else "board-panel")

    # 4. advice: its plans as the API ranks them; the best previewed, marked, then undone
    advice = api(base, "/advise?top=3", position)
    browser.find_element(By.ID, "advise").click()
    until(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#plans li.plan"), "the plans")
    shown = [int(li.get_attribute("data-total"))
             for li in browser.find_elements(By.CSS_SELECTOR, "#plans li.plan")]
    assert shown == [p["total"] for p in advice["plans"][:3]]
    assert text_of(browser, "advise-progress").startswith(f"{advice['candidates']} plans, ")
    best = advice["plans"][0]
    assert (best["moves"][0]["hex"], best["total"], best["gain"]) == ("C11", 600, 20)
    steps.shot("advice", "advise-panel")
    browser.find_element(By.XPATH, "//li[@class='plan'][1]/button[text()='Preview']").click()
    until(browser, lambda b: b.find_element(By.ID, "board").get_attribute("data-drawn")
          == "preview", "the plan previewed")
    banner = browser.find_element(By.ID, "preview")
    assert banner.is_displayed() and "Plan 1" in banner.text and "$600" in banner.text
    assert browser.find_elements(By.CSS_SELECTOR, '#board svg g[data-hex="C11"][data-tile="24"]')
    steps.shot("plan-previewed")
    browser.find_element(By.ID, "undo").click()   # a preview is undone, nothing was made
    until(browser, lambda b: not b.find_element(By.ID, "preview").is_displayed(),
          "the preview undone")
    until(browser, lambda b: b.find_element(By.ID, "board").get_attribute("data-drawn")
          == "board", "the board again")
    assert shown_position(browser) == position

    # 5. a lay: the hex clicked (zoomed in first, with the wheel), the tile turned on it
    legal = {(m["tile"], m["rotation"]) for m in api(base, "/moves", position)["lays"]
             if m["hex"] == "C11"}
    assert {("25", 3), ("25", 5)} <= legal   # tile 25 goes on C11 two ways
    finger = window == "phone"
    before, after = zoom_on(browser, "C11", finger)
    assert after > 2 * before, (before, after)
    assert drag(browser, "C11", -60, -30, finger) == pytest.approx((-60, -30), abs=2)
    drawn_before = draw_calls(browser)
    click_hex(browser, "C11", finger)
    tools = browser.find_element(By.ID, "lay-tools")
    until(browser, lambda b: tools.is_displayed(), "C11's lays")
    assert browser.find_element(By.CSS_SELECTOR, '.selected-hex[data-hex="C11"]')

    def candidate():
        return (tools.get_attribute("data-tile"), int(tools.get_attribute("data-rotation")))
    assert candidate() in legal
    tools.find_element(By.CSS_SELECTOR, 'button[data-tile="25"]').click()
    until(browser, lambda b: candidate() == ("25", 3), "tile 25 on C11")
    steps.shot("tile-chosen")
    click_hex(browser, "C11", finger)   # clicked again: turned to its next legal rotation
    until(browser, lambda b: candidate() == ("25", 5), "tile 25 turned")
    turned = browser.find_element(By.CSS_SELECTOR, '#board svg g.candidate[data-tile="25"]')
    assert turned.get_attribute("data-rotation") == "5"
    turned_track = browser.execute_script(TRACK_POINTS, turned)
    # one drawing per tile shown (23, the first offered, and 25); turning draws nothing
    assert draw_calls(browser) - drawn_before == 2
    steps.shot("tile-turned")
    browser.find_element(By.ID, "lay-accept").click()
    until(browser, lambda b: b.find_elements(
        By.CSS_SELECTOR, '#board svg g[data-hex="C11"][data-tile="25"][data-rotation="5"]'),
        "25 laid on C11")
    laid = api(base, "/apply", {"position": position,
                                "moves": [{"hex": "C11", "tile": "25", "rotation": 5}]})
    assert shown_position(browser) == laid
    drawn = browser.find_element(By.CSS_SELECTOR, '#board svg g[data-hex="C11"]')
    # the tile turned on the page lies where the service draws it once laid
    laid_track = browser.execute_script(TRACK_POINTS, drawn)
    assert same_points(laid_track, turned_track), (laid_track, turned_track)
    steps.shot("tile-laid")

    # 6. undo and redo
    browser.find_element(By.ID, "undo").click()
    until(browser, lambda b: shown_position(b) == position, "the lay undone")
    assert browser.find_element(By.ID, "undo").is_displayed()
    browser.find_element(By.ID, "redo").click()
    until(browser, lambda b: shown_position(b) == laid, "the lay made again")

    # 7. another run: PRR's before action 488 places a token; a full city says why not
    prr = next(i for i, p in enumerate(runs) if p["action"] == 488)
    browser.execute_script("const s = document.getElementById('run-slider');"
                           " s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
                           prr)
    until(browser, lambda b: shown_position(b) == runs[prr], "PRR's run")
    tokens = api(base, "/moves", runs[prr])["tokens"]
    assert {"hex": "H6", "city": 0, "cost": 80} in tokens
    browser.find_element(By.ID, "zoom-fit").click()
    browser.find_element(By.CSS_SELECTOR, '#board svg [data-city="A3.0"]').click()
    reason = refusal(base, runs[prr], {"hex": "A3", "city": 0})
    until(browser, lambda b: reason in b.find_element(By.ID, "lays").text, "the refusal")
    assert reason == "A3 city 0 has no free slot (held by PLE)"   # PLE's home, one slot
    assert reason in browser.find_element(By.ID, "board-note").text   # over the board too
    steps.shot("token-refused")
    browser.find_element(By.CSS_SELECTOR, '#board svg [data-city="H6.0"]').click()
    until(browser, lambda b: b.find_elements(
        By.CSS_SELECTOR, '#board svg [data-city="H6.0"] [data-company="PRR"]'),
        "PRR's token in H6")
    assert shown_position(browser) == api(base, "/apply", {"position": runs[prr], "moves": [
        {"hex": "H6", "city": 0}]})
    steps.shot("token-placed")
    browser.find_element(By.ID, "undo").click()
    until(browser, lambda b: shown_position(b) == runs[prr], "the token undone")
    # a run picked starts a history of its own: nothing of N&W's run is left to undo
    assert not browser.find_element(By.ID, "undo").is_enabled()
    steps.shot("token-undone")


def test_solve_draws_the_proven_run_captioned_best(browser, base):
    position = open_example(browser, base, "18Chesapeake", "18chesapeake-two-trains")
    shown = solve_on_page(browser)
    run = api(base, "/solve", position)
    assert shown == expected(run)
    assert run["total"] == 390 and run["status"] == "optimal"   # the README's example
    assert text_of(browser, "caption") == "Best run"


def test_every_income_line_is_listed(browser, base):
    # 18NY: D&H's $70 of fixed income and its $10 Brooklyn connection bonus are in the
    # total (docs/rules/18ny.md), each a line of its own
    position = open_example(browser, base, "18NY", "18ny-12h-and-d")
    shown = solve_on_page(browser)
    run = api(base, "/solve", position)
    assert shown == expected(run)
    lines = [(li.text, int(li.get_attribute("data-amount")))
             for li in browser.find_elements(By.CSS_SELECTOR, "#income li.income")]
    assert lines == [(f"+ {b['name']}: ${b['amount']}", b["amount"])
                     for b in run["company_bonuses"]] + \
        [(f"+ fixed income: ${run['fixed_income']}", run["fixed_income"])]
    assert run["fixed_income"] == 70
    assert sum(r["revenue"] for r in run["routes"]) + sum(a for _, a in lines) == run["total"]

    # verified, the declared run's income lines stand beside the best run's
    browser.find_element(By.ID, "verify").click()
    until(browser, lambda b: b.find_element(By.ID, "verdict").get_attribute("data-declared"),
          "the verdict")
    verdict = api(base, "/verify", {"position": position, "run": httpx.get(
        f"{base}/examples/18ny-12h-and-d-run").json()})
    rows = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in browser.find_elements(By.CSS_SELECTOR, "#verdict tr.income")]
    assert ["+ fixed income", f"${verdict['fixed_income']}", f"${run['fixed_income']}"] in rows
    assert len(rows) == len({b["name"] for b in verdict["company_bonuses"] +
                             run["company_bonuses"]}) + 1


def test_verify_then_keep_a_declared_route_and_solve_the_rest(browser, base):
    position = open_example(browser, base, "18Chesapeake", "18chesapeake-two-trains")
    declared = httpx.get(f"{base}/examples/18chesapeake-two-trains-run").json()
    until(browser, lambda b: b.find_element(By.ID, "run-text").get_attribute("value"),
          "the example's declared run")
    browser.find_element(By.ID, "verify").click()
    until(browser, lambda b: b.find_element(By.ID, "verdict").get_attribute("data-declared"),
          "the verdict")
    verdict = api(base, "/verify", {"position": position, "run": declared})
    box = browser.find_element(By.ID, "verdict")
    assert (int(box.get_attribute("data-declared")), int(box.get_attribute("data-best"))) == \
        (verdict["declared_total"], verdict["best_total"]) == (360, 390)   # the README's
    rows = {tr.get_attribute("data-train"): [td.text for td in tr.find_elements(By.TAG_NAME,
                                                                                "td")][1:]
            for tr in box.find_elements(By.CSS_SELECTOR, "tr.train")}
    assert rows == {"4-0": ["$150", "$180"], "5-1": ["$210", "$210"]}   # the README's routes
    assert text_of(browser, "caption") == "Declared run"

    browser.find_element(By.CSS_SELECTOR, '#routes li.route[data-train="4-0"] input.pin').click()
    shown = solve_on_page(browser, press="resolve")
    kept = {**declared, "routes": declared["routes"][:1]}
    run = api(base, "/solve", {"position": position, "keep": kept})
    assert shown == expected(run)
    assert dict(shown["routes"])["4-0"] == 150   # the declared 4-train route, kept
