"""Hrát as a person at the table sees it: every answer names its offer, the trade panel asks
for anything without showing anyone's hand, Katan pro dva explains itself, a proper ending."""

import re

import pytest
from play_kit import answered, fill_orange_hand, offered, post_move, roll, start

from engine import Game, actions
from tests.helpers.pages import html as text
from tutorial import action_words, board_svg
from tutorial.play import store, table
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db


def hand_of(color: str) -> dict:
    return store.game_of(PlayedGame.objects.get()).hand(color)


def offer(client, url: str, partner: str, give: dict, want: dict):
    fields = {"druh": "nabidnout", "komu": partner}
    fields.update({f"dam_{r}": str(n) for r, n in give.items()})
    fields.update({f"chci_{r}": str(n) for r, n in want.items()})
    return client.post(url + "tah/", fields)


def test_a_stale_accept_is_refused_and_trades_nothing(client):
    """Two people at one device (orange and red): red's first tab shows orange's first offer;
    red declines it, orange offers again; the first tab's "Přijmout" must not accept the
    second offer."""
    url = start(client, lide=2, seed=3)
    client.post(url + "predat/")
    roll(url, (4, 4))
    hand = hand_of("orange")
    give = next(r for r, n in hand.items() if n)
    assert offer(client, url, "red", {give: 1}, {"ore": 1}).status_code == 302
    client.post(url + "predat/")  # red takes the device
    first_tab = text(client.get(url))
    decline = next(a for a in offered(first_tab) if a["type"] == "decline_trade")
    first = decline["nabidka"]
    assert "vám nabízí obchod" in first_tab
    assert post_move(client, url, decline).status_code == 302
    client.post(url + "predat/")  # back to orange, who offers something else
    assert offer(client, url, "red", {give: 1}, {"wool": 1}).status_code == 302
    client.post(url + "predat/")
    before = (hand_of("orange"), hand_of("red"))
    stale = {"type": "accept_trade", "player": "red", "nabidka": first}
    page = answered(client, post_move(client, url, stale))
    assert "Tento krok nejde." in page and "Tato nabídka už neplatí" in page
    assert (hand_of("orange"), hand_of("red")) == before
    game = store.game_of(PlayedGame.objects.get())
    assert game.pending_offer and game.pending_offer["get"] == {"wool": 1}
    # An answer that names no offer at all is refused the same way.
    bare = answered(client, post_move(client, url, {"type": "accept_trade", "player": "red"}))
    assert "Tato nabídka už neplatí" in bare


def test_the_trade_panel_offers_anything_and_keeps_a_refused_offer(client):
    url = start(client, seed=5)
    roll(url, (3, 3))
    page = text(client.get(url))
    assert not [a for a in offered(page) if a["type"] in ("offer_trade", "counter_offer")]
    refused = answered(client, offer(client, url, "", {}, {"wool": 2}))  # a gift is not a trade
    assert "Tento krok nejde." in refused
    assert re.search(r'name="chci_wool" min="0" max="19" value="2"', refused)
    assert re.search(r'<details class="play-kind play-trade" open>', refused)


def test_a_counter_offer_is_typed_not_chosen_from_the_offerers_cards(client):
    url = start(client, lide=2, seed=3)
    client.post(url + "predat/")
    roll(url, (4, 4))
    give = next(r for r, n in hand_of("orange").items() if n)
    offer(client, url, "red", {give: 1}, {"ore": 1})
    client.post(url + "predat/")
    page = text(client.get(url))
    assert 'value="protinabidka"' in page and "Poslat protinabídku" in page
    assert not [a for a in offered(page) if a["type"] == "counter_offer"]


def test_a_refused_discard_keeps_what_was_typed(client):
    url = start(client, seed=3)
    row = PlayedGame.objects.get()
    # The test fixes chance: orange rolls until holding more than 7 cards, then a 7.
    fill_orange_hand(client, url)
    row.refresh_from_db()
    roll(url, (3, 4))
    page = answered(client, client.post(url + "tah/", {"druh": "odhodit", "odhodit_brick": "1",
                                           "odhodit_ore": "1"}))
    assert "Tento krok nejde." in page
    assert 'name="odhodit_brick" min="0" max="19" value="1"' in page
    assert 'name="odhodit_ore" min="0" max="19" value="1"' in page


def test_katan_pro_dva_names_both_rolls_and_the_neutral_players(client):
    url = start(client, hraci=2, seed=21)
    page = text(client.get(url))
    assert "Hodit kostkami: první hod" in page
    assert "Neutrální hráči: Modrý a Bílý" in page and page.count("neutrální hráč</small>") == 2
    assert 'href="/almanach/katan-pro-dva/"' in page
    post_move(client, url, {"type": "roll_dice", "player": "orange"})
    page = text(client.get(url))
    assert "Fáze: druhý hod kostkami (první hod dal" in page
    assert "První hod (Oranžový)" in page and "Hodit kostkami: druhý hod" in page


def test_the_game_over_page_shows_every_players_whole_score(client):
    url = start(client, lide=0, seed=4)
    for _ in range(12):
        if PlayedGame.objects.get().winner:
            break
        client.post(url + "pocitac/", {"kolik": "vic"})
    page = text(client.get(url))
    game = store.game_of(PlayedGame.objects.get())
    assert game.winner and "Konečné pořadí" in page
    final = page.split("Konečné pořadí", 1)[1].split("Hra v číslech", 1)[0]
    for color in game.players:
        points = game.points(color, include_hidden=True)
        row = final.split(f"p-{color}", 1)[1].split("</tr>", 1)[0]
        assert f"<strong>{points['total']} bod" in row
        assert f"({points['victory_cards']} bod" in row  # hidden victory points revealed
    assert "Nejdelší obchodní cest" in page and "Hodů kostkami:" in page
    assert "Hrát znovu" in page and "Projít celou hru" in page
    assert "hrajte dál" not in page


def test_play_again_starts_a_game_like_the_last_one(client):
    url = start(client, lide=0, hraci=3, seed=4, uroven_2="silny")
    for _ in range(12):
        if PlayedGame.objects.get().winner:
            break
        client.post(url + "pocitac/", {"kolik": "vic"})
    page = text(client.get(url))
    again = page.split("Hrát znovu", 1)[0].rsplit("<form", 1)[1]
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', again))
    assert fields["hraci"] == "3" and fields["lide"] == "0" and fields["plan"] == "zacatecnici"
    assert fields["uroven_2"] == "silny"  # the computer players as strong as before
    response = client.post("/hrat/", fields)
    assert response.status_code == 302 and response["Location"] != url


def test_the_win_is_told_after_what_caused_it():
    action = actions.RetireKnight("orange")
    events = [{"kind": "game_won", "player": "orange", "points": 10},
              {"kind": "knight_retired", "player": "orange", "knights": 2}]
    told = action_words.tell(action, events, {}, ("orange", "red"))
    assert told.index("vyřazuje") < told.index("vyhrává") and told.endswith("vyhrává.")


def test_why_not_on_your_own_settlement_speaks_of_the_city():
    game = Game.beginner()
    game.apply(actions.RollDice("orange", (2, 2)))
    own = next(node for node, (owner, piece) in game.buildings.items()
               if owner == "orange" and piece == "settlement")
    messages = [r["message"] for r in table.why_not(game, {("node", own)})]
    assert messages[0].startswith("Tady stojí vaše vesnice.")
    assert "Na této křižovatce už něco stojí." not in " ".join(messages)


def test_why_not_at_a_corner_does_not_speak_of_the_coastal_road_of_the_same_name():
    game = Game.beginner()
    game.apply(actions.RollDice("orange", (2, 2)))
    legal = table.person_actions(game)
    panel = table.spot(game, legal, "e1.SE", "proc-krizovatky", board_svg.position_of(game))
    assert panel["name"].startswith("Křižovatka") and "Cesta" not in panel["name"]
    assert not any("silnic" in r["message"] for r in panel["reasons"])


def test_pieces_left_use_czech_count_forms():
    assert table.pieces_left({"road": 12, "settlement": 3, "city": 4}) == \
        "12 silnic, 3 vesnice, 4 města"
    assert table.pieces_left({"road": 1, "settlement": 5, "city": 1}) == \
        "1 silnice, 5 vesnic, 1 město"


def test_a_bad_step_of_a_played_game_is_not_called_the_examples(client):
    url = start(client, seed=3)
    post_move(client, url, {"type": "roll_dice", "player": "orange"})
    page = text(client.get(url + "tah/1/krok/99/"))
    assert "Tento krok hry neexistuje" in page and "příkladu" not in page.split("<h1", 1)[1][:80]


def test_the_home_page_and_the_new_game_form_speak_to_a_beginner(client):
    home = text(client.get("/"))
    assert 'href="/hrat/"' in home.split('class="cards"', 1)[1]
    page = text(client.get("/hrat/"))
    assert "Poprvé?" in page and "Další volby (pro pokročilé)" in page
    assert "fáze zakládání" in page and "Katan pro dva:" in page


def test_the_answer_to_a_move_is_where_the_page_opens(client):
    url = start(client, seed=3)
    response = post_move(client, url, {"type": "roll_dice", "player": "orange"})
    assert response["Location"] == url + "#odpoved"
    page = text(client.get(url))
    assert 'id="odpoved"' in page and 'aria-label="Vaše karty"' in page
    dice = re.search(r'role="img" aria-label="Hod: (\d) a (\d), součet (\d+)"', page)
    assert dice and int(dice[1]) + int(dice[2]) == int(dice[3])
    assert f'action="{url}tah/#odpoved"' in page
