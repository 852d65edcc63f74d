"""Hrát: the computer players' levels chosen in the new-game form, and 'Co bych hrál já?',
the strong player's suggestion for the person's move (only for the person on turn)."""

import pytest
from play_kit import roll, start

from tutorial.play import store
from tutorial.play.computers import seat
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


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


def test_the_game_page_links_the_hint_that_works_without_javascript(client):
    url = start(client)
    page = text(client.get(url))
    assert f'href="{url}napoveda/"' in page and "Co bych hrál já?" in page
    hint = client.get(url + "napoveda/")
    assert hint.status_code == 200
    body = text(hint)
    assert "Co bych hrál já?" in body and "Oranžový hází kostkami" in body
    assert f'href="{url}"' in body and "Zpět ke hře" in body


def test_after_the_roll_the_hint_is_the_strong_players_move_with_its_reason(client):
    url = start(client)
    roll(url, (2, 3))
    body = text(client.get(url + "napoveda/", headers={"HX-Request": "true"}))
    assert "<html" not in body and 'id="play-hint"' in body   # swapped in place
    sentence = body.split("<strong>Co bych hrál já?</strong>", 1)[1].split("</p>", 1)[0]
    assert sentence.strip().startswith("Oranžový ")
    assert " protože " in sentence or " aby " in sentence
    assert "svoje karty a u ostatních jen jejich počet" in body


def test_no_hint_when_it_is_not_the_persons_move(client):
    url = start(client, lide=0)   # computers only: nobody's move to help with
    body = text(client.get(url + "napoveda/"))
    assert "Nápověda je jen pro hráče, který je právě na tahu" in body
    assert "protože" not in body


def test_no_hint_before_the_device_is_handed_to_the_player_on_turn(client):
    url = start(client, lide=2)
    row = PlayedGame.objects.get(pk=url.split("/")[2])
    assert store.game_of(row).acting_player == "orange" and row.shown_to != "orange"
    body = text(client.get(url + "napoveda/"))
    assert "Nápověda je jen pro hráče" in body


def test_a_hint_for_an_unknown_game_is_a_czech_404(client):
    response = client.get("/hrat/" + "x" * 22 + "/napoveda/")
    assert response.status_code == 404 and "Tuto hru neznáme" in text(response)
