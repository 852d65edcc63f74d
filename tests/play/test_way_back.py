"""A way back: /hrat/ lists this browser's games (and nobody else's), and every POST is
answered by a redirect, a refused move too, so no address of the game ends in a blank
405."""

import pytest
from django.test import Client
from play_kit import answered, post_move, start

from tests.helpers.pages import html as text
from tutorial.play import mine
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db

EARLY_SETTLEMENT = {"type": "build_settlement", "player": "orange", "node": "c3.N"}


def test_the_new_game_page_lists_this_browsers_games_running_and_finished(client):
    first, second = start(client, seed=1), start(client, seed=2)
    PlayedGame.objects.filter(pk=first.split("/")[2]).update(winner="white")
    page = text(client.get("/hrat/"))
    assert "Vaše hry v tomto prohlížeči" in page
    assert f'href="{first}"' in page and f'href="{second}"' in page
    assert page.index(f'href="{second}"') < page.index(f'href="{first}"')  # newest first
    assert "skončila, vyhrál bílý" in page and "rozehraná" in page
    assert "hrajete za oranžového" in page


def test_another_browser_sees_none_of_them(client):
    url = start(client)
    page = text(Client().get("/hrat/"))
    assert "Vaše hry v tomto prohlížeči" not in page and url not in page


def test_a_forged_list_cookie_lists_nothing(client):
    url = start(client)
    other = Client()
    other.cookies[mine.COOKIE] = url.split("/")[2]  # not signed by the server
    assert url not in text(other.get("/hrat/"))


def test_a_deleted_game_drops_out_of_the_list(client):
    kept, gone = start(client, seed=1), start(client, seed=2)
    PlayedGame.objects.filter(pk=gone.split("/")[2]).delete()
    page = text(client.get("/hrat/"))
    assert kept in page and gone not in page


def test_a_game_started_from_the_example_is_listed_too(client):
    response = client.post("/hrat/z-prikladu/3/1/")
    assert response.status_code == 302
    assert f'href="{response["Location"]}"' in text(client.get("/hrat/"))


def test_a_refused_move_without_javascript_redirects_and_is_told_once(client):
    url = start(client)
    response = post_move(client, url, EARLY_SETTLEMENT)
    assert response.status_code == 302 and response["Location"] == url + "#odpoved"
    page = answered(client, response)
    assert "Tento krok nejde." in page and "Nejdřív je třeba hodit kostkami." in page
    again = text(client.get(url))  # reopened or reloaded: the game, without the old refusal
    assert "Tento krok nejde." not in again and "Hodit kostkami" in again


def test_a_refusal_is_not_shown_once_the_game_moved_on(client):
    url = start(client)
    post_move(client, url, EARLY_SETTLEMENT)
    # Another tab rolls before this one opens the answer.
    assert post_move(client, url, {"type": "roll_dice", "player": "orange"}).status_code == 302
    assert "Nejdřív je třeba hodit kostkami." not in text(client.get(url))


def test_with_htmx_a_refusal_is_answered_in_place(client):
    url = start(client)
    response = client.post(url + "tah/", {"akce": '{"type": "teleport"}'},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Tento krok nejde." in text(response)


@pytest.mark.parametrize("tail", ["tah/", "predat/", "pocitac/"])
def test_opening_a_post_only_address_goes_to_the_game(client, tail):
    url = start(client)
    for method in (client.get, client.head):
        response = method(url + tail)
        assert response.status_code == 302 and response["Location"] == url + "#odpoved"
    assert client.get(url + tail, follow=True).status_code == 200


def test_a_post_only_address_of_an_unknown_game_is_a_czech_404(client):
    response = client.get("/hrat/neexistujici-hra-12345/tah/")
    assert response.status_code == 404 and "Tuto hru neznáme" in text(response)
