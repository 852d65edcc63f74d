import re
import pytest
from playwright.sync_api import expect
pytestmark = pytest.mark.browser

def start(page, url, players, people, seed, plan="zacatecnici"):
    page.goto(f"{url}/hrat/")
    page.fill("#id_hraci", str(players)); page.fill("#id_lide", str(people)); page.fill("#id_seed", str(seed))
    page.check(f"input[name=plan][value={plan}]")
    page.click("text=Začít hru")
    expect(page).to_have_url(re.compile(r"/hrat/[A-Za-z0-9_-]{20,}/$"))

def test_explore(live_server, browser):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="cs-CZ")
    page = ctx.new_page()
    start(page, live_server.url, 2, 1, 21)
    page.screenshot(path="/tmp/playui/k1.png")
    page.click(".play-dock button")
    page.wait_for_timeout(800)
    page.screenshot(path="/tmp/playui/k2.png")
    page.evaluate("window.scrollTo(0,0)")
    page.screenshot(path="/tmp/playui/k2top.png")
    start(page, live_server.url, 4, 0, 4)
    for _ in range(8):
        if "Konec hry" in page.inner_text("h1"): break
        page.click("text=Hrát dál")
        page.wait_for_timeout(1500)
    page.screenshot(path="/tmp/playui/end.png")
    page.screenshot(path="/tmp/playui/endfull.png", full_page=True)
    ctx.close()
