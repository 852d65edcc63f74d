"""Rozhodčí never answers 500: random and hostile values in every parameter the editor reads
(the position's notation, the UI state, the settings form) and random JSON in every field of
the API's question. Derandomized in CI (the "ci" profile, tests/conftest.py);
HYPOTHESIS_PROFILE=dev explores more."""

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import DEV_CARDS, RESOURCES
from tests.conftest import examples
from tutorial.referee import notation, rulings, state

pytestmark = pytest.mark.django_db

TRICKY = ["\x00", "²", "٣", "３", "ß", "ﬃ", "\u0301", "\u202e", "-1", "1e9", "9" * 40, " ",
          "[", "{}", "c" * 300, "c3" * 600, "<script>", "%00", "0x10", "NaN", "00000"]
FORM_NAMES = (["upravit", "klik", "na-tahu", "faze"]
              + [f"pravidlo-{x}" for x in notation.RULE_LETTERS]
              + [f"{kind}-{c}" for c in notation.ALL_COLORS
                 for kind in ("hraje", "rytiri", "ruka-znama")]
              + ["drzitel-cesta", "drzitel-vojsko"]
              + [f"ruka-{c}-{r}" for c in notation.ALL_COLORS for r in RESOURCES]
              + [f"karty-{c}-{d}" for c in notation.ALL_COLORS for d in DEV_CARDS]
              # 'Tento tah' (forms.TurnForm) and the trade question (forms.TradeForm)
              + ["uz-k", "uz-o", "uz-r", "hod-1", "hod-2", "obchodovat", "partner"]
              + [f"{kind}-{c}" for c in notation.ALL_COLORS for kind in ("odevzda", "obchodni")]
              + [f"nove-{c}-{d}" for c in notation.ALL_COLORS for d in DEV_CARDS]
              + [f"{side}-{r}" for side in ("dava", "bere") for r in RESOURCES])
EDITOR_NAMES = [*notation.POSITION_PARAMS, *state.UI_PARAMS, *FORM_NAMES]
# Values that parse, so that a hostile value in one parameter meets a real position.
GOOD = ["p", "z", "v7", "ocmb", "oc", "r2k", "cs04ov00cs05", "c3", "c10003", "c3m2", "cs",
        "os", "vesnice", "silnice", "ptat", "smi", "nejdelsi-cesta", "vynosy", "koho-okrast",
        "a1.N", "a1.W", "b3|b4", "8", "7", "ore", "knight", "1", "red", "build", "c", "m",
        "cd", "cz", "cf", "ch", "c10001", "ko", "kor", "cm", "87", "c5o2", "sedmicka", "obchod",
        "vynuceny", "poust", "vyradit", "10000", "00001", "discard", "robber", "setup"]
CHARS = [c for c in TRICKY if len(c) == 1]
text = st.text(st.characters(exclude_categories=("Cs",)) | st.sampled_from(CHARS),
               max_size=30)
value = st.sampled_from(GOOD) | st.sampled_from(TRICKY) | text | st.text(
    st.sampled_from(notation.DIGITS + "ocmbvs.|"), max_size=60)


def no_500(response, what) -> None:
    assert response.status_code < 500, what


@settings(max_examples=examples(ci=80, dev=1000), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(query=st.dictionaries(st.sampled_from(EDITOR_NAMES), value, max_size=8),
       htmx=st.booleans())
def test_the_editor_never_answers_500(query, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    client = Client()
    no_500(client.get("/rozhodci/", query, headers=headers), query)
    no_500(client.get("/rozhodci/qr.svg", query), query)


def test_every_parameter_the_editor_reads_is_fuzzed():
    assert set(notation.POSITION_PARAMS) <= set(EDITOR_NAMES)
    assert set(state.UI_PARAMS) <= set(EDITOR_NAMES)


json_leaf = (st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | text
             | st.sampled_from(["red", "blue", "orange", "white", "pink", "a1.N", "c3",
                                "b3|b4", "settlement", "city", "road", "ore", "knight",
                                "unknown", "recorded", "build", "roll", "main"]))
json_any = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(text, inner, max_size=4), max_leaves=16)

VALID_BODIES = [
    {"position": {"roads": {"b3|b4": "red"}}, "otazka": "nejdelsi-cesta"},
    {"position": {"hands": {"red": {"ore": 4}}, "current": "red", "phase": "build"},
     "otazka": "smi", "akce": {"type": "build_road", "player": "red", "path": "b3|b4"}},
    {"position": {"buildings": {"a1.N": ["blue", "settlement"]}, "hands": {"blue": {"ore": 1}}},
     "otazka": "smi", "akce": {"type": "move_robber", "player": "red", "hex": "a1",
                               "victim": "blue"}},
    {"position": {}, "otazka": "smi", "akce": {"type": "trade_rate", "player": "red",
                                               "resource": "ore"}},
    {"position": {"dev_cards": {"red": {"monopoly": 1}}}, "otazka": "smi",
     "akce": {"type": "play_monopoly", "player": "red", "resource": "ore"}},
    {"position": {}, "otazka": "koho-okrast", "barva": "red", "pole": "c3"},
    {"position": {}, "otazka": "vynosy", "hod": 8},
    {"position": {"longest_road_holder": "red", "largest_army_holder": None,
                  "played": {"red": {"knight": 3}}}, "otazka": "body"},
    {"position": {}, "otazka": "kam-stavet", "barva": "red"},
    {"position": {"hands": {"red": {"ore": 9}}, "current": "red", "phase": "discard",
                  "discard": {"red": 4}}, "otazka": "sedmicka"},
    {"position": {"current": "red", "phase": "build", "dev_cards_new": {"red": {"knight": 1}},
                  "dev_card_played_this_turn": False}, "otazka": "smi",
     "akce": {"type": "play_knight", "player": "red", "hex": "a1"}},
    {"position": {"current": "red", "phase": "trade"}, "otazka": "smi",
     "akce": {"type": "trade_players", "player": "red", "partner": "blue",
              "give": {"brick": 1}, "get": {"ore": 1}}},
    {"position": {"rules": {"two_player": True}, "current": "orange", "phase": "roll",
                  "rolls": 1, "first_roll_total": 8, "trade_cards": {"orange": 5}},
     "otazka": "smi", "akce": {"type": "forced_trade", "player": "orange"}},
]


def paths(value, prefix=()):
    """Every place in a JSON value where another value can go."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))


def replaced(value, path, new):
    if not path:
        return new
    return {**value, path[0]: replaced(value[path[0]], path[1:], new)}


def ask(body) -> int:
    data = body if isinstance(body, str) else json.dumps(body, allow_nan=True)
    response = Client().post("/rozhodci/api", data, content_type="application/json")
    assert response.status_code in (200, 400, 413), body
    assert response.json().get("chyba") or response.status_code == 200, body
    return response.status_code


@settings(max_examples=examples(ci=100, dev=1500), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_wrong_value_in_any_field_of_a_valid_question_is_never_a_500(data):
    body = data.draw(st.sampled_from(VALID_BODIES))
    path = data.draw(st.sampled_from(list(paths(body))[1:]))
    ask(replaced(body, path, data.draw(json_any)))


@settings(max_examples=examples(ci=60, dev=800), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(position=json_any, question=st.sampled_from([*rulings.QUESTIONS, "x"]),
       extra=st.dictionaries(st.sampled_from(["akce", "barva", "pole", "hod"]), json_any,
                             max_size=3))
def test_random_json_shapes_are_never_a_500(position, question, extra):
    ask({"position": position, "otazka": question, **extra})


def test_the_valid_questions_are_answered():
    for body in VALID_BODIES:
        assert ask(body) == 200, body
