"""Loading a position (Game.from_json) refuses positions that no game can reach, saying in
Czech what is wrong; every position that play or a sandbox reaches loads."""

import json
import random

import pytest
from engine_kit import hand, place_roads, random_game, sandbox
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Board, Game, InvalidInput, Rules, actions
from engine.options import OPTIONS


def beginner() -> dict:
    return json.loads(json.dumps(Game.beginner().to_json()))


def refused(data: dict) -> InvalidInput:
    with pytest.raises(InvalidInput) as exc:
        Game.from_json(data)
    return exc.value


# -- the four positions of the issue ---------------------------------------------------

def test_two_settlements_on_neighbouring_intersections():
    data = beginner()
    data["buildings"]["e1.S"] = ["orange", "settlement"]  # next to orange's e1.SE
    error = refused(data)
    assert error.code == "position_distance_rule"
    assert "e1.S" in error.message and "pravidlo o vzdálenosti" in error.message


def test_six_settlements_of_one_colour():
    data = beginner()
    for node in ("a1.N", "a3.N", "c1.SW", "e3.S"):
        data["buildings"][node] = ["orange", "settlement"]
    assert len([v for v in data["buildings"].values() if v[0] == "orange"]) == 6
    error = refused(data)
    assert error.code == "position_piece_limit"
    assert error.message == "Oranžový hráč má 6 vesnic, ale jen 5 figurek."


def test_fourteen_knights_in_a_hand_with_the_full_deck_still_there():
    data = beginner()
    data["dev_cards"]["red"] = {"knight": 14}
    error = refused(data)
    assert error.code == "position_dev_cards"
    assert error.message == "Karet Rytíř je v pozici 28, ve hře je jich 14."


def test_twenty_played_knights_and_no_largest_army():
    data = beginner()
    data["played"]["blue"] = {"knight": 20}
    data["deck"] = [c for c in data["deck"] if c != "knight"]
    assert refused(data).code == "position_dev_cards"


def test_played_knights_without_the_largest_army_that_they_bring():
    data = beginner()
    data["played"]["blue"] = {"knight": 3}
    for _ in range(3):
        data["deck"].remove("knight")
    error = refused(data)
    assert error.code == "position_largest_army"
    assert error.message == "Největší vojsko musí mít modrý hráč (3 rytířů)."
    data["largest_army_holder"] = "blue"
    assert Game.from_json(data).largest_army_holder == "blue"
    data["largest_army_holder"] = "red"
    assert refused(data).code == "position_largest_army"


# -- the other invariants ----------------------------------------------------------------

def test_more_than_nineteen_cards_of_a_resource():
    data = beginner()
    data["hands"] = {"red": {"ore": 12}, "blue": {"ore": 8}}
    error = refused(data)
    assert error.code == "position_resources"
    assert "20 karet rudy" in error.message
    data["hands"]["blue"] = {"ore": 7}
    assert Game.from_json(data).bank["ore"] == 0


def test_longest_road_must_follow_the_roads():
    game = sandbox()
    game.place_settlement("orange", "a1.N")
    place_roads(game, "orange", "a1.N", "a1.NE", "a2.N", "a2.NE", "a3.N", "a3.NE")
    assert game.longest_road_holder == "orange"
    data = game.to_json()
    data["longest_road_holder"] = None
    assert refused(data).code == "position_longest_road"
    data["longest_road_holder"] = "red"
    error = refused(data)
    assert error.code == "position_longest_road"
    assert "červený hráč" in error.message


def test_the_robber_stands_on_a_hex():
    data = beginner()
    data["robber"] = "f9"
    assert "Neznámé pole" in refused(data).message


def test_the_game_is_over_exactly_when_someone_has_won():
    data = beginner()
    data["phase"] = "over"
    assert refused(data).code == "position_winner"
    data = beginner()
    data["winner"] = "orange"
    assert refused(data).code == "position_winner"
    data["phase"] = "over"
    assert refused(data).message == "Vítěz nemá dost vítězných bodů."


def test_discards_are_owed_only_after_a_seven_and_only_half():
    game = sandbox()
    game.set_hand("red", hand(ore=9))
    data = game.to_json()
    data["discard"] = {"red": 4}
    assert refused(data).code == "position_discard"     # not in the discard phase
    data["phase"] = "discard"
    assert Game.from_json(data).acting_player == "red"
    data["discard"] = {"red": 3}
    assert refused(data).code == "position_discard"
    data["discard"] = {}
    assert refused(data).code == "position_discard"


def test_the_set_up_state_matches_the_pieces():
    game = Game.new(Board.beginner())
    game.apply(actions.PlaceSettlement("orange", "e1.SE"))
    data = game.to_json()
    assert Game.from_json(data).to_json() == data
    data["setup"]["settlement"] = None   # orange's settlement placed, but no road expected
    assert refused(data).code == "position_setup"
    data = game.to_json()
    data["buildings"]["a1.N"] = ["red", "settlement"]
    assert refused(data).code == "position_setup"


def test_cards_bought_this_turn_belong_to_the_player_on_turn():
    data = beginner()
    data["phase"] = "build"
    data["rolls"] = 1
    data["dev_cards_new"] = {"red": {"monopoly": 1}}
    data["deck"].remove("monopoly")
    assert refused(data).code == "position_dev_cards"
    data["dev_cards_new"] = {"orange": {"monopoly": 1}}
    assert Game.from_json(data).dev_cards("orange") == [("monopoly", True)]


def test_rolls_match_the_phase():
    data = beginner()
    data["phase"] = "build"
    data["rolls"] = 0
    assert refused(data).code == "position_rolls"


def test_a_pending_offer_only_in_the_offer_phase():
    game = sandbox()
    game.set_hand("orange", hand(ore=1))
    game.set_hand("red", hand(wool=1))
    game.apply(actions.OfferTrade("orange", "red", {"ore": 1}, {"wool": 1}))
    data = game.to_json()
    assert Game.from_json(data).pending_offer == game.pending_offer
    data["phase"] = "trade"
    assert refused(data).code == "position_offer"
    data = game.to_json()
    data["offer"]["give"] = {"ore": 2}
    assert refused(data).code == "position_offer"


def test_neutral_pieces_and_trade_cards_only_in_katan_pro_dva():
    data = beginner()
    data["trade_cards"] = {"orange": 4}
    assert refused(data).code == "position_trade_cards"
    game = Game.beginner(players=("orange", "red"), rules=Rules(two_player=True))
    data = game.to_json()
    data["trade_cards"]["orange"] = 8
    assert refused(data).code == "position_trade_cards"
    data = game.to_json()
    node = next(n for n, (c, _) in data["buildings"].items() if c == "blue")
    data["buildings"][node] = ["blue", "city"]
    assert refused(data).code == "position_piece"
    data = game.to_json()
    data["players"] = ["orange", "red", "white"]
    assert refused(data).code == "position_players"


def test_malformed_numbers_are_refused():
    data = beginner()
    data["turn_number"] = -1
    assert refused(data).code == "position_number"
    data = beginner()
    data["dev_card_played_this_turn"] = "yes"
    assert refused(data).code == "position_number"


# -- what can be reached loads -------------------------------------------------------------

def test_a_sandbox_with_a_loose_road_loads():
    """Sandboxes (Game.empty + place_road) may hold roads that touch nothing of their owner."""
    game = sandbox()
    game.place_road("red", "c3|d3")
    assert Game.from_json(game.to_json()).roads == {"c3|d3": "red"}


# The default rules, every declared option at its other reading, and each that Katan pro
# dva has at its other reading there too (from engine.options.OPTIONS: a new option is
# loaded here without a line).
RULES = st.sampled_from([
    Rules(),
    *(Rules(**{option.name: option.other}) for option in OPTIONS),
    *(Rules(two_player=True, **{option.name: option.other}) for option in OPTIONS
      if not option.variant and "katan_pro_dva" in option.games),
])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), rules=RULES)
def test_every_position_of_a_random_game_loads(seed, rules):
    rng = random.Random(seed)
    players = ("orange", "red") if rules.two_player else ("orange", "red", "blue", "white")
    game = Game.new(Board.variable(seed % 1000), players, seed=seed, rules=rules)
    # Every 10th position (at an offset drawn per game, so the 30 games together reach
    # every phase), and the last: a round trip costs more than the move itself.
    offset = seed % 10
    for step in range(700):
        if game.phase == "over":
            break
        game.apply(rng.choice(game.legal_actions()))
        if step % 10 == offset:
            data = json.loads(json.dumps(game.to_json()))
            assert Game.from_json(data).to_json() == data
    data = json.loads(json.dumps(game.to_json()))
    assert Game.from_json(data).to_json() == data
    assert Game.from_json(game.to_json()).legal_actions() == game.legal_actions()


def test_finished_games_load():
    game = random_game(11, 100000)
    assert game.phase == "over"
    assert Game.from_json(game.to_json()).winner == game.winner


def test_every_quiz_position_loads():
    """The site's quizzes build sandboxes from their own compact positions; each of them
    (the hand-made ones and generated ones) is a position the loader accepts."""
    from tutorial import quiz
    from tutorial.quiz.sketch import build_game

    count = 0
    for slug in quiz.KINDS:
        questions = quiz.examples(slug) + [quiz.question(slug, f"s{seed}")
                                           for seed in range(1, 16)]
        for question in questions:
            game = build_game(question.position)
            assert Game.from_json(game.to_json()).to_json() == game.to_json(), question
            count += 1
    assert count > 100
