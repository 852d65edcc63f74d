"""Katan pro dva in Hrát speaks of one opponent and one computer player, and its boxes about
the neutral players describe, they do not ask the person to do anything (the person is told
what to do only when it is their move)."""

import re
from html import unescape

import pytest
from play_kit import roll, start

from engine import Board, Game, Rules
from engine import actions as A
from tutorial.play import store, table
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db

# What a page of a two-player game must not say: several opponents or computer players, an
# instruction about the neutrals' pieces.
PLURAL = re.compile(r"Nabízíte všem|škodí soupeřům|soupeřů|Mezitím hráli počítačoví hráči"
                    r"|Počítačoví hráči ještě hrají|u ostatních jen|stavíte zdarma"
                    r"|Spoluhráči nabídku|Obchod se spoluhráči")


def page_text(client, url: str) -> str:
    return unescape(client.get(url).content.decode())


def test_a_game_of_two_speaks_of_one_opponent_on_every_page(client):
    url = start(client, hraci=2, seed=21, barva="orange", poradi="1")
    pages = [page_text(client, url)]
    for dice in [((4, 4), (2, 3)), ((5, 5), (3, 3)), ((6, 2), (5, 4))]:
        for pair in dice:
            roll(url, pair)
        pages.append(page_text(client, url))
        pages.append(page_text(client, url + "?napoveda=1"))
        row = PlayedGame.objects.get()
        game = store.game_of(row)
        if game.acting_player == "orange" and game.phase in ("trade", "build", "main"):
            client.post(url + "tah/", {"akce": '{"type": "end_turn", "player": "orange"}',
                                       "stav": str(row.moves)})
            pages.append(page_text(client, url))
    told = "\n".join(pages)
    assert "Katan pro dva." in told
    assert "vesnice a silnice jim hráči stavějí zdarma" in told  # a description
    assert "Mezitím hrál počítačový hráč" in told  # one computer player
    found = PLURAL.findall(told)
    assert not found, found


def test_the_give_back_note_asks_only_the_person_who_gives_back():
    game = Game.empty(Board.beginner(), ("orange", "red"), rules=Rules(two_player=True))
    game.set_current("orange", "trade")
    game.place_settlement("orange", "d2.SE")
    game.place_settlement("red", "a1.S")
    game.set_hand("orange", {"brick": 1, "lumber": 1})
    game.set_hand("red", {"ore": 6})
    game.apply(A.ForcedTrade("orange"))
    assert game.phase == "give_back"
    for_orange = table.two_player_notes(game, "orange")["notes"]
    assert for_orange == ["Vynucený obchod: vytáhli jste spoluhráči náhodně karty surovin,"
                          " teď mu vraťte 2 libovolné karty surovin."]
    for_red = table.two_player_notes(game, "red")["notes"]
    assert for_red == ["Vynucený obchod: Oranžový vytáhl spoluhráči náhodně karty surovin a"
                       " teď mu vrátí 2 libovolné karty surovin."]
    assert table.two_player_notes(game, None)["notes"] == for_red  # watching
