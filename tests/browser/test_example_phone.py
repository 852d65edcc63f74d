"""The example game on a 360 px phone: no step page (all 40) scrolls sideways, and the bottom
"další ›" shows the new step's top, keeps the focus on the control and announces the step."""

import pytest
from playwright.sync_api import expect

from tests.browser.htmx import settled
from tests.browser.test_tutorial_browser import heading
from tests.helpers.browser import PHONE, sideways
from tutorial.example.figures import _data as figure_items
from tutorial.example.replay import example_game

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, locale="cs-CZ", service_workers="block")
    yield context.new_page()
    context.close()


def test_no_step_page_scrolls_sideways_at_360_px(live_server, phone):
    steps = example_game().all_steps()
    too_wide = {}
    for step in steps:
        phone.goto(f"{live_server.url}/priklad-hry/tah/{step.turn}/krok/{step.number}/")
        if sideways(phone) > 0:
            too_wide[f"{step.turn}/{step.number}"] = sideways(phone)
    assert not too_wide, too_wide


@pytest.mark.usefixtures("content")
def test_almanach_pages_with_figures_fit_a_phone(live_server, phone):
    for slug in sorted({item["slug"] for item in figure_items()}):
        phone.goto(f"{live_server.url}/almanach/{slug}/")
        assert sideways(phone) <= 0, slug


def test_bottom_next_shows_the_new_step_keeps_focus_and_announces_it(live_server, phone):
    phone.goto(f"{live_server.url}/priklad-hry/tah/3/krok/1/")
    bottom_next = phone.locator(".step-nav:not([data-keynav]) a.nav-next")
    bottom_next.scroll_into_view_if_needed()
    assert phone.evaluate("window.scrollY") > 600  # far below the step's top on a phone
    bottom_next.click()

    new_step = example_game().step(3, 2)
    expect(phone.locator("#krok h1")).to_have_text(heading(new_step))
    expect(phone).to_have_url(f"{live_server.url}/priklad-hry/tah/3/krok/2/")
    settled(phone)
    top = phone.evaluate("document.getElementById('krok').getBoundingClientRect().top")
    assert 0 <= top < PHONE["height"] / 2
    focused = phone.evaluate(
        "document.activeElement.matches('.step-nav:not([data-keynav]) a.nav-next')")
    assert focused, "the focus left the control the reader used"
    expect(phone.locator("#krok-oznameni")).to_have_text(heading(new_step))
