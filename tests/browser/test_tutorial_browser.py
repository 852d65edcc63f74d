"""The example game in a real browser: walk all steps with →, htmx swaps, URLs, Back."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.htmx import settled  # htmx wires up new links when the swap settles
from tutorial.example.replay import example_game

pytestmark = pytest.mark.browser


def heading(step) -> re.Pattern:
    count = len(example_game().turn(step.turn).steps)
    return re.compile(rf"^{step.turn}\. tah: .* krok {step.number} z {count}$")


def test_walk_the_whole_game_with_the_arrow_key(live_server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/priklad-hry/tah/1/")
    expect(page.locator("#krok h1")).to_have_text(heading(example_game().step(1, 1)))
    page.evaluate("window.__sameDocument = true")  # survives htmx swaps, not a reload

    steps = example_game().all_steps()
    for step in steps[1:]:
        page.keyboard.press("ArrowRight")
        expect(page.locator("#krok h1")).to_have_text(heading(step))
        expect(page).to_have_url(
            f"{live_server.url}/priklad-hry/tah/{step.turn}/krok/{step.number}/")
        settled(page)

    assert page.evaluate("window.__sameDocument === true"), "steps reloaded the whole page"
    white = page.locator(".player.p-white")
    expect(white.locator(".points")).to_have_text("4 body")
    expect(white.locator(".hand")).to_contain_text("žádné karty")
    expect(page).to_have_title(re.compile(r"^Příklad hry: 16\. tah \(Bílý\), krok 5 z 5"))
    expect(page.locator(".step-nav[data-keynav] a[rel=next]")).to_have_count(0)

    page.go_back()
    expect(page).to_have_url(f"{live_server.url}/priklad-hry/tah/16/krok/4/")
    expect(page.locator("#krok h1")).to_have_text(heading(example_game().step(16, 4)))
    page.go_forward()
    expect(page).to_have_url(f"{live_server.url}/priklad-hry/tah/16/krok/5/")
    expect(page.locator("#krok h1")).to_have_text(heading(example_game().step(16, 5)))
    settled(page)
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(f"{live_server.url}/priklad-hry/tah/16/krok/4/")
    assert not errors, errors


def test_links_work_without_javascript(live_server, browser):
    context = browser.new_context(java_script_enabled=False, locale="cs-CZ")
    try:
        tab = context.new_page()
        tab.goto(f"{live_server.url}/priklad-hry/")
        tab.get_by_role("link", name="Začít 1. tahem").click()
        expect(tab).to_have_url(f"{live_server.url}/priklad-hry/tah/1/krok/1/")
        tab.locator(".step-nav[data-keynav] a[rel=next]").click()
        expect(tab).to_have_url(f"{live_server.url}/priklad-hry/tah/2/krok/1/")
        expect(tab.locator("#krok h1")).to_contain_text("2. tah: Červený")
    finally:
        context.close()
