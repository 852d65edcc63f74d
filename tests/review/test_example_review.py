"""The Almanach's example game reviewed at /priklad-hry/rozbor/: the same chart and swings
(no grades), each player's closing assessment quoted from the book word for word beside the
site's estimate, which is never passed off as the Almanach's."""

import re

import pytest

from tutorial.example.replay import load_commentary
from tutorial.review import quotes

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(client) -> str:
    response = client.get("/priklad-hry/rozbor/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_example_gets_the_chart_of_its_16_turns_and_its_swings(client, page):
    assert '<svg class="rv-chart"' in page
    for color in ("orange", "red", "blue", "white"):
        assert f'class="rv-line rv-{color}"' in page
    assert "začátek 16. tahu" in page and "po 16. tahu" in page
    swings = page.split('<section class="rv-swings"', 1)[1].split("</section>", 1)[0]
    links = re.findall(r'href="(/priklad-hry/tah/\d+/krok/\d+/)"', swings)
    assert 3 <= len(links) <= 5
    for link in links:
        assert client.get(link).status_code == 200
    assert "Hrát odsud" in swings
    assert "rv-grades" not in page


def test_each_players_closing_assessment_is_quoted_exactly_from_the_book(page):
    closing = load_commentary()["closing"]
    found = quotes.book_quotes()
    assert set(found) == {"orange", "red", "blue", "white"}
    for quote in found.values():
        assert quote in closing
        assert f"<blockquote><p>{quote}</p></blockquote>" in page
    assert found["red"].startswith("Červený má 3 body")
    assert found["blue"].startswith("Také modrý má 3 body")
    # Nothing of the book's closing is left out or added.
    together = " ".join([*found.values(), quotes.closing_end()])
    assert together.split() == closing.split()


def test_the_figures_are_labelled_the_sites_never_the_almanachs(page):
    book = page.split('<section class="rv-book"', 1)[1]
    assert book.count("<strong>Odhad webu po 16. tahu:</strong>") == 4
    assert "Almanach Katanu, příklad hry, závěr" in book
    for quote in re.findall(r"<blockquote><p>(.*?)</p></blockquote>", book, re.S):
        assert "%" not in quote


def test_the_navigation_highlights_the_example_game(page):
    assert 'aria-current="page">Příklad hry</a>' in page


def test_the_example_games_page_links_its_review(client):
    page = client.get("/priklad-hry/").content.decode()
    assert '<a class="button secondary" href="/priklad-hry/rozbor/">Rozbor hry</a>' in page


def test_the_example_review_is_served_from_the_page_cache(client, monkeypatch):
    from tutorial.review import compute

    computed = []
    real = compute.example_review

    def counting():
        computed.append(1)
        return real()

    monkeypatch.setattr(compute, "example_review", counting)
    first = client.get("/priklad-hry/rozbor/")
    second = client.get("/priklad-hry/rozbor/")
    assert len(computed) == 1, "the second visitor gets the stored page"
    assert second.content == first.content
    assert "public" in second["Cache-Control"] and not second.cookies
    assert client.get("/priklad-hry/rozbor/", headers={"if-none-match": first["ETag"]}
                      ).status_code == 304


def test_the_example_reviews_cache_key_changes_with_what_it_is_computed_from(
        rf, settings, tmp_path):
    """The review is made from the example's record and commentary and the model's weights;
    a deploy that changes any of them must not serve the old page."""
    from config import caching

    inputs = ("engine/review/weights.json", "tutorial/example/data/priklad_hry.json",
              "almanach/content/priklad-hry.toml")
    for name in inputs:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    settings.BASE_DIR = tmp_path
    request = rf.get("/priklad-hry/rozbor/")
    try:
        keys = []
        for name in (None, *inputs):
            if name is not None:
                (tmp_path / name).write_text(f'{{"changed": "{name}"}}')
            caching.site_version.cache_clear()
            keys.append(caching._key(request))
    finally:
        caching.site_version.cache_clear()
    assert len(set(keys)) == len(keys)


def test_every_swing_of_the_example_opens_its_position_in_hrat_and_in_rozhodci(client, page):
    swings = page.split('<section class="rv-swings"', 1)[1].split("</section>", 1)[0]
    plays = re.findall(r'href="(/hrat/z-prikladu/[^"]+)">Hrát odsud<', swings)
    rules = re.findall(r'href="(/rozhodci/z-prikladu/\d+/\d+/)">Rozhodnout odsud<', swings)
    assert len(rules) == len(plays) == swings.count("<li ")
    for link in rules:
        response = client.get(link)
        assert response.status_code == 302 and response["Location"].startswith("/rozhodci/")
