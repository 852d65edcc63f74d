"""Bad input to Rozhodčí gets a Czech sentence and a 4xx, never a 500: digits that only look
like digits, JSON nested too deep or of the wrong types, an unknown colour, an address too
long for a QR code, and a question that is not JSON at all (no cross-site form can ask)."""

import json

import pytest

from tutorial.referee import api as api_input

pytestmark = pytest.mark.django_db

# "²" passes str.isdigit() but int() refuses it; "٣" and "３" pass both.
LOOKALIKES = ["²", "٣", "３", "1²", " 8", "+8", "8\x00"]


def api(client, body, content_type="application/json"):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post("/rozhodci/api", data, content_type=content_type)


@pytest.mark.parametrize("digit", LOOKALIKES)
def test_a_roll_in_lookalike_digits_is_no_roll(client, digit):
    response = client.get("/rozhodci/", {"otazka": "vynosy", "hod": digit})
    assert response.status_code == 200
    assert "Zvolte, co padlo na kostkách." in response.content.decode()


@pytest.mark.parametrize("digit", LOOKALIKES)
def test_a_board_number_in_lookalike_digits_is_a_czech_400(client, digit):
    for url in ("/rozhodci/", "/rozhodci/qr.svg"):
        response = client.get(url, {"plan": "v" + digit})
        assert response.status_code == 400
        assert "číslo" in response.content.decode()


@pytest.mark.parametrize("digit", [d for d in LOOKALIKES if d != " 8"])
def test_the_settings_form_refuses_lookalike_counts_and_keeps_what_was_typed(client, digit):
    query = {"upravit": "1", "hraje-orange": "1", "hraje-red": "1", "ruka-red-ore": digit,
             "rytiri-orange": "1"}
    response = client.get("/rozhodci/", query)
    page = response.content.decode()
    assert response.status_code == 400
    assert "číslicemi 0–9" in page and 'name="rytiri-orange" value="1"' in page
    htmx = client.get("/rozhodci/", query, headers={"HX-Request": "true"})
    assert htmx.status_code == 200 and "číslicemi 0–9" in htmx.content.decode()


@pytest.mark.parametrize("digit", LOOKALIKES)
def test_pridat_do_kvizu_passes_only_a_real_roll(client, digit):
    page = client.get("/rozhodci/", {"hod": digit, "otazka": "vynosy"}).content.decode()
    link = page.split('href="/ucitel/kviz/pozice/')[1].split('"')[0]
    assert "hod=" not in link


def test_pridat_do_kvizu_refuses_a_lookalike_roll_with_a_czech_400(client):
    from tests.helpers.makers import make_quiz, make_teacher

    teacher = make_teacher(password=None)
    client.force_login(teacher)
    quiz = make_quiz(teacher, "Spory")
    response = client.post("/ucitel/kviz/pozice/", {
        "pozice": "f=cv00&b=c", "kviz": str(quiz.pk), "druh": "vynosy", "hod": "²",
        "hrac": "red"})
    assert response.status_code == 400
    assert "Zvolte, jaké číslo padne" in response.content.decode()


def test_an_overlong_knights_parameter_is_refused_and_never_reaches_the_qr_code(client):
    for url in ("/rozhodci/", "/rozhodci/qr.svg"):
        response = client.get(url, {"rytiri": "c3" * 2000})
        assert response.status_code == 400
        assert "Rytíři" in response.content.decode()
    response = client.get("/rozhodci/", {"rytiri": "c3c2"})
    assert response.status_code == 400 and "jednou" in response.content.decode()
    response = client.get("/rozhodci/", {"rytiri": "c9m9"})
    assert response.status_code == 400 and "14 karet rytíře" in response.content.decode()


def test_the_qr_code_of_the_longest_possible_address_still_fits(client):
    from engine import topology
    from tutorial.referee import notation

    roads = [(c, "road", p) for c, p in zip(["orange", "red", "blue", "white"] * 15,
                                            topology.PATH_IDS[:60], strict=True)]
    pos = notation.Table(pieces=tuple(roads), hands={c: (9,) * 5 for c in notation.ALL_COLORS},
                            dev={c: (2,) * 5 for c in notation.ALL_COLORS},
                            knights=(("orange", 3), ("red", 3), ("blue", 3), ("white", 3)),
                            current="red", phase="build")
    query = notation.params(pos)
    query.update({"otazka": "smi", "akce": "vesnice", "misto": "a1.N", "n": "ptat", "b": "m"})
    response = client.get("/rozhodci/qr.svg", query)
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"


def test_the_api_takes_only_json_so_no_cross_site_form_can_ask(client):
    body = json.dumps({"position": {}, "otazka": "body"})
    for content_type in ("text/plain", "application/x-www-form-urlencoded",
                         "multipart/form-data; boundary=x"):
        response = api(client, body, content_type)
        assert response.status_code == 415
        assert "application/json" in response.json()["chyba"]
    assert api(client, body, "application/json; charset=utf-8").status_code == 200


def test_the_api_is_csrf_exempt_on_purpose_and_needs_no_cookie(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = api(strict, {"position": {}, "otazka": "body"})
    assert response.status_code == 200 and not response.cookies


def test_the_api_refuses_a_body_too_big_before_reading_a_position(client):
    big = json.dumps({"position": {"x": "a" * 40_000}, "otazka": "body"})
    response = api(client, big)
    assert response.status_code == 413 and "32 kB" in response.json()["chyba"]


@pytest.mark.parametrize("raw", ["[" * 100_000, "[" * 20 + "]" * 20,
                                 '{"position": ' + '{"a": ' * 12 + "1" + "}" * 12 + "}"])
def test_the_api_refuses_json_nested_too_deep(client, raw):
    response = api(client, raw)
    assert response.status_code in (400, 413)
    assert response.json()["chyba"]


def test_brackets_inside_strings_do_not_count_as_nesting(client):
    body = {"position": {"players": ["red", "blue"]}, "otazka": "body", "x": "[[[[[[[[[[[["}
    assert api(client, body).status_code == 200


def test_a_list_longer_than_any_position_has_is_refused(client):
    response = api(client, {"position": {"players": ["red"] * 1001}, "otazka": "body"})
    assert response.status_code == 400 and "dlouhý" in response.json()["chyba"]


WRONG_TYPES = [["red"], {"a": 1}, 3, True, None, 1.5]


@pytest.mark.parametrize("value", WRONG_TYPES)
@pytest.mark.parametrize("action", [
    {"type": "build_road", "player": "red", "path": "b3|b4"},
    {"type": "move_robber", "player": "red", "hex": "a1", "victim": "blue"},
    {"type": "trade_bank", "player": "red", "give": "ore", "get": "wool", "count": 1},
    {"type": "play_monopoly", "player": "red", "resource": "ore"},
    {"type": "play_year_of_plenty", "player": "red", "resources": ["ore", "wool"]},
    {"type": "trade_rate", "player": "red", "resource": "ore"},
    {"type": "play_knight", "player": "red"},
])
def test_wrong_types_in_every_field_of_an_action_are_a_czech_400(client, value, action):
    for key in action:
        akce = {**action, key: value}
        response = api(client, {"position": {}, "otazka": "smi", "akce": akce})
        assert response.status_code in (200, 400), akce
        if response.status_code == 400:
            assert response.json()["chyba"], akce


def test_an_unknown_victim_colour_is_a_czech_400(client):
    akce = {"type": "move_robber", "player": "red", "hex": "a1", "victim": "pink"}
    response = api(client, {"position": {}, "otazka": "smi", "akce": akce})
    assert response.status_code == 400 and "nehraje" in response.json()["chyba"]


def test_depth_is_counted_without_parsing():
    assert api_input._depth_over(b"[" * 9, 8)
    assert not api_input._depth_over(b'{"a": "[[[[[[[[[[[[["}', 8)
    assert not api_input._depth_over(b'{"a": "\\"[[[[[[[[[[[[["}', 8)
