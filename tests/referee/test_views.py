"""Rozhodčí over HTTP: the editor without JavaScript, with htmx, the JSON API, the starting
points from the example game and from Hrát."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from engine import topology
from tests.helpers.makers import make_game
from tests.helpers.pages import html as text
from tutorial.play import flow, store
from tutorial.quiz.sketch import beginner_pieces
from tutorial.referee import notation

pytestmark = pytest.mark.django_db
RED = ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]
BLUE = ["d1.SW", "d1.W", "c1.SW", "c1.W", "c1.NW"]


def tap(client, url: str, place: str) -> str:
    """One tap without JavaScript: a link, then the redirect to the position's address."""
    response = client.get(url + ("&" if "?" in url else "?") + f"klik={place}")
    assert response.status_code == 302
    return response["Location"]


def api(client, body):
    return client.post("/rozhodci/api", json.dumps(body), content_type="application/json")


def test_the_navigation_leads_to_rozhodci(client, content):
    page = text(client.get("/"))
    assert 'href="/rozhodci/"' in page and ">Rozhodčí<" in page


def test_the_editor_offers_the_starting_boards_tools_colours_and_questions(client):
    page = text(client.get("/rozhodci/"))
    for words in ("Plán pro začátečníky se startovním rozmístěním", "Prázdný plán",
                  "Vesnice", "Silnice", "Zloděj", "Červený", "Smí tohle?",
                  "Nejdelší obchodní cesta", "Kam smím stavět?", "Koho můžu okrást?",
                  "Kolik kdo dostane?", "Kolik má kdo bodů?"):
        assert words in page, words


def test_a_longest_road_dispute_rebuilt_by_links_alone(client, content):
    url = "/rozhodci/?plan=p&b=c"
    for path in RED:
        url = tap(client, url, path)
    url = url.replace("b=c", "b=m")
    for path in BLUE:
        url = tap(client, url, path)
    url = tap(client, url + "&n=vesnice", "a1.NE")
    page = text(client.get(url + "&otazka=nejdelsi-cesta"))
    assert "Kartu Nejdelší obchodní cesta přebírá modrý" in page
    assert "cestu červeného přerušuje stavba soupeře" in page
    assert "přerušuje ji stavba modrého" in page
    assert "cesta=c" in url  # red held the card before the settlement broke his road
    assert 'href="/almanach/nejdelsi-obchodni-cesta/"' in page


def test_a_refused_tap_keeps_the_position_and_says_why(client):
    url = tap(client, "/rozhodci/?plan=p&n=vesnice", "a1.N")
    response = client.get(url + "&klik=a1.NE")
    page = text(response)
    assert response.status_code == 200
    assert "Tohle nejde." in page and "pravidlo o vzdálenosti" in page
    assert page.count("data-node=") == 1


def test_with_htmx_a_tap_answers_the_editor_alone_and_pushes_the_new_address(client):
    response = client.get("/rozhodci/?plan=p&klik=a1.W", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "<html" not in text(response) and 'id="rozhodci"' in text(response)
    assert response["HX-Push-Url"] == "/rozhodci/?plan=p&f=os04"
    assert "HX-Request" in response["Vary"]


def test_an_impossible_address_is_a_czech_400_not_a_500(client):
    response = client.get("/rozhodci/?plan=p&f=ov00ov01")
    assert response.status_code == 400
    assert "pravidlo o vzdálenosti" in text(response)
    response = client.get("/rozhodci/?f=Q")
    assert response.status_code == 400 and "4 znacích" in text(response)


def test_may_i_build_here_by_tapping_a_place(client):
    base = "/rozhodci/?plan=p&f=cs04&b=c&otazka=smi&akce=vesnice&n=ptat"
    page = text(client.get(base))
    assert "Klepněte na místo na plánu." in page
    yes = text(client.get(base + "&misto=a1.SW"))
    assert "Ano, červený tu smí postavit vesnici" in yes
    no = text(client.get(base + "&misto=c3.N"))
    assert "Ne." in no and "silnici" in no


def test_rolls_and_points_on_the_beginner_board(client):
    beginner = notation.params(notation.Table(pieces=tuple(
        (c, p, notation._canonical(p, x)) for c, p, x in beginner_pieces())))
    query = "&".join(f"{k}={v}" for k, v in beginner.items())
    page = text(client.get(f"/rozhodci/?{query}&otazka=vynosy&hod=8"))
    assert "Na 8 dostane" in page
    page = text(client.get(f"/rozhodci/?{query}&otazka=body"))
    assert "Na stole vedou" in page and "2 body na stole (2 vesnice)" in page


def test_the_settings_form_sets_hands_turn_and_rules(client):
    query = {"plan": "p", "upravit": "1", "hraje-orange": "1", "hraje-red": "1",
             "ruka-red-ore": "3", "ruka-red-brick": "20", "na-tahu": "red", "faze": "build",
             "pravidlo-r": "1"}
    response = client.get("/rozhodci/", query)
    assert response.status_code == 400  # 20 bricks: refused, nothing typed is lost
    assert "0–19" in text(response)
    assert 'name="ruka-red-brick" value="20"' in text(response)
    assert 'name="ruka-red-ore" value="3"' in text(response)
    query["ruka-red-brick"] = "1"
    response = client.get("/rozhodci/", query)
    assert response.status_code == 302
    got = parse_qs(urlsplit(response["Location"]).query)
    assert got["ruce"] == ["c10003"] and got["tah"] == ["cs"] and got["pravidla"] == ["r"]
    assert got["hraci"] == ["oc"]


def test_the_qr_code_is_an_svg_of_the_positions_address(client):
    response = client.get("/rozhodci/qr.svg?plan=p&f=os04")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")


def test_rozhodnout_odsud_from_an_example_step(client):
    response = client.get("/rozhodci/z-prikladu/11/2/")
    assert response.status_code == 302
    page = text(client.get(response["Location"]))
    assert "Figurek na plánu: 21" in page
    assert client.get("/rozhodci/z-prikladu/99/1/").status_code == 404


def test_the_example_step_links_to_rozhodci(client, content):
    page = text(client.get("/priklad-hry/tah/3/krok/1/"))
    assert 'href="/rozhodci/z-prikladu/3/1/"' in page and "Rozhodnout odsud" in page


def test_rozhodnout_odsud_from_hrat_shows_only_the_players_own_cards(client):
    setup = flow.Setup(players=("orange", "red", "blue"), people=("orange",), seed=3)
    row = make_game(setup)
    page = text(client.get(f"/hrat/{row.pk}/"))
    assert f'href="/rozhodci/z-hry/{row.pk}/"' in page
    response = client.get(f"/rozhodci/z-hry/{row.pk}/")
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query)
    hands = query.get("ruce", [""])[0]
    assert all(hands[i] == "o" for i in range(0, len(hands), 6))
    assert "karty" not in query or all(
        query["karty"][0][i] == "o" for i in range(0, len(query["karty"][0]), 6))
    assert client.get("/rozhodci/z-hry/nonexistent/").status_code == 404


# --- the JSON API ----------------------------------------------------------------------------

def test_api_answers_each_question(client):
    roads = dict.fromkeys(RED, "red") | dict.fromkeys(BLUE, "blue")
    position = {"roads": roads, "buildings": {"a1.NE": ["blue", "settlement"]}}
    body = api(client, {"position": position, "otazka": "nejdelsi-cesta"}).json()
    assert body["drzitel"] == "blue" and "modrý" in body["odpoved"].lower()
    assert body["heslo"].endswith("/almanach/nejdelsi-obchodni-cesta/")
    assert "a1.NE" in body["zvyraznit"]

    body = api(client, {"position": position, "otazka": "smi", "akce": {
        "type": "build_settlement", "player": "blue", "node": "a1.N"}}).json()
    assert body["smi"] is False and body["kod"] == "distance_rule"

    body = api(client, {"position": position, "otazka": "kam-stavet", "barva": "red"}).json()
    assert "a1.NW" in body["vesnice"] and "a1.NW" in body["zvyraznit"]

    position["hands"] = {"red": {"ore": 1}}
    body = api(client, {"position": position, "otazka": "koho-okrast", "barva": "blue",
                        "pole": "a1"}).json()
    assert body["okrast"] == [] and body["smi"] is False
    body = api(client, {"position": {"buildings": {"c3.N": ["red", "city"]},
                                     "hands": {"red": {"ore": 2}}},
                        "otazka": "koho-okrast", "barva": "blue", "pole": "c3"}).json()
    assert body["okrast"] == ["red"]

    body = api(client, {"position": {"buildings": {"c3.N": ["red", "city"]}},
                        "otazka": "vynosy", "hod": 11}).json()
    assert "odpoved" in body and "zisky" in body

    body = api(client, {"position": {"buildings": {"c3.N": ["red", "city"]}},
                        "otazka": "body"}).json()
    assert body["body"]["red"]["verejne"] == 2

    body = api(client, {"position": {}, "otazka": "smi",
                        "akce": {"type": "play_knight", "player": "red"}}).json()
    assert body["smi"] is True


@pytest.mark.parametrize("body, words", [
    ({"position": {"buildings": {"a2.SE": ["red", "settlement"],
                                 "a2.S": ["blue", "settlement"]}}, "otazka": "body"},
     "pravidlo o vzdálenosti"),
    ({"position": {"roads": {p: "red" for p in topology.PATH_IDS[:16]}}, "otazka": "body"},
     "figurek"),
    ({"position": {"buildings": {"a2.SE": ["red", "city"]}}, "otazka": "body"}, None),
    ({"position": {}, "otazka": "co"}, "Otázka"),
    ({"position": [], "otazka": "body"}, "objekt"),
    ({"position": {}, "otazka": "koho-okrast", "barva": "red"}, "pole"),
    ({"position": {}, "otazka": "vynosy", "hod": 13}, "2–12"),
    ({"position": {}, "otazka": "smi", "akce": {"type": "fly", "player": "red"}}, "akce"),
    ({"position": {"players": ["red"]}, "otazka": "body"}, "hráči"),
])
def test_api_refuses_impossible_positions_and_questions_with_a_czech_400(client, body, words):
    response = api(client, body)
    if words is None:  # a city standing alone is a legal sandbox position
        assert response.status_code == 200
        return
    assert response.status_code == 400
    assert words in response.json()["chyba"]


def test_api_refuses_what_is_not_json(client):
    response = client.post("/rozhodci/api", "{", content_type="application/json")
    assert response.status_code == 400 and "JSON" in response.json()["chyba"]
    assert client.get("/rozhodci/api").status_code == 405


def test_the_editor_with_a_ruling_weighs_at_most_60_kb(client, content):
    from tests.site.test_page_weight import LIMIT, transfer_size

    url = "/rozhodci/?f=" + "".join(
        f"cs{notation.DIGITS[i // 36]}{notation.DIGITS[i % 36]}" for i in range(15)
    ) + "&n=silnice&otazka=nejdelsi-cesta"
    sizes = transfer_size(client, url)
    assert sum(sizes.values()) <= LIMIT, sizes


def test_going_back_after_htmx_gets_the_whole_page(client):
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    response = client.get("/rozhodci/?plan=p&f=os04", headers=headers)
    assert "<html" in text(response)


def test_rozhodnout_odsud_while_the_device_is_handed_over_shows_nobodys_cards(client):
    setup = flow.Setup(players=("orange", "red", "blue"), people=("orange", "red"), seed=3)
    row = make_game(setup)
    store.set_shown_to(row, "red")  # red looked last; orange is on turn and must take over
    response = client.get(f"/rozhodci/z-hry/{row.pk}/")
    query = parse_qs(urlsplit(response["Location"]).query)
    assert "ruce" not in query and "karty" not in query
    store.set_shown_to(row, "orange")
    query = parse_qs(urlsplit(client.get(f"/rozhodci/z-hry/{row.pk}/")["Location"]).query)
    hands = query["ruce"][0]
    assert [hands[i] for i in range(0, len(hands), 6)] == ["o"]


def test_api_a_card_bought_this_turn_may_not_be_played(client):
    position = {"current": "red", "phase": "build", "dev_cards_new": {"red": {"knight": 1}}}
    akce = {"type": "play_knight", "player": "red"}
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    assert body["smi"] is False and body["kod"] == "card_bought_this_turn"
    position = {"current": "red", "phase": "build", "dev_cards": {"red": {"knight": 1}},
                "dev_card_played_this_turn": True, "played": {"red": {"monopoly": 1}}}
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    assert body["smi"] is False and body["kod"] == "one_card_per_turn"
    position["dev_card_played_this_turn"] = False
    body = api(client, {"position": position, "otazka": "smi", "akce": akce}).json()
    assert body["smi"] is True
