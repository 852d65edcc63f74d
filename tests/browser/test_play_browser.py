"""Hrát in a real browser: whole games against computer players, the person's moves chosen
from "Co můžu dělat?", fixed seeds (the dice follow the seed and the log, so every run plays
the same game)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# A person in a hurry: build what can be built, deal with the robber and end the turn.
PREFERENCE = ("Hodit kostkami", "Postavit vesnici", "Postavit silnici",
              "Postavit neutrálnímu hráči", "Povýšit vesnici", "Zloděj na", "Vrátit",
              "Odmítnout nabídku", "Ukončit tah")
MAX_MOVES = 400


def settled(page):
    expect(page.locator(".htmx-settling, .htmx-swapping, .htmx-request")).to_have_count(0)


def start(page, url: str, players: int, plan: str, seed: int) -> None:
    page.goto(f"{url}/hrat/")
    page.fill("#id_hraci", str(players))
    page.fill("#id_lide", "1")
    page.check(f"input[name=plan][value={plan}]")
    page.fill("#id_seed", str(seed))
    page.click("text=Začít hru")
    expect(page).to_have_url(re.compile(r"/hrat/[A-Za-z0-9_-]{20,}/$"))


def discard(page) -> None:
    owed = int(re.search(r"Odhoďte (\d+)", page.inner_text(".play-discard"))[1])
    hand = page.locator('.player [aria-label^="Karty v ruce"] .chip')
    counts: dict[str, int] = {}
    for chip in hand.all()[:owed]:
        resource = re.search(r"r-(\w+)", chip.get_attribute("class"))[1]
        counts[resource] = counts.get(resource, 0) + 1
    for resource, count in counts.items():
        page.fill(f"input[name=odhodit_{resource}]", str(count))
    page.click(".play-discard button")


def person_moves(page) -> None:
    """Open every kind in 'Co můžu dělat?' and press the first preferred move."""
    page.evaluate("document.querySelectorAll('.play-kind').forEach(d => d.open = true)")
    buttons = page.locator(".play-choices .play-action button")
    labels = buttons.all_inner_texts()
    for wanted in PREFERENCE:
        for index, label in enumerate(labels):
            if label.startswith(wanted):
                buttons.nth(index).click()
                return
    raise AssertionError(f"nothing to press among {labels}")


def play_to_the_end(page) -> tuple[str, int]:
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    for moves in range(MAX_MOVES):
        settled(page)
        heading = page.inner_text("h1")
        if heading.startswith("Konec hry"):
            assert not errors, errors
            return heading, moves
        expect(page.locator(".play-status")).to_contain_text("Hrajete vy")
        if page.locator(".play-discard").count():
            discard(page)
        else:
            person_moves(page)
        settled(page)
        refusal = page.locator(".play-refusal")
        assert not refusal.count(), refusal.inner_text()
    raise AssertionError(f"no winner after {MAX_MOVES} moves")


def test_a_katan_pro_dva_game_on_a_variable_board_to_the_end(live_server, page):
    start(page, live_server.url, players=2, plan="variabilni", seed=21)
    expect(page.locator("h1")).to_contain_text("Fáze zakládání")
    heading, moves = play_to_the_end(page)
    assert re.fullmatch(r"Konec hry: vyhrává (Oranžový|Červený)", heading)
    assert moves > 20
    expect(page.locator(".players")).to_contain_text("Obchodní karty")
    record = page.request.get(page.url + "zapis.json").json()
    assert record["winner"] in ("orange", "red") and len(record["turns"]) > 10


def test_a_four_player_beginner_game_to_the_end(live_server, page):
    start(page, live_server.url, players=4, plan="zacatecnici", seed=5)
    heading, moves = play_to_the_end(page)
    assert heading.startswith("Konec hry: vyhrává")
    page.click("text=Záznam hry krok za krokem")
    expect(page.locator("h1")).to_contain_text("1. tah: Oranžový")
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
