"""'Co bych hrál já?' on a 360 px phone: with htmx the hint replaces the link in place, where
the person tapped; the page does not change."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.htmx import settled

pytestmark = pytest.mark.browser


def test_the_hint_swaps_in_where_the_person_tapped(live_server, page):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/hrat/")
    page.check("input[name=barva][value=orange]")  # not drawn: the hint names Oranžový
    page.check("input[name=poradi][value='1']")
    page.click("text=Další volby (pro pokročilé)")
    page.fill("#id_seed", "3")
    page.click("button:has-text('Začít hru')")
    expect(page).to_have_url(re.compile(r"/hrat/[A-Za-z0-9_-]{20,}/$"))
    game_url = page.url
    settled(page)  # htmx loaded: the roll is answered in place, not by a new page
    page.click("text=Hodit kostkami")
    expect(page.locator(".play-status")).to_contain_text("Fáze: obchod")
    settled(page)
    page.locator("#play-hint a", has_text="Co bych hrál já?").click()
    hint = page.locator("#play-hint")
    expect(hint).to_contain_text(re.compile(r"Co bych hrál já\? Oranžový .+, (protože|aby) "))
    expect(hint).to_contain_text("jen jejich počet")
    expect(hint).to_be_in_viewport()
    assert page.url == game_url
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
