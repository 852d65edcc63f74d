"""'Přehrávat' in a real browser on a phone: htmx posts turn after turn by itself (the table
comes back with the next step's form), 'Zastavit' stops it for good."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.htmx import settled

pytestmark = pytest.mark.browser


def test_playback_advances_by_itself_and_zastavit_stops_it(live_server, page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/hrat/")
    page.check("input[name=lide][value='0']")
    page.click("text=Další volby (pro pokročilé)")
    page.fill("#id_seed", "4")
    page.locator("button:has-text('Začít hru')").first.click()
    expect(page).to_have_url(re.compile(r"/hrat/[A-Za-z0-9_-]{20,}/$"))
    game_url = page.url
    settled(page)
    heading = page.locator("h1")
    expect(heading).to_have_text("1. kolo: na tahu Červený")

    assert_accessible(page)  # the speeds' choice (the viewport is set back below)
    page.set_viewport_size({"width": 390, "height": 844})
    page.check("input[name=prehrat][value=rychle]")
    page.click("button:has-text('Přehrávat')")
    expect(page.locator(".play-autoplay")).to_contain_text("Přehrává se rychle")
    # Nobody taps: the turns go on, each a request the server answers.
    expect(heading).to_have_text("1. kolo: na tahu Modrý")
    expect(heading).to_have_text("1. kolo: na tahu Bílý")
    expect(heading).to_have_text("2. kolo: na tahu Oranžový")
    assert page.url.split("?")[0].split("#")[0] == game_url  # the page was never reloaded
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.click("button:has-text('Zastavit')")
    settled(page)
    expect(page.locator(".play-autostep")).to_have_count(0)
    stopped = heading.inner_text()
    page.wait_for_timeout(2000)  # almost three steps' time at 'rychle'
    settled(page)
    assert heading.inner_text() == stopped
    expect(page.locator("button:has-text('Přehrávat')")).to_be_visible()
    page.goto(game_url + "?prehrat=pomalu")  # playing, as a page: still accessible
    assert_accessible(page)
