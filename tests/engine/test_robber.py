"""Sedmička padla, nastupuje zloděj; Zloděj: discards, moving the robber, stealing."""

import pytest
from engine_kit import hand, sandbox

from engine import RuleViolation
from engine.actions import Discard, EndTrade, MoveRobber, PlayKnight, RollDice


def seven(game):
    game.set_current(game.current_player, "roll")
    return game.apply(RollDice(game.current_player, (3, 4)))


def petra_jana_karel():
    """Petra (orange) 6 cards, Jana (red) 8, Karel (blue) 11."""
    game = sandbox(("orange", "red", "blue"))
    game.set_hand("orange", hand(brick=3, ore=3))
    game.set_hand("red", hand(lumber=4, wool=4))
    game.set_hand("blue", hand(brick=2, lumber=2, wool=2, grain=2, ore=3))
    return game


def test_petra_keeps_her_6_cards_jana_gives_back_4_karel_5():
    """ "Petra má 6 karet, Jana 8 a Karel 11. Jana tedy vrátí 4 karty a Karel odloží
    5 karet." """
    game = petra_jana_karel()
    events = seven(game)
    assert events[-2].kind == "discard_required"
    assert events[-2].players == {"red": 4, "blue": 5}
    assert game.phase == "discard" and game.acting_player == "red"
    game.apply(Discard("red", {"lumber": 4}))
    assert game.acting_player == "blue"
    game.apply(Discard("blue", {"brick": 2, "ore": 3}))
    assert game.hand_size("orange") == 6
    assert game.hand_size("red") == 4 and game.hand_size("blue") == 6
    assert game.phase == "robber" and game.acting_player == "orange"


def test_the_owner_chooses_which_cards_half_rounded_down():
    game = petra_jana_karel()
    seven(game)
    choices = game.legal_actions()
    assert all(isinstance(a, Discard) and sum(a.cards.values()) == 4 for a in choices)
    assert len(choices) == 5  # 0–4 lumber, the rest wool
    with pytest.raises(RuleViolation) as exc:
        game.apply(Discard("red", {"lumber": 3}))
    assert exc.value.code == "discard_wrong_count"
    assert exc.value.headword == "sedmicka-padla-nastupuje-zlodej"
    with pytest.raises(RuleViolation) as exc:
        game.apply(Discard("red", {"ore": 4}))
    assert exc.value.code == "discard_not_in_hand"


def test_nothing_else_happens_until_everyone_has_discarded():
    game = petra_jana_karel()
    seven(game)
    with pytest.raises(RuleViolation) as exc:
        game.apply(MoveRobber("orange", "a1"))
    assert exc.value.code == "not_your_turn"
    with pytest.raises(RuleViolation):
        game.apply(Discard("blue", {"brick": 2, "ore": 3}))  # red is first


def test_with_7_cards_or_fewer_nobody_discards():
    game = sandbox()
    game.set_hand("red", hand(lumber=7))
    seven(game)
    assert game.phase == "robber"


def test_the_robber_must_move_to_another_hex_and_may_go_to_the_desert():
    game = sandbox()
    game.set_robber("d2")
    seven(game)
    with pytest.raises(RuleViolation) as exc:
        game.apply(MoveRobber("orange", "d2"))
    assert exc.value.code == "robber_must_move"
    assert exc.value.headword == "zlodej"
    assert {a.hex for a in game.legal_actions()} == {h for h in _hexes() if h != "d2"}
    events = game.apply(MoveRobber("orange", "b2"))
    assert game.robber == "b2"
    assert [e.kind for e in events][:2] == ["robber_moved", "nothing_stolen"]
    assert game.phase == "trade"


def _hexes():
    from engine.topology import HEX_IDS
    return set(HEX_IDS)


def test_the_thief_robs_one_resource_card_of_a_player_on_the_hex():
    game = sandbox()
    game.place_settlement("red", "d2.N")  # hills 9, forest 3, fields 10
    game.place_settlement("blue", "d1.SE")  # fields 10 too
    game.set_hand("red", hand(grain=2))
    game.set_hand("blue", hand(wool=1))
    game.set_dev_cards("red", ["knight"])
    seven(game)
    assert {(a.hex, a.victim) for a in game.legal_actions() if a.hex == "d2"} == {
        ("d2", "red"), ("d2", "blue")}
    events = game.apply(MoveRobber("orange", "d2", "red"))
    assert events[-2].kind == "stolen" and events[-2].card == "grain"
    assert game.hand("orange") == hand(grain=1) and game.hand("red") == hand(grain=1)
    assert game.dev_cards("red") == [("knight", False)]  # development cards cannot be stolen


def test_after_a_seven_a_victim_with_cards_must_be_robbed():
    game = sandbox()
    game.place_settlement("red", "d2.N")
    game.set_hand("red", hand(grain=1))
    seven(game)
    with pytest.raises(RuleViolation) as exc:
        game.apply(MoveRobber("orange", "d2"))
    assert exc.value.code == "victim_required"


def test_only_players_on_the_hex_with_cards_can_be_robbed():
    game = sandbox()
    game.place_settlement("red", "d2.N")
    game.place_settlement("blue", "a1.N")
    game.set_hand("blue", hand(ore=1))
    seven(game)
    with pytest.raises(RuleViolation) as exc:
        game.apply(MoveRobber("orange", "d2", "blue"))
    assert exc.value.code == "victim_not_adjacent"
    with pytest.raises(RuleViolation) as exc:
        game.apply(MoveRobber("orange", "d2", "red"))
    assert exc.value.code == "victim_has_no_cards"
    with pytest.raises(RuleViolation) as exc:
        game.apply(MoveRobber("orange", "d2", "orange"))
    assert exc.value.code == "cannot_rob_self"
    game.apply(MoveRobber("orange", "d2"))  # red has nothing: no theft


def test_the_stolen_card_is_random_but_can_be_given_for_a_replay():
    game = sandbox()
    game.place_settlement("red", "d2.N")
    game.set_hand("red", hand(brick=1, ore=1))
    seven(game)
    copy = game.copy()
    copy.apply(MoveRobber("orange", "d2", "red", "ore"))
    assert copy.hand("orange") == hand(ore=1)
    with pytest.raises(RuleViolation) as exc:
        game.copy().apply(MoveRobber("orange", "d2", "red", "wool"))
    assert exc.value.code == "card_not_in_hand"
    game.apply(MoveRobber("orange", "d2", "red"))
    stolen = game.history[-1].card
    assert stolen in ("brick", "ore") and game.hand("orange")[stolen] == 1


def test_after_the_robber_the_turn_goes_on_with_trade():
    game = sandbox()
    seven(game)
    game.apply(MoveRobber("orange", "a1"))
    assert game.phase == "trade"
    game.apply(EndTrade("orange"))
    assert game.phase == "build"


def test_on_the_desert_the_thief_robs_a_player_whose_settlement_borders_it():
    # "Zloděje je možné umístit také na poušť": the desert is the robber's new home like any
    # hex, so a player with a settlement on its border is robbed (rozhodnuti zlodej-na-pousti).
    game = sandbox()
    game.set_robber("d2")
    game.place_settlement("red", "b2.N")  # b2 is the desert
    game.set_hand("red", hand(ore=1))
    seven(game)
    assert ("b2", "red") in {(a.hex, a.victim) for a in game.legal_actions()}
    with pytest.raises(RuleViolation) as exc:
        game.apply(MoveRobber("orange", "b2"))
    assert exc.value.code == "victim_required"
    game.apply(MoveRobber("orange", "b2", "red"))
    assert game.hand("orange") == hand(ore=1) and game.hand("red") == hand()


def test_a_city_on_the_robbers_hex_loses_one_card_not_two():
    # "vezme si z jeho ruky jednu kartu se surovinou": a city doubles the yield, not the theft.
    game = sandbox()
    game.place_settlement("red", "d2.N", city=True)
    game.set_hand("red", hand(grain=3))
    seven(game)
    events = game.apply(MoveRobber("orange", "d2", "red"))
    assert [e.kind for e in events].count("stolen") == 1
    assert game.hand("orange") == hand(grain=1) and game.hand("red") == hand(grain=2)


def test_after_a_rolled_seven_a_knight_may_move_the_robber_again_in_the_same_turn():
    # The 7 plays no development card: the one card of the turn may still be a knight, played
    # once the 7 is done (rozhodnuti rytir-po-sedmicce).
    game = sandbox()
    game.set_robber("d2")
    game.set_dev_cards("orange", ["knight"])
    game.place_settlement("red", "a1.N")
    game.set_hand("red", hand(wool=1))
    seven(game)
    game.apply(MoveRobber("orange", "c3"))
    assert game.phase == "trade"
    game.apply(PlayKnight("orange", "a1", "red"))
    assert game.robber == "a1" and game.hand("orange") == hand(wool=1)


def test_the_player_who_rolled_the_seven_discards_too():
    """The ruling `odhazuje-i-hazejici`: "Všichni si spočítají karty v ruce" knows no
    exception for the roller, who discards before moving the robber."""
    game = sandbox()
    roller = game.current_player
    game.set_hand(roller, hand(lumber=5, ore=4))
    events = seven(game)
    assert events[-2].kind == "discard_required" and events[-2].players == {roller: 4}
    assert game.phase == "discard" and game.acting_player == roller
    game.apply(Discard(roller, {"lumber": 4}))
    assert game.phase == "robber" and game.acting_player == roller


def test_a_knight_may_send_the_robber_to_the_desert():
    """Rytíř moves the robber "na libovolný jiný žeton"; the desert has no token, yet the
    knight moves it as a rolled 7 does, the desert included (RULES-NOTES.md, Robber)."""
    game = sandbox()
    game.set_robber("d2")
    game.set_dev_cards("orange", ["knight"])
    game.set_current("orange", "roll")
    game.apply(PlayKnight("orange", "b2", None))  # b2 is the desert
    assert game.robber == "b2"
