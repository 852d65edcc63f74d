"""Every rule option engine.options declares, on every screen that takes rule options: Hrát's
new-game form (and the game it starts, and 'Hrát znovu'), Rozhodčí's URL notation and
settings form, Rozhodčí's API and a teacher's own position in a quiz.

The tests run over the declaration (engine.options.OPTIONS), so a new option is tested on
every screen without a line here; a screen that does not offer it fails the first test
unless the declaration says why (``RuleOption.screens``)."""

from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from engine import Board, Game, Rules, referee
from engine.options import OPTIONS
from tests.helpers.makers import make_quiz, make_teacher
from tests.helpers.pages import html_unescaped as text
from tutorial.lessons import custom
from tutorial.play import flow, store, table
from tutorial.play.forms import NewGameForm, option_values
from tutorial.play.models import PlayedGame
from tutorial.referee import notation

pytestmark = pytest.mark.django_db

PLAYED = [o for o in OPTIONS if o.play_field]
LETTERED = [o for o in OPTIONS if o.letter]
# Red's six roads on the empty frame: a position a quiz can ask about under any rules.
RED_ROADS = ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]
TWO = ("orange", "red")  # players any option allows, Katan pro dva's too


def name(option) -> str:
    return option.name


def other_rules(option) -> Rules:
    """The default rules but this option at its other reading."""
    return Rules(**{option.name: option.other})


@pytest.mark.parametrize("option", OPTIONS, ids=name)
def test_every_screen_offers_the_option_or_the_declaration_says_why(option):
    forgotten = []
    if not (option.play_field or option.variant):
        forgotten.append("Hrát's new-game form (give it a play_field)")
    if not option.letter:
        forgotten.append("Rozhodčí's editor, URL notation and a quiz's own position "
                         "(give it a letter)")
    assert not forgotten or option.screens, (
        f"{option.name} is known to the engine only, not to " + " nor ".join(forgotten)
        + "; or say why in RuleOption.screens")


def test_no_two_options_share_a_field_or_a_letter():
    fields = [o.play_field for o in PLAYED]
    letters = [o.letter for o in LETTERED]
    assert len(set(fields)) == len(fields) and len(set(letters)) == len(letters)
    others = set(NewGameForm.base_fields) - set(fields)
    assert not others & set(fields), "an option's field would hide another field of the form"


@pytest.mark.parametrize("option", OPTIONS, ids=name)
def test_the_option_names_its_almanach_entry_in_czech(client, content, option):
    assert option.label and option.help.endswith(".")
    assert option.edition in ("000/003", "001", "002", "domácí pravidlo")
    assert client.get(f"/almanach/{option.headword}/").status_code == 200, option.headword


# --- Hrát --------------------------------------------------------------------------------------

@pytest.mark.parametrize("option", PLAYED, ids=name)
def test_hrat_offers_the_option_and_the_game_started_with_it_keeps_it(client, option):
    page = text(client.get("/hrat/"))
    assert f'name="{option.play_field}"' in page
    assert option.label in page and option.help in page
    chosen = option_values(other_rules(option))[option.play_field]
    response = client.post("/hrat/", {"hraci": 4, "lide": 1, "plan": "zacatecnici",
                                      option.play_field: chosen})
    assert response.status_code == 302, text(response)[:2000]
    row = PlayedGame.objects.get()
    store._cache.clear()  # as after a restart: the game replayed from its stored set-up
    assert getattr(store.game_of(row).rules, option.name) == option.other
    # 'Hrát znovu' starts the next game with it too.
    again = NewGameForm(table.play_again(store.setup_of(row)))
    assert again.is_valid(), again.errors
    assert getattr(again.rules(), option.name) == option.other


@pytest.mark.parametrize("option", [o for o in OPTIONS if o.variant], ids=name)
def test_hrat_chooses_a_variant_by_the_number_of_players(client, option):
    response = client.post("/hrat/", {"hraci": 2, "lide": 1, "plan": "zacatecnici"})
    assert response.status_code == 302
    row = PlayedGame.objects.get()
    store._cache.clear()
    game = store.game_of(row)
    assert getattr(game.rules, option.name) == option.other
    assert game.rules.variant == option.variant
    assert flow.Setup(players=("orange", "red", "blue"), people=()).rules.variant == "base"


# --- Rozhodčí ------------------------------------------------------------------------------------

@pytest.mark.parametrize("option", LETTERED, ids=name)
def test_rozhodcis_notation_writes_the_option_and_reads_it_back(option):
    pos = notation.parse({"pravidla": option.letter})
    assert getattr(pos.engine_rules(), option.name) == option.other
    assert notation.params(pos)["pravidla"] == option.letter
    assert notation.to_json(pos)["rules"][option.name] == option.other
    assert getattr(notation.build(pos).game.rules, option.name) == option.other
    # A running game (Hrát's, the example's) opened in the editor keeps it.
    game = Game.empty(Board.beginner(), TWO, rules=other_rules(option))
    assert option.letter in notation.from_game(game, "z").rules


@pytest.mark.parametrize("option", LETTERED, ids=name)
def test_rozhodcis_settings_form_offers_the_option_and_its_box_sets_it(client, option):
    box = f'name="pravidlo-{option.letter}" value="1"'
    page = text(client.get("/rozhodci/", {"nastaveni": "1"}))
    assert box in page and (option.checkbox or option.label) in page
    assert f"{box} checked" not in page
    response = client.get("/rozhodci/", {"upravit": "1", "hraje-orange": "1", "hraje-red": "1",
                                         f"pravidlo-{option.letter}": "1"})
    assert response.status_code == 302, text(response)[:2000]
    query = parse_qs(urlsplit(response["Location"]).query)
    assert query["pravidla"] == [option.letter]
    page = text(client.get(response["Location"] + "&nastaveni=1"))
    assert f"{box} checked" in page


@pytest.mark.parametrize("option", OPTIONS, ids=name)
def test_rozhodcis_api_takes_the_option_and_refuses_a_bad_value_in_czech(client, monkeypatch,
                                                                        option):
    seen = []
    real = referee.position_from_json

    def spy(position):
        seen.append(real(position))
        return seen[-1]

    monkeypatch.setattr(referee, "position_from_json", spy)
    body = {"position": {"rules": {option.name: option.other}}, "otazka": "kdo-vyhral"}
    response = client.post("/rozhodci/api", body, content_type="application/json")
    assert response.status_code == 200, response.json()
    assert getattr(seen[0].rules, option.name) == option.other
    bad = "ano" if option.kind != "choice" else "coin_flip"
    body["position"]["rules"][option.name] = bad
    response = client.post("/rozhodci/api", body, content_type="application/json")
    assert response.status_code == 400
    assert option.label in response.json()["chyba"]


# --- a teacher's own position in a quiz -----------------------------------------------------

@pytest.mark.parametrize("option", LETTERED, ids=name)
def test_a_quizs_own_position_keeps_the_option(client, db, option):
    teacher = make_teacher(password=None)
    client.force_login(teacher)
    quiz = make_quiz(teacher, "Spory u stolu")
    pieces = tuple(("red", "road", notation._canonical("road", p)) for p in RED_ROADS)
    pos = notation.Table(plan="p", players=TWO, pieces=pieces,
                            rules=frozenset(option.letter))
    response = client.post("/ucitel/kviz/pozice/", {
        "pozice": urlencode(notation.params(pos)), "kviz": str(quiz.pk),
        "druh": "nejdelsi-cesta", "hrac": "red"})
    assert response.status_code == 302, text(response)[:2000]
    item = quiz.items.get()
    prepared = custom.prepared_or_none(item.kind, item.variant)
    assert getattr(prepared.game.rules, option.name) == option.other
