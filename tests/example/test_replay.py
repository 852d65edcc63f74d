"""The example game replays in the engine and every statement of the Almanach's text holds.

Constraints 1–17 are those of /work/shared/EXAMPLE-GAME.md section 3; each test says which.
"after the roll" is the state after a turn's first step (the roll; in turn 8 the second).
"""

import pytest

from engine import RuleViolation, actions
from engine import topology as topo
from tutorial.example.replay import example_game, game_after, load_record, replay

RES = ("brick", "lumber", "wool", "grain", "ore")


@pytest.fixture(scope="module")
def rep():
    return example_game()


def hand(state, color):
    return state["players"][color]["hand"]


def size(state, color):
    return sum(hand(state, color).values())


def kinds(turn):
    return [e["kind"] for step in turn.steps for e in step.events]


def events_of(turn, kind):
    return [e for step in turn.steps for e in step.events if e["kind"] == kind]


def after_roll(rep, n):
    turn = rep.turn(n)
    for step in turn.steps:
        if step.roll:
            return step.state
    raise AssertionError(f"turn {n} has no roll")


def touches(state, hex_id, color):
    corners = {topo.INTERSECTION_IDS[i] for i in topo.HEX_CORNERS[topo.HEX_INDEX[hex_id]]}
    return any(node in corners and owner == color
               for node, (owner, _) in state["buildings"].items())


def can_afford(h, cost):
    return all(h[r] >= n for r, n in cost.items())


SETTLEMENT = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}


# --- the record and the engine ---------------------------------------------------------

def test_engine_accepts_every_action_of_the_record():
    fresh = replay(load_record())  # raises RuleViolation on any illegal action
    assert len(fresh.turns) == 16
    assert [t.player for t in fresh.turns] == ["orange", "red", "blue", "white"] * 4
    assert fresh.final_game.turn_number == 17


def test_replay_is_deterministic(rep):
    again = replay(load_record())
    assert [s.state for s in again.all_steps()] == [s.state for s in rep.all_steps()]
    assert [s.text for s in again.all_steps()] == [s.text for s in rep.all_steps()]


def test_dice_are_the_canonical_sequence(rep):
    totals = [sum(t.roll) for t in rep.turns]
    assert totals == [6, 10, 4, 9, 6, 5, 7, 8, 6, 10, 9, 11, 3, 8, 5, 8]


def test_starting_position_and_hands(rep):
    start = rep.start
    assert start["robber"] == "b2" and rep.board["hexes"]["b2"][0] == "desert"
    assert hand(start, "orange") == {"brick": 1, "lumber": 0, "wool": 1, "grain": 0, "ore": 0}
    assert hand(start, "red") == {"brick": 0, "lumber": 1, "wool": 1, "grain": 0, "ore": 1}
    assert hand(start, "blue") == {"brick": 0, "lumber": 1, "wool": 1, "grain": 0, "ore": 1}
    assert hand(start, "white") == {"brick": 1, "lumber": 0, "wool": 0, "grain": 1, "ore": 1}
    # 002: "Modrý dostane za svoji vesnici úplně nahoře 1 dřevo, rudu a vlnu."
    blue_nodes = [n for n, (c, _) in start["buildings"].items() if c == "blue"]
    top = min(start["buildings"], key=lambda n: topo.INTERSECTION_XY[topo.INTERSECTION_INDEX[n]][1])
    assert top in blue_nodes
    # The text names these hexes.
    named = {("forest", 3), ("pasture", 3), ("pasture", 8), ("pasture", 12), ("hills", 9),
             ("fields", 10), ("hills", 8), ("forest", 6)}
    assert named <= {tuple(v) for v in rep.board["hexes"].values()}


# --- constraints 1–17 --------------------------------------------------------------------

def test_1_orange_cannot_build_a_road(rep):
    state = after_roll(rep, 1)
    assert hand(state, "orange")["brick"] == 1 and hand(state, "orange")["lumber"] == 0
    assert hand(state, "red")["lumber"] == 1
    assert hand(state, "blue")["lumber"] == 2
    assert not {"traded", "built", "bank_traded"} & set(kinds(rep.turn(1)))
    game = game_after(1, 1)
    game.apply(actions.EndTrade(player="orange"))
    with pytest.raises(RuleViolation) as refused:
        game.apply(actions.BuildRoad(player="orange", path="e1.SW"))
    assert refused.value.code == "not_enough_resources"


def test_2_red_buys_year_of_plenty(rep):
    state = after_roll(rep, 2)
    red = hand(state, "red")
    assert red["ore"] >= 1 and red["grain"] >= 1 and red["wool"] >= 1 and red["brick"] == 0
    assert hand(state, "orange")["brick"] >= 1 and hand(state, "white")["brick"] >= 1
    assert [e["card"] for e in events_of(rep.turn(2), "card_bought")] == ["year_of_plenty"]
    assert not events_of(rep.turn(2), "traded")


def test_3_blue_swaps_wool_for_brick_and_builds_a_road(rep):
    state = after_roll(rep, 3)
    blue = hand(state, "blue")
    assert blue["brick"] == 0 and blue["wool"] >= 1 and blue["ore"] >= 1 and blue["grain"] >= 1
    assert hand(state, "white")["brick"] >= 1
    (trade,) = events_of(rep.turn(3), "traded")
    assert (trade["player"], trade["partner"]) == ("blue", "white")
    assert trade["give"] == {"wool": 1} and trade["get"] == {"brick": 1}
    assert [e["piece"] for e in events_of(rep.turn(3), "built")] == ["road"]


def test_4_white_offers_a_trade_orange_refuses_white_builds_and_draws_a_knight(rep):
    state = after_roll(rep, 4)
    white, orange = hand(state, "white"), hand(state, "orange")
    # Road + card affordable; with 1 grain + 1 ore given for 1 lumber + 1 brick: road + settlement.
    assert white["lumber"] == 1 and white["brick"] == 1 and white["wool"] >= 1
    assert white["ore"] >= 1 and white["grain"] >= 2
    assert orange["lumber"] >= 1 and orange["brick"] >= 1
    ore, grain = orange["ore"] + 1, orange["grain"] + 1  # had orange accepted
    assert max(0, 3 - ore) + max(0, 2 - grain) == 1  # "až na jednu" for a city
    assert not events_of(rep.turn(4), "traded")
    assert [e["piece"] for e in events_of(rep.turn(4), "built")] == ["road"]
    assert [e["card"] for e in events_of(rep.turn(4), "card_bought")] == ["knight"]


def test_5_orange_buys_road_building_and_cannot_play_it_at_once(rep):
    state = after_roll(rep, 5)
    assert all(hand(state, "orange")[r] >= 1 for r in ("brick", "lumber", "wool", "grain", "ore"))
    assert [e["card"] for e in events_of(rep.turn(5), "card_bought")] == ["road_building"]
    assert not events_of(rep.turn(5), "built")
    end = rep.turn(5).end
    assert hand(end, "orange")["lumber"] >= 1 and hand(end, "orange")["brick"] >= 1
    game = game_after(5, 2)  # the card just bought, turn not yet ended
    with pytest.raises(RuleViolation):
        game.apply(actions.PlayRoadBuilding(player="orange", paths=("c4|d3", "c5|d4")))


def test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city(rep):
    state = after_roll(rep, 6)
    red = hand(state, "red")
    assert red["ore"] == 2 and red["grain"] == 0 and red["lumber"] >= 1 and red["brick"] >= 1
    assert hand(state, "white")["grain"] == 2
    assert hand(state, "blue")["ore"] >= 1 and hand(state, "blue")["brick"] == 0
    (trade,) = events_of(rep.turn(6), "traded")
    assert (trade["player"], trade["partner"]) == ("red", "white")
    assert trade["give"] == {"brick": 1, "lumber": 1} and trade["get"] == {"grain": 1}
    (plenty,) = events_of(rep.turn(6), "year_of_plenty")
    assert sorted(plenty["resources"]) == ["grain", "ore"]
    (city,) = events_of(rep.turn(6), "built")
    assert (city["piece"], city["place"]) == ("city", "c2.SE")
    end = rep.turn(6).end["players"]["red"]
    assert end["dev_cards"] == [] and end["played"] == ["year_of_plenty"]


def test_7_seven_robber_on_pasture_8_blue_steals_lumber_no_wool_anywhere(rep):
    turn = rep.turn(7)
    assert sum(turn.roll) == 7
    assert not events_of(turn, "discarded")
    assert all(size(turn.start, c) <= 7 for c in rep.players)
    (moved,) = events_of(turn, "robber_moved")
    assert (moved["from_hex"], moved["to_hex"]) == ("b2", "e3")
    assert rep.board["hexes"]["e3"] == ["pasture", 8]
    assert touches(turn.start, "e3", "white") and not touches(turn.start, "e3", "blue")
    assert rep.board["hexes"]["c2"] == ["hills", 9]
    assert touches(turn.start, "c2", "white") and touches(turn.start, "c2", "red")
    (stolen,) = events_of(turn, "stolen")
    assert (stolen["thief"], stolen["victim"], stolen["card"]) == ("blue", "white", "lumber")
    assert all(hand(turn.end, c)["wool"] == 0 for c in rep.players)
    assert hand(turn.end, "blue")["lumber"] >= 2  # he offers 2 lumber for 1 wool
    assert not {"traded", "built", "bank_traded"} & set(kinds(turn))


def test_8_knight_before_the_roll_then_8_and_a_settlement(rep):
    turn = rep.turn(8)
    knight_step, roll_step, build_step = turn.steps
    assert not knight_step.roll and [e["kind"] for e in knight_step.events][0] == "card_played"
    assert hand(turn.start, "white")["lumber"] == 0  # stolen at t7
    assert size(turn.start, "blue") == 5
    (moved,) = events_of(turn, "robber_moved")
    assert (moved["from_hex"], moved["to_hex"]) == ("e3", "d2")
    assert rep.board["hexes"]["d2"] == ["fields", 10]
    assert not touches(turn.start, "d2", "white") and touches(turn.start, "d2", "red")
    (stolen,) = events_of(turn, "stolen")
    assert (stolen["victim"], stolen["card"]) == ("red", "lumber")
    assert roll_step.roll and sum(roll_step.roll) == 8
    produced = next(e for e in roll_step.events if e["kind"] == "produced")
    assert produced["gains"]["white"].get("wool") == 1  # the pasture 8 is free again
    (built,) = events_of(turn, "built")
    assert (built["player"], built["piece"], built["place"]) == ("white", "settlement", "e2.SE")
    assert hand(turn.end, "white")["grain"] == 0  # "his last grain"
    white = turn.end["players"]["white"]
    assert white["knights"] == 1 and white["played"] == ["knight"]
    # The new settlement is on the wool harbour, usable from white's next turn (Přístav).
    assert "wool" not in game_after(8, 3).harbors_of("white")
    assert "wool" in game_after(12, 1).harbors_of("white")


def test_9_orange_plays_road_building(rep):
    turn = rep.turn(9)
    state = after_roll(rep, 9)
    assert not can_afford(hand(state, "orange"), SETTLEMENT)
    assert not events_of(turn, "traded") and not events_of(turn, "bank_traded")
    assert [e["card"] for e in events_of(turn, "card_played")] == ["road_building"]
    built = events_of(turn, "built")
    assert [(e["piece"], e["place"]) for e in built] == [("road", "c4|d3"), ("road", "c5|d4")]
    assert turn.end["players"]["orange"]["dev_cards"] == []


def test_10_the_robber_starves_red_and_blue(rep):
    turn = rep.turn(10)
    assert sum(turn.roll) == 10
    (produced,) = events_of(turn, "produced")
    assert not produced["gains"].get("red") and not produced["gains"].get("blue")
    assert [b["hex"] for b in produced["blocked"]] == ["d2"]
    assert size(after_roll(rep, 10), "red") == 1
    assert not {"traded", "built", "bank_traded"} & set(kinds(turn))


def test_11_blue_trades_twice_and_builds_a_settlement(rep):
    turn = rep.turn(11)
    state = after_roll(rep, 11)
    assert hand(state, "blue") == {"brick": 1, "lumber": 4, "wool": 0, "grain": 1, "ore": 1}
    assert hand(state, "orange")["lumber"] >= 1
    (trade,) = events_of(turn, "traded")
    assert (trade["player"], trade["partner"]) == ("blue", "orange")
    assert trade["give"] == {"ore": 1} and trade["get"] == {"lumber": 1}
    (bank,) = events_of(turn, "bank_traded")
    assert (bank["give"], bank["get"], bank["rate"], bank["count"]) == ("lumber", "wool", 4, 1)
    (built,) = events_of(turn, "built")
    assert (built["piece"], built["place"]) == ("settlement", "b2.SE")
    assert size(turn.end, "blue") == 0


def test_12_white_builds_a_road(rep):
    assert [(e["player"], e["piece"]) for e in events_of(rep.turn(12), "built")] == [
        ("white", "road")]


def test_13_nobody_has_grain_orange_builds_a_settlement(rep):
    state = after_roll(rep, 13)
    orange = hand(state, "orange")
    assert orange["ore"] >= 3 and orange["grain"] == 1 and can_afford(orange, SETTLEMENT)
    assert all(hand(state, c)["grain"] == 0 for c in ("red", "blue", "white"))
    assert [(e["player"], e["piece"]) for e in events_of(rep.turn(13), "built")] == [
        ("orange", "settlement")]


def test_14_red_builds_a_road_and_keeps_the_rest(rep):
    turn = rep.turn(14)
    assert [(e["player"], e["piece"]) for e in events_of(turn, "built")] == [("red", "road")]
    assert size(turn.end, "red") > 0
    assert not events_of(turn, "traded") and not events_of(turn, "bank_traded")


def test_15_blue_has_no_grain_and_builds_a_road(rep):
    state = after_roll(rep, 15)
    blue = hand(state, "blue")
    assert blue["ore"] >= 1 and blue["wool"] >= 1 and blue["grain"] == 0
    assert [(e["player"], e["piece"]) for e in events_of(rep.turn(15), "built")] == [
        ("blue", "road")]


def test_16_white_trades_wool_and_builds_a_city(rep):
    turn = rep.turn(16)
    state = after_roll(rep, 16)
    assert hand(state, "white") == {"brick": 0, "lumber": 0, "wool": 5, "grain": 1, "ore": 1}
    assert hand(state, "red")["ore"] >= 1
    (trade,) = events_of(turn, "traded")
    assert (trade["player"], trade["partner"]) == ("white", "red")
    assert trade["give"] == {"wool": 1} and trade["get"] == {"ore": 1}
    banks = events_of(turn, "bank_traded")
    assert [(b["give"], b["get"], b["rate"]) for b in banks] == [
        ("wool", "ore", 2), ("wool", "grain", 2)]
    (built,) = events_of(turn, "built")
    assert (built["piece"], built["place"]) == ("city", "d3.SE")
    # "s městem a vesnicí na pastvině s číslem 8"
    corners = {topo.INTERSECTION_IDS[i] for i in topo.HEX_CORNERS[topo.HEX_INDEX["e3"]]}
    on_p8 = sorted(piece for node, (color, piece) in turn.end["buildings"].items()
                   if color == "white" and node in corners)
    assert on_p8 == ["city", "settlement"]


def test_17_the_final_position(rep):
    end = rep.turns[-1].end
    points = {c: end["players"][c]["points"] for c in rep.players}
    assert points == {"orange": 3, "red": 3, "blue": 3, "white": 4}
    assert size(end, "white") == 0
    assert size(end, "orange") == 7
    assert hand(end, "orange") == {"brick": 3, "lumber": 0, "wool": 0, "grain": 1, "ore": 3}
    red = hand(end, "red")  # lacks only 1 grain for a settlement
    assert red["grain"] == 0 and red["lumber"] >= 1 and red["brick"] >= 1 and red["wool"] >= 1
    assert end["robber"] == "d2" and touches(end, "d2", "red")  # red's grain field blocked
    assert end["longest_road"] is None and end["largest_army"] is None
    assert end["players"]["white"]["knights"] == 1
    # Red's wool comes only from the 12; blue has brick on 8 and lumber on 6.
    assert [h for h, (t, _) in rep.board["hexes"].items()
            if t == "pasture" and touches(end, h, "red")] == ["b3"]
    assert rep.board["hexes"]["b3"] == ["pasture", 12]
    assert touches(end, "e1", "blue") and rep.board["hexes"]["e1"] == ["hills", 8]
    assert touches(end, "a3", "blue") and rep.board["hexes"]["a3"] == ["forest", 6]


def _dice(total):
    return (1, total - 1) if total <= 7 else (total - 6, 6)


def _can_build_city(game, trades_left=1):
    for node in game.legal_city_spots("orange"):
        trial = game.copy()
        try:
            if trial.phase == "trade":
                trial.apply(actions.EndTrade(player="orange"))
            trial.apply(actions.BuildCity(player="orange", node=node))
            return True
        except RuleViolation:
            pass
    if trades_left:
        for action in game.legal_actions():
            if isinstance(action, actions.TradeBank):
                trial = game.copy()
                trial.apply(action)
                if _can_build_city(trial, trades_left - 1):
                    return True
    return False


def _outcomes_of_roll(game, total):
    """Every game after orange's roll (and, on a 7, every robber move and stolen card),
    as (stolen card or None, game)."""
    game = game.copy()
    game.apply(actions.RollDice(player="orange", dice=_dice(total)))
    if game.phase != "robber":
        return [(None, game)]
    outcomes = []
    for action in game.legal_actions():
        if not isinstance(action, actions.MoveRobber):
            continue
        cards = [None]
        if action.victim:
            cards = [r for r, n in game.hand(action.victim).items() if n]
        for card in cards:
            trial = game.copy()
            trial.apply(actions.MoveRobber(player="orange", hex=action.hex,
                                           victim=action.victim, card=card))
            outcomes.append((card, trial))
    return outcomes


def test_17_only_5_8_or_9_gives_orange_a_city(rep):
    """"Pokud bude mít v dalším kole štěstí při hodu kostkami (5, 8 nebo 9), může postavit
    město": with at most one maritime trade. A 7 is no sure thing: only a stolen brick (the
    4th, traded 4:1 for grain) would do, and the stolen card is chance, not the roll."""
    final = rep.final_game
    assert final.current_player == "orange" and final.phase == "roll"
    lucky = {total for total in range(2, 13) if total != 7
             and all(_can_build_city(g) for _, g in _outcomes_of_roll(final, total))}
    assert lucky == {5, 8, 9}
    sevens = _outcomes_of_roll(final, 7)
    assert not all(_can_build_city(g) for _, g in sevens)
    assert {card for card, g in sevens if _can_build_city(g)} == {"brick"}
