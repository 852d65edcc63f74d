"""'Přehrávat': a game of computer players plays itself at a chosen speed, a real POST a
turn (the page holds the form htmx posts after the delay), stops with 'Zastavit' and at the
game's end; without JavaScript 'Další tah' still steps. A bad replay address leads back."""

import re

import pytest
from play_kit import start

from tests.helpers.pages import html_unescaped as text
from tutorial.play import autoplay, store

pytestmark = pytest.mark.django_db

STEP_FORM = re.compile(r'<form class="play-autostep"[^>]*>')


def step_form(page: str) -> str:
    """The auto-play form of a page ("" when the page does not play by itself)."""
    found = STEP_FORM.search(page)
    return found.group(0) if found else ""


def heading(page: str) -> str:
    return re.search(r"<h1>(.*?)</h1>", page).group(1)


def test_watching_offers_playback_at_three_speeds_and_next_turn_without_javascript(client):
    url = start(client, lide=0, seed=4)
    page = text(client.get(url))
    assert "Přehrávat tah za tahem" in page and ">Přehrávat</button>" in page
    for word, seconds in (("pomalu", "4"), ("normálně", "2"), ("rychle", "0,7")):
        assert f"{word} ({seconds} s)" in page
    assert re.search(r'name="prehrat" value="normalne" checked', page)  # the default
    assert not step_form(page)  # nothing plays until asked
    assert 'name="kolik" value="tah">Další tah</button>' in page  # the no-JS step


def test_each_step_of_playback_is_one_turn_played_by_the_server(client):
    url = start(client, lide=0, seed=4)
    page = text(client.get(url + "?prehrat=rychle"))
    form = step_form(page)
    assert 'hx-trigger="load delay:700ms"' in form and f'hx-post="{url}pocitac/#odpoved"' in form
    assert "Přehrává se rychle: další tah za 0,7 s." in page
    assert 'name="prehrat" value="rychle"' in page and ">Zastavit</button>" in page
    before = heading(page)
    assert before == "1. kolo: na tahu Červený"

    # What htmx posts: one turn, then the page that keeps playing at the same speed.
    response = client.post(url + "pocitac/", {"kolik": "tah", "prehrat": "rychle"},
                           headers={"HX-Request": "true"}, follow=True)
    page = text(response)
    assert response.redirect_chain[-1][0] == f"{url}?prehrat=rychle#odpoved"
    assert heading(page) == "1. kolo: na tahu Modrý"
    assert 'hx-trigger="load delay:700ms"' in step_form(page)
    assert not page.lstrip().startswith("<!doctype")  # htmx gets the table only


def test_zastavit_stops_the_playback(client):
    url = start(client, lide=0, seed=4)
    page = text(client.get(url + "?prehrat=pomalu"))
    stop = re.search(r'<form method="get" action="([^"]+)" hx-get="([^"]+)"[^>]*>'
                     r'<button type="submit" class="secondary">Zastavit</button>', page)
    assert stop and stop.group(1) == url + "#odpoved" and stop.group(2) == url
    stopped = text(client.get(stop.group(2)))
    assert not step_form(stopped) and ">Přehrávat</button>" in stopped
    assert heading(stopped) == heading(page)  # stopping plays nothing


def test_playback_plays_to_the_end_and_stops_there(client):
    url = start(client, lide=0, seed=4)
    page = text(client.get(url + "?prehrat=rychle"))
    turns = 0
    while step_form(page):
        turns += 1
        assert turns < 400, "the playback never reached the game's end"
        response = client.post(url + "pocitac/", {"kolik": "tah", "prehrat": "rychle"},
                               follow=True)
        page = text(response)
    assert "Konec hry: vyhrává" in page and "Konečné pořadí" in page
    assert ">Přehrávat</button>" not in page and "Další tah" not in page
    # A step posted after the end (a tab left playing) changes nothing and stops.
    moves = store.find(url.split("/")[2]).moves
    response = client.post(url + "pocitac/", {"kolik": "tah", "prehrat": "rychle"})
    assert response["Location"] == url + "#odpoved"
    assert store.find(url.split("/")[2]).moves == moves
    assert turns > 20  # a whole game, turn by turn


def test_an_unknown_speed_plays_nothing_by_itself(client):
    url = start(client, lide=0, seed=4)
    for bad in ("turbo", "", "rychle'><script>"):
        response = client.get(url, {"prehrat": bad})
        assert response.status_code == 200
        assert not step_form(text(response))
    response = client.post(url + "pocitac/", {"kolik": "tah", "prehrat": "turbo"})
    assert response["Location"] == url + "#odpoved"  # one turn, and no playback


def test_a_person_on_turn_gets_no_playback(client):
    url = start(client, lide=1, seed=4, barva="orange", poradi="1")
    page = text(client.get(url + "?prehrat=rychle"))
    assert "Hrajete vy" in page
    assert not step_form(page) and ">Přehrávat</button>" not in page


def test_a_bad_replay_address_links_back_to_its_game(client):
    url = start(client, lide=0, seed=4)
    for bad in ("tah/99/", "tah/1/krok/99/", "tah/0/"):
        response = client.get(url + bad)
        assert response.status_code == 404, bad
        page = text(response)
        assert f'href="{url}"' in page, bad  # back to the game
        assert "Tento tah" in page or "Tento krok" in page or "má zatím" in page, bad


def test_the_speeds_are_said_with_a_czech_decimal_comma():
    assert [c["seconds"] for c in autoplay.state("")["choices"]] == ["4", "2", "0,7"]
    assert autoplay.state("pomalu")["seconds"] == "4" and autoplay.speed_of("x") == ""


def test_a_turn_overtaken_by_another_request_shows_the_game_and_stops_playing(client,
                                                                               monkeypatch):
    """Two requests race (a playback turn on its way while "Hrát dál" is tapped): the one
    that loses stores nothing. It used to answer with a server error on PostgreSQL (the
    'seen' mark went negative); now it shows the game as the winner left it, not playing."""
    url = start(client, lide=0, seed=4)
    client.post(url + "pocitac/", {"kolik": "tah"})  # a few moves in the log already
    game_id = url.rstrip("/").rsplit("/", 1)[-1]
    before = store.PlayedGame.objects.get(pk=game_id)

    def overtaken(row, game, moves, **kwargs):
        raise store.Conflict

    monkeypatch.setattr(store, "save", overtaken)
    response = client.post(url + "pocitac/", {"kolik": "vic", "prehrat": "rychle"})
    assert response.status_code == 302
    assert response["Location"] == url + "#odpoved"  # the game, no longer playing by itself
    after = store.PlayedGame.objects.get(pk=game_id)
    assert (after.moves, after.seen) == (before.moves, before.seen)
