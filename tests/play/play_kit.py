"""What the Hrát tests share: start a game, read the moves a page offers, post one."""

import json
import re
from html import unescape

ACTION = re.compile(r'name="akce" value="([^"]+)"')


def start(client, **fields) -> str:
    data = {"hraci": 4, "lide": 1, "plan": "zacatecnici", "seed": 11, **fields}
    response = client.post("/hrat/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def offered(page: str) -> list[dict]:
    """The moves 'Co můžu dělat?' and the spot panel offer, as action dicts."""
    return [json.loads(unescape(raw)) for raw in ACTION.findall(page)]


def post_move(client, url: str, action: dict):
    return client.post(url + "tah/", {"akce": json.dumps(action)})


def answered(client, response) -> str:
    """The game page a move's redirect opens: every move, a refused one too, is a POST
    answered by a redirect to the game at #odpoved (a refusal waits there, once)."""
    assert response.status_code == 302, response.status_code
    assert response["Location"].endswith("#odpoved"), response["Location"]
    return client.get(response["Location"]).content.decode()


def roll(url: str, dice: tuple[int, int]) -> None:
    """The person on turn rolls these dice (a test fixes chance; a posted move cannot)."""
    from engine import actions
    from tutorial.play import flow, store
    from tutorial.play.computers import decide_for

    row = store.find(url.split("/")[2])
    setup = store.setup_of(row)
    game, bots = store.table(row)
    moves = [flow.apply(game, setup, actions.RollDice(game.acting_player, dice), "person")]
    moves += flow.computers_play(game, setup, decide_for(bots))
    store.save(row, game, moves, person_acted=True, bots=bots)


def decline_offers(client, url: str) -> None:
    """Decline whatever offers the computer players make the person, until none waits."""
    from tutorial.play import store

    row = store.find(url.split("/")[2])
    for _ in range(20):
        game = store.game_of(row)
        if game.phase != "offer" or game.acting_player not in store.setup_of(row).people:
            return
        post_move(client, url, {"type": "decline_trade", "player": game.acting_player})
        row.refresh_from_db()


def fill_orange_hand(client, url: str) -> None:
    """Orange (the person) rolls fixed dice turn after turn, declining the computers' offers,
    until holding more than 7 cards: ready for a test's 7."""
    from tutorial.play import store

    row = store.find(url.split("/")[2])
    for dice in [(4, 4), (5, 5), (3, 3), (4, 5), (2, 4), (6, 6), (5, 6)] * 4:
        if store.game_of(row).hand_size("orange") > 7:
            return
        roll(url, dice)
        post_move(client, url, {"type": "end_turn", "player": "orange"})
        decline_offers(client, url)
        row.refresh_from_db()


# --- games whose chance the seed alone decides (no secret): the same game every run -----

PLAYERS = ("orange", "red", "blue", "white")


def stored(seed: int, people=("orange",), **fields) -> str:
    """A four-player beginner game of a fixed chance, stored as a start would store it."""
    from tutorial.play import flow, store
    from tutorial.play.computers import decide_for

    setup = flow.Setup(players=PLAYERS, people=people, seed=seed, **fields)
    row = store.create(setup, "test")
    game, bots = store.table(row)
    moves = flow.computers_play(game, setup, decide_for(bots))
    store.save(row, game, moves, person_acted=False, bots=bots)
    return f"/hrat/{row.pk}/"


def hurried(game) -> dict:
    """A person in a hurry: roll, discard the first cards, send the robber to the first hex
    offered, decline offers, end the turn."""
    from engine import actions

    legal = game.legal_actions()
    for kind in (actions.RollDice, actions.Discard, actions.DeclineTrade, actions.MoveRobber,
                 actions.EndTurn, actions.EndTrade):
        found = next((a for a in legal if isinstance(a, kind)), None)
        if found:
            data = found.to_json()
            if isinstance(found, actions.DeclineTrade):
                from tutorial.play import table
                data["nabidka"] = table.offer_number(game)
            return data
    raise AssertionError(f"nothing to play among {legal}")


def hurry_through_turn(client, url: str) -> None:
    """The person plays hurried moves: ends the turn, then answers whatever the others ask
    (an offer, a discard) until the next roll is theirs."""
    from tutorial.play import store

    row = store.find(url.split("/")[2])
    ended = False
    for _ in range(60):
        game = store.game_of(row)
        if ended and game.current_player == "orange" and game.phase == "roll":
            return
        action = hurried(game)
        assert post_move(client, url, action).status_code == 302
        ended = ended or action["type"] == "end_turn"
        row.refresh_from_db()
    raise AssertionError("the turn did not come back")
