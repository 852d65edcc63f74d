"""'Co bych hrál já?' on a 360 px phone: a button; with htmx the answer comes in place, where
the person tapped (the page address does not change), without JavaScript the game page opens
at the hint; the hint asks for the move, marks its place and plays it by its button."""

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.append(str(Path(__file__).parent.parent / "play"))
import play_kit as kit  # noqa: E402  (the Hrát tests' helpers: a game of fixed chance)

from tests.browser.axe import assert_accessible  # noqa: E402
from tests.browser.htmx import settled  # noqa: E402

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
    page.locator("#play-hint button", has_text="Co bych hrál já?").click()
    hint = page.locator("#play-hint")
    # Spoken to the person, with the strong player's reason and the move as a button.
    expect(hint).to_contain_text(re.compile(r"Co bych hrál já\? [A-ZŽŠČŘ][a-zěščřžýáíéůú]+te "))
    expect(hint).to_contain_text(
        re.compile(r"Silný hráč by to na vašem místě zahrál, (protože|aby) "))
    expect(hint).to_contain_text("jen jejich počet")
    expect(hint).to_be_in_viewport()
    assert page.url == game_url
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    assert_accessible(page)
    page.set_viewport_size({"width": 360, "height": 740})
    # The button plays the suggested move in place.
    hint.locator(".play-action button").click()
    settled(page)
    expect(page.locator(".play-mine")).to_be_visible()
    assert page.url.split("#")[0] == game_url
    expect(page.locator(".play-status")).not_to_contain_text("Fáze: obchod.")


def test_without_javascript_the_hint_opens_the_game_at_the_hint_with_the_place_marked(
        live_server, browser, client):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="cs-CZ",
                                  java_script_enabled=False)
    page = context.new_page()
    try:
        url = kit.stored(4, plan="variabilni")  # the set-up: the hint names a corner
        page.goto(live_server.url + url)
        page.click("#play-hint button")
        expect(page).to_have_url(re.compile(r"\?napoveda=1#play-hint$"))
        expect(page.locator("#play-hint")).to_contain_text("Postavte vesnici ")
        expect(page.locator(".play-board circle.hl")).to_have_count(1)
        page.click("#play-hint .play-action button")
        expect(page).to_have_url(re.compile("#odpoved$"))
        expect(page.locator(".play-mine")).to_contain_text("zakládá vesnici")
    finally:
        context.close()
