"""End to end: ``belot dashboard DATASET --port N`` as a real server, driven in headless
Chromium (Debian's chromium + chromium-driver, Selenium), every page clicked through.

The dataset is the bundled records (data/), built with the same ingest as
``belot dashboard`` without a DATASET.  A screenshot of each page is saved under the
test's temporary folder, or under ``$BELOT_SCREENSHOTS`` when set (the README's
screenshots: ``BELOT_SCREENSHOTS=docs/screenshots pytest tests/dashboard/test_dashboard_e2e.py``);
the time each page took to be ready is printed (``-s``).

Every wait is bounded: the server must answer within 90 s, each page within 60 s, and
the server is stopped (its whole process group) whatever happens.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from support.dashboard_util import BROKEN_TEXT, HAND_TEXT, REPO, serving

from dashboard.ddview import NoAnalysis, analyse_loaded
from dashboard.viewer import replay_from_dataset

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: how long to wait for the server and for a page's element: bounds, not timings; a page
#: that renders in seconds on an idle machine takes minutes with both cores busy
SERVER_WAIT = 180
PAGE_WAIT = 150
WIDTH, HEIGHT = 1400, 1000

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="/usr/bin/chromium is absent: install Debian's chromium and chromium-driver "
           "(scripts/setup.sh does when run as root)")

#: (title in the navigation, the page's heading, charts it draws at least)
PAGES = [
    ("Overview", "Belot records", 6),
    ("Bidding", "Bidding", 3),
    ("Declarations", "Declarations", 5),
    ("Violations", "Violations", 2),
    ("Players", "Players", 3),
    ("Replay", "Replay", 0),
    ("Import", "Import", 0),
]


@pytest.fixture(scope="module")
def bundled_dataset(tmp_path_factory) -> Path:
    from belot.bundled import build_demo

    ds = tmp_path_factory.mktemp("e2e") / "dataset"
    build_demo(ds, quiet=True)
    return ds


@pytest.fixture(scope="module")
def server(bundled_dataset, tmp_path_factory):
    """The real command, headless, from another folder."""
    cwd = tmp_path_factory.mktemp("cwd")
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with serving([sys.executable, "-m", "belot", "dashboard", str(bundled_dataset)], cwd, env,
                 SERVER_WAIT) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    opts.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={WIDTH},{HEIGHT}", "--hide-scrollbars", "--force-device-scale-factor=1"):
        opts.add_argument(arg)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=opts)
    driver.set_page_load_timeout(PAGE_WAIT)
    driver.set_script_timeout(PAGE_WAIT)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("BELOT_SCREENSHOTS")
    out = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    out.mkdir(parents=True, exist_ok=True)
    return out


# ------------------------------------------------------------------ helpers


def _wait(driver, what, timeout: float = PAGE_WAIT):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # Streamlit replaces elements as it reruns: a stale one just means "look again"
    return WebDriverWait(driver, timeout, poll_frequency=0.2,
                         ignored_exceptions=(StaleElementReferenceException,)).until(what)


#: one look at the page, in the browser (no element handles that can go stale)
READY_JS = """
const [heading, charts, text] = arguments;
const app = document.querySelector('[data-testid="stApp"]');
if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
const h1 = document.querySelector('h1');
if (!h1 || h1.innerText.trim() !== heading) return false;
const drawn = document.querySelectorAll(
  '[data-testid="stVegaLiteChart"] canvas, [data-testid="stVegaLiteChart"] svg.marks');
if (drawn.length < charts) return false;
return text === null || document.body.innerText.includes(text);
"""


def settled(driver, heading: str, charts: int = 0, text: str | None = None) -> None:
    """Wait until the script has finished, the heading is shown and the charts are drawn."""
    from selenium.webdriver.common.by import By

    _wait(driver, lambda d: d.execute_script(READY_JS, heading, charts, text))
    time.sleep(0.3)  # let the last chart finish its layout before a screenshot
    errors = driver.execute_script(
        "return [...document.querySelectorAll('[data-testid=\"stException\"]')]"
        ".map(e => e.innerText)")
    assert not errors, errors
    assert driver.find_elements(By.CSS_SELECTOR, "h1")


def shoot(driver, path: Path) -> None:
    """A screenshot as tall as the page's content (within reason), then the usual size."""
    height = driver.execute_script(
        "const m = document.querySelector('[data-testid=\"stMain\"]');"
        "return (m ? m.scrollHeight : document.body.scrollHeight);")
    driver.set_window_size(WIDTH, max(900, min(int(height) + 40, 2600)))
    time.sleep(0.8)  # charts follow the new width/height
    driver.save_screenshot(str(path))
    driver.set_window_size(WIDTH, HEIGHT)


def select_row(driver, row: int) -> None:
    """Tick the selection box of a table row (the grid is a canvas: click by position)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    grid = driver.find_element(By.CSS_SELECTOR, '[data-testid="stDataFrame"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", grid)
    time.sleep(0.5)
    r = grid.rect
    header = row_height = 35  # Streamlit's default row height, the header's too
    ActionChains(driver).move_to_element_with_offset(
        grid, int(-r["width"] / 2 + 14),
        int(-r["height"] / 2 + header + row_height * row + row_height / 2)
    ).pause(0.2).click().perform()


def nav(driver, title: str) -> None:
    from selenium.webdriver.common.by import By

    links = driver.find_elements(By.CSS_SELECTOR, '[data-testid="stSidebarNavLink"]')
    # the text also holds the icon's ligature name ("dashboard\nOverview")
    link = next(a for a in links if a.text.strip().splitlines()[-1:] == [title])
    link.click()


def button(driver, label: str):
    from selenium.webdriver.common.by import By

    for b in driver.find_elements(By.CSS_SELECTOR, "button"):
        if b.text.strip().endswith(label) and b.is_displayed():
            return b
    raise AssertionError(f"no button {label!r}")


def trick_line(driver) -> str:
    return driver.execute_script("""
for (const p of document.querySelectorAll('[data-testid="stMarkdownContainer"] p')) {
  const t = p.innerText.trim();
  if (t.startsWith('Trick ') || t.startsWith('Before the first lead')) return t;
}
return '';""")


# ------------------------------------------------------------------ the test


def test_click_through_every_page(server, browser, shots, tmp_path, bundled_dataset):
    from selenium.webdriver.common.by import By

    import analytics

    with analytics.open_dataset(bundled_dataset) as a:
        games_before = a.overview()["games"]
        on_cards = a.violation_rows(code=["C401", "C402", "C403", "C404"], limit=5000)
        third = a.violation_rows(limit=500).row(2, named=True)  # as the table lists them
        # a card-play finding in a yu4 game (the play goes on after it, so there are tricks
        # to step through), else any finding a few tricks into a deal
        yu4 = on_cards.filter((pl.col("variant") == "yu4") & (pl.col("trick") >= 3))
        shown = (yu4 if not yu4.is_empty() else on_cards.filter(pl.col("trick") >= 3)).row(
            0, named=True)
        # what the viewer must say of that deal double-dummy (solved here, in the test)
        dd = analyse_loaded(replay_from_dataset(a, shown["game_id"]), shown["deal"])
    dd_text = (f"No double-dummy analysis for this deal: {dd.reason}" if isinstance(
        dd, NoAnalysis) else f"secure {dd.value} card points")

    timings: dict[str, float] = {}
    t0 = time.monotonic()
    browser.get(server)
    settled(browser, "Belot records", 6)
    timings["Overview (first load)"] = time.monotonic() - t0

    for title, heading, charts in PAGES:
        t0 = time.monotonic()
        nav(browser, title)
        settled(browser, heading, charts)
        timings[title] = time.monotonic() - t0
        if title in ("Replay", "Import"):
            continue  # their screenshots come after using them, below
        shoot(browser, shots / f"{title.lower()}.png")

    # Violations -> the replay viewer at that deal and trick
    nav(browser, "Violations")
    settled(browser, "Violations", 2)
    t0 = time.monotonic()
    button(browser, "Open in replay").click()
    settled(browser, "Replay", text="Trick")
    timings["Violation opened in Replay"] = time.monotonic() - t0
    assert "game=" in browser.current_url and "trick=" in browser.current_url

    # selecting a row of the table opens its deal too
    nav(browser, "Violations")
    settled(browser, "Violations", 2)
    select_row(browser, 2)
    settled(browser, "Replay", text=third["message"])
    assert f"game={third['game_id']}&deal={third['deal']}&trick=" in browser.current_url
    nav(browser, "Violations")  # the selection is gone: the page stays
    settled(browser, "Violations", 2)
    time.sleep(1)
    settled(browser, "Violations", 2)

    # a deep link straight to a trick with a finding: the card is flagged, the message shown
    t0 = time.monotonic()
    browser.get(f"{server}/replay?game={shown['game_id']}&deal={shown['deal']}"
                f"&trick={shown['trick']}")
    settled(browser, "Replay", text=f"Trick {shown['trick']} of")
    timings["Replay (deep link, cold)"] = time.monotonic() - t0
    # (st.html content lands a moment after the script's run has finished)
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".bt-center .bcard.bad"))
    assert shown["code"] in browser.find_element(By.TAG_NAME, "body").text
    _wait(browser, lambda d: dd_text in d.find_element(By.TAG_NAME, "body").text)
    shoot(browser, shots / "replay.png")

    # step forward and back
    button(browser, "Start").click()
    _wait(browser, lambda d: trick_line(d).startswith("Before the first lead"))
    button(browser, "Next").click()
    _wait(browser, lambda d: trick_line(d).startswith("Trick 1 of"))
    button(browser, "Next").click()
    _wait(browser, lambda d: trick_line(d).startswith("Trick 2 of"))
    button(browser, "Previous").click()
    _wait(browser, lambda d: trick_line(d).startswith("Trick 1 of"))
    for _ in range(3):
        button(browser, "Next").click()
        time.sleep(0.2)
    _wait(browser, lambda d: trick_line(d).startswith("Trick 4 of"))
    settled(browser, "Replay")
    _wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".bt-center .bcard")) >= 2)

    # import: a good file through the real upload widget, then into the dataset
    nav(browser, "Import")
    settled(browser, "Import")
    upload = tmp_path / "club-night.bgn"
    upload.write_text(HAND_TEXT.replace("Dashboard test", "Uploaded in the browser"),
                      encoding="utf-8")
    scribbles = tmp_path / "scribbles.bgn"
    scribbles.write_text(BROKEN_TEXT, encoding="utf-8")
    browser.find_element(By.CSS_SELECTOR, 'input[type="file"]').send_keys(
        f"{upload}\n{scribbles}")
    settled(browser, "Import", text="Files accepted")
    _wait(browser, lambda d: "2 finding(s)" in d.find_element(By.TAG_NAME, "body").text
          and "scribbles.bgn is rejected" in d.find_element(By.TAG_NAME, "body").text)
    shoot(browser, shots / "import.png")
    t0 = time.monotonic()
    button(browser, "to the dataset").click()
    settled(browser, "Import", text="Added 1 game(s)")
    timings["Import (add one file)"] = time.monotonic() - t0

    # the overview counts the new game
    nav(browser, "Overview")
    settled(browser, "Belot records", 6)
    games = browser.find_element(By.CSS_SELECTOR, '[data-testid="stMetricValue"]').text
    assert games == f"{games_before + 1:,}"

    print("\npage ready times (s): " + ", ".join(f"{k} {v:.1f}" for k, v in timings.items()))
    assert all(v < PAGE_WAIT for v in timings.values())


# ------------------------------------------------------------ the fair-play page


@pytest.fixture(scope="module")
def fairplay_server(tmp_path_factory):
    """The real command over six bundled simulated games analysed single-dummy."""
    from support.fairplay_sim import analysed_sim_dataset

    ds = analysed_sim_dataset(tmp_path_factory.mktemp("e2e-fairplay"), games=6)
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with serving([sys.executable, "-m", "belot", "dashboard", str(ds)],
                 tmp_path_factory.mktemp("cwd"), env, SERVER_WAIT) as url:
        yield url, ds


def test_fair_play_page(fairplay_server, browser, shots):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from analytics import open_dataset
    from analytics.fairplay import report_frame

    url, ds = fairplay_server
    with open_dataset(ds) as a:
        default, wide = report_frame(a), report_frame(a, min_cards=100)
    assert not default.is_empty()  # someone has 200 cards: the table and the chart show
    t0 = time.monotonic()
    browser.get(url)
    settled(browser, "Belot records", 6)
    nav(browser, "Fair play")
    settled(browser, "Fair play", 1, text="What this page can and cannot say")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert f"Tests run\n{default['tests'][0]}" in body
    assert f"Unusual, worth a review\n{default['flagged'].sum()}" in body
    assert "never proof of anything" in body
    print(f"\nFair play page ready in {time.monotonic() - t0:.1f} s")
    # fewer cards: more players and pairs, more tests
    box = browser.find_element(By.CSS_SELECTOR, 'input[aria-label="Fewest cards analysed"]')
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("100", Keys.ENTER)
    _wait(browser, lambda d: f"Tests run\n{wide['tests'][0]}" in
          d.find_element(By.TAG_NAME, "body").text)
    settled(browser, "Fair play", 1)
    players = wide.filter(pl.col("kind") == "player").height
    body = browser.find_element(By.TAG_NAME, "body").text
    assert f"Players\n{players}\nPartnerships\n{wide.height - players}" in body
    browser.execute_script("document.activeElement.blur()")
    shoot(browser, shots / "fairplay.png")


# ------------------------------------------- the replay viewer's single-dummy column


def test_replay_shows_single_dummy_beside_double_dummy(fairplay_server, browser, shots):
    """The Replay page over the dataset analysed single-dummy: the played card's note
    and line give its single-dummy loss, and the per-card table has the ``sd loss``
    column beside ``loss``."""
    import duckdb
    from selenium.webdriver.common.by import By

    url, ds = fairplay_server
    rows = duckdb.connect().execute(f"""
        SELECT game_id, deal, trick, sd_loss
        FROM read_parquet('{ds}/card_single_dummy/**/*.parquet', hive_partitioning = true)
        WHERE sd_loss >= 1 AND NOT betl ORDER BY game_id, deal, idx LIMIT 1""").fetchall()
    assert rows, "no card lost 1 point or more single dummy"
    gid, deal, trick, sd_loss = rows[0]
    t0 = time.monotonic()
    browser.get(f"{url}/replay?game={gid}&deal={deal}&trick={trick}")
    settled(browser, "Replay", text="Single dummy: each card judged over 2 layout(s)")
    _wait(browser, lambda d: any(s.text.endswith(f"sd −{sd_loss:.2f}") for s in
                                 d.find_elements(By.CSS_SELECTOR, ".bt-center small")))
    body = browser.find_element(By.TAG_NAME, "body").text
    assert f"single dummy: lost {sd_loss:.2f} points" in body
    print(f"\nReplay with single-dummy values ready in {time.monotonic() - t0:.1f} s")
    # the per-card table, opened: its header has the column
    browser.find_element(
        By.XPATH, "//summary[contains(., 'every card (single dummy beside it)')]").click()
    _wait(browser, lambda d: d.execute_script(
        "return [...document.querySelectorAll('[data-testid=\"stDataFrame\"] [role=\"columnheader\"]')]"
        ".some(h => h.innerText.trim() === 'sd loss')"))
    settled(browser, "Replay", 1)
    browser.execute_script("document.querySelector('[data-testid=\"stMain\"]').scrollTo(0, 0)")
    shoot(browser, shots / "replay-single-dummy.png")
