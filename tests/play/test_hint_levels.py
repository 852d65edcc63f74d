"""Hrát: the computer players' levels chosen in the new-game form, and 'Co bych hrál já?',
the strong player's suggestion for the person's move (only for the person on turn)."""

import html
import json
import re

import pytest
from play_kit import post_move, roll, start, stored

from engine import actions
from tests.helpers.pages import html as text
from tutorial import board_svg
from tutorial.play import hint as hints
from tutorial.play import store, table
from tutorial.play.computers import seat
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db


def test_the_new_game_form_offers_a_level_per_computer_player_beginner_first(client):
    page = text(client.get("/hrat/"))
    for n in (1, 2, 3, 4):
        assert f'name="uroven_{n}"' in page
    assert "Síla 1. počítačového hráče" in page
    assert '<option value="zacatecnik" selected>začátečník</option>' in page
    assert "pokročilý" in page and "silný" in page


def test_the_chosen_levels_are_stored_with_the_game_and_seat_the_computer_players(client):
    url = start(client, uroven_1="silny", uroven_2="pokrocily")
    row = PlayedGame.objects.get(pk=url.split("/")[2])
    assert row.setup["levels"] == ["silny", "pokrocily", "zacatecnik"]
    bots = seat(store.setup_of(row))
    assert {c: b.level.key for c, b in bots.items()} == {
        "red": "silny", "blue": "pokrocily", "white": "zacatecnik"}


def test_a_game_stored_before_levels_existed_keeps_its_strong_computer_players(client):
    url = start(client)
    row = PlayedGame.objects.get(pk=url.split("/")[2])
    del row.setup["levels"]
    row.save()
    assert {b.level.key for b in seat(store.setup_of(row)).values()} == {"silny"}


def test_an_unknown_level_gets_a_czech_message_and_no_game(client):
    response = client.post("/hrat/", {"hraci": 4, "lide": 1, "plan": "zacatecnici",
                                      "uroven_2": "mistr"})
    assert response.status_code == 400
    assert "Takovou sílu počítačového hráče neznáme." in text(response)
    assert not PlayedGame.objects.exists()


def test_the_hint_is_a_button_that_works_without_javascript(client):
    url = start(client)
    page = text(client.get(url))
    assert f'<form method="get" action="{url}#play-hint"' in page
    assert '<button type="submit" class="secondary">Co bych hrál já?</button>' in page
    body = text(client.get(url + "?napoveda=1"))
    hint = body.split('id="play-hint"', 1)[1].split("</div>", 1)[0]
    # Only the roll is possible: the hint asks for it and offers it as a button.
    assert "Jinou možnost teď nemáte: hoďte kostkami." in hint
    assert re.search(r'<form class="play-action" method="post"[^>]*>.*'
                     r'<button type="submit">Hodit kostkami</button>', hint)
    # The old address of the hint leads to the game page with the hint.
    response = client.get(url + "napoveda/")
    assert response.status_code == 302 and response["Location"] == url + "?napoveda=1#play-hint"


def test_after_the_roll_the_hint_asks_marks_and_plays_the_strong_players_move(client):
    url = start(client)
    roll(url, (2, 3))
    row = PlayedGame.objects.get(pk=url.split("/")[2])
    game = store.game_of(row)
    advice = hints.advice(game, store.setup_of(row), "orange", table.person_actions(game),
                          board_svg.position_of(game))
    body = text(client.get(url + "?napoveda=1", headers={"HX-Request": "true"}))
    assert "<html" not in body and 'id="stul"' in body   # the table, swapped in place
    hint = body.split('id="play-hint"', 1)[1].split("</div>", 1)[0]
    sentence = hint.split("<strong>Co bych hrál já?</strong>", 1)[1].split("</p>", 1)[0]
    assert sentence.strip() == advice["text"]
    assert re.match(r"(Postavte|Povyšte|Kupte|Vyměňte|Nabídněte|Ukončete|Zahrajte) ",
                    advice["text"]), advice["text"]
    assert re.search(r"Silný hráč by to na vašem místě zahrál, (protože|aby) ", hint)
    assert "svoje karty a u ostatních jen jejich počet" in hint
    assert advice["button"] and advice["button"]["label"] in hint
    if advice["place"]:
        assert 'class="hl"' in body and "vyznačeno" in hint
    # The button plays the move.
    before = len(game.history)
    move = json.loads(html.unescape(re.search(r'name="akce" value="([^"]+)"', hint)[1]))
    assert post_move(client, url, move).status_code == 302
    row.refresh_from_db()
    played = store.game_of(row).history[before:]
    assert played and played[-1] == actions.from_json(json.loads(advice["button"]["json"]))


def test_the_hint_speaks_to_you():
    assert hints.imperative("Postavit vesnici u lesa 3") == "Postavte vesnici u lesa 3"
    assert hints.imperative("Povýšit vesnici u lesa 3 na město") == (
        "Povyšte vesnici u lesa 3 na město")
    assert hints.imperative("Zloděj na hory 6 a vzít kartu modrému") == (
        "Pošlete zloděje na hory 6 a vezměte kartu modrému")
    assert hints.imperative("Zahrát Rytíře: zloděj na les 3 a nikoho neokrást") == (
        "Zahrajte Rytíře a pošlete zloděje na les 3; nikoho tam neokradete")
    assert hints.imperative("Ukončit obchod a stavět") == "Ukončete obchod a stavějte"
    assert hints.imperative("Vyměnit do banku 4 rudy za 1 vlnu (4 : 1)") == (
        "Vyměňte do banku 4 rudy za 1 vlnu (4 : 1)")


def test_no_hint_when_it_is_not_the_persons_move(client):
    url = start(client, lide=0)   # computers only: nobody's move to help with
    body = text(client.get(url + "napoveda/"))
    assert "Nápověda je jen pro hráče, který je právě na tahu" in body
    assert "protože" not in body
    assert "Co bych hrál já?</strong>" not in text(client.get(url + "?napoveda=1"))


def test_no_hint_before_the_device_is_handed_to_the_player_on_turn(client):
    url = start(client, lide=2)
    row = PlayedGame.objects.get(pk=url.split("/")[2])
    assert store.game_of(row).acting_player == "orange" and row.shown_to != "orange"
    body = text(client.get(url + "napoveda/"))
    assert "Nápověda je jen pro hráče" in body


def test_a_hint_for_an_unknown_game_is_a_czech_404(client):
    response = client.get("/hrat/" + "x" * 22 + "/napoveda/")
    assert response.status_code == 404 and "Tuto hru neznáme" in text(response)


def test_in_the_set_up_the_hint_marks_the_corner_and_its_button_founds_the_settlement(client):
    url = stored(4, plan="variabilni")
    body = text(client.get(url + "?napoveda=1"))
    hint = body.split('id="play-hint"', 1)[1].split("</div>", 1)[0]
    move = json.loads(html.unescape(re.search(r'name="akce" value="([^"]+)"', hint)[1]))
    assert move["type"] == "place_settlement"
    x, y = board_svg.node_xy(board_svg.canonical_node(move["node"]))
    assert f'<circle class="hl" cx="{x}" cy="{y}"' in body
    sentence = hint.split("<strong>Co bych hrál já?</strong>", 1)[1].split("</p>", 1)[0]
    assert sentence.strip().startswith("Postavte vesnici ") and "vyznačeno" in hint
    assert post_move(client, url, move).status_code == 302
    game = store.game_of(PlayedGame.objects.get(pk=url.split("/")[2]))
    assert game.buildings[board_svg.canonical_node(move["node"])] == ("orange", "settlement")
