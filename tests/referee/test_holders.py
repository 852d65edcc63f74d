"""Who holds the special cards is part of the position everywhere (the editor's address and
form, the API's JSON, "Rozhodnout odsud" from the example game and from Hrát), and one
function decides it: the engine's referee.special_card_holders. A tie never takes a card
from its holder; after a break the Longest Road goes aside at a tie (Almanach) or stays with
its holder (001); the order of seats never decides."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.helpers.makers import make_game
from tests.referee.test_views import api
from tutorial.play import flow
from tutorial.play.computers import decide_for, seat
from tutorial.referee import notation

pytestmark = pytest.mark.django_db

ORANGE = ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]  # 6 in a row
BLUE = ["d1.SW", "d1.W", "c1.SW", "c1.W", "c1.NW"]  # 5 in a row
CUT = "a1.NW"  # a blue settlement there leaves orange 5 of 6


def answer(page: str) -> str:
    found = re.search(r'<p class="referee-answer">(.*?)</p>', page, re.S)
    assert found, page[:3000]
    return unescape(found.group(1)).strip()


def editor_answer(client, pos: notation.Table, question: str) -> str:
    query = {**notation.params(pos), "otazka": question}
    response = client.get("/rozhodci/", query)
    assert response.status_code == 200
    return answer(response.content.decode())


def broken_tie(holder=notation.UNKNOWN, rules=frozenset()) -> notation.Table:
    pieces = ([("orange", "road", p) for p in ORANGE] + [("blue", "road", p) for p in BLUE]
              + [("blue", "settlement", CUT)])
    return notation.Table(plan="p", rules=rules, pieces=tuple(pieces), road_holder=holder)


def as_json(pos: notation.Table) -> dict:
    out = {"board": notation.board_of("p").to_json(),
           "roads": {p: c for c, kind, p in pos.pieces if kind == "road"},
           "buildings": {n: [c, kind] for c, kind, n in pos.pieces if kind != "road"},
           "played": {c: {"knight": k} for c, k in pos.knights}}
    if pos.rules:
        out["rules"] = {"longest_road_tie": "holder_keeps"}
    for key, holder in (("longest_road_holder", pos.road_holder),
                        ("largest_army_holder", pos.army_holder)):
        if holder != notation.UNKNOWN:
            out[key] = holder
    return out


def test_the_largest_army_tie_in_the_editor_leaves_the_card_with_red(client):
    page = client.get("/rozhodci/?rytiri=c3&otazka=body").content.decode()
    assert "Červený: 2 body na stole (Největší vojsko)" in page
    form = {"rytiri": "c3", "otazka": "body", "upravit": "1",
            **{f"hraje-{c}": "1" for c in notation.ALL_COLORS},
            "rytiri-red": "3", "rytiri-orange": "3"}
    # The form offers who holds the card now (red); submitted as it is, red keeps it.
    settings = client.get("/rozhodci/?rytiri=c3&nastaveni=1").content.decode()
    assert re.search(r'name="drzitel-vojsko">.*?<option value="c" selected>', settings, re.S)
    for chosen in ({"drzitel-vojsko": "c"}, {}):
        response = client.get("/rozhodci/", {**form, **chosen})
        assert response.status_code == 302
        assert parse_qs(urlsplit(response["Location"]).query)["vojsko"] == ["c"]
        page = client.get(response["Location"]).content.decode()
        assert "Červený: 2 body na stole (Největší vojsko)" in page
        assert "Oranžový: 0 bodů na stole" in page
    # Told nothing about who had it first, the tie stays undecided: nobody counts it.
    response = client.get("/rozhodci/", {**form, "drzitel-vojsko": "?"})
    assert "vojsko" not in parse_qs(urlsplit(response["Location"]).query)
    page = client.get(response["Location"]).content.decode()
    assert "Největší vojsko)" not in page


@pytest.mark.parametrize("rules, holder, words", [
    (frozenset(), None, "jde stranou"), (frozenset("r"), "orange", "(001)")])
def test_the_longest_road_tie_after_a_break_through_the_api(client, rules, holder, words):
    position = as_json(broken_tie("orange", rules))
    body = api(client, {"position": position, "otazka": "nejdelsi-cesta"}).json()
    assert body["delky"] == {"orange": 5, "blue": 5}
    assert body["drzitel"] == holder and words in body["odpoved"]
    assert "kartu ale přebírá jen delší cesta" not in body["odpoved"]
    points = api(client, {"position": position, "otazka": "body"}).json()["body"]
    assert points["orange"]["verejne"] == (2 if holder else 0)
    assert points["blue"]["verejne"] == 1


HOLDERS = [notation.UNKNOWN, None, "orange", "blue", "red"]


@pytest.mark.parametrize("holder", HOLDERS)
@pytest.mark.parametrize("rules", [frozenset(), frozenset("r")])
def test_every_holder_gets_the_same_answer_in_the_editor_and_the_api(client, holder, rules):
    pos = broken_tie(holder, rules)
    for question in ("nejdelsi-cesta", "body"):
        body = api(client, {"position": as_json(pos), "otazka": question}).json()
        assert editor_answer(client, pos, question) == body["odpoved"], (holder, question)


@pytest.mark.parametrize("holder", HOLDERS)
def test_every_largest_army_holder_gets_the_same_answer_in_the_editor_and_the_api(
        client, holder):
    pos = notation.Table(plan="p", knights=(("red", 3), ("orange", 3)), army_holder=holder)
    body = api(client, {"position": as_json(pos), "otazka": "body"}).json()
    assert editor_answer(client, pos, "body") == body["odpoved"]


def computers_game(seed: int):
    """A computers' game played until somebody holds the Longest Road."""
    setup = flow.Setup(players=("orange", "red", "blue", "white"), people=(), seed=seed)
    game, bots = flow.start(setup), seat(setup)
    moves = []
    while game.longest_road_holder is None:
        step = flow.computers_play(game, setup, decide_for(bots), limit=1)
        assert step, "the computers' game stopped"
        moves += step
    return setup, game, moves


@pytest.mark.parametrize("seed", [1, 2])
def test_rozhodnout_odsud_from_hrat_carries_the_games_own_holders(client, seed):
    setup, game, moves = computers_game(seed)
    row = make_game(setup, game, moves)
    location = client.get(f"/rozhodci/z-hry/{row.pk}/")["Location"]
    query = parse_qs(urlsplit(location).query)
    assert query["cesta"] == [notation.LETTER_OF[game.longest_road_holder]]
    army = game.largest_army_holder
    assert query.get("vojsko", [""]) == [notation.LETTER_OF[army] if army else "n"] or (
        army is None and "vojsko" not in query)
    data = game.to_json()
    for question in ("nejdelsi-cesta", "body"):
        page = client.get(location + f"&otazka={question}").content.decode()
        body = api(client, {"position": data, "otazka": question}).json()
        assert answer(page) == body["odpoved"], question


@pytest.mark.parametrize("turn, step", [(6, 2), (11, 2), (16, 5)])
def test_rozhodnout_odsud_from_the_example_answers_as_the_api_does(client, turn, step):
    from tutorial.example.replay import game_after

    game = game_after(turn, step)
    location = client.get(f"/rozhodci/z-prikladu/{turn}/{step}/")["Location"]
    for question in ("nejdelsi-cesta", "body"):
        page = client.get(location + f"&otazka={question}").content.decode()
        body = api(client, {"position": game.to_json(), "otazka": question}).json()
        assert answer(page) == body["odpoved"], question


@pytest.mark.parametrize("pos", [
    broken_tie("orange"), broken_tie(None, frozenset("r")),
    notation.Table(knights=(("red", 3), ("blue", 3)), army_holder="blue",
                      hands={"red": (1, 0, 2, 0, 0)}, current="red", phase="build"),
    notation.Table(plan="v7", players=("red", "blue", "white"), dev={"red": (1, 0, 0, 0, 1)}),
], ids=["broken tie", "001", "army", "variable board"])
def test_the_json_the_editor_shows_gets_the_editors_answers_from_the_api(client, pos):
    import json

    page = client.get("/rozhodci/", notation.params(pos)).content.decode()
    shown = json.loads(unescape(re.search(r'id="pozice-json"[^>]*>(.*?)</pre>', page, re.S)[1]))
    assert shown == notation.to_json(pos)
    for question in ("nejdelsi-cesta", "body"):
        body = api(client, {"position": shown, "otazka": question}).json()
        assert editor_answer(client, pos, question) == body["odpoved"], question


def test_a_hand_known_to_be_empty_is_not_an_unknown_hand(client):
    # Blue's settlement on the hex; blue's hand: not known, then known to be empty.
    base = {"plan": "z", "f": "mv" + notation._place_code("settlement", "c3.N"), "b": "c",
            "otazka": "koho-okrast", "n": "ptat", "misto": "c3"}
    unknown = answer(client.get("/rozhodci/", base).content.decode())
    assert "Červený může okrást modrého" in unknown
    form = {"upravit": "1", **{f"hraje-{c}": "1" for c in notation.ALL_COLORS},
            "ruka-znama-blue": "1", **{k: v for k, v in base.items() if k != "b"}}
    location = client.get("/rozhodci/", form)["Location"]
    assert parse_qs(urlsplit(location).query)["ruce"] == ["m00000"]
    empty = answer(client.get(location + "&b=c").content.decode())
    assert "nemůže okrást nikoho" in empty
    assert notation.parse({"ruce": "m00000"}).hands == {"blue": (0, 0, 0, 0, 0)}
