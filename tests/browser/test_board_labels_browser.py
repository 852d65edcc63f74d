"""The board on a 360 px phone: every label a reader needs is at least 11 CSS px, and the
board in words is there for screen readers (tutorial/board_text.py)."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content")]

# For every shown label of the board (not the dots under a number): its size in CSS px.
LABEL_SIZES = """
svg => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll("text")]
    .filter(t => t.getClientRects().length && /[0-9A-Za-zÀ-ž]/.test(t.textContent))
    .map(t => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
}
"""


@pytest.mark.parametrize("path", ["/priklad-hry/tah/16/krok/2/", "/kvizy/vesnice/a1/",
                                  "/kvizy/vynosy/a1/"])
def test_board_labels_are_readable_on_a_phone(live_server, page, path):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + path)
    sizes = page.locator("svg.board").first.evaluate(LABEL_SIZES)
    assert len(sizes) >= 18, "the numbers on the hexes are there"
    small = [(text, round(size, 1)) for text, size in sizes if size < 11]
    assert not small, f"labels under 11 px: {small}"


def test_the_board_in_words_names_buildings_roads_and_the_robber_by_hex(live_server, page):
    page.goto(live_server.url + "/priklad-hry/tah/3/krok/1/")
    words = page.locator(".board-text")
    words.locator("summary").click()
    expect(words).to_contain_text("Poušť (2. řada, 2. zleva): zloděj.")
    expect(words).to_contain_text("vesnice modrého v pravém dolním rohu")
    expect(words).to_contain_text("silnice červeného na pravé straně")
    assert words.locator("li").count() == 19
