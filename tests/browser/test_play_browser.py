"""Hrát in a real browser: whole games against computer players, the person's moves chosen
from "Co můžu dělat?", fixed seeds (the dice follow the seed and the log, so every run plays
the same game)."""

import re
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

sys.path.append(str(Path(__file__).parent.parent / "play"))
import play_kit as kit  # noqa: E402  (the Hrát tests' helpers: start a game, fix the dice)

from tests.browser.axe import assert_accessible  # noqa: E402
from tests.browser.htmx import settled  # noqa: E402
from tests.helpers.browser import PHONE, discard_first_cards, press_preferred
from tests.helpers.browser import PLAY_TABLE as TABLE
from tutorial.play import store  # noqa: E402

pytestmark = pytest.mark.browser

# A person in a hurry: build what can be built, deal with the robber and end the turn.
PREFERENCE = ("Hodit kostkami", "Postavit vesnici", "Postavit silnici",
              "Postavit neutrálnímu hráči", "Povýšit vesnici", "Zloděj na", "Vrátit",
              "Odmítnout nabídku", "Ukončit tah")
MAX_MOVES = 400


def start(page, url: str, players: int, plan: str, seed: int) -> None:
    page.goto(f"{url}/hrat/")
    page.check(f"input[name=hraci][value='{players}']")
    page.check("input[name=lide][value='1']")
    page.check(f"input[name=plan][value={plan}]")
    page.check("input[name=barva][value=orange]")  # the tests play orange, rolling first
    page.check("input[name=poradi][value='1']")
    page.click("text=Další volby (pro pokročilé)")
    page.fill("#id_seed", str(seed))
    page.click("button:has-text(\"Začít hru\")")
    expect(page).to_have_url(re.compile(r"/hrat/[A-Za-z0-9_-]{20,}/$"))




def play_to_the_end(page) -> tuple[str, int]:
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    for moves in range(MAX_MOVES):
        settled(page)
        table = page.evaluate(TABLE)
        assert table["refusal"] is None, table["refusal"]  # the last move was taken
        if table["heading"].startswith("Konec hry"):
            assert not errors, errors
            return table["heading"], moves
        assert "Hrajete vy" in table["status"], table["status"]
        if table["discard"] is not None:
            discard_first_cards(page, table)
        else:
            press_preferred(page, table["labels"], PREFERENCE)
    raise AssertionError(f"no winner after {MAX_MOVES} moves")


def test_a_katan_pro_dva_game_on_a_variable_board_to_the_end(live_server, page):
    start(page, live_server.url, players=2, plan="variabilni", seed=6)
    expect(page.locator("h1")).to_contain_text("Fáze zakládání")
    heading, moves = play_to_the_end(page)
    assert re.fullmatch(r"Konec hry: vyhrává (Oranžový|Červený)", heading)
    assert moves > 20
    expect(page.locator(".players")).to_contain_text("Obchodní karty")
    pages, url = [], page.url + "zapis.json"
    while url:  # the record comes in pages
        pages.append(page.request.get(urljoin(page.url, url)).json())
        url = pages[-1]["page"]["next"]
    assert pages[0]["winner"] in ("orange", "red") and len(pages[0]["turns"]) > 10
    events = [event for record in pages for turn in record["turns"] for step in turn["steps"]
              for event in step["events"]]
    # The person (orange) built for the neutral player: Katan pro dva's own rule was played.
    assert any(e["kind"] == "neutral_built" and e["player"] == "orange" for e in events)


def test_a_four_player_beginner_game_to_the_end(live_server, page):
    # The person builds settlements, roads and a city, discards on a 7 and moves the robber.
    start(page, live_server.url, players=4, plan="zacatecnici", seed=3)
    heading, moves = play_to_the_end(page)
    assert heading.startswith("Konec hry: vyhrává")
    page.click("text=Záznam hry krok za krokem")
    expect(page.locator("h1")).to_contain_text("1. tah: Oranžový")
    settled(page)  # the arrow keys work once the page's scripts have loaded
    page.keyboard.press("ArrowRight")
    expect(page.locator("h1")).to_contain_text("krok 2")


def test_one_turn_with_javascript_off(live_server, browser):
    context = browser.new_context(locale="cs-CZ", java_script_enabled=False)
    page = context.new_page()
    try:
        start(page, live_server.url, players=4, plan="zacatecnici", seed=3)
        page.click("text=Hodit kostkami")
        expect(page.locator(".play-status")).to_contain_text("Fáze: obchod")
        page.click("text=Ukončit tah")
        expect(page.locator(".play-news summary")).to_contain_text("Mezitím hráli")
        expect(page.locator(".play-status")).to_contain_text("Hrajete vy (Oranžový)")
        expect(page.locator(".play-news")).to_contain_text("Proč: Modrý")
    finally:
        context.close()


def test_tapping_a_spot_shows_why_not_here(live_server, page):
    start(page, live_server.url, players=4, plan="zacatecnici", seed=3)
    page.click("text=křižovatky")
    expect(page.locator(".play-board a.target-node")).to_have_count(54)
    page.locator('.play-board a.target-node[data-id="b2.SE"]').click()
    expect(page.locator(".play-spot")).to_contain_text("Proč ne tady?")
    expect(page.locator(".play-spot")).to_contain_text("Nejdřív je třeba hodit kostkami.")
    expect(page.locator(".play-spot a").first).to_have_attribute("href", re.compile("/almanach/"))


# --- on a 360 px phone: the answer to every tap and the hand on screen without scrolling ---

HAND = '[aria-label="Vaše karty"]'
# The top of an element is on screen and not under the bottom bar (hand + main action).
SHOWN = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const top = el.getBoundingClientRect().top;
  const dock = document.querySelector('.play-dock');
  const limit = dock ? dock.getBoundingClientRect().top : window.innerHeight;
  return top >= 0 && top + 24 <= limit;
}"""
HAND_SHOWN = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
}"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, locale="cs-CZ", service_workers="block")
    yield context.new_page()
    context.close()


def answered(page, selector: str) -> None:
    """The answer (selector) and the hand are on screen, the page no wider than the phone."""
    settled(page)
    page.wait_for_function(SHOWN, arg=selector, timeout=5000)
    page.wait_for_function(HAND_SHOWN, arg=HAND, timeout=5000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_every_kind_of_move_is_answered_in_view_on_a_phone(live_server, phone, client):
    url = kit.start(client, seed=3)
    kit.roll(url, (6, 4))  # orange gets the lumber for a road (the forest 10)
    phone.goto(live_server.url + url)
    # An offer that is a gift is refused; what was typed stays.
    phone.click("text=Obchod se spoluhráči")
    phone.fill("input[name=chci_wool]", "2")
    phone.click("text=Nabídnout")
    answered(phone, ".play-refusal")
    expect(phone.locator("input[name=chci_wool]")).to_have_value("2")
    # A real offer to everyone (orange holds 1 brick, 1 lumber, 1 wool): each answer listed.
    phone.fill("input[name=chci_wool]", "0")
    phone.fill("input[name=dam_wool]", "1")
    phone.fill("input[name=chci_ore]", "1")
    phone.click("text=Nabídnout")
    answered(phone, ".play-answers")
    expect(phone.locator(".play-answers")).to_contain_text("Nabízíte všem 1 vlnu za 1 rudu")
    # A tap on the board: the spot's panel, then building there.
    phone.locator(".play-board a.target-path").first.click()
    answered(phone, ".play-spot")
    phone.click(".play-spot button")
    answered(phone, ".play-mine")
    expect(phone.locator(".play-mine")).to_contain_text("silnici")
    # Ending the turn: the computer players' turns in one line, the roll pinned below.
    phone.click(".play-dock button")
    answered(phone, ".play-news")
    expect(phone.locator(".play-dock button")).to_have_text("Hodit kostkami")
    # Rolling from the bottom bar: what the roll brought, with the dice.
    phone.click(".play-dock button")
    answered(phone, ".play-mine")
    expect(phone.locator(".play-mine .dice")).to_have_attribute("aria-label", re.compile("součet"))


def test_a_seven_discard_and_robber_are_answered_in_view_on_a_phone(live_server, phone, client):
    url = kit.start(client, seed=3)
    for dice in [(4, 4), (5, 5), (3, 3), (4, 5), (2, 4), (6, 6), (5, 6)] * 4:
        if store.game_of(store.find(url.split("/")[2])).hand_size("orange") > 7:
            break
        kit.roll(url, dice)
        kit.post_move(client, url, {"type": "end_turn", "player": "orange"})
    kit.roll(url, (3, 4))
    phone.goto(live_server.url + url)
    answered(phone, ".play-discard")
    # A wrong count is refused in view, the numbers typed stay.
    phone.fill("input[name=odhodit_brick]", "1")
    phone.click(".play-discard button")
    answered(phone, ".play-refusal")
    expect(phone.locator("input[name=odhodit_brick]")).to_have_value("1")
    owed = int(re.search(r"Odhoďte (\d+)", phone.inner_text(".play-discard"))[1])
    left = owed
    for chip in phone.locator(f"{HAND} .chip").all():
        resource = re.search(r"r-(\w+)", chip.get_attribute("class"))[1]
        take = min(int(chip.get_attribute("data-count")), left)
        phone.fill(f"input[name=odhodit_{resource}]", str(take))
        left -= take
    # The total counts as the person types.
    expect(phone.locator(".discard-chosen")).to_have_text(str(owed))
    expect(phone.locator(".discard-total")).to_have_class(re.compile("is-done"))
    phone.click(".play-discard button")
    answered(phone, ".play-mine")
    # The robber: tap a hex, then send him there.
    phone.locator(".play-board a.target-hex").first.click()
    answered(phone, ".play-spot")
    phone.locator(".play-spot button").first.click()
    answered(phone, ".play-mine")
    expect(phone.locator(".play-mine")).to_contain_text("zloděj")


def test_without_javascript_the_answer_opens_the_page_on_a_phone(live_server, browser, client):
    context = browser.new_context(viewport=PHONE, locale="cs-CZ", java_script_enabled=False)
    page = context.new_page()
    try:
        url = kit.start(client, seed=3)
        page.goto(live_server.url + url)
        page.click(".play-dock button")
        expect(page).to_have_url(re.compile("#odpoved$"))
        assert page.evaluate(SHOWN, ".play-mine") and page.evaluate(HAND_SHOWN, HAND)
    finally:
        context.close()


def test_a_katan_pro_dva_turn_names_both_rolls_and_the_neutral_players(live_server, phone):
    start(phone, live_server.url, players=2, plan="zacatecnici", seed=21)
    expect(phone.locator(".play-dock button")).to_have_text("Hodit kostkami: první hod")
    expect(phone.locator(".players")).to_contain_text("Modrý neutrální hráč")
    expect(phone.locator(".players")).to_contain_text("Bílý neutrální hráč")
    phone.click(".play-dock button")
    answered(phone, ".play-mine")
    expect(phone.locator(".play-status")).to_contain_text("druhý hod kostkami")
    expect(phone.locator(".play-rolls")).to_contain_text("První hod (Oranžový)")
    phone.click(".play-dock button")
    settled(phone)
    expect(phone.locator(".play-rolls")).to_contain_text("Druhý hod (Oranžový)")
    expect(phone.locator(".play-variant a")).to_have_attribute("href", "/almanach/katan-pro-dva/")


def test_a_stale_accept_in_a_second_tab_is_refused(live_server, browser, client):
    """Two people at one device, two tabs: red declines orange's offer in one; orange offers
    again; an answer in the other tab (to the first offer) must not answer the second: the
    tab is told the game moved on and shown the offer now on the table."""
    url = kit.start(client, lide=2, seed=3)
    client.post(url + "predat/")
    kit.roll(url, (4, 4))
    row = store.find(url.split("/")[2])
    give = next(r for r, n in store.game_of(row).hand("orange").items() if n)
    client.post(url + "tah/", {"druh": "nabidnout", "komu": "red", f"dam_{give}": "1",
                               "chci_ore": "1"})
    client.post(url + "predat/")
    context = browser.new_context(viewport=PHONE, locale="cs-CZ", service_workers="block")
    try:
        first, second = context.new_page(), context.new_page()
        first.goto(live_server.url + url)
        second.goto(live_server.url + url)
        second.click(".play-offer >> text=Odmítnout nabídku")
        settled(second)
        client.post(url + "predat/")
        client.post(url + "tah/", {"druh": "nabidnout", "komu": "red", f"dam_{give}": "1",
                                   "chci_wool": "1"})
        client.post(url + "predat/")
        before = store.game_of(row).hand("red")
        first.click(".play-offer >> text=Odmítnout nabídku")
        answered(first, ".play-stale")  # the first tab's page is older than the game
        expect(first.locator(".play-stale")).to_contain_text(
            "Hra mezitím pokročila, tady je aktuální stav.")
        expect(first.locator(".play-refusal")).to_have_count(0)
        expect(first.locator(".play-offer")).to_contain_text("za 1 vlnu")
        row.refresh_from_db()
        game = store.game_of(row)
        assert game.hand("red") == before and game.pending_offer["get"] == {"wool": 1}
    finally:
        context.close()


def test_the_game_over_page_shows_every_players_full_score(live_server, phone):
    phone.goto(f"{live_server.url}/hrat/")
    phone.check("input[name=lide][value='0']")
    phone.click("text=Další volby (pro pokročilé)")
    phone.fill("#id_seed", "4")
    phone.click("button:has-text(\"Začít hru\")")
    for _ in range(12):
        if phone.inner_text("h1").startswith("Konec hry"):
            break
        phone.click("text=Hrát dál")
        settled(phone)
    answered_end = phone.locator(".play-final tbody tr")
    expect(answered_end).to_have_count(4)
    row = store.find(phone.url.split("/")[4])
    game = store.game_of(row)
    for color in game.players:
        total = game.points(color, include_hidden=True)["total"]
        expect(phone.locator(f".play-final tr.p-{color}")).to_contain_text(f"{total} bod")
    expect(phone.locator(".play-end")).to_contain_text("Hrát znovu")
    expect(phone.locator(".play-end")).to_contain_text("Projít celou hru")
    assert "hrajte dál" not in phone.content()
    assert_accessible(phone)


def test_the_game_page_has_no_axe_violations(live_server, page, client):
    assert_accessible(page, live_server.url + "/hrat/")  # the new-game form
    url = kit.start(client, seed=3)
    kit.roll(url, (6, 4))
    assert_accessible(page, live_server.url + url)
    assert page.get_by_role("region", name="Vaše karty").count() == 1
    two = kit.start(client, hraci=2, seed=21)
    assert_accessible(page, live_server.url + two)


# --- the table on one screen, tap targets, a way back ------------------------------------

IN_VIEW = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
}"""
SMALL_CONTROLS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(el => el.getClientRects().length)
  .map(el => { const r = el.getBoundingClientRect();
               return {text: el.innerText.trim().slice(0, 40), w: r.width, h: r.height}; })
  .filter(box => box.w < 44 || box.h < 44)"""


def test_the_score_strip_stays_in_view_on_a_phone(live_server, phone, client):
    url = kit.start(client, seed=3)
    kit.roll(url, (6, 4))
    phone.goto(live_server.url + url)
    settled(phone)
    strip = phone.locator(".play-dock .play-strip")
    expect(strip).to_contain_text("Oranžový (na tahu)")
    for where in ("0", "document.body.scrollHeight / 2", "document.body.scrollHeight"):
        phone.evaluate(f"window.scrollTo(0, {where})")
        assert phone.evaluate(IN_VIEW, ".play-dock .play-strip"), where
        assert phone.evaluate(IN_VIEW, HAND), where
    # Each player's line: the points and the counts, in the players' order.
    lines = strip.locator(".strip-player")
    expect(lines).to_have_count(4)
    for index, color in enumerate(("orange", "red", "blue", "white")):
        row = store.find(url.split("/")[2])
        points = store.game_of(row).points(color)["total"]
        expect(lines.nth(index)).to_contain_text(f"{points} b")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_every_control_in_the_bar_is_a_44px_tap_target(live_server, phone, client):
    url = kit.start(client, seed=3)
    phone.goto(live_server.url + url)
    settled(phone)
    controls = (".play-dock button, .play-dock a, .play-modes a, .play-hint a, .play-hint button,"
                " .play-table summary")
    assert phone.evaluate(SMALL_CONTROLS, controls) == []
    phone.click(".play-dock button")  # the roll: the bar now ends the turn
    settled(phone)
    expect(phone.locator(".play-dock button")).to_have_text("Ukončit tah")
    assert phone.evaluate(SMALL_CONTROLS, controls) == []


def test_without_javascript_a_refused_move_leaves_the_games_address(live_server, browser, client):
    context = browser.new_context(viewport=PHONE, locale="cs-CZ", java_script_enabled=False)
    page = context.new_page()
    try:
        url = kit.start(client, seed=3)
        kit.roll(url, (6, 4))
        page.goto(live_server.url + url)
        page.click("text=Obchod se spoluhráči")
        page.fill("input[name=chci_wool]", "2")  # a gift is no trade: refused
        page.click("text=Nabídnout")
        expect(page).to_have_url(live_server.url + url + "#odpoved")
        expect(page.locator(".play-refusal")).to_contain_text("Tento krok nejde.")
        expect(page.locator("input[name=chci_wool]")).to_have_value("2")
        page.reload()  # reopened: the game, no blank 405
        expect(page.locator("h1")).to_contain_text("na tahu Oranžový")
        page.goto(live_server.url + url + "tah/")
        expect(page).to_have_url(live_server.url + url + "#odpoved")
        page.goto(live_server.url + "/hrat/")
        expect(page.locator(".play-mine")).to_have_count(0)  # kit's games are not this browser's
    finally:
        context.close()


def test_the_new_game_form_hides_what_three_players_have_not(live_server, phone):
    phone.goto(f"{live_server.url}/hrat/")
    start_button = phone.locator("button:has-text('Začít hru')").first
    assert phone.evaluate(IN_VIEW, ".play-first button")  # on the first screen
    fourth = phone.locator(".field-uroven_4")
    expect(fourth).to_be_visible()
    # Every choice is a tap, the number of people too (no number to type).
    expect(phone.locator("input[name=lide][type=radio]")).to_have_count(5)
    expect(phone.locator("input[name=lide][value='1']")).to_be_checked()
    phone.check("input[name=hraci][value='3']")
    expect(fourth).to_be_hidden()
    expect(phone.locator(".field-lide .choice-4")).to_be_hidden()
    expect(phone.locator(".field-barva .choice-red")).to_be_hidden()
    expect(phone.locator(".field-poradi .choice-4")).to_be_hidden()
    expect(phone.locator(".field-uroven_3")).to_be_visible()  # 0 people: three computers
    phone.check("input[name=hraci][value='2']")
    expect(phone.locator(".field-uroven_3")).to_be_hidden()
    expect(phone.locator(".field-lide .choice-3")).to_be_hidden()
    expect(phone.locator(".field-barva .choice-white")).to_be_hidden()
    phone.check("input[name=hraci][value='4']")
    expect(fourth).to_be_visible()
    assert phone.evaluate(SMALL_CONTROLS, ".play-form label.radio, .play-form button") == []
    assert all(box["h"] >= 44 for box in phone.evaluate(
        SMALL_CONTROLS, ".play-form input[type=number], .play-form select"))
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    start_button.click()
    expect(phone).to_have_url(re.compile(r"/hrat/[A-Za-z0-9_-]{20,}/$"))


# --- what the computers did to you, in view when your turn comes back ---------------------

def test_a_steal_from_you_is_in_view_when_your_turn_comes_back(live_server, browser, client):
    """Seed 2, chance fixed by the seed: after orange's turn red offers a trade, then white
    rolls 7 and steals orange's ore from the mountains 6."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="cs-CZ",
                                  service_workers="block")
    phone = context.new_page()
    try:
        url = kit.stored(2)
        kit.post_move(client, url, {"type": "roll_dice", "player": "orange"})
        phone.goto(live_server.url + url)
        settled(phone)
        expect(phone.locator(".play-dock button")).to_have_text("Ukončit tah")
        phone.click(".play-dock button")
        answered(phone, ".play-offer")
        phone.click(".play-offer >> text=Odmítnout nabídku")
        answered(phone, ".play-to-you")
        told = phone.locator(".play-to-you")
        expect(told).to_contain_text("Bílý přesunul zloděje na hory 6 u vaší vesnice"
                                     " a vzal vám 1 rudu.")
        expect(phone.locator(".play-dock button")).to_have_text("Hodit kostkami")
        # The whole sentence is on the first screen, above the pinned bar.
        assert phone.evaluate("""() => {
          const r = document.querySelector('.play-to-you li').getBoundingClientRect();
          return r.bottom <= document.querySelector('.play-dock').getBoundingClientRect().top;
        }""")
        expect(phone.locator(".play-board polygon.hl")).to_have_count(1)
        expect(phone.locator(".play-news")).not_to_have_attribute("open", "")
        assert_accessible(phone)
    finally:
        context.close()
