"""A fair seat: the person chooses a colour and a place in the turn order (or draws them),
the form says what the seats' measured chances are, and the measuring script is
deterministic."""

import random
import re
import sys
from pathlib import Path

import pytest
from play_kit import start

from tests.helpers.pages import html as text
from tutorial.play import flow, seats, store, table
from tutorial.play.forms import NewGameForm
from tutorial.play.models import PlayedGame

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import seat_win_rates  # noqa: E402

pytestmark = pytest.mark.django_db


def stored_setup() -> flow.Setup:
    return store.setup_of(PlayedGame.objects.get())


def test_white_in_the_first_seat_plays_whites_pieces_and_rolls_first(client):
    url = start(client, barva="white", poradi="1")
    setup = stored_setup()
    assert setup.players == ("white", "orange", "red", "blue") and setup.people == ("white",)
    game = store.game_of(PlayedGame.objects.get())
    assert game.current_player == "white" and game.turn_number == 1
    # White's starred settlement (b1.S) gave ore, grain and brick.
    assert game.hand("white") == {"brick": 1, "grain": 1, "ore": 1, "lumber": 0, "wool": 0}
    page = text(client.get(url))
    assert "Hrajete vy (Bílý)" in page and "Hodit kostkami" in page


def test_the_third_seat_waits_for_two_computer_players_first(client):
    url = start(client, barva="orange", poradi="3")
    row = PlayedGame.objects.get()
    setup = stored_setup()
    assert setup.players == ("red", "blue", "orange", "white")
    game = store.game_of(row)
    assert game.current_player == "orange" and game.turn_number == 3
    rolls = [m.action["player"] for m in store.log_of(row) if m.action["type"] == "roll_dice"]
    assert rolls == ["red", "blue"]  # both computer players before the person rolled
    assert "Hrajete vy (Oranžový)" in text(client.get(url))


def test_the_computer_levels_follow_the_seats_after_the_person(client):
    start(client, barva="white", poradi="2", uroven_1="silny", uroven_2="zacatecnik",
          uroven_3="pokrocily")
    setup = stored_setup()
    assert setup.players == ("orange", "white", "red", "blue")
    # The 1st computer player is the one after the person, going round.
    assert [setup.level_of(c) for c in ("red", "blue", "orange")] == [
        "silny", "zacatecnik", "pokrocily"]


def test_a_drawn_seat_gives_every_colour_and_every_place():
    colours, places = set(), set()
    for n in range(40):
        form = NewGameForm({"hraci": 4, "lide": 1, "plan": "zacatecnici", "barva": "los",
                            "poradi": "los"})
        assert form.is_valid(), form.errors
        setup = form.setup(seed=1, rng=random.Random(n))
        (person,) = setup.people
        colours.add(person)
        places.add(setup.players.index(person))
        assert sorted(setup.players) == sorted(flow.SEATS[4])
    assert colours == set(flow.SEATS[4]) and places == {0, 1, 2, 3}


def test_the_form_draws_by_default(client):
    page = text(client.get("/hrat/"))
    for name in ("barva", "poradi"):
        assert re.search(rf'name="{name}" value="los"[^>]*checked', page), name


@pytest.mark.parametrize(("data", "message"), [
    ({"hraci": 3, "barva": "red"}, "Ve hře tří hráčů se červenými nehraje"),
    ({"hraci": 2, "barva": "white"}, "Ve hře 2 hráčů hrají oranžový a červený."),
    ({"hraci": 3, "poradi": "4"}, "Ve hře 3 hráčů můžete hrát nejvýš třetí."),
    ({"barva": "green"}, "Takovou barvu neznáme."),
    ({"poradi": "5"}, "Takové pořadí neznáme."),
])
def test_a_colour_or_place_the_game_has_not_is_a_czech_400(client, data, message):
    response = client.post("/hrat/", {"hraci": 4, "lide": 1, "plan": "zacatecnici", **data})
    assert response.status_code == 400
    assert message in text(response)
    assert not PlayedGame.objects.exists()


def test_play_again_keeps_the_colour_the_place_and_the_levels(client):
    start(client, barva="blue", poradi="4", uroven_1="pokrocily", uroven_2="silny",
          uroven_3="zacatecnik")
    setup = stored_setup()
    fields = table.play_again(setup)
    assert fields["barva"] == "blue" and fields["poradi"] == "4"
    form = NewGameForm(fields)
    assert form.is_valid(), form.errors
    again = form.setup(seed=2)
    assert (again.players, again.people, again.levels) == (
        setup.players, setup.people, setup.levels)


def test_the_form_says_the_set_up_is_reconstructed_and_the_measured_chances(client):
    page = text(client.get("/hrat/"))
    assert "stojí podle pravidel" not in page
    assert "sestavili jsme ho podle příkladu hry v almanachu" in page
    chances = seats.chances("beginner", "silny")
    best = chances["colours"][0]
    assert best["name"] == "Bílý"  # the measured figures, read from the script's file
    assert (f"Bílý vyhrává v našich měřeních {best['percent']} % her silných počítačů"
            in page)
    for colour in chances["colours"][1:]:
        assert f"{colour['name']} {colour['percent']} %" in page


def test_the_seat_measurement_is_the_same_for_the_same_seed(capsys):
    seat_win_rates.main(["--games", "3", "--boards", "beginner", "--levels", "zacatecnik"])
    first = capsys.readouterr().out.splitlines()[0]
    assert re.fullmatch(r"seat win rates board=beginner level=zacatecnik games=3: "
                        r"orange \d+ % red \d+ % blue \d+ % white \d+ %", first)
    again = seat_win_rates.measure("beginner", "zacatecnik", 3)
    shares = " ".join(f"{c} {seat_win_rates.percent(w, 3)} %"
                      for c, w in again["colour"].items())
    assert first.endswith(shares)


def test_the_number_of_players_is_a_tap_and_the_start_button_is_on_the_first_screen(client):
    page = text(client.get("/hrat/"))
    assert re.search(r'type="radio" name="hraci" value="4"[^>]*checked', page)
    for count in (2, 3):
        assert f'type="radio" name="hraci" value="{count}"' in page
    first_screen = page.split('class="notice play-first"', 1)[1].split("</div>", 1)[0]
    assert '<button type="submit">Začít hru</button>' in first_screen
    # Each computer player's level sits in its own field, which fewer players hide.
    for n in range(1, 5):
        assert f'class="field field-uroven_{n}"' in page
