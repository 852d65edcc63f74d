"""Hrát's chance: the number a person chooses fixes the board only; the dice, the stolen
cards and the development cards come from a secret the server keeps with each game, and a
stored game still replays to exactly the same position."""

import pytest
from play_kit import start

from tutorial.play import flow, store
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db


def dice_of(row) -> list:
    return [m.action["dice"] for m in row.log.order_by("number") if "dice" in m.action]


def position(game) -> dict:
    """Everything but the random generator's state (reseeded before each action anyway)."""
    return {k: v for k, v in game.to_json().items() if k != "rng"}


def test_the_same_chosen_number_gives_the_same_board_but_not_the_same_dice(client):
    first = start(client, seed=11, plan="variabilni", lide=0)
    second = start(client, seed=11, plan="variabilni", lide=0)
    rows = [PlayedGame.objects.get(pk=url.split("/")[2]) for url in (first, second)]
    for url in (first, second):
        client.post(url + "pocitac/", {"kolik": "vic"})
    games = [store.game_of(PlayedGame.objects.get(pk=row.pk)) for row in rows]
    assert games[0].board.to_json() == games[1].board.to_json()
    rolls = [dice_of(PlayedGame.objects.get(pk=row.pk)) for row in rows]
    assert len(rolls[0]) >= 10 and len(rolls[1]) >= 10
    assert rolls[0][:10] != rolls[1][:10]


def test_the_development_cards_are_not_dealt_by_the_chosen_number(client):
    decks = []
    for _ in range(2):
        row = PlayedGame.objects.get(pk=start(client, seed=11).split("/")[2])
        decks.append(flow.start(store.setup_of(row)).to_json()["deck"])
    assert sorted(decks[0]) == sorted(decks[1]) and decks[0] != decks[1]


def test_play_from_the_example_shuffles_the_cards_the_example_did_not_draw(client):
    decks = []
    for _ in range(2):
        client.post("/hrat/z-prikladu/12/1/")
    for row in PlayedGame.objects.all():
        game = store.game_of(row)
        decks.append(game.to_json()["deck"])
        drawn = [a for m in row.log.all() if (a := m.action)["type"] == "buy_development_card"]
        assert drawn  # the example bought cards before turn 12: those stay as drawn
    assert sorted(decks[0]) == sorted(decks[1]) and decks[0] != decks[1]


def test_a_game_replays_to_the_same_position_after_a_restart(client):
    url = start(client, seed=11, lide=0)
    client.post(url + "pocitac/", {"kolik": "vic"})
    row = PlayedGame.objects.get()
    kept = position(store.game_of(row))
    store._cache.clear()
    assert position(store.game_of(row)) == kept and len(dice_of(row)) > 10
