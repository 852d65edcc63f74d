"""engine.referee: readings a rules dispute needs (defaults for a partial position, where a
road is broken, whom the robber may rob, what a roll pays, what a move changes, who won)."""

import pytest

from engine import Board, Game, InvalidInput, Rules, RuleViolation, actions, referee, topology
from engine.constants import NEUTRAL_SPOTS

RED_ROAD = ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]


def sandbox(**kw):
    return Game.empty(Board.beginner(), rules=Rules(**kw))


def test_a_partial_position_takes_defaults_and_the_sole_longest_road_holds_the_card():
    game = referee.position_from_json({"roads": dict.fromkeys(RED_ROAD, "red")})
    assert game.players == ("orange", "red", "blue", "white")
    assert game.robber == Board.beginner().robber_start
    assert game.road_length("red") == 6
    assert game.longest_road_holder == "red"
    assert game.deck_size == 25


def test_the_deck_default_leaves_out_the_cards_in_hands_and_played():
    game = referee.position_from_json({"dev_cards": {"red": {"knight": 2}},
                                       "played": {"blue": {"knight": 3}}})
    assert game.deck_size == 20
    assert game.largest_army_holder == "blue"


@pytest.mark.parametrize("position, code", [
    ({"buildings": {"a2.SE": ["red", "settlement"], "a2.S": ["blue", "settlement"]}},
     "position_distance_rule"),
    ({"roads": {p: "red" for p in topology.PATH_IDS[:16]}},
     "position_piece_limit"),
    ({"buildings": {"a2.SE": ["red", "town"]}}, "position_piece"),
])
def test_an_impossible_position_is_refused_with_the_engines_reason(position, code):
    with pytest.raises(InvalidInput) as caught:
        referee.position_from_json(position)
    assert caught.value.code == code
    assert caught.value.message  # a Czech sentence for the player


def test_a_settlement_on_a_road_is_a_break_and_the_unbroken_length_is_known():
    game = sandbox()
    for path in RED_ROAD:
        game.place_road("red", path)
    game.place_settlement("blue", "a1.NE")
    assert referee.road_breaks(game, "red") == ["a1.NE"]
    assert game.road_length("red") == 3
    assert referee.unbroken_road_length(game, "red") == 6
    assert referee.road_breaks(game, "blue") == []


def test_robber_candidates_need_a_building_on_the_hex_and_a_card_in_hand():
    game = sandbox()
    game.place_settlement("blue", "c3.N")
    game.place_settlement("white", "c3.SW")
    game.place_settlement("red", "c3.SE")
    game.set_hand("blue", {"ore": 1})
    assert referee.robber_candidates(game, "red", "c3") == (["blue"], ["white"])
    assert referee.robber_candidates(game, "blue", "c3") == ([], ["red", "white"])


def test_the_robber_must_leave_its_hex():
    game = sandbox()
    assert referee.why_not_robber(game, game.robber).code == "robber_must_move"
    assert referee.why_not_robber(game, "a1") is None


def test_roll_yields_agree_with_rolling_the_dice_and_leave_the_position_alone():
    game = Game.beginner()
    before = game.to_json()
    for total, dice in ((8, (4, 4)), (6, (3, 3)), (10, (5, 5))):
        rolled = game.copy()
        events = rolled.apply(actions.RollDice("orange", dice))
        produced = next(e for e in events if e.kind == "produced")
        assert referee.roll_yields(game, total) == produced
    assert game.to_json() == before


def test_a_seven_names_who_discards():
    game = sandbox()
    game.set_hand("red", {"ore": 9})
    game.set_hand("blue", {"ore": 7})
    assert referee.roll_yields(game, 7).players == {"red": 4}


def test_a_bank_that_runs_short_pays_nobody_that_resource():
    game = sandbox()
    hill = next(h for h in topology.HEX_IDS
                if game.board.terrain(h) == "hills" and h != game.robber)
    game.place_settlement("red", f"{hill}.N")
    game.place_settlement("blue", f"{hill}.SE")
    game.set_hand("white", {"brick": 18})
    produced = referee.roll_yields(game, game.board.number(hill))
    assert "brick" in produced.shortage
    assert all(not gains.get("brick") for gains in produced.gains.values())


def test_harbor_for_names_the_harbor_behind_the_rate():
    game = sandbox()
    harbor = game.board.harbors[0]
    game.place_settlement("red", harbor.intersections[0])
    kind = harbor.kind
    resource = kind if kind != "3:1" else "ore"
    assert referee.harbor_for(game, "red", resource) == kind
    assert referee.harbor_for(game, "blue", resource) is None


# -- what a move changes ("Smí tohle?") -------------------------------------------------------

ORANGE_SEVEN = ("a1.SW", "a1.NW", "a1.N", "a1.NE", "a2.N", "a2.NE", "a3.N", "a3.NE")
RICH = {"brick": 5, "lumber": 5, "wool": 5, "grain": 5, "ore": 5}


def orange_holds_seven(**kw):
    from engine_kit import place_roads
    game = sandbox(**kw)
    game.place_settlement("orange", "a3.NE")
    place_roads(game, "orange", *ORANGE_SEVEN)
    return game


def kinds(found):
    return [c.kind for c in found]


def test_a_settlement_that_breaks_the_longest_road_says_where_the_card_goes():
    from engine_kit import place_roads
    game = orange_holds_seven()
    game.place_settlement("red", "b1.S")
    place_roads(game, "red", "b1.S", "b1.SE", "a1.S", "a1.SE", "a2.S", "a2.SE", "a2.NE")
    game.set_hand("red", RICH)
    game.set_current("red", "build")
    before = game.to_json()
    found = referee.consequences(game, actions.BuildSettlement("red", "a2.NE"))
    assert game.to_json() == before  # the position is not changed
    card = next(c for c in found if c.kind == "longest_road")
    assert card.text == "Karta Nejdelší obchodní cesta přejde od oranžového k červenému."
    assert card.headword == "nejdelsi-obchodni-cesta"
    assert card.data["from"] == "orange" and card.data["to"] == "red"
    assert "přerušuje stavba soupeře" in card.data["reason"]


def test_a_break_into_a_tie_says_the_card_goes_aside():
    from engine_kit import place_roads
    game = orange_holds_seven()
    place_roads(game, "blue", "e1.SW", "e1.S", "e1.SE", "e2.S", "e2.SE", "e3.S")
    game.place_road("red", _path("a2.SE", "a2.NE"))
    game.set_hand("red", RICH)
    game.set_current("red", "build")
    found = referee.consequences(game, actions.BuildSettlement("red", "a2.NE"))
    card = next(c for c in found if c.kind == "longest_road")
    assert card.text.startswith("Karta Nejdelší obchodní cesta jde stranou:")
    assert "oranžový a modrý mají teď stejně dlouhou cestu (5 silnic)" in card.text
    found = referee.consequences(_with_rules(game, "holder_keeps"),
                                 actions.BuildSettlement("red", "a2.NE"))
    assert "longest_road" not in kinds(found)


def _neutral_road(neutral):
    from engine_kit import walk
    spot = NEUTRAL_SPOTS[neutral]
    return walk(spot, next(n for n in topology.INTERSECTION_IDS
                           if _neighbours(spot, n)))[0]


def _neighbours(a, b):
    return topology.path_between(topology.INTERSECTION_INDEX[a],
                                 topology.INTERSECTION_INDEX[b]) is not None


def _path(a, b):
    from engine_kit import walk
    return walk(a, b)[0]


def _with_rules(game, tie):
    data = game.to_json()
    data["rules"]["longest_road_tie"] = tie
    return Game.from_json(data)


def test_a_third_knight_takes_the_largest_army_only_from_fewer_knights():
    game = sandbox()
    game.set_played_knights("red", 2)
    game.set_dev_cards("orange", ["knight"])
    game.set_played_knights("orange", 2)
    game.set_current("orange", "build")
    found = referee.consequences(game, actions.PlayKnight("orange", "a1"))
    assert [c.text for c in found] == ["Oranžový získá kartu Největší vojsko."]
    game.set_played_knights("red", 3)
    assert game.largest_army_holder == "red"
    found = referee.consequences(game, actions.PlayKnight("orange", "a1"))
    assert "largest_army" not in kinds(found)  # 3 : 3, the card stays with red


def test_reaching_ten_on_ones_turn_wins_and_says_so():
    game = sandbox()
    for node in ("a1.N", "a3.N", "c1.SW", "e1.S"):
        game.place_settlement("orange", node, city=True)
    game.place_settlement("orange", "c3.S")
    game.place_road("orange", _path("c3.S", "c3.SW"))
    game.set_hand("orange", RICH)
    game.set_current("orange", "build")
    with pytest.raises(RuleViolation):  # an illegal move: the engine's own refusal
        referee.consequences(game, actions.BuildSettlement("orange", "c3.SW"))
    game.place_road("orange", _path("c3.SW", "c3.NW"))
    found = referee.consequences(game, actions.BuildSettlement("orange", "c3.NW"))
    assert kinds(found) == ["victory"]
    assert found[0].text == "Oranžový tím dosáhne 10 bodů a vyhrává, protože je na tahu."
    assert found[0].headword == "konec-hry"


def test_ten_points_off_ones_turn_do_not_win_yet():
    """Longest Road moves to Blue in Red's turn: Blue has 10 points but wins only when his
    own turn comes (Konec hry: "hráč, který je na tahu")."""
    from engine_kit import place_roads
    game = orange_holds_seven()
    for node in ("c1.SW", "e1.S", "d3.S", "b4.NE"):
        game.place_settlement("blue", node, city=True)
    place_roads(game, "blue", "e2.SW", "e2.S", "e2.SE", "e3.S", "e3.SE", "e3.NE", "d4.SE")
    game.place_road("red", _path("a2.SE", "a2.NE"))
    game.set_hand("red", RICH)
    game.set_current("red", "build")
    assert game.road_length("blue") == 6 and game.longest_road_holder == "orange"
    found = referee.consequences(game, actions.BuildSettlement("red", "a2.NE"))
    assert kinds(found) == ["longest_road", "victory_not_now"]
    assert found[1].text.startswith("Modrý by měl 10 bodů, ale vyhrát smí jen na svém tahu")


def test_katan_pro_dva_a_road_owes_a_free_neutral_build():
    game = Game.empty(Board.beginner(), ("orange", "red"), rules=Rules(two_player=True))
    for neutral in game.neutrals:
        game.place_settlement(neutral, NEUTRAL_SPOTS[neutral])
        game.place_road(neutral, _neutral_road(neutral))
    game.place_settlement("orange", "a1.N")
    game.set_hand("orange", RICH)
    game.set_current("orange", "build")
    found = referee.consequences(game, actions.BuildRoad("orange", _path("a1.N", "a1.NE")))
    assert kinds(found) == ["neutral_build_owed"]
    assert found[0].text.startswith("Oranžový postaví zdarma i vesnici neutrálnímu hráči")


def test_a_steal_names_what_the_victim_could_lose():
    game = sandbox()
    game.place_settlement("blue", "c3.N")
    game.place_settlement("white", "c3.S")
    game.set_hand("blue", {"brick": 2, "ore": 1})
    game.set_hand("white", {"wool": 1})
    game.set_dev_cards("orange", ["knight"])
    game.set_current("orange", "build")
    found = referee.consequences(game, actions.PlayKnight("orange", "c3", "blue"))
    assert found[0].kind == "steal"
    assert found[0].text == "Oranžový vezme modrému náhodně jednu kartu suroviny: cihlu nebo rudu."
    assert found[0].data["could_lose"] == ["brick", "ore"]
    found = referee.consequences(game, actions.PlayKnight("orange", "c3", "blue"),
                                 known_hands=[])
    assert "could_lose" not in found[0].data and "3 karty" in found[0].text
    found = referee.consequences(game, actions.PlayKnight("orange", "c3"))
    assert found[0].text == "Oranžový smí okrást modrého nebo bílého, ale nemusí."


def test_a_monopoly_says_who_hands_over_how_many():
    game = sandbox()
    game.set_hand("red", {"grain": 3})
    game.set_hand("blue", {"grain": 1, "ore": 2})
    game.set_dev_cards("orange", ["monopoly"])
    game.set_current("orange", "build")
    found = referee.consequences(game, actions.PlayMonopoly("orange", "grain"))
    assert found[0].text == ("Oranžový dostane 4 obilí: červený odevzdá 3 obilí a modrý "
                             "odevzdá 1 obilí.")
    assert found[0].data["taken"] == {"red": 3, "blue": 1, "white": 0}


def test_a_seven_says_who_discards():
    game = sandbox()
    game.set_current("orange", "roll")
    game.set_hand("red", {"ore": 9})
    found = referee.consequences(game, actions.RollDice("orange", (3, 4)))
    assert [c.text for c in found] == ["Červený musí odevzdat do banku 4 karty, polovinu "
                                       "ze svých 9."]


# -- who won ("Kdo vyhrál?") -------------------------------------------------------------------

def ten_points(color="orange", vp=0):
    """4 cities and 2 settlements, or 4 cities and ``vp`` victory-point cards."""
    game = sandbox()
    for node in ("a1.N", "a3.N", "c1.SW", "e1.S"):
        game.place_settlement(color, node, city=True)
    if vp:
        game.set_dev_cards(color, ["victory_point"] * vp)
    else:
        game.place_settlement(color, "c3.S")
        game.place_settlement(color, "e3.S")
    return game


def test_the_player_on_turn_with_ten_points_wins_counting_hidden_cards():
    game = ten_points("orange", vp=2)
    result = referee.verdict(game)
    assert result.winner == "orange" and result.points["orange"] == 8
    assert result.hidden_possible["orange"] == 2
    assert "počítaje 2 karty Vítězný bod, které teď odkryje" in result.text
    assert result.headword == "konec-hry"
    game = ten_points("orange", vp=1)
    game.place_settlement("orange", "c3.S")
    one = referee.verdict(game)
    assert "počítaje 1 kartu Vítězný bod, kterou teď odkryje" in one.text


def test_ten_points_of_another_player_do_not_win_until_his_turn():
    game = ten_points("blue")
    result = referee.verdict(game)
    assert result.winner is None
    assert "Modrý má 10 bodů, ale není na tahu" in result.text


def test_unknown_development_cards_may_hide_the_missing_points():
    game = ten_points("orange", vp=2)
    result = referee.verdict(game, known_dev_cards=["red", "blue", "white"])
    assert result.winner is None and result.could_win_now
    assert result.hidden_possible["orange"] == 2
    assert "má-li mezi akčními kartami aspoň 2 karty Vítězný bod" in result.text


def test_a_game_that_ended_names_its_winner():
    game = ten_points("orange", vp=2)
    game.set_current("white", "build")
    game.apply(actions.EndTurn("white"))  # orange's turn begins with 10 points: he wins
    assert game.winner == "orange"
    assert referee.verdict(game).winner == "orange"


def test_the_rolls_made_follow_the_phase_given_when_left_out():
    """A position asked about before the roll needs no "rolls" key, in either game; after
    the roll Katan pro dva has made both its rolls (001: two rolls every turn)."""
    assert referee.position_from_json({"phase": "roll"}).rolls_this_turn == 0
    pro_dva = {"rules": {"two_player": True}}
    assert referee.position_from_json(pro_dva | {"phase": "roll"}).rolls_this_turn == 0
    assert referee.position_from_json(pro_dva).rolls_this_turn == 2


def test_a_malformed_position_is_refused_in_czech_not_with_a_python_error():
    with pytest.raises(InvalidInput) as refused:
        referee.position_from_json({"phase": "setup", "setup": {"round": 1}})
    assert "Error" not in str(refused.value) and "Neplatná pozice" in str(refused.value)
