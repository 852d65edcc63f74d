"""Suroviny – výnosy, Suroviny – karty, Město, Zloděj: what a roll pays out."""

import pytest
from engine_kit import hand, sandbox

from engine import Board, RuleViolation
from engine.actions import RollDice


def board_with_two_eights():
    """The beginner board with mountains 8 (e3) and forest 8 (e1), as in the Almanach's
    picture for *Město*."""
    d = Board.beginner().to_json()
    d["terrains"].update({"e3": "mountains", "a2": "pasture", "e1": "forest", "a3": "hills"})
    return Board.from_json(d)


def roll(game, total, color=None):
    game.set_current(color or game.current_player, "roll")
    return game.apply(RollDice(game.current_player, (total // 2, total - total // 2)))


def test_modry_gets_3_ore_on_an_8_and_oranzovy_2_lumber_for_his_city():
    """Město: "Modrý při hození 8 inkasuje celkem 3 rudy (1 za vesnici a 2 za město).
    Oranžový dostane 2 dřeva za město." """
    game = sandbox(board=board_with_two_eights())
    game.place_settlement("blue", "e3.SE")
    game.place_settlement("blue", "e3.NW", city=True)
    game.place_settlement("orange", "e1.SW", city=True)
    events = roll(game, 8)
    assert game.hand("blue") == hand(ore=3)
    assert game.hand("orange") == hand(lumber=2)
    produced = events[-1]
    assert produced.gains == {"blue": {"ore": 3}, "orange": {"lumber": 2}}


def test_every_hex_with_the_number_pays_every_building_on_it():
    game = sandbox()
    game.place_settlement("red", "c1.NE")  # fields 4, hills 9, mountains 4
    game.place_settlement("white", "b1.NW")  # mountains 4 only (coast)
    roll(game, 4)
    assert game.hand("red") == hand(grain=1, ore=1)
    assert game.hand("white") == hand(ore=1)


def test_the_desert_yields_nothing_and_a_seven_pays_no_one():
    game = sandbox()
    game.place_settlement("red", "b2.SW")  # mountains 4, desert, hills 9
    roll(game, 7)
    assert game.hand_size("red") == 0


def test_the_robber_blocks_his_hex():
    """Zloděj: the hex with the robber yields nothing while he stays."""
    game = sandbox()
    game.place_settlement("red", "c2.SE")  # hills 9, forest 3, fields 10
    game.place_settlement("blue", "d1.SE")  # pasture 3, fields 10, hills 8
    game.set_robber("d2")
    events = roll(game, 10)
    assert game.hand_size("red") == game.hand_size("blue") == 0
    assert events[-1].blocked == [{"hex": "d2", "resource": "grain",
                                   "players": {"red": 1, "blue": 1}}]
    roll(game, 3)  # forest 3 and pasture 3 still pay
    assert game.hand("red") == hand(lumber=1) and game.hand("blue") == hand(wool=1)


def test_if_the_bank_cannot_pay_everyone_nobody_gets_that_resource():
    """Suroviny – karty: "Pokud v jednom kole nestačí bank na suroviny pro všechny,
    neinkasuje nikdo." """
    game = sandbox()
    game.place_settlement("red", "a2.SE")  # mountains 11, forest 6, pasture 12
    game.place_settlement("blue", "a2.NW")  # hills 2, mountains 11
    game.set_hand("white", {"ore": 18})
    events = roll(game, 11)
    assert game.bank["ore"] == 1
    assert game.hand("red")["ore"] == 0 and game.hand("blue")["ore"] == 0
    assert events[-1].shortage == ["ore"]


def test_shortage_of_one_resource_does_not_stop_the_others():
    game = sandbox()
    game.place_settlement("red", "c1.NE")  # fields 4, hills 9, mountains 4
    game.place_settlement("blue", "b1.NW")  # mountains 4
    game.set_hand("white", {"ore": 18})
    roll(game, 4)
    assert game.hand("red") == hand(grain=1) and game.hand("blue") == hand()


def test_a_city_takes_two_cards_even_if_it_empties_the_bank():
    game = sandbox()
    game.place_settlement("red", "a2.NW", city=True)  # hills 2, mountains 11
    game.set_hand("white", {"ore": 17})
    roll(game, 11)
    assert game.hand("red")["ore"] == 2 and game.bank["ore"] == 0


def test_dice_are_rolled_once_per_turn():
    game = sandbox()
    roll(game, 6)
    with pytest.raises(RuleViolation) as exc:
        game.apply(RollDice(game.current_player))
    assert exc.value.code == "already_rolled"


def test_on_the_beginner_board_a_3_gives_red_lumber_and_blue_wool():
    """002: "hodil-li hráč 3, vynáší díl označené trojkou (les – dřevo a pastvina – vlnu)
    ... Když padne 3, červený dostane dřevo a modrý vlnu." """
    from engine import Game

    game = Game.beginner()
    before = {c: game.hand(c) for c in game.players}
    events = game.apply(RollDice("orange", (1, 2)))
    assert events[-1].gains == {"red": {"lumber": 1}, "blue": {"wool": 1}}
    assert game.hand("red")["lumber"] == before["red"]["lumber"] + 1
    assert game.hand("orange") == before["orange"] and game.hand("white") == before["white"]
