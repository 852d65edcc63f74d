"""The table on one screen: the score strip in the pinned bar gives each player's points,
cards in hand, development cards, knights, road length and the special cards, and never
what another player's hidden cards are."""

import re
from html import unescape

import pytest
from django.template.loader import render_to_string
from play_kit import start

from engine import Board, Game
from tutorial.play import table

pytestmark = pytest.mark.django_db


def strip_of(page: str) -> str:
    dock = page.split('class="play-dock"', 1)[1]
    return dock.split('class="play-strip"', 1)[1].split("</section>", 1)[0]


def spoken(strip: str) -> list[str]:
    """The strip as a screen reader says it: one sentence per player."""
    return [unescape(s) for s in re.findall(r'<span class="visually-hidden">([^<]+)</span>',
                                            strip)]


def test_the_strip_sits_in_the_pinned_bar_with_every_players_score(client):
    page = client.get(start(client)).content.decode()
    strip = strip_of(page)
    sentences = spoken(strip)
    assert [s.split(" ")[0].rstrip(":") for s in sentences] == [
        "Oranžový", "Červený", "Modrý", "Bílý"]
    # The beginner set-up: two settlements each, the starred one's cards in hand.
    assert sentences[0].startswith("Oranžový (na tahu): 2 body, v ruce 2 karty,")
    assert "Bílý: 2 body, v ruce 3 karty, akční karty 0, rytíři 0, nejdelší cesta" in strip
    assert 'class="strip-player p-orange is-current"' in strip


def sandbox() -> Game:
    """Red holds a victory point and a knight it has not played, has played three knights
    (the Largest Army) and holds 4 ore; orange holds 5 cards."""
    game = Game.empty(Board.beginner(), ("orange", "red", "blue", "white"))
    game.place_settlement("orange", "e1.SE")
    game.place_settlement("red", "b3.SE")
    game.set_hand("orange", {"brick": 2, "wool": 3})
    game.set_hand("red", {"ore": 4})
    game.set_dev_cards("red", ["victory_point", "knight"])
    game.set_played_knights("red", 3)
    return game


def render(game: Game, viewer: str | None, everyone: bool = False) -> str:
    return render_to_string("play/_strip.html", {
        "players": table.players(game, viewer, everyone),
        "neutrals": table.neutral_players(game)})


def test_another_players_hidden_cards_are_only_counted():
    game = sandbox()
    strip = render(game, "orange")
    red = next(s for s in spoken(strip) if s.startswith("Červený"))
    # The victory point card stays hidden: 1 for the settlement + 2 for Largest Army.
    assert red == ("Červený: 3 body, v ruce 4 karty, akční karty 2, rytíři 3, nejdelší"
                   " cesta 0, drží Největší vojsko.")
    for kind in ("Vítězný bod", "Rytíř", "ruda", "rudu"):
        assert kind not in strip
    assert '<span class="strip-badge">NV</span>' in strip
    # Its owner (or anyone once only computers play) sees the point counted.
    assert "Červený: 4 body" in render(game, "red")
    assert "Červený: 4 body" in render(game, None, everyone=True)


def test_the_strip_names_who_holds_the_longest_road():
    game = sandbox()
    for path in ("e1|e2", "e1.SE", "e1.SW", "e1.W", "d1|e1"):  # five around the hills 8
        game.place_road("orange", path)
    game.set_special_card_holders(longest_road="orange")
    strip = render(game, "orange")
    orange = next(s for s in spoken(strip) if s.startswith("Oranžový"))
    assert "v ruce 5 karet" in orange and "drží Nejdelší obchodní cestu" in orange
    assert strip.count('<span class="strip-badge">NC</span>') == 1
