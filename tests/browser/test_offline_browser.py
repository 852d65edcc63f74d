"""Offline at the table: after one visit the service worker keeps the whole Almanach, the
example game's steps once visited, and a search that answers without a connection."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content")]


@pytest.fixture
def offline_ready(live_server, browser):
    """A page whose first visit installed the service worker (and so kept the Almanach)."""
    context = browser.new_context(locale="cs-CZ", service_workers="allow")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(live_server.url + "/")
    # ready: installed (everything kept) and active.
    assert page.evaluate("navigator.serviceWorker.ready.then(r => Boolean(r.active))")
    yield context, page
    context.close()


def test_after_one_visit_an_entry_opens_and_a_search_answers_offline(live_server, offline_ready):
    context, page = offline_ready
    context.set_offline(True)

    page.goto(live_server.url + "/almanach/zlodej/")
    expect(page.locator("h1")).to_have_text("Zloděj")

    # As you type: the suggestions come from the kept index.
    page.locator("#hledat-q").press_sequentially("pristav", delay=30)
    expect(page.locator("#hledat-naseptavac")).to_contain_text("Bez připojení")
    expect(page.locator("#hledat-naseptavac .suggest-list a").first).to_contain_text("Přístav")

    page.locator("#hledat-q").fill("nejdelší cesta")
    page.locator("#hledat-q").press("Enter")
    expect(page).to_have_url(re.compile(r"/almanach/hledat/\?q="))
    expect(page.locator("h1")).to_have_text("Hledání bez připojení")
    expect(page.locator(".offline-search")).to_contain_text("jednodušeji")
    first = page.locator(".offline-results a").first
    expect(first).to_have_text("Nejdelší obchodní cesta")
    first.click()
    expect(page.locator("h1")).to_have_text("Nejdelší obchodní cesta")


def test_a_visited_game_step_opens_offline_and_an_unkept_page_says_so(live_server,
                                                                      offline_ready):
    context, page = offline_ready
    page.goto(live_server.url + "/priklad-hry/tah/2/krok/1/")
    title = page.locator("h1").inner_text()
    context.set_offline(True)

    page.goto(live_server.url + "/priklad-hry/tah/2/krok/1/")
    expect(page.locator("h1")).to_have_text(title)
    # htmx cannot fetch the next step: the link loads as a page, which says it is not kept.
    page.locator("[data-keynav] a[rel='next']").click()
    expect(page.locator("h1")).to_have_text("Bez připojení")
    page.goto(live_server.url + "/kvizy/")
    expect(page.locator("h1")).to_have_text("Bez připojení")
    expect(page.locator(".offline-missing")).to_contain_text("Celý almanach")


def test_the_kept_pages_are_in_one_cache_named_by_the_sites_version(live_server, offline_ready):
    context, page = offline_ready
    names = page.evaluate("caches.keys()")
    version = page.evaluate("fetch('/bez-pripojeni/seznam.json').then(r => r.json())")["version"]
    assert names == [f"almanach-katanu-{version}"]
