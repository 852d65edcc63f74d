"""Rozhodčí's sentences read right for every count: a harbour trade of several cards
("4 vlny za 2 karty", never "2 vlny za 1 kartu") and a tie for the most points on the
table named as a tie."""

import pytest

from tests.referee.test_views import api
from tutorial.referee import notation

pytestmark = pytest.mark.django_db

# Red's settlement on the wool 2:1 harbour of the beginner board (e2.SE / e2.S).
WOOL_HARBOUR = {"buildings": {"e2.S": ["red", "settlement"]}, "current": "red",
                "phase": "trade", "hands": {"red": {"wool": 10}}}


def trade(client, count: int, give: str = "wool", position=None) -> dict:
    body = {"otazka": "smi", "position": position or WOOL_HARBOUR,
            "akce": {"type": "trade_bank", "player": "red", "give": give, "get": "grain",
                     "count": count}}
    response = api(client, body)
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.parametrize(("count", "words"), [
    (1, "mění s bankem 2 vlny za 1 kartu"),
    (2, "mění s bankem 4 vlny za 2 karty"),
    (5, "mění s bankem 10 vln za 5 karet"),
])
def test_a_harbour_trade_names_what_is_given_for_how_many_cards(client, count, words):
    answer = trade(client, count)
    assert answer["smi"] is True
    assert words in answer["odpoved"]


def test_a_trade_at_four_to_one_counts_every_card(client):
    position = {**WOOL_HARBOUR, "hands": {"red": {"ore": 8}}}
    answer = trade(client, 2, "ore", position)
    assert "mění s bankem 8 rud za 2 karty" in answer["odpoved"]


def test_the_rate_question_still_asks_for_one_card(client):
    body = {"otazka": "smi", "position": WOOL_HARBOUR,
            "akce": {"type": "trade_rate", "player": "red", "resource": "wool"}}
    assert "mění s bankem 2 vlny za 1 kartu" in api(client, body).json()["odpoved"]


def points_answer(client, buildings) -> str:
    body = {"otazka": "body", "position": {"buildings": buildings}}
    return api(client, body).json()["odpoved"]


def test_a_tie_for_the_lead_names_everyone_level(client):
    answer = points_answer(client, {"a1.N": ["orange", "settlement"],
                                    "c3.N": ["orange", "settlement"],
                                    "e1.S": ["red", "city"]})
    assert answer.startswith("Na stole vedou oranžový a červený, oba 2 body.")


def test_three_level_and_one_alone(client):
    three = points_answer(client, {"a1.N": ["orange", "settlement"],
                                   "c3.N": ["red", "settlement"],
                                   "e1.S": ["blue", "settlement"]})
    assert three.startswith("Na stole vedou oranžový, červený a modrý, všichni tři 1 bod.")
    alone = points_answer(client, {"a1.N": ["orange", "city"], "c3.N": ["red", "settlement"]})
    assert alone.startswith("Na stole vede oranžový: 2 body.")
    assert points_answer(client, {}).startswith("Na stole nemá zatím nikdo žádný bod.")


def test_the_beginner_set_up_is_a_four_way_tie_on_the_page(client):
    from tutorial.quiz.sketch import beginner_pieces

    beginner = notation.params(notation.Table(pieces=tuple(
        (c, p, notation._canonical(p, x)) for c, p, x in beginner_pieces())))
    query = "&".join(f"{k}={v}" for k, v in beginner.items())
    page = client.get(f"/rozhodci/?{query}&otazka=body").content.decode()
    assert "Na stole vedou oranžový, červený, modrý a bílý, všichni čtyři 2 body." in page
