"""The editor states what players argue about within a turn, and the engine rules on it:
a development card bought or already played in this turn, the 7's sequence (who discards,
then the robber), the set-up phase (what the second settlement yields), Katan pro dva's
trade cards and two rolls, and a domestic trade (only with the player on turn, no gifts).
The same position in the address, in the settings form (a Django form, no JavaScript
needed) and in the API's JSON."""

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from engine import RESOURCES, Game, actions, referee
from engine import topology as topo
from tests.referee.test_views import api
from tutorial.referee import notation
from tutorial.referee.notation import Table

pytestmark = pytest.mark.django_db


def answer(client, query: dict) -> tuple[int, str]:
    response = client.get("/rozhodci/", query)
    page = unescape(response.content.decode())
    found = re.search(r'<section class="referee-ruling.*?</section>', page, re.S)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found[0])).strip() if found else ""
    return response.status_code, text


def card_question(card: str, **position) -> dict:
    return {**notation.params(Table(**position)), "b": "c", "otazka": "smi",
            "akce": "karta", "karta": card}


# --- development cards bought or played in this turn --------------------------------------

def test_a_knight_bought_in_this_turn_may_not_be_played(client):
    _status, text = answer(client, card_question(
        "knight", current="red", phase="build", new_dev={"red": (1, 0, 0, 0, 0)}))
    assert "Ne. Kartu Rytíř koupenou v tomto tahu lze zahrát až v dalším tahu." in text


def test_an_older_knight_may_be_played_beside_one_bought_now(client):
    _status, text = answer(client, card_question(
        "knight", current="red", phase="build", dev={"red": (1, 0, 0, 0, 0)},
        new_dev={"red": (1, 0, 0, 0, 0)}))
    assert "Ano, červený smí teď zahrát Rytíře (kartu, kterou má z dřívějška" in text


def test_only_one_card_a_turn(client):
    _status, text = answer(client, card_question(
        "monopoly", current="red", phase="trade", dev={"red": (0, 0, 0, 1, 0)},
        done=frozenset("k")))
    assert "Ne. V jednom tahu lze zahrát jen jednu akční kartu." in text


# Red's four cities: 8 points on the empty frame.
CITIES = tuple(("red", "city", node) for node in ("a1.N", "c3.N", "e1.S", "a3.SE"))


@pytest.mark.parametrize(("old", "bought", "words"), [
    ((0, 0, 0, 0, 1), (0, 0, 0, 0, 1),
     "má i s ní 10 bodů, je na tahu, a tak ji teď odkryje a vyhrává, i když ji koupil právě"),
    ((0, 0, 0, 0, 0), (0, 0, 0, 0, 1), "by s ní měl jen 9 bodů"),
])
def test_a_victory_point_card_bought_now_is_revealed_when_it_makes_the_tenth_point(
        client, old, bought, words):
    dev = {"red": old} if any(old) else {}
    _status, text = answer(client, card_question(
        "victory_point", plan="p", pieces=CITIES, current="red", phase="build", dev=dev,
        new_dev={"red": bought}))
    assert words in text
    assert text.startswith("Ano." if "vyhrává" in words else "Ne.")


def test_cards_bought_this_turn_belong_to_the_player_on_turn(client):
    built = notation.build(Table(current="blue", phase="build",
                                    new_dev={"red": (1, 0, 0, 0, 0)}))
    assert built.game is None and "jen hráč na tahu" in built.error
    assert "zvolte, kdo je na tahu" in notation.build(
        Table(new_dev={"red": (1, 0, 0, 0, 0)})).error


# --- the 7 ----------------------------------------------------------------------------------

HANDS = {"red": (9, 0, 0, 0, 0), "blue": (0, 8, 0, 0, 0), "orange": (3, 0, 0, 0, 0),
         "white": (0, 0, 0, 0, 0)}
# Blue's settlement on the forest (b1) next to where the robber may go.
BLUE_AT = (("blue", "settlement", "a1.S"),)


def seven(client, **position) -> tuple[int, str]:
    return answer(client, {**notation.params(Table(hands=HANDS, pieces=BLUE_AT,
                                                      **position)), "otazka": "sedmicka"})


def test_the_seven_is_walked_from_the_roll(client):
    _status, text = seven(client, current="red", phase="roll")
    assert text.startswith("Padla sedmička: nikdo nic nedostane, nejdřív odevzdají červený "
                           "4 karty a modrý 4 karty, pak červený přesune zloděje a okrade "
                           "modrého.")
    assert "1. Na sedmičku nedostane nikdo žádné suroviny" in text
    assert "odevzdá polovinu z nich (zaokrouhleno dolů)" in text
    assert "3. Červený přesune zloděje na jiné pole (smí i na poušť)" in text


def test_the_discards_agree_with_the_engines_roll_of_seven():
    pos = Table(hands=HANDS, pieces=BLUE_AT, current="red", phase="roll")
    built = notation.build(pos)
    from tutorial.referee import rulings

    ruling = rulings.seven(built.game, rulings.Known(True, frozenset(HANDS)))
    game = built.game.copy()
    events = game.apply(actions.RollDice("red", (3, 4)))
    required = next(e for e in events if e.kind == "discard_required")
    assert ruling.data["odevzdat"] == required.players == {"red": 4, "blue": 4}
    # Every hex named for the robber is one the engine lets him rob on.
    for hex_id, victims in ruling.data["okrast"].items():
        assert victims == referee.robber_candidates(built.game, "red", hex_id)[0]


def test_the_seven_in_the_discards_names_who_still_owes_then_the_robber(client):
    _status, text = seven(client, current="red", phase="discard", discarding=("blue",))
    assert text.startswith("Čeká se na odevzdání karet: nejdřív ještě odevzdá modrý 4 karty, "
                           "pak červený přesune zloděje a okrade modrého.")
    _status, text = seven(client, current="red", phase="robber")
    assert text.startswith("Teď červený přesune zloděje a okrade modrého.")


def test_a_discard_phase_needs_someone_with_more_than_seven():
    assert "musí někdo mít víc než 7" in notation.build(
        Table(current="red", phase="discard")).error
    assert "nemá víc než 7 karet" in notation.build(
        Table(hands=HANDS, current="red", phase="discard", discarding=("orange",))).error


def test_in_the_discard_phase_the_engine_refuses_the_robber_and_a_wrong_discard(client):
    body = {"position": notation.to_json(Table(hands=HANDS, current="red",
                                                  phase="discard")),
            "otazka": "smi", "akce": {"type": "discard", "player": "blue",
                                      "cards": {"lumber": 3}}}
    refused = api(client, body).json()
    assert refused["smi"] is False and refused["kod"] == "discard_wrong_count"
    body["akce"]["cards"] = {"lumber": 4}
    assert api(client, body).json()["smi"] is True


# --- the set-up phase ------------------------------------------------------------------------

def setup_pieces(pairs: int) -> tuple:
    spots = (("orange", "a1.N"), ("red", "c3.N"), ("blue", "e1.S"), ("white", "a3.SE"))
    out = []
    for color, node in spots[:pairs]:
        node = notation._canonical("settlement", node)
        out += [(color, "settlement", node), (color, "road", notation._paths_of(node)[0])]
    return tuple(out)


def setup_question(pairs: int, node: str) -> dict:
    pos = Table(pieces=setup_pieces(pairs), current="orange", phase="setup")
    return {**notation.params(pos), "b": "b", "otazka": "smi", "akce": "vesnice",
            "n": "ptat", "misto": node}


def test_the_second_set_up_settlement_yields_one_card_per_land(client):
    node = "c2.SW"
    _status, text = answer(client, setup_question(4, node))
    assert "Ano. Bílý tu smí ve fázi zakládání postavit vesnici (zdarma)." in text
    board = notation.board_of("z")
    lands = [board.resource(topo.HEX_IDS[h])
             for h in topo.INTERSECTION_HEXES[topo.INTERSECTION_INDEX[node]]]
    from engine import words

    gains = {r: lands.count(r) for r in RESOURCES if r in lands}
    assert f"Bílý za tuto druhou vesnici hned dostane {words.cards(gains)}: za každou" in text


def test_the_first_set_up_settlement_yields_nothing_and_the_turn_follows_the_pieces(client):
    _status, text = answer(client, setup_question(3, "c2.SW"))
    assert "za první vesnici ve fázi zakládání nic nedostane" in text
    form = {"f": notation.params(Table(pieces=setup_pieces(3)))["f"], "upravit": "1",
            **{f"hraje-{c}": "1" for c in notation.ALL_COLORS}, "na-tahu": "orange",
            "faze": "setup"}
    location = client.get("/rozhodci/", form)["Location"]
    assert parse_qs(urlsplit(location).query)["tah"] == ["bf"]  # white places next


def test_the_set_up_through_the_api_lists_the_yield(client):
    pos = Table(pieces=setup_pieces(4), current="white", phase="setup")
    body = {"position": notation.to_json(pos), "otazka": "smi",
            "akce": {"type": "place_settlement", "player": "white", "node": "c2.SW"}}
    assert body["position"]["setup"] == {"step": 4, "settlement": None}
    out = api(client, body).json()
    assert out["smi"] is True
    assert [line["druh"] for line in out["dusledky"]] == ["setup_yield"]


# --- Katan pro dva ----------------------------------------------------------------------------

def two(**position) -> dict:
    return notation.params(Table(rules=frozenset("2"), players=("orange", "red"),
                                    **position))


def test_the_second_roll_must_differ_from_the_first(client):
    base = two(current="orange", phase="roll", rolls=(8,))
    _status, same = answer(client, {**base, "otazka": "vynosy", "hod": "8"})
    assert same.startswith("Na 8 nedostane nikdo nic: druhý hod musí mít jiný součet")
    _status, other = answer(client, {**base, "otazka": "vynosy", "hod": "6"})
    assert other.startswith("Na 6 nedostane nikdo nic.")  # no pieces: a normal roll


@pytest.mark.parametrize(("position", "kind", "words"), [
    ({}, "vynuceny", "Ano. Oranžový smí vynuceně obchodovat"),
    ({"trade_cards": {"orange": 0}}, "vynuceny", "Ne. Akce stojí 1 obchodní kartu"),
    ({"done": frozenset("o")}, "poust", "Ne. Akci obchodních karet lze provést jen jednou"),
    ({"robber": "c3"}, "poust", "Ano. Oranžový smí postavit zloděje na poušť"),
    ({"knights": (("orange", 1),)}, "vyradit", "dostane za něj 2 obchodní karty"),
    ({"knights": (("orange", 1),), "done": frozenset("r")}, "vyradit", "Ne. Rytíře"),
])
def test_trade_card_actions_are_the_engines(client, position, kind, words):
    query = {**two(current="orange", phase="build", **position), "otazka": "smi",
             "akce": kind}
    _status, text = answer(client, query)
    assert words in text


def test_trade_cards_and_rolls_are_katan_pro_dva_only():
    assert "jen v Katanu pro dva" in notation.build(
        Table(trade_cards={"red": 3})).error
    assert "Počet hodů" in notation.build(Table(current="red", phase="roll",
                                                   rolls=(8,))).error


# --- domestic trade ---------------------------------------------------------------------------

def trade(current: str, give: str, get: str, **position) -> dict:
    return {**notation.params(Table(current=current, phase="trade", **position)),
            "b": "c", "otazka": "smi", "akce": "obchod", "partner": "b", "dava": give,
            "bere": get}


@pytest.mark.parametrize(("query", "words"), [
    (trade("blue", "10000", "00001"), "Ne. Měnit lze jen s hráčem, který je na tahu"),
    (trade("red", "00000", "00001"), "Ne. Darovat karty nelze"),
    (trade("red", "10000", "00001"), "Ano. Červený a bílý spolu smějí teď obchodovat: "
                                     "červený dá 1 cihlu a dostane 1 rudu, mají-li ty karty"),
    (trade("red", "10000", "00001", hands={"red": (1, 0, 0, 0, 0), "white": (0,) * 5}),
     "Ne. Spoluhráč nemá dost rudy."),
])
def test_may_these_two_trade_now(client, query, words):
    _status, text = answer(client, query)
    assert words in text


def test_the_trade_question_is_a_form_that_works_without_javascript(client):
    base = {"tah": "co", "b": "c", "otazka": "smi", "akce": "obchod"}
    page = client.get("/rozhodci/", base).content.decode()
    assert 'name="obchodovat"' in page and 'name="dava-brick"' in page
    response = client.get("/rozhodci/", {**base, "obchodovat": "1", "partner": "blue",
                                         "dava-brick": "1", "bere-ore": "2"})
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query)
    assert (query["partner"], query["dava"], query["bere"]) == (["m"], ["10000"], ["00002"])
    bad = client.get("/rozhodci/", {**base, "obchodovat": "1", "partner": "blue",
                                    "dava-brick": "²"})
    assert bad.status_code == 400
    assert "počet musí být celé číslo 0–19" in unescape(bad.content.decode())
    self_trade = client.get("/rozhodci/", {**base, "obchodovat": "1", "partner": "red"})
    assert "Obchodovat jde jen s jiným hráčem" in unescape(self_trade.content.decode())


def test_the_api_answers_a_trade_between_two_not_on_turn(client):
    body = {"position": {"current": "orange", "phase": "trade"}, "otazka": "smi",
            "akce": {"type": "trade_players", "player": "red", "partner": "blue",
                     "give": {"brick": 1}, "get": {"ore": 1}}}
    out = api(client, body).json()
    assert out["smi"] is False and out["kod"] == "trade_only_with_active_player"


# --- the settings form and the address --------------------------------------------------------

def settings_form(**extra) -> dict:
    return {"upravit": "1", "hraje-orange": "1", "hraje-red": "1", "hraje-blue": "1",
            "hraje-white": "1", "na-tahu": "red", "faze": "build", **extra}


def test_the_settings_form_states_the_turn(client):
    response = client.get("/rozhodci/", settings_form(**{"nove-red-knight": "1",
                                                         "karty-red-monopoly": "1",
                                                         "uz-k": "1"}))
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query)
    assert query["nove"] == ["c10000"] and query["uz"] == ["k"]
    page = unescape(client.get(response["Location"] + "&nastaveni=1").content.decode())
    assert 'name="nove-red-knight" value="1"' in page
    assert 'name="uz-k" value="1" checked' in page


@pytest.mark.parametrize("value", ["٣", "²", "15", "-1"])
def test_a_bad_count_in_the_turn_is_a_czech_400(client, value):
    response = client.get("/rozhodci/", settings_form(**{"nove-red-knight": value}))
    assert response.status_code == 400
    assert "počet musí být celé číslo 0–14" in unescape(response.content.decode())


@pytest.mark.parametrize(("field", "value", "message"), [
    ("ruka-red-ore", "20", "Červený: suroviny v ruce, ruda: počet musí být celé číslo 0–19"),
    ("karty-blue-monopoly", "x", "Modrý: akční karty v ruce, Pokrok – monopol: počet musí "
                                 "být celé číslo 0–14"),
    ("rytiri-white", "15", "Bílý: vyložení rytíři: počet musí být celé číslo 0–14"),
])
def test_a_bad_count_in_a_hand_names_the_player_and_the_card(client, field, value, message):
    response = client.get("/rozhodci/", settings_form(**{field: value}))
    assert response.status_code == 400
    assert message in unescape(response.content.decode())


def test_a_second_roll_without_the_first_is_refused(client):
    form = settings_form(**{"pravidlo-2": "1", "hraje-blue": "", "hraje-white": "",
                            "na-tahu": "orange", "faze": "roll", "hod-2": "8"})
    response = client.get("/rozhodci/", form)
    assert response.status_code == 400
    assert "Druhý hod v tomto tahu bez prvního" in unescape(response.content.decode())


TURNS = [
    Table(current="red", phase="build", new_dev={"red": (1, 0, 0, 0, 1)},
             done=frozenset("k")),
    Table(hands=HANDS, current="red", phase="discard", discarding=("blue",)),
    Table(current="red", phase="robber"),
    Table(pieces=setup_pieces(4), current="white", phase="setup"),
    Table(rules=frozenset("2"), players=("orange", "red"), current="orange", phase="roll",
             rolls=(8,), trade_cards={"orange": 6, "red": 2}, done=frozenset("o")),
    Table(rules=frozenset("2"), players=("orange", "red"), current="orange",
             phase="robber", rolls=(5, 7), knights=(("orange", 2),), done=frozenset("r")),
]


@pytest.mark.parametrize("pos", TURNS, ids=["cards", "discard", "robber", "setup",
                                            "two rolls", "second seven"])
def test_every_turn_field_round_trips_and_the_api_agrees(client, pos):
    assert notation.parse(notation.params(pos)) == pos
    built = notation.build(pos)
    assert built.game is not None, built.error
    assert built.game.phase == pos.phase
    page = client.get("/rozhodci/", notation.params(pos)).content.decode()
    shown = json.loads(unescape(re.search(r'id="pozice-json"[^>]*>(.*?)</pre>', page, re.S)[1]))
    again = referee.position_from_json(shown)
    assert again.to_json() | {"rng": None, "deck": None} == (
        built.game.to_json() | {"rng": None, "deck": None})
    for question in ("sedmicka", "body"):
        if question == "sedmicka" and pos.phase == "setup":
            continue
        _status, text = answer(client, {**notation.params(pos), "otazka": question})
        body = api(client, {"position": shown, "otazka": question}).json()
        assert body["odpoved"] in text, question


def test_old_addresses_still_read_with_no_turn_state():
    old = notation.parse({"f": "cs04", "tah": "cs", "karty": "c10000"})
    assert (old.new_dev, old.done, old.discarding, old.rolls, old.trade_cards) == (
        {}, frozenset(), (), (), {})
    assert notation.build(old).game.dev_cards("red") == [("knight", False)]


def test_a_hrat_game_in_its_discards_comes_to_the_referee_with_them():
    game = Game.empty(notation.board_of("z"), ("orange", "red", "blue", "white"))
    game.set_hand("red", {"brick": 16})  # still 8 after discarding: only the address knows
    game.set_hand("blue", {"lumber": 8})
    game.set_current("orange", "roll")
    game.apply(actions.RollDice("orange", (3, 4)))
    game.apply(actions.Discard("red", {"brick": 8}))
    pos = notation.from_game(game, "z")
    assert (pos.phase, pos.discarding) == ("discard", ("blue",))
    assert notation.build(pos).game.discards_owed == {"blue": 4}
