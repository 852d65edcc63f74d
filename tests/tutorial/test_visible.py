"""The one filter of hidden information (tutorial.narrate): what each viewer of a played
game may know of its events and states, and the Czech narration of what is hidden."""

from engine import actions
from tutorial import action_words, narrate
from tutorial.play import flow

STOLEN = {"kind": "stolen", "thief": "white", "victim": "blue", "card": "wool"}
BOUGHT = {"kind": "card_bought", "player": "red", "card": "victory_point"}
FORCED = {"kind": "forced_trade", "player": "orange", "victim": "red",
          "drawn": {"ore": 1, "wool": 1}}


def test_a_stolen_card_is_known_to_the_thief_and_the_victim_only():
    for color in ("white", "blue"):
        assert narrate.visible_events([STOLEN], narrate.Viewer(color)) == [STOLEN]
    for viewer in (narrate.Viewer("orange"), narrate.NOBODY):
        assert narrate.visible_events([STOLEN], viewer)[0]["card"] is None
    assert narrate.knowers([STOLEN], ("orange", "red", "blue", "white")) == ["blue", "white"]
    assert narrate.visible_events([STOLEN], narrate.EVERYONE) == [STOLEN]


def test_the_narration_of_hidden_cards_says_only_how_many():
    seen = narrate.visible_events([STOLEN, BOUGHT], narrate.Viewer("orange"))
    text = narrate.narrate(seen, {"hexes": {}, "buildings": {}})
    assert "Bílý bere modrému 1 kartu." in text
    assert "kupuje akční kartu." in text and "Vítězný bod" not in text
    forced = narrate.visible_events([FORCED], narrate.Viewer("blue"))
    told = action_words.extra(forced[0], {})
    assert told == "Oranžový si vynuceným obchodem bere červenému 2 karty."
    assert "rudu" in action_words.extra(FORCED, {})


def test_another_players_state_shows_counts_not_cards_and_no_unshown_points():
    state = {"players": {"red": {
        "points": 4, "points_detail": {"settlements": 2, "victory_cards": 2, "total": 4},
        "hand": {"wool": 2}, "hand_size": 2,
        "dev_cards": [{"card": "victory_point", "new": False}] * 2}}}
    seen = narrate.visible_state(state, narrate.Viewer("orange"))["players"]["red"]
    assert seen["points"] == 2 and seen["points_detail"]["victory_cards"] == 0
    assert seen["hand"] is None and seen["hand_size"] == 2
    assert seen["dev_cards"] == [{"card": None, "new": False}] * 2
    assert narrate.visible_state(state, narrate.Viewer("red")) == state


def test_a_move_stores_the_narration_anybody_may_read():
    setup = flow.Setup(players=("orange", "red", "blue", "white"), people=("orange",))
    game = flow.start(setup)
    flow.apply(game, setup, actions.RollDice("orange", (3, 4)), "person")
    robber = next(a for a in game.legal_actions() if isinstance(a, actions.MoveRobber)
                  and a.victim)
    move = flow.apply(game, setup, robber, "person")
    assert "1 kartu" in move.text
    assert move.secret["to"] == sorted([robber.player, robber.victim],
                                       key=setup.players.index)
    assert "1 kartu" not in move.secret["text"]
