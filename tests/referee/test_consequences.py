"""'Smí tohle?' says what the move changes besides the yes or no: the Longest Road or the
Largest Army moving (to whom, or aside), a victory reached, what a steal or a Monopoly takes;
on the page under the answer (each line linking its Almanach entry) and in the API
("dusledky")."""

import re
from html import unescape

import pytest

from tests.referee.test_views import api

pytestmark = pytest.mark.django_db



def road_code(paths, letter="c"):
    from tutorial.referee import notation

    return "".join(letter + "s" + notation._place_code("road", p) for p in paths)


ROW = ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]


def test_the_fifth_road_brings_the_longest_road_and_the_page_says_so(client):
    url = (f"/rozhodci/?plan=p&f={road_code(ROW[:4])}&b=c&otazka=smi&akce=silnice&n=ptat"
           f"&misto={ROW[4]}")
    page = unescape(client.get(url).content.decode())
    assert "Ano, červený tu smí postavit silnici" in page
    changes = re.search(r'<ul class="referee-changes">(.*?)</ul>', page, re.S)[1]
    assert "Červený získá kartu Nejdelší obchodní cesta." in changes
    assert 'href="/almanach/nejdelsi-obchodni-cesta/"' in changes


def test_a_road_that_changes_nothing_lists_nothing(client):
    url = (f"/rozhodci/?plan=p&f={road_code(ROW[:2])}&b=c&otazka=smi&akce=silnice&n=ptat"
           f"&misto={ROW[2]}")
    page = client.get(url).content.decode()
    assert "Ano, červený" in page and "referee-changes" not in page


def test_the_api_lists_the_tenth_point_as_a_victory_on_ones_own_turn(client):
    cities = {n: ["red", "city"] for n in ("a1.N", "a3.N", "c1.SW", "e1.S")}
    cities["e3.SE"] = ["red", "settlement"]  # 9 points: the settlement below is the 10th
    position = {"buildings": cities, "roads": {"a1.NE": "red", "a2.NW": "red"},
                "hands": {"red": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}},
                "current": "red", "phase": "build"}
    akce = {"type": "build_settlement", "player": "red", "node": "a2.N"}
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    assert body["smi"] is True, body
    kinds = {line["druh"]: line for line in body["dusledky"]}
    assert "victory" in kinds
    assert "10 bodů" in kinds["victory"]["text"] and "vyhrává" in kinds["victory"]["text"]
    assert kinds["victory"]["heslo"].endswith("/almanach/konec-hry/")


def test_the_api_names_the_largest_army_a_knight_brings(client):
    position = {"played": {"red": {"knight": 2}}, "dev_cards": {"red": {"knight": 1}},
                "current": "red", "phase": "build"}
    akce = {"type": "play_knight", "player": "red", "hex": "a1"}
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    assert body["smi"] is True
    assert [line["druh"] for line in body["dusledky"]] == ["largest_army"]
    assert "Největší vojsko" in body["dusledky"][0]["text"]
    # A knight only as many as the holder's takes nothing.
    position["played"]["blue"] = {"knight": 3}
    position["largest_army_holder"] = "blue"
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    assert body["smi"] is True and body["dusledky"] == []


def test_the_api_says_what_a_monopoly_takes_from_whom(client):
    position = {"dev_cards": {"red": {"monopoly": 1}}, "current": "red", "phase": "build",
                "hands": {"red": {}, "blue": {"ore": 2}, "white": {"ore": 1, "wool": 3},
                          "orange": {}}}
    akce = {"type": "play_monopoly", "player": "red", "resource": "ore"}
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    monopoly = [line for line in body["dusledky"] if line["druh"] == "monopoly"]
    assert monopoly and "3" in monopoly[0]["text"]
