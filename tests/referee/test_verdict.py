"""'Kdo vyhrál?': only the player on turn wins, with 10 points counting the victory-point
cards he reveals then (Almanach, Konec hry); on the page and in the API ("vitez")."""

import re
from html import unescape

import pytest

from tests.referee.test_views import api
from tutorial.referee import notation

pytestmark = pytest.mark.django_db

CITIES = {n: ["red", "city"] for n in ("a1.N", "a3.N", "c1.SW", "e1.S")}  # 8 points


def ask(client, **position):
    return api(client, {"position": {"buildings": CITIES, **position},
                        "otazka": "kdo-vyhral"}).json()


def test_the_player_on_turn_wins_with_his_hidden_victory_point_cards(client):
    body = ask(client, current="red", phase="build", dev_cards={"red": {"victory_point": 2}})
    assert body["vitez"] == "red" and body["na_tahu"] == "red"
    assert "vyhrává" in body["odpoved"] and "Vítězný bod" in body["odpoved"]
    assert body["heslo"].endswith("/almanach/konec-hry/")


def test_ten_points_off_turn_have_not_won_yet(client):
    body = ask(client, current="blue", phase="build", dev_cards={"red": {"victory_point": 2}})
    assert body["vitez"] is None and body["na_tahu"] == "blue"
    assert "není na tahu" in body["odpoved"]


def test_eight_points_and_unknown_cards_may_win_if_two_of_them_are_victory_points(client):
    body = ask(client, current="red", phase="build")
    assert body["vitez"] is None
    assert body["body_na_stole"]["red"] == 8


def test_the_page_without_a_turn_says_who_would_win_on_his_own_turn(client):
    pos = notation.Table(pieces=tuple(("red", "city", n) for n in CITIES),
                            dev={"red": (0, 0, 0, 0, 2)})
    page = unescape(client.get("/rozhodci/", {**notation.params(pos),
                                             "otazka": "kdo-vyhral"}).content.decode())
    answer = re.search(r'<p class="referee-answer">(.*?)</p>', page, re.S)[1]
    assert "pozice neříká" in answer and "Na svém tahu by vyhrál červený" in answer
    assert ">Kdo vyhrál?<" in page and 'href="/almanach/konec-hry/"' in page
    pos = notation.Table(pieces=pos.pieces, dev=pos.dev, current="red", phase="build")
    page = unescape(client.get("/rozhodci/", {**notation.params(pos),
                                             "otazka": "kdo-vyhral"}).content.decode())
    assert "Červený vyhrává" in page
