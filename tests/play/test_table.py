"""What the game page offers, without HTTP: tap targets, moves by kind, why not here."""

from engine import Board, Game, actions
from tutorial import board_svg
from tutorial.play import table


def knight_game() -> Game:
    game = Game.beginner()
    game.set_dev_cards("orange", ["knight"])
    game.set_current("orange", "roll")
    return game


def test_set_up_targets_are_the_free_intersections():
    game = Game.new(Board.variable(3))
    legal = table.person_actions(game)
    targets = table.targets(legal, "")
    assert len(targets["node"]) == 54 and not targets["path"] and not targets["hex"]


def test_a_knight_sends_the_robber_only_in_its_own_mode():
    game = knight_game()
    legal = table.person_actions(game)
    assert not table.targets(legal, "")["hex"]
    hexes = table.targets(legal, "rytir")["hex"]
    assert len(hexes) == 18 and game.robber not in hexes


def test_why_not_names_the_rule_and_links_its_headword():
    game = Game.beginner()
    game.apply(actions.RollDice("orange", (2, 2)))
    occupied = next(node for node, (owner, _) in game.buildings.items() if owner == "red")
    reasons = table.why_not(game, table.canonical_place(occupied))
    assert "Na této křižovatce už něco stojí." in [r["message"] for r in reasons]
    assert all(r["url"].startswith("/almanach/") for r in reasons)


def test_moves_are_grouped_by_kind_in_the_order_of_a_turn():
    game = knight_game()
    position = board_svg.position_of(game)
    groups = table.choices(game, table.person_actions(game), position)
    titles = [g["title"] for g in groups]
    assert titles == ["Hod kostkami", "Zahrát akční kartu"]
    knight = groups[1]
    assert knight["buttons"][0]["label"].startswith("Zahrát Rytíře: zloděj na ")
    assert knight["count"] == len(knight["buttons"]) == 36 and knight["more"] == 0


def test_only_the_many_ways_to_discard_are_cut_short():
    game = Game.beginner()
    game.set_hand("orange", {"brick": 2, "lumber": 2, "wool": 2, "grain": 2, "ore": 2})
    game.apply(actions.RollDice("orange", (3, 4)))
    groups = table.choices(game, table.person_actions(game), board_svg.position_of(game))
    [discard] = groups
    assert discard["title"] == "Odhodit polovinu karet"
    assert len(discard["buttons"]) == table.SHOWN_DISCARDS < discard["count"]
    assert discard["more"] == discard["count"] - table.SHOWN_DISCARDS


def test_an_id_naming_a_corner_and_a_coastal_path_offers_both():
    assert table.canonical_place("e1.SE") == {("node", "e1.SE"), ("path", "e1.SE")}
    assert table.canonical_place("nikde") == set()
