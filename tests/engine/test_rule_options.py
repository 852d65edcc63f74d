"""Rule options where the editions differ (Rules): Kombinovaná fáze obchodu a stavění and
the harbor timing, Longest Road ties, the goal."""

from dataclasses import fields

import pytest
from engine_kit import hand, place_roads, sandbox

from engine import Board, Game, InvalidInput, Rules
from engine.actions import BuildSettlement, EndTrade, EndTurn, RollDice, TradeBank
from engine.options import OPTIONS


def settle_on_the_ore_harbor(rules):
    game = sandbox(("orange", "red"), rules=rules)
    game.place_settlement("orange", "b4.S")
    place_roads(game, "orange", "b4.S", "b4.SE", "b4.NE")
    game.set_hand("orange", hand(brick=1, lumber=1, wool=1, grain=1, ore=2))
    game.set_current("orange", "main" if rules.combined_trade_build else "build")
    game.apply(BuildSettlement("orange", "b4.NE"))
    return game


def test_with_the_combined_phase_a_new_harbor_serves_at_once():
    """001: "Když je rozdělení těchto kroků zrušeno, smí hráč postavit přístav a tento přístav
    ještě ve stejném tahu využít." """
    game = settle_on_the_ore_harbor(Rules(combined_trade_build=True))
    assert game.harbors_of("orange") == {"ore"}
    game.apply(TradeBank("orange", "ore", "grain"))
    assert game.hand("orange") == hand(grain=1)


def test_with_separate_phases_a_new_harbor_serves_from_the_next_turn():
    """Almanach, Přístav: "může ho použít k obchodování až v následujícím kole." """
    game = settle_on_the_ore_harbor(Rules())
    assert game.harbors_of("orange") == set()
    assert game.trade_rate("orange", "ore") == 4
    game.apply(EndTurn("orange"))
    assert game.harbors_of("orange") == {"ore"}


def test_combined_phase_has_no_trade_and_build_phases():
    game = Game.beginner(rules=Rules(combined_trade_build=True))
    game.apply(RollDice("orange", (2, 4)))
    assert game.phase == "main"
    assert not any(isinstance(a, EndTrade) for a in game.legal_actions())
    separate = Game.beginner()
    separate.apply(RollDice("orange", (2, 4)))
    assert separate.phase == "trade"


def test_rules_are_checked_and_serialised():
    with pytest.raises(InvalidInput):
        Rules(longest_road_tie="coin_flip")
    rules = Rules(longest_road_tie="holder_keeps", combined_trade_build=True)
    assert Rules.from_json(rules.to_json()) == rules
    game = Game.new(Board.beginner(), rules=rules)
    assert Game.from_json(game.to_json()).rules == rules


def test_both_longest_road_tie_readings_are_offered():
    assert Rules().longest_road_tie == "aside"  # the Almanach's reading is the default
    assert Rules(longest_road_tie="holder_keeps").longest_road_tie == "holder_keeps"
    # The positions themselves: test_longest_road.py, "after a break ... tie".


# --- every declared option (engine.options.OPTIONS), so a new one is tested here too -------

def two_or_four(rules):
    return ("orange", "red") if rules.two_player else ("orange", "red", "blue", "white")


def test_rules_has_a_field_per_declared_option_at_the_almanachs_default():
    assert [f.name for f in fields(Rules)] == [option.name for option in OPTIONS]
    assert Rules().to_json() == {option.name: option.default for option in OPTIONS}
    assert Rules().variant == "base"


@pytest.mark.parametrize("option", OPTIONS, ids=lambda option: option.name)
def test_each_option_at_its_other_reading_survives_the_json_of_rules_and_game(option):
    rules = Rules(**{option.name: option.other})
    assert getattr(rules, option.name) == option.other != option.default
    assert Rules.from_json(rules.to_json()) == rules
    game = Game.new(Board.beginner(), two_or_four(rules), seed=3, rules=rules)
    assert Game.from_json(game.to_json()).rules == rules


@pytest.mark.parametrize("option", OPTIONS, ids=lambda option: option.name)
def test_a_value_an_option_does_not_take_is_refused_naming_the_option_in_czech(option):
    for bad in ("ano", None, 2.5):
        with pytest.raises(InvalidInput) as refused:
            Rules(**{option.name: bad})
        assert f"„{option.label}“" in refused.value.message
