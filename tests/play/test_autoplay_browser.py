"""'Přehrávat' in a real browser on a phone: htmx posts turn after turn by itself (the table
comes back with the next step's form), 'Zastavit' stops it for good."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.htmx import settled

pytestmark = pytest.mark.browser


def computers_only(live_server, page) -> None:
    """On a phone, start a game of four computer players (seed 4) and wait for its page."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/hrat/")
    page.check("input[name=lide][value='0']")
    page.click("text=Další volby (pro pokročilé)")
    page.fill("#id_seed", "4")
    page.locator("button:has-text('Začít hru')").first.click()
    expect(page).to_have_url(re.compile(r"/hrat/[A-Za-z0-9_-]{20,}/$"))


# Every heading the page shows, in order, noted the moment it changes (a reload loses them).
HEADINGS = """() => { const now = () => document.querySelector('h1').innerText;
  window.headings = [now()];
  new MutationObserver(() => {
    if (window.headings[window.headings.length - 1] !== now()) window.headings.push(now());
  }).observe(document.body, {childList: true, subtree: true, characterData: true}); }"""


def test_playback_advances_by_itself_and_zastavit_stops_it(live_server, page):
    computers_only(live_server, page)
    game_url = page.url
    settled(page)
    heading = page.locator("h1")
    expect(heading).to_have_text("1. kolo: na tahu Červený")

    assert_accessible(page)  # the speeds' choice (the viewport is set back below)
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(HEADINGS)
    page.check("input[name=prehrat][value=rychle]")
    page.click("button:has-text('Přehrávat')")
    expect(page.locator(".play-autoplay")).to_contain_text("Přehrává se rychle")
    # Nobody taps: the turns go on, each a request the server answers, one after another.
    # (Every heading the page shows is noted as it comes: a turn's heading stays for 0.7 s
    # or so, which a check now and then could miss on a loaded machine.)
    page.wait_for_function("() => window.headings.includes('2. kolo: na tahu Oranžový')",
                           timeout=30_000)
    assert page.evaluate("window.headings")[:4] == [
        "1. kolo: na tahu Červený", "1. kolo: na tahu Modrý", "1. kolo: na tahu Bílý",
        "2. kolo: na tahu Oranžový"]
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
    # Playing, as a page: still accessible. Its next turn is held here, never answered, so
    # that no table is swapped in while axe reads the page (its two widths took 0.8 s on a
    # loaded machine: five times slower is the 4 s of 'pomalu').
    page.route("**/pocitac/", lambda route: None)
    page.goto(game_url + "?prehrat=pomalu")
    assert_accessible(page)


def test_zastavit_pressed_while_the_next_turn_comes_in_still_stops(live_server, page):
    """A turn's answer comes in between the press and the release of "Zastavit": the table
    it brings waits for the release (tutorial/play/static/play/hold.js), so the button
    pressed is still there and stops the playback; without that, with a mouse the browser
    sends no click at all and the game plays on."""
    computers_only(live_server, page)
    settled(page)
    # The playback's first turn waits here until the finger is down on "Zastavit" (waiting
    # for the turn's own 4 s delay left little of hold.js's 10 s on a loaded machine).
    held = []
    page.route("**/pocitac/", lambda route: route.continue_() if held
               else held.append(route))
    page.check("input[name=prehrat][value=rychle]")
    page.click("button:has-text('Přehrávat')")
    expect(page.locator(".play-autoplay")).to_contain_text("Přehrává se rychle")
    while not held:  # the turn is on its way, held
        page.wait_for_timeout(20)
    page.evaluate("""() => { window.stepAnswered = false;
      document.addEventListener('htmx:beforeSwap', (event) => {
        if (event.detail.requestConfig.elt.matches('.play-autostep'))
          window.stepAnswered = true; }, true); }""")
    stop = page.locator("button:has-text('Zastavit')")
    stop.scroll_into_view_if_needed()
    box = stop.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    held[0].continue_()  # the turn's answer comes in under the finger
    page.wait_for_function("() => window.stepAnswered")
    page.mouse.up()
    expect(page.locator(".play-autostep")).to_have_count(0)
    expect(page.locator("button:has-text('Přehrávat')")).to_be_visible()
    stopped = page.locator("h1").inner_text()
    page.wait_for_timeout(2000)  # almost three steps' time at 'rychle'
    settled(page)
    assert page.locator("h1").inner_text() == stopped


def test_hrat_dal_tapped_while_a_playback_turn_is_on_its_way_is_not_dropped(live_server,
                                                                             page):
    """A tap on "Hrát dál" while the playback's next turn is still on its way to the
    server: the tap replaces that request (it would otherwise be dropped, with nothing on
    screen to say so) and its own answer, the game played on, stops the playback."""
    from playwright.sync_api import Error

    computers_only(live_server, page)
    settled(page)
    held = []
    page.route("**/pocitac/", lambda route: held.append(route)
               if "prehrat" in (route.request.post_data or "") else route.continue_())
    page.check("input[name=prehrat][value=rychle]")
    page.click("button:has-text('Přehrávat')")
    while not held:  # the playback's turn is on its way, held here
        page.wait_for_timeout(20)
    with page.expect_request(lambda r: r.url.endswith("/pocitac/#odpoved") or (
            r.url.endswith("/pocitac/") and "kolik=vic" in (r.post_data or ""))) as tapped:
        page.click("button:has-text('Hrát dál')")
    assert "kolik=vic" in (tapped.value.post_data or "")
    try:
        held[0].continue_()
    except Error:
        pass  # the browser gave that request up already
    expect(page.locator(".play-autostep")).to_have_count(0)
    expect(page.locator("button:has-text('Přehrávat')").or_(
        page.locator("h1", has_text="Konec hry"))).to_be_visible()
