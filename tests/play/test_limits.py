"""What the site bounds in Hrát (the rules set no such limits): offers per partner in one
turn, the length of a game, new games per browser and per address (a class behind one
school address fits), and input that could only crash."""

import threading
import time

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client
from play_kit import answered, post_move, roll, start

from engine import actions
from engine.errors import InvalidInput
from tests.helpers.pages import html as text
from tutorial.play import flow, limits, store
from tutorial.play.computers import decide_for, seat
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db


def test_a_count_written_with_a_superscript_digit_is_a_czech_message_not_a_500(client):
    url = start(client, seed=5)
    roll(url, (3, 3))
    response = client.post(url + "tah/", {"druh": "nabidnout", "komu": "red",
                                          "dam_ore": "²", "chci_wool": "1"})
    assert "Počty karet zadejte celými čísly od 0 do 19." in answered(client, response)


def test_a_deeply_nested_move_is_a_czech_message_not_a_500(client):
    url = start(client, seed=5)
    response = client.post(url + "tah/", {"akce": "[" * 50_000})
    assert "Tomuto tahu nerozumíme." in answered(client, response)


def _offer(person="orange", partner="red"):
    return {"type": "offer_trade", "player": person, "partner": partner,
            "give": {"wool": 1}, "get": {"ore": 9}}


def _decline_all(client, url):
    """Decline whatever the computer players answer with, until the person may offer again."""
    row = PlayedGame.objects.get()
    for _ in range(5):
        game = store.game_of(row)
        if game.acting_player == "orange" and game.phase != "offer":
            return
        post_move(client, url, {"type": "decline_trade", "player": "orange"})
        row.refresh_from_db()


def test_offers_to_one_partner_in_one_turn_stop_at_the_sites_cap(client):
    url = start(client, seed=5)
    roll(url, (3, 3))
    row = PlayedGame.objects.get()
    store.game_of(row)  # the person holds wool after the roll
    for _ in range(limits.OFFERS_PER_PARTNER):
        response = post_move(client, url, _offer())
        assert response.status_code == 302
        _decline_all(client, url)
    row.refresh_from_db()
    before = row.moves
    page = answered(client, post_move(client, url, _offer()))
    row.refresh_from_db()
    assert row.moves == before  # refused: nothing more in the record
    assert f"nejvýš {limits.OFFERS_PER_PARTNER} nabídky" in page
    assert "omezení tohoto webu, ne pravidlo hry" in page
    # Another partner may still be asked.
    assert post_move(client, url, _offer(partner="blue")).status_code == 302
    row.refresh_from_db()
    assert row.moves > before


def test_an_offer_to_everybody_counts_for_every_partner():
    setup = flow.Setup(players=("orange", "red", "blue", "white"), people=("orange",), seed=5)
    game = flow.start(setup)
    flow.apply(game, setup, actions.RollDice("orange", (3, 3)), "person")
    for _ in range(limits.OFFERS_PER_PARTNER):
        flow.apply(game, setup, actions.OfferTrade("orange", None, {"wool": 1}, {"ore": 9}),
                   "person")
        for color in ("red", "blue", "white"):
            flow.apply(game, setup, actions.DeclineTrade(color), "computer")
    with pytest.raises(InvalidInput, match="omezení tohoto webu"):
        flow.apply(game, setup, actions.OfferTrade("orange", "white", {"wool": 1},
                                                   {"ore": 9}), "person")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["zacatecnik", "pokrocily", "silny"])
def test_computer_players_never_reach_the_offer_cap(players, level):
    for seed in range(4):
        setup = flow.Setup(players=flow.SEATS[players], people=(), seed=seed,
                           plan="variabilni" if seed % 2 else "zacatecnici",
                           levels=(level,) * players)
        game, bots = flow.start(setup), seat(setup)
        for _ in range(60):  # computers_play raises if a computer player hits a site limit
            if game.winner or not flow.computers_play(game, setup, decide_for(bots)):
                break
        assert game.winner, (players, seed)


def test_a_game_cannot_grow_beyond_the_sites_length_bound(client, monkeypatch):
    url = start(client, seed=5)
    row = PlayedGame.objects.get()
    monkeypatch.setattr(limits, "MAX_ACTIONS", row.moves + 1)
    roll(url, (3, 3))  # the roll is the last action the game may take
    row.refresh_from_db()
    page = answered(client, post_move(client, url, {"type": "end_turn", "player": "orange"}))
    assert f"nejvýš {limits.MAX_ACTIONS}" in page and "Začněte prosím novou hru" in page
    row.refresh_from_db()
    assert row.moves == limits.MAX_ACTIONS


def _start_at_once(count: int, session_cookie: str = "") -> list[int]:
    """``count`` new games at once from one address: each from its own browser, or all
    from the browser whose session cookie is given."""
    barrier = threading.Barrier(count)
    statuses = []

    def one():
        try:
            browser = Client()
            if session_cookie:
                browser.cookies[settings.SESSION_COOKIE_NAME] = session_cookie
            barrier.wait()
            response = browser.post("/hrat/", {"hraci": 4, "lide": 1, "plan": "zacatecnici"})
            statuses.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=one) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(statuses)


def slow_insert(save):
    """A slow disk: each new game takes 50 ms to write, so concurrent starts overlap."""
    def wrapper(self, *args, **kwargs):
        if self._state.adding:
            time.sleep(0.05)
        return save(self, *args, **kwargs)
    return wrapper


NEW_GAME = {"hraci": 4, "lide": 1, "plan": "zacatecnici"}


def test_one_browser_can_start_only_a_few_games_a_minute(client):
    for seed in range(store.STARTS_PER_BROWSER):
        start(client, seed=seed)
    response = client.post("/hrat/", NEW_GAME)
    assert response.status_code == 429
    assert "Z jednoho prohlížeče lze začít nejvýš 5 her za minutu" in text(response)
    assert Client().post("/hrat/", NEW_GAME).status_code == 302  # the next pupil may


def test_a_class_behind_one_school_address_can_all_start_games():
    # 30 pupils, one school address: each starts two games, a whole class in one minute.
    pupils = [Client() for _ in range(30)]
    statuses = [pupil.post("/hrat/", NEW_GAME).status_code for pupil in pupils * 2]
    assert statuses == [302] * 60 == [302] * store.STARTS_PER_ADDRESS
    # The address's ceiling: one more browser at that address is refused, and told why.
    response = Client().post("/hrat/", NEW_GAME)
    assert response.status_code == 429
    assert "Z jedné adresy (celé školní nebo domácí sítě) lze začít nejvýš 60 her" in text(
        response)
    assert Client(REMOTE_ADDR="10.0.0.9").post("/hrat/", NEW_GAME).status_code == 302


@pytest.mark.django_db(transaction=True)
def test_concurrent_starts_from_one_address_stay_within_its_ceiling(monkeypatch):
    # On both databases as in production: SQLite's test database is a file (WAL, writers
    # wait their turn), PostgreSQL's a server; threads stand for a server's parallel requests.
    monkeypatch.setattr(PlayedGame, "save", slow_insert(PlayedGame.save))
    monkeypatch.setattr(store, "STARTS_PER_ADDRESS", 5)
    assert _start_at_once(15) == [302] * 5 + [429] * 10
    assert PlayedGame.objects.count() == 5


@pytest.mark.django_db(transaction=True)
def test_concurrent_starts_from_one_browser_stay_within_its_limit(monkeypatch):
    monkeypatch.setattr(PlayedGame, "save", slow_insert(PlayedGame.save))
    browser = Client()
    browser.get("/hrat/")
    assert browser.post("/hrat/", NEW_GAME).status_code == 302  # the start makes a session
    cookie = browser.cookies[settings.SESSION_COOKIE_NAME].value
    limit = store.STARTS_PER_BROWSER
    assert _start_at_once(12, cookie) == [302] * (limit - 1) + [429] * (13 - limit)
    assert PlayedGame.objects.count() == limit
