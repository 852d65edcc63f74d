"""Hrát's smaller promises (issue #43, low): a stale tab is told the game moved on, "kolo"
and "tah" as the Almanach uses them, Katan pro dva speaks of one opponent, the discard form
counts, a bad step of a record leads back to its game."""

import re

import pytest
from play_kit import (
    answered,
    fill_orange_hand,
    hurry_through_turn,
    offered,
    post_move,
    roll,
    start,
    stored,
)

from tests.helpers.pages import html as text
from tutorial.play import store, table
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db

MOVED_ON = "Hra mezitím pokročila, tady je aktuální stav."


def stale_form(page: str, label: str) -> dict:
    """The fields of the move form whose button says ``label``, as a tab holds them."""
    form = re.search(r'<form class="play-action"[^>]*>(?:(?!</form>).)*>' + re.escape(label)
                     + r"</button></form>", page, re.S)[0]
    return {name: value.replace("&quot;", '"') for name, value in
            re.findall(r'name="(stav|akce)" value="([^"]*)"', form)}


def test_a_move_from_a_stale_second_tab_is_told_the_game_moved_on(client):
    url = start(client, seed=3)
    old_tab = text(client.get(url))
    roll = stale_form(old_tab, "Hodit kostkami")
    assert roll["stav"] == str(PlayedGame.objects.get().moves)
    assert client.post(url + "tah/", roll).status_code == 302  # the other tab rolls
    rolled = len(store.game_of(PlayedGame.objects.get()).history)
    page = answered(client, client.post(url + "tah/", roll))  # the old tab rolls again
    assert MOVED_ON in page and "Tento krok nejde" not in page
    assert "Kostkami se hází jen jednou" not in page
    assert len(store.game_of(PlayedGame.objects.get()).history) == rolled
    assert MOVED_ON not in text(client.get(url))  # told once


def test_with_htmx_the_stale_tab_gets_the_current_table_in_place(client):
    url = start(client, seed=3)
    roll = stale_form(text(client.get(url)), "Hodit kostkami")
    client.post(url + "tah/", roll)
    response = client.post(url + "tah/", roll, headers={"HX-Request": "true"})
    body = text(response)
    assert response.status_code == 200 and "<html" not in body
    assert MOVED_ON in body and "Ukončit tah" in body


def test_a_move_form_of_the_current_page_plays(client):
    url = start(client, seed=3)
    page = answered(client, client.post(url + "tah/", stale_form(text(client.get(url)),
                                                                   "Hodit kostkami")))
    assert MOVED_ON not in page
    assert stale_form(page, "Ukončit tah")["stav"] == str(PlayedGame.objects.get().moves)
    assert offered(page)
    assert post_move(client, url, {"type": "end_turn", "player": "orange"}).status_code == 302


def test_the_heading_counts_rounds_of_all_players_not_every_players_turn(client):
    url = stored(2)
    hurry_through_turn(client, url)  # orange's turn, then red's, blue's and white's
    game = store.game_of(PlayedGame.objects.get())
    assert game.turn_number == 5 and game.current_player == "orange"
    page = text(client.get(url))
    assert "<h1>2. kolo: na tahu Oranžový</h1>" in page
    assert "<title>Hra: 2. kolo" in page and "5. tah" not in page


def test_the_end_of_the_game_names_the_round_and_counts_the_turns():
    from engine import Game

    game = Game.beginner(players=("orange", "red", "blue"), seed=1)
    game._turn_number = 62  # the 21st round of three players
    assert table.story(game)[0].startswith("Hra skončila v 21. kole (62 tahů hráčů).")


def test_katan_pro_dva_speaks_of_one_opponent_in_reasons():
    from tutorial.play import flow
    from tutorial.play.computers import decide_for, seat

    reasons = []
    for seed in (1, 2):
        setup = flow.Setup(players=("orange", "red"), people=(), seed=seed)
        game, bots = flow.start(setup), seat(setup)
        reasons += [m.reason for m in flow.computers_play(game, setup, decide_for(bots),
                                                          limit=3000)]
    told = " ".join(reasons)
    assert "škodí soupeři" in told  # the strong player's "hurts the opponent"
    assert not re.search(r"soupeřům|soupeřů|nabízí všem|soupeři těží", told)


def test_katan_pro_dva_offers_go_to_the_opponent(client):
    url = start(client, hraci=2, seed=21)
    roll(url, (4, 4))  # Katan pro dva: the first roll and the second, of another total
    roll(url, (2, 3))
    row = PlayedGame.objects.get()
    give = next(r for r, n in store.game_of(row).hand("orange").items() if n)
    page = text(client.get(url))
    assert "Obchod se soupeřem" in page and 'name="komu"' not in page
    offer = {"druh": "nabidnout", f"dam_{give}": "1", "chci_ore": "1",
             "stav": str(row.moves)}
    page = answered(client, client.post(url + "tah/", offer))
    assert "Nabízíte soupeři 1 " in page and "Nabízíte všem" not in page


def test_the_discard_form_says_what_you_hold_and_counts_what_you_chose(client):
    url = start(client, seed=3)
    fill_orange_hand(client, url)  # orange holds more than 7 cards, then a 7
    roll(url, (3, 4))
    game = store.game_of(PlayedGame.objects.get())
    owed, hand = game.discards_owed["orange"], game.hand("orange")
    page = text(client.get(url))
    form = page.split('class="play-discard', 1)[1].split("</form>", 1)[0]
    for resource in ("brick", "lumber", "wool", "grain", "ore"):
        assert re.search(rf'name="odhodit_{resource}"[^>]*> <span class="small discard-have">'
                         rf"máte {hand.get(resource, 0)}</span>", form), resource
    assert f'Vybráno <output class="discard-chosen">0</output> z {owed}.' in form
    # A refused discard: the total of what was sent, beside what was typed.
    page = answered(client, client.post(url + "tah/", {"druh": "odhodit", "odhodit_brick": "1",
                                                       "odhodit_ore": "1"}))
    assert f'Vybráno <output class="discard-chosen">2</output> z {owed}.' in page


@pytest.mark.parametrize(("tail", "message"), [
    ("tah/99/krok/1/", "Tato hra má zatím jen 4 tahy (1 až 4)."),
    ("tah/99/", "Tato hra má zatím jen 4 tahy (1 až 4)."),
    ("tah/1/krok/9/", "1. tah této hry má jen 2 kroky."),
])
def test_a_bad_step_of_a_record_leads_back_to_its_game(client, tail, message):
    url = start(client, seed=3)
    roll(url, (2, 3))
    # Orange's turn (a roll and its end), then the three computer players' turns.
    post_move(client, url, {"type": "end_turn", "player": "orange"})
    response = client.get(url + tail)
    page = text(response)
    assert response.status_code == 404 and "Tento krok hry neexistuje" in page
    assert message in page
    assert f'<a class="button" href="{url}">Zpět ke hře</a>' in page
    assert f'href="{url}tah/1/krok/1/">Záznam hry od začátku</a>' in page
