"""Notation: positions, actions and events as JSON, and recorded games that replay."""

import json
import random

import pytest
from engine_kit import random_game

from engine import Board, Game, InvalidInput, actions


@pytest.mark.parametrize("seed, decisions", [(1, 0), (2, 9), (3, 60), (4, 400), (5, 1500)])
def test_position_round_trip_mid_game(seed, decisions):
    game = random_game(seed, decisions)
    data = json.loads(json.dumps(game.to_json()))
    again = Game.from_json(data)
    assert again.to_json() == game.to_json()
    assert again.legal_actions() == game.legal_actions()
    # Both continue identically, random generator included.
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(200):
        if game.phase == "over":
            break
        events_a = game.apply(rng_a.choice(game.legal_actions()))
        events_b = again.apply(rng_b.choice(again.legal_actions()))
        assert [e.to_json() for e in events_a] == [e.to_json() for e in events_b]
    assert again.to_json() == game.to_json()


def test_position_in_the_set_up_and_at_the_end_round_trip():
    game = Game.new(Board.variable(9), seed=9)
    rng = random.Random(0)
    for _ in range(3):
        game.apply(rng.choice(game.legal_actions()))
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    assert game.to_json()["setup"]["settlement"] is not None
    finished = random_game(11, 100000)
    assert finished.phase == "over" or finished.turn_number > 1000
    assert Game.from_json(finished.to_json()).to_json() == finished.to_json()


def test_actions_round_trip():
    for seed in range(6):
        game = random_game(seed, 150 * seed)
        for action in game.legal_actions():
            data = json.loads(json.dumps(action.to_json()))
            assert actions.from_json(data) == action
    for action in (actions.RollDice("red", (3, 4)),
                   actions.MoveRobber("red", "d2", "blue", "ore"),
                   actions.PlayRoadBuilding("red", ("b2|c3", "c2|c3")),
                   actions.TradePlayers("red", "blue", {"ore": 2}, {"wool": 1}),
                   actions.TradeBank("red", "ore", "wool", 2)):
        assert actions.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_malformed_action_json_is_invalid_input():
    for data in ({"type": "fly", "player": "red"}, {"type": "build_road", "player": "red"},
                 "build_road", {"player": "red"}):
        with pytest.raises(InvalidInput):
            actions.from_json(data)


def test_events_serialise():
    game = random_game(3, 0)
    rng = random.Random(3)
    kinds = set()
    for _ in range(2000):
        if game.phase == "over":
            break
        for event in game.apply(rng.choice(game.legal_actions())):
            data = event.to_json()
            assert json.loads(json.dumps(data)) == data
            kinds.add(data["kind"])
    assert {"dice_rolled", "produced", "built", "turn_ended", "turn_started"} <= kinds


@pytest.mark.parametrize("seed", range(4))
def test_a_recorded_game_replays_exactly(seed):
    """The history holds each action with its chance results (dice, stolen card, drawn
    card), so the same choices replay to the same position under any random seed."""
    game = random_game(seed, 3000)
    replay = Game.new(game.board, seed=seed + 1000)
    for action in game.history:
        replay.apply(actions.from_json(action.to_json()))
    mine, theirs = game.to_json(), replay.to_json()
    assert game.bank == replay.bank
    for key in ("buildings", "roads", "hands", "dev_cards", "dev_cards_new", "played",
                "robber", "phase", "current", "turn_number", "winner", "longest_road_holder",
                "largest_army_holder"):
        assert mine[key] == theirs[key], key


def test_position_json_refuses_garbage():
    with pytest.raises(InvalidInput):
        Game.from_json({"format": "something else"})
    data = random_game(1, 50).to_json()
    data["hands"] = {"red": {"gold": 3}}
    with pytest.raises(InvalidInput):
        Game.from_json(data)


def test_reseeding_by_the_log_length_gives_a_replayed_game_the_same_next_roll_as_a_kept_one():
    """A host that stores only the action log (Hrát) rebuilds the game for a request by
    replaying the log, whose chance results are filled in; reseeding by the log's length
    before the next action makes it roll what the game kept in memory would have rolled."""
    kept = Game.beginner(seed=7)
    chooser = random.Random(7)
    compared = 0
    while kept.phase != "over" and compared < 15:
        if kept.phase == "roll":
            replayed = Game.beginner(seed=99)  # another seed: only the reseeding decides
            for action in kept.history:
                replayed.apply(actions.from_json(json.loads(json.dumps(action.to_json()))))
            roll = actions.RollDice(kept.current_player)
            for game in (kept, replayed):
                game.reseed(f"7/{len(game.history)}")
            assert ([e.to_json() for e in replayed.apply(roll)]
                    == [e.to_json() for e in kept.apply(roll)])
            compared += 1
            continue
        kept.reseed(f"7/{len(kept.history)}")
        kept.apply(chooser.choice(kept.legal_actions()))
    assert compared == 15


def test_reseeding_changes_no_part_of_the_position_but_the_generator():
    game = random_game(3, 60)
    before = game.to_json()
    game.reseed("jiná náhoda")
    after = game.to_json()
    assert {k: v for k, v in after.items() if k != "rng"} == {
        k: v for k, v in before.items() if k != "rng"}
    assert after["rng"] != before["rng"]
