"""Every ruling links the Almanach entry of the rule in dispute, and every link leads to an
entry that exists (a road broken by a settlement links Nejdelší obchodní cesta)."""

import pytest

from engine import topology
from tests.referee.test_fuzz import VALID_BODIES
from tests.referee.test_views import BLUE, RED, api
from tutorial.referee import rulings

pytestmark = pytest.mark.django_db


def test_a_settlement_that_breaks_a_road_links_the_longest_road(client):
    roads = dict.fromkeys(RED, "red") | dict.fromkeys(BLUE, "blue") | {"a1|a2": "blue"}
    position = {"roads": roads, "longest_road_holder": "red"}
    akce = {"type": "build_settlement", "player": "blue", "node": "a1.NE"}
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    assert body["smi"] is True
    assert body["heslo"].endswith("/almanach/nejdelsi-obchodni-cesta/")
    assert [line["druh"] for line in body["dusledky"]] == ["longest_road"]
    # The same settlement where it breaks nothing is a question of the settlement.
    position = {"roads": {"a1|a2": "blue"}}
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    assert body["heslo"].endswith("/almanach/vesnice/")


def test_every_headword_a_move_can_link_is_an_almanach_entry(client, content):
    for slug in {*rulings.ACTION_HEADWORDS.values(), "prubeh-hry", "nejdelsi-obchodni-cesta",
                 "staveni", "zlodej", "vyherni-body", "konec-hry", "suroviny-vynosy",
                 "suroviny-karty", "sedmicka-padla-nastupuje-zlodej", "pristav",
                 "karta-s-vyhernim-bodem", "katan-pro-dva"}:
        assert client.get(f"/almanach/{slug}/").status_code == 200, slug


QUESTIONS = VALID_BODIES + [
    {"position": {}, "otazka": "kdo-vyhral"},
    {"position": {"roads": {p: "red" for p in topology.PATH_IDS[:5]}}, "otazka": "smi",
     "akce": {"type": "build_road", "player": "red", "path": topology.PATH_IDS[5]}},
    {"position": {"dev_cards": {"red": {"road_building": 1}}}, "otazka": "smi",
     "akce": {"type": "play_road_building", "player": "red"}},
    {"position": {}, "otazka": "smi", "akce": {"type": "play_year_of_plenty",
                                                "player": "red"}},
]


@pytest.mark.parametrize("body", QUESTIONS)
def test_every_link_in_an_answer_leads_to_an_entry(client, content, body):
    answer = api(client, body).json()
    links = [answer["heslo"]] + [line["heslo"] for line in answer.get("dusledky", [])]
    for link in links:
        path = link.removeprefix("http://testserver")
        assert client.get(path).status_code == 200, (body, link)
