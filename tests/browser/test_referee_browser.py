"""Rozhodčí on a 360 px phone: a longest-road dispute rebuilt by taps, ruled by the engine."""

import pytest
from playwright.sync_api import expect

from tests.browser.htmx import settled
from tests.helpers.browser import PHONE, sideways

pytestmark = pytest.mark.browser
# Red's road of 6 along the north coast; blue's road of 5 down the west coast.
RED = ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]
BLUE = ["d1.SW", "d1.W", "c1.SW", "c1.W", "c1.NW"]
BREAK = "a1.NE"  # the intersection after red's third road


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, locale="cs-CZ", has_touch=True,
                                  service_workers="block")
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


class Taps:
    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, locator):
        locator.tap()
        self.count += 1
        settled(self.page)


@pytest.mark.usefixtures("content")
def test_longest_road_broken_by_a_settlement_in_at_most_20_taps(live_server, phone):
    errors = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(f"{live_server.url}/rozhodci/")
    tap = Taps(phone)
    tap(phone.get_by_role("link", name="Prázdný plán (jen tvar)"))
    tap(phone.get_by_role("link", name="Červený", exact=True))
    for path in RED:
        tap(phone.locator(f'a.target[data-id="{path}"]'))
    tap(phone.get_by_role("link", name="Modrý", exact=True))
    for path in BLUE:
        tap(phone.locator(f'a.target[data-id="{path}"]'))
    tap(phone.get_by_role("link", name="Vesnice", exact=True))
    tap(phone.locator(f'a.target[data-id="{BREAK}"]'))
    tap(phone.get_by_role("link", name="Nejdelší obchodní cesta"))
    assert tap.count <= 20

    answer = phone.locator(".referee-answer")
    expect(answer).to_contain_text("Kartu Nejdelší obchodní cesta přebírá modrý")
    expect(phone.locator(".referee-details")).to_contain_text("přerušuje ji stavba modrého")
    # The answer to the last tap starts on screen without scrolling; nothing scrolls sideways.
    box = answer.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + 24 <= PHONE["height"]
    assert sideways(phone) <= 0
    # The address holds the whole position: a fresh page gives the same ruling.
    url = phone.url
    assert "f=" in url and "otazka=nejdelsi-cesta" in url
    phone.goto(url)
    expect(phone.locator(".referee-answer")).to_contain_text("přebírá modrý")
    assert not errors


BIG_PHONE = {"width": 390, "height": 844}


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.evaluate("window.innerHeight")
    return bool(box) and 0 <= box["y"] and box["y"] + 24 <= height


@pytest.mark.usefixtures("content")
@pytest.mark.parametrize("javascript", [True, False])
def test_a_road_break_in_at_most_15_taps_on_a_390_phone_and_the_answer_in_view(
        live_server, browser, javascript):
    context = browser.new_context(viewport=BIG_PHONE, locale="cs-CZ", has_touch=True,
                                  service_workers="block", java_script_enabled=javascript)
    context.set_default_timeout(10_000)
    phone = context.new_page()
    errors = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(f"{live_server.url}/rozhodci/")
    count = 0

    def tap(locator):
        nonlocal count
        locator.click() if not javascript else locator.tap()
        count += 1
        phone.wait_for_load_state()
        if javascript:
            settled(phone)

    tap(phone.get_by_role("link", name="Prázdný plán (jen tvar)"))
    tap(phone.get_by_role("link", name="Silnice od–do"))
    for node in ("a1.SW", "a1.N", "a3.N"):  # orange: a road of 6 along the north coast
        tap(phone.locator(f'a.target[data-id="{node}"]'))
    tap(phone.get_by_role("link", name="Modrý", exact=True))
    for node in ("d1.S", "b1.SW"):  # blue: a road of 5
        tap(phone.locator(f'a.target[data-id="{node}"]'))
    tap(phone.get_by_role("link", name="Vesnice", exact=True))
    tap(phone.locator('a.target[data-id="a1.N"]'))  # blue's settlement breaks orange's road
    expect(phone.locator("svg.board path[data-node]")).to_have_count(1)
    question = phone.get_by_role("link", name="Nejdelší obchodní cesta")
    question.scroll_into_view_if_needed()  # the questions are under the board
    tap(question)
    assert count <= 15, count

    answer = phone.locator(".referee-answer")
    expect(answer).to_contain_text("Kartu Nejdelší obchodní cesta přebírá modrý")
    expect(answer).to_contain_text("přerušuje stavba soupeře")
    assert in_view(phone, answer), answer.bounding_box()
    assert sideways(phone) <= 0
    # The pieces under the tap rings stay visible: a ring lets the settlement show through.
    ring = phone.locator("svg.board a.target-node circle:not(.hit)").first
    if javascript:
        assert ring.evaluate("c => getComputedStyle(c).fillOpacity") in ("0", "")
    assert not errors
    context.close()


@pytest.mark.usefixtures("content")
def test_a_tap_that_breaks_the_distance_rule_is_refused_and_the_position_kept(live_server,
                                                                           phone):
    phone.goto(f"{live_server.url}/rozhodci/?plan=p&n=vesnice")
    phone.locator('a.target[data-id="a1.N"]').tap()
    settled(phone)
    phone.locator('a.target[data-id="a1.NE"]').tap()
    settled(phone)
    expect(phone.locator(".referee-error")).to_contain_text("pravidlo o vzdálenosti")
    expect(phone.locator("svg.board path[data-node]")).to_have_count(1)


@pytest.mark.usefixtures("content")
def test_the_editor_with_a_ruling_and_the_open_settings_is_accessible(live_server, page):
    from tests.browser.axe import assert_accessible

    url = (f"{live_server.url}/rozhodci/?plan=p&f=cs04cs05cs00cs0acs06cs0fms1fms1gms0xms0yms0z"
           "mv01&otazka=nejdelsi-cesta")
    assert_accessible(page, url)
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert_accessible(page)
    assert_accessible(page, url + "&nastaveni=1")  # the settings form


@pytest.mark.usefixtures("content")
@pytest.mark.parametrize("javascript", [True, False])
def test_a_domestic_trade_asked_on_a_phone_with_and_without_javascript(live_server, browser,
                                                                      javascript):
    context = browser.new_context(viewport=PHONE, locale="cs-CZ", has_touch=True,
                                  service_workers="block", java_script_enabled=javascript)
    page = context.new_page()
    page.goto(f"{live_server.url}/rozhodci/?tah=co&b=c&otazka=smi&akce=obchod")
    form = page.locator("form.referee-trade")
    form.locator('select[name="partner"]').select_option("blue")
    form.locator('input[name="dava-brick"]').fill("1")
    form.locator('input[name="bere-ore"]').fill("2")
    form.locator("button").tap()
    page.wait_for_load_state()
    if javascript:
        settled(page)
    expect(page.locator(".referee-answer")).to_contain_text(
        "Ano. Červený a modrý spolu smějí teď obchodovat: červený dá 1 cihlu a dostane 2 rudy")
    assert "partner=m" in page.url and "bere=00002" in page.url
    assert sideways(page) <= 0
    context.close()


@pytest.mark.usefixtures("content")
def test_the_turn_of_katan_pro_dva_in_the_settings_fits_a_phone_and_is_accessible(
        live_server, phone):
    from tests.browser.axe import assert_accessible

    url = (f"{live_server.url}/rozhodci/?pravidla=2&tah=oh&hody=8&obchodni=o6&nastaveni=1"
           "&otazka=smi&akce=obchod")
    phone.goto(url)
    expect(phone.locator('input[name="hod-1"]')).to_have_value("8")
    expect(phone.locator('input[name="obchodni-orange"]')).to_have_value("6")
    assert sideways(phone) <= 0
    assert_accessible(phone, url)
