"""'Mezitím u vás': when the person's turn comes back, what the others did to them is the
first thing where the page opens, marked on the board; the rest of the news stays folded.
Only what the person may know is named (a card stolen from another stays "karta")."""

import re
from functools import cache

import pytest
from play_kit import hurry_through_turn, roll, stored

from engine import Game, actions
from tutorial import board_svg, narrate
from tutorial.play import flow, news, store
from tutorial.play.computers import decide_for, seat

pytestmark = pytest.mark.django_db

# Seed 2 (chance fixed by the seed): orange rolls and ends the turn, declines red's offer;
# white rolls 7, puts the robber on the mountains 6 beside orange's settlement and steals
# orange's ore.
ROBBED = 2
STEAL = "Bílý přesunul zloděje na hory 6 u vaší vesnice a vzal vám 1 rudu."


def robbed_game(client) -> str:
    url = stored(ROBBED)
    hurry_through_turn(client, url)
    return url


def hex_mark(hex_id: str) -> str:
    cx, cy = board_svg.hex_xy(hex_id)
    return f'<polygon class="hl" points="{board_svg._hex_points(cx, cy)}"'


def test_a_steal_from_you_is_told_first_naming_your_card_and_marked_on_the_board(client):
    url = robbed_game(client)
    game = store.game_of(store.find(url.split("/")[2]))
    assert game.current_player == "orange" and game.robber == "c4"
    page = client.get(url).content.decode()
    section = page.index('class="play-to-you')
    # In the answer, before the person's own last move and the folded news.
    assert page.index('id="odpoved"') < section < page.index('class="play-mine"')
    assert section < page.index('<details class="play-news">')  # folded: no "open"
    told = page[section:page.index("</section>", section)]
    assert "Mezitím u vás" in told and STEAL in told
    assert "Dokud tam zloděj stojí, přijdete o 1 rudu pokaždé, když padne 6." in told
    assert re.search(r'href="/hrat/[^"]+/tah/4/krok/2/"', told)  # the step, on the board
    assert hex_mark("c4") in page and "vyznačeno" in told


def test_the_summary_goes_once_you_have_acted_in_your_turn(client):
    url = robbed_game(client)
    roll(url, (4, 4))
    page = client.get(url).content.decode()
    assert "play-to-you" not in page and hex_mark("c4") not in page


def test_a_card_stolen_from_another_player_stays_unnamed():
    # Red also has a settlement on the mountains 6: told to red, white's steal from orange
    # names no card (red may not know it), the robber on red's land is marked.
    setup = flow.Setup(players=("orange", "red", "blue", "white"), people=("red",), seed=9)
    row = store.create(setup, "test")
    game = _robbed_log_as(row)
    told = news.to_you(row, game, setup, "red", narrate.Viewer("red"))
    texts = [line["text"] for line in told["lines"]]
    assert ("Bílý přesunul zloděje na hory 6 u vaší vesnice; kartu vzal oranžovému."
            " Dokud tam zloděj stojí, přijdete o 1 rudu pokaždé, když padne 6.") in texts
    # The card (ore) is not named; the ore red's settlement loses under the robber is.
    assert not any("rud" in line.split(" Dokud")[0] for line in texts)
    assert told["hexes"] == ["c4"]


def _robbed_log_as(row) -> Game:
    """The seed-2 game's first 16 actions (orange's turn to white's steal) stored in row."""
    source = flow.Setup(players=("orange", "red", "blue", "white"), people=("orange",),
                        seed=ROBBED)
    game, bots = flow.start(source), seat(source)
    moves = [flow.apply(game, source, actions.RollDice("orange"), "person"),
             flow.apply(game, source, actions.EndTurn("orange"), "person")]
    while len(game.history) < 16:
        if game.acting_player == "orange":
            moves.append(flow.apply(game, source, actions.DeclineTrade("orange"), "person"))
            continue
        moves += flow.computers_play(game, source, decide_for(bots), limit=1)
    assert game.history[12].victim == "orange"
    store.save(row, None, moves, person_acted=False)
    return game


@cache
def computers_game(seed: int, upto: int) -> tuple[flow.Setup, list]:
    setup = flow.Setup(players=("orange", "red", "blue", "white"), people=(), seed=seed)
    game, bots = flow.start(setup), seat(setup)
    moves = flow.computers_play(game, setup, decide_for(bots), limit=upto)
    return setup, [m.action for m in moves]


def test_a_settlement_that_cuts_your_road_is_told_and_marked():
    # Seed 1, action 157: orange's settlement cuts red's road of 5.
    setup, log = computers_game(1, 158)
    game = flow.replay(setup, log[:157])
    before, road = board_svg.position_of(game), game.road_length("red")
    events = [e.to_json() for e in game.apply(actions.from_json(log[157]))]
    told = news.Told("red")
    told.action(narrate.visible_events(events, narrate.Viewer("red")), before, game, road, "")
    text = told.lines[0]["text"]
    assert text.startswith("Oranžový postavil vesnici ") and told.nodes == {"b4.SE"}
    assert text.endswith("přerušil vaši cestu: nejdelší máte teď 4 silnice v řadě"
                         " (předtím 5).")
    assert told.lines[1]["text"] == ("Přišli jste o Nejdelší obchodní cestu: teď ji nemá"
                                     " nikdo (přicházíte o 2 body).")


def test_a_player_near_the_win_is_named():
    setup, log = computers_game(3, 400)
    game = flow.start(setup)
    for action in log:
        game.apply(actions.from_json(action))
        leaders = [c for c in game.players[1:] if game.points(c, include_hidden=False)[
            "total"] >= 8]
        if leaders:
            break
    told = news.Told("orange")
    told.race(game)
    shown = game.points(leaders[0], include_hidden=False)["total"]
    from engine import words
    assert any(line["text"].startswith(f"Pozor: {words.player(leaders[0])} má {shown} bod")
               and "k vítězství potřebuje 10" in line["text"] for line in told.lines)


def test_cards_taken_by_a_discard_a_monopoly_and_a_trade_are_told_in_your_words():
    game = Game.beginner(players=("orange", "red", "blue", "white"), seed=1)
    position, road = board_svg.position_of(game), game.road_length("orange")
    events = [
        {"kind": "discarded", "player": "orange", "cards": {"lumber": 2, "ore": 2}},
        {"kind": "discarded", "player": "red", "cards": {"wool": 4}},
        {"kind": "monopoly_taken", "player": "red", "resource": "grain",
         "taken": {"orange": 3, "blue": 1}},
        {"kind": "traded", "player": "blue", "partner": "orange", "give": {"ore": 1},
         "get": {"brick": 1}},
    ]
    told = news.Told("orange")
    told.action(events, position, game, road, "/krok/")
    assert [line["text"] for line in told.lines] == [
        "Po sedmičce jste odhodili 2 dřeva a 2 rudy.",
        "Červený zahrál Pokrok – monopol a vzal vám 3 obilí.",
        "Obchod s modrým: dali jste 1 cihlu a dostali 1 rudu.",
    ]
