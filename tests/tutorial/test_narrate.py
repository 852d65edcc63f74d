"""Czech sentences from engine events: declension of players, resources and terrains."""

import json
from pathlib import Path

import pytest

from engine import words
from tutorial import narrate

BOARD_FILE = Path(__file__).resolve().parents[2] / "engine" / "data" / "beginner_board.json"


@pytest.fixture(scope="module")
def position():
    data = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    buildings = {}
    roads = {}
    for color, start in data["start"].items():
        for node in start["settlements"]:
            buildings[node] = [color, "settlement"]
        for path in start["roads"]:
            roads[path] = color
    return {
        "hexes": {h: [t, data["numbers"][h]] for h, t in data["terrains"].items()},
        "harbors": [[h["path"], h["kind"]] for h in data["harbors"]],
        "robber": data["robber_start"], "buildings": buildings, "roads": roads,
    }


@pytest.mark.parametrize(("resource", "forms"), [
    ("lumber", ["1 dřevo", "2 dřeva", "4 dřeva", "5 dřev", "0 dřev"]),
    ("brick", ["1 cihlu", "2 cihly", "4 cihly", "5 cihel", "0 cihel"]),
    ("wool", ["1 vlnu", "2 vlny", "4 vlny", "5 vln", "0 vln"]),
    ("grain", ["1 obilí", "2 obilí", "4 obilí", "5 obilí", "0 obilí"]),
    ("ore", ["1 rudu", "2 rudy", "4 rudy", "5 rud", "0 rud"]),
])
def test_resource_counts_are_declined(resource, forms):
    assert [words.count_resource(resource, n) for n in (1, 2, 4, 5, 0)] == forms


def test_nominative_for_chips_and_lists():
    assert words.count_resource("brick", 1, "nom") == "1 cihla"
    assert words.cards({"ore": 3, "grain": 1, "brick": 3}, "nom") == "3 cihly, 1 obilí a 3 rudy"


def test_players_declined():
    assert [words.player(c, "dat") for c in words.COLORS] == [
        "oranžovému", "červenému", "modrému", "bílému"]
    assert words.player("white", capital=True) == "Bílý"


def test_terrains_with_numbers(position):
    assert words.hex_label("pasture", 8, "acc") == "pastvinu 8"
    assert words.hex_label("desert", None, "gen") == "pouště"
    assert words.hex_label("mountains", 6, "gen") == "hor 6"
    assert words.hex_label("fields", 10, "loc") == "poli 10"


def test_points_and_cards():
    assert [words.points(n) for n in (1, 3, 5)] == ["1 bod", "3 body", "5 bodů"]
    assert [words.card_count(n) for n in (1, 2, 7)] == ["1 karta", "2 karty", "7 karet"]


def test_seven_and_robber_sentence(position):
    events = [
        {"kind": "dice_rolled", "player": "blue", "dice": [3, 4], "total": 7},
        {"kind": "robber_moved", "player": "blue", "from_hex": "b2", "to_hex": "e3"},
        {"kind": "stolen", "thief": "blue", "victim": "white", "card": "lumber"},
    ]
    assert narrate.narrate(events, position) == (
        "Modrý hodil 7 (3 + 4). Nikdo nemá víc než 7 karet. Modrý přesouvá zloděje z pouště"
        " na pastvinu 8 a bere bílému 1 dřevo."
    )


def test_production_names_the_hexes(position):
    events = [
        {"kind": "dice_rolled", "player": "orange", "dice": [2, 4], "total": 6},
        {"kind": "produced", "gains": {"blue": {"lumber": 1}, "red": {"ore": 1},
                                       "orange": {"ore": 1}}, "blocked": [], "shortage": []},
    ]
    assert narrate.narrate(events, position) == (
        "Oranžový hodil 6 (2 + 4). Z lesa 6 dostane modrý 1 dřevo,"
        " z hor 6 oranžový 1 rudu a červený 1 rudu."
    )


def test_blocked_hex(position):
    blocked = {**position, "robber": "d2"}
    events = [
        {"kind": "dice_rolled", "player": "red", "dice": [5, 5], "total": 10},
        {"kind": "produced", "gains": {"orange": {"lumber": 1}, "white": {"lumber": 1}},
         "blocked": [{"hex": "d2"}], "shortage": []},
    ]
    assert narrate.narrate(events, blocked) == (
        "Červený hodil 10 (5 + 5). Zloděj stojí na poli 10, takže červený ani modrý z něj nic"
        " nedostanou. Z lesa 10 dostane oranžový 1 dřevo a bílý 1 dřevo."
    )


def test_nobody_gets_anything(position):
    events = [
        {"kind": "dice_rolled", "player": "red", "dice": [1, 1], "total": 2},
        {"kind": "produced", "gains": {}, "blocked": [], "shortage": []},
    ]
    assert narrate.narrate(events, position).endswith("Na číslo 2 nedostane nikdo nic.")


def test_builds_trades_and_cards(position):
    events = [
        {"kind": "traded", "player": "blue", "partner": "white", "give": {"wool": 1},
         "get": {"brick": 1}},
        {"kind": "built", "player": "blue", "piece": "road", "place": "b2|b3"},
        {"kind": "bank_traded", "player": "blue", "give": "lumber", "get": "wool", "rate": 4,
         "count": 1},
        {"kind": "bank_traded", "player": "white", "give": "wool", "get": "ore", "rate": 2,
         "count": 1},
        {"kind": "card_bought", "player": "red", "card": "year_of_plenty"},
        {"kind": "built", "player": "white", "piece": "settlement", "place": "e2.SE"},
        {"kind": "built", "player": "red", "piece": "city", "place": "c2.SE"},
        {"kind": "turn_ended", "player": "white"},
    ]
    assert narrate.narrate(events, position) == (
        "Modrý dává bílému 1 vlnu za 1 cihlu."
        " Modrý platí 1 cihlu a 1 dřevo a staví silnici mezi pouští a pastvinou 12."
        " Modrý mění s bankem 4 dřeva za 1 vlnu (4 : 1)."
        " Bílý mění 2 vlny za 1 rudu ve svém přístavu 2 : 1."
        " Červený platí 1 vlnu, 1 obilí a 1 rudu a kupuje akční kartu: Pokrok – vynález."
        " Zahrát ji smí nejdřív v příštím tahu."
        " Bílý platí 1 cihlu, 1 dřevo, 1 vlnu a 1 obilí a staví vesnici na pobřeží u pastviny 11"
        " a pastviny 8. Vesnice stojí u přístavu 2:1 na vlnu; bílý ho smí využít od svého"
        " příštího tahu."
        " Červený platí 2 obilí a 3 rudy a povyšuje vesnici u pahorkatiny 9, lesa 3 a pole 10"
        " na město."
        " Bílý předá kostky oranžovému."
    )


def test_development_cards(position):
    events = [
        {"kind": "card_played", "player": "white", "card": "knight"},
        {"kind": "robber_moved", "player": "white", "from_hex": "e3", "to_hex": "d2"},
        {"kind": "stolen", "thief": "white", "victim": "red", "card": "lumber"},
        {"kind": "card_played", "player": "red", "card": "year_of_plenty"},
        {"kind": "year_of_plenty", "player": "red", "resources": ["ore", "grain"]},
        {"kind": "card_played", "player": "orange", "card": "road_building"},
        {"kind": "built", "player": "orange", "piece": "road", "place": "c4|d3"},
        {"kind": "built", "player": "orange", "piece": "road", "place": "c5|d4"},
    ]
    assert narrate.narrate(events, position) == (
        "Bílý zahraje Rytíře; karta zůstane ležet před ním."
        " Přesouvá zloděje z pastviny 8 na pole 10 a bere červenému 1 dřevo."
        " Červený zahraje Pokrok – vynález a bere si z banku 1 obilí a 1 rudu."
        " Karta jde zpět do krabice."
        " Oranžový zahraje Pokrok – stavba silnic (karta jde zpět do krabice) a staví zdarma"
        " 2 silnice: mezi horami 6 a polem 5 a mezi polem 9 a lesem 10."
    )


def test_rules_for_events():
    events = [{"kind": "dice_rolled", "player": "blue", "dice": [3, 4], "total": 7},
              {"kind": "robber_moved", "player": "blue", "from_hex": "b2", "to_hex": "e3"}]
    assert narrate.rules_for(events, ["taktika"]) == [
        "sedmicka-padla-nastupuje-zlodej", "zlodej", "taktika"]
    assert narrate.headword("zlodej") == "Zloděj"
