"""Rozbor hry in a real browser, on a 390×844 phone and on a 1920×1080 projector: the
chart is visible and fits the width (and the projector's height), the swings and a graded
decision appear, nothing scrolls sideways; the page first shows the progress of a review
computed in the background, then the chart, by itself."""

import copy
import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.helpers.browser import sideways
from tests.helpers.stack import roomy
from tutorial.review import compute, jobs
from tutorial.review.seeded import finished_game

pytestmark = pytest.mark.browser

SCREENS = {"phone": {"width": 390, "height": 844}, "projector": {"width": 1920, "height": 1080}}


def open_on(browser, screen: str, url: str):
    context = browser.new_context(viewport=SCREENS[screen], locale="cs-CZ",
                                  service_workers="block")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url)
    return context, page


_reviews: dict[str, dict] = {}


def reviewed(row, monkeypatch) -> None:
    """The game's review computed and stored here, before its page is opened, as a reader
    finds a review computed earlier. Computed inside the page's request it took 10-12 s on a
    loaded machine, past the page's timeout; these tests read the page (tests/review/ and
    the background test below cover the computing). The seeded game is reviewed once per
    process, as tests/review/conftest.py does."""
    real = compute.review_played

    def once(row, progress=None) -> dict:
        log = list(row.log.order_by("number").values_list("action", "by"))
        key = json.dumps([row.setup, log], sort_keys=True)
        if key not in _reviews:
            _reviews[key] = roomy(real, row, progress)  # tests/helpers/stack.py says why
        return copy.deepcopy(_reviews[key])

    monkeypatch.setattr(compute, "review_played", once)
    jobs.request(row, "127.0.0.1", "rozbor-predem")
    assert jobs.work() == 1


def check_chart(page, screen: str) -> None:
    chart = page.locator("svg.rv-chart")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    width = SCREENS[screen]["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["width"] >= (0.85 * width if screen == "phone" else 800)
    assert box["height"] <= SCREENS[screen]["height"]  # the whole chart on one screen
    # The axis labels stay readable: at least 11 px on a phone, larger on the projector.
    label = page.locator("svg.rv-chart text.rv-axis").first.bounding_box()
    assert label["height"] >= (11 if screen == "phone" else 20)
    assert sideways(page) <= 0


@pytest.mark.parametrize("screen", SCREENS)
def test_a_finished_games_review_reads_on_a_phone_and_on_a_projector(live_server, browser,
                                                                       settings, monkeypatch,
                                                                       screen):
    settings.REVIEW_IN_BACKGROUND = False
    row = finished_game(seed=1, plan="zacatecnici")
    reviewed(row, monkeypatch)
    context, page = open_on(browser, screen, f"{live_server.url}/hrat/{row.pk}/rozbor/")
    expect(page.locator("h1")).to_have_text("Rozbor hry: vyhrál bílý")
    check_chart(page, screen)
    swings = page.locator(".rv-swing-list > li")
    assert 3 <= swings.count() <= 5
    expect(swings.first).to_be_visible()
    expect(swings.first.get_by_role("link", name="Krok v záznamu hry")).to_be_visible()
    expect(swings.first.get_by_role("button", name="Hrát odsud")).to_be_visible()
    picker = page.locator(".rv-from-any")
    picker.scroll_into_view_if_needed()
    expect(picker.get_by_label("Od začátku tahu")).to_be_visible()
    expect(picker.get_by_role("button", name="Hrát odsud")).to_be_visible()
    box = picker.locator("select").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SCREENS[screen]["width"]
    mistake = page.locator(".rv-grades > .rv-grade-list > .rv-grade").first
    mistake.scroll_into_view_if_needed()
    expect(mistake).to_be_visible()
    expect(mistake.locator(".rv-label")).to_have_text(
        re.compile("nepřesnost|chyba|hrubá chyba"))
    expect(mistake.get_by_role("button", name="s lepším tahem")).to_be_visible()
    page.get_by_text("Čísla v tabulce").click()
    expect(page.locator(".rv-table")).to_be_visible()
    assert sideways(page) <= 0
    context.close()


def test_the_review_shows_its_progress_then_the_chart_by_itself(live_server, browser,
                                                                 settings):
    settings.REVIEW_IN_BACKGROUND = True
    row = finished_game(seed=1, plan="zacatecnici")
    context, page = open_on(browser, "phone", f"{live_server.url}/hrat/{row.pk}/rozbor/")
    expect(page.locator("#rv-progress")).to_be_visible()
    expect(page.locator("svg.rv-chart")).to_be_visible(timeout=90_000)
    check_chart(page, "phone")
    expect(page.locator(".rv-grade").first).to_be_attached()
    context.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_the_example_games_review_fits_the_screen(live_server, browser, screen):
    context, page = open_on(browser, screen, f"{live_server.url}/priklad-hry/rozbor/")
    check_chart(page, screen)
    expect(page.locator(".rv-swing-list > li").first).to_be_visible()
    expect(page.locator(".rv-book-item blockquote")).to_have_count(4)
    assert sideways(page) <= 0
    context.close()


def test_the_review_pages_pass_axe(live_server, page, settings, monkeypatch):
    settings.REVIEW_IN_BACKGROUND = False
    row = finished_game(seed=1, plan="zacatecnici")
    reviewed(row, monkeypatch)
    assert_accessible(page, f"{live_server.url}/hrat/{row.pk}/rozbor/")
    page.get_by_text("Čísla v tabulce").click()
    page.get_by_text("Přesné tahy").click()
    assert_accessible(page)
    assert_accessible(page, f"{live_server.url}/priklad-hry/rozbor/")
