"""Herní plán: the beginner board of EXAMPLE-GAME.md section 1 and the variable board
(Výstavba variabilního hracího plánu)."""

from collections import Counter

import pytest

from engine import Board, Game, InvalidInput
from engine.board import CORNER_HEXES, STANDARD_HARBOR_PATHS, spiral_order
from engine.constants import TOKENS
from engine.topology import HEX_IDS, HEX_INDEX, HEX_NEIGHBORS

BEGINNER = """
    a1 H2  a2 M11 a3 F6
    b1 M4  b2 D   b3 P12 b4 F5
    c1 G4  c2 H9  c3 F3  c4 M6  c5 G9
    d1 P3  d2 G10 d3 G5  d4 F10
    e1 H8  e2 P11 e3 P8
"""
TERRAIN = {"H": "hills", "M": "mountains", "F": "forest", "P": "pasture", "G": "fields",
           "D": "desert"}


def test_beginner_board_is_section_1_of_the_example_game():
    board = Board.beginner()
    cells = BEGINNER.split()
    for hex_id, code in zip(cells[::2], cells[1::2], strict=True):
        assert board.terrain(hex_id) == TERRAIN[code[0]], hex_id
        assert board.number(hex_id) == (int(code[1:]) if code[1:] else None), hex_id


def test_beginner_board_has_the_standard_material():
    board = Board.beginner()
    assert Counter(board.terrains) == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3,
                                       "mountains": 3, "desert": 1}
    assert sorted(n for n in board.numbers if n) == sorted(TOKENS)


def test_no_6_or_8_next_to_another_6_or_8_on_the_beginner_board():
    board = Board.beginner()
    red = {h for h, n in enumerate(board.numbers) if n in (6, 8)}
    assert not any(set(HEX_NEIGHBORS[h]) & red for h in red)


def test_beginner_harbors_by_coastal_path():
    harbors = {h.path: h.kind for h in Board.beginner().harbors}
    assert harbors == {
        "a1.NW": "3:1", "a2.NE": "grain", "b4.NE": "ore", "c5.E": "3:1", "d4.SE": "3:1",
        "e2.SE": "wool", "e1.SW": "3:1", "d1.W": "brick", "b1.W": "lumber",
    }
    assert Board.beginner().harbor_at("e3.SW") == "wool"  # white's W3 in the example game


def test_robber_starts_on_the_desert_b2():
    assert Board.beginner().robber_start == "b2"
    assert Game.beginner().robber == "b2"


def test_beginner_set_up_pieces_and_starred_settlements():
    game = Game.beginner()
    assert game.buildings == {
        "e1.SE": ("orange", "settlement"), "c4.SE": ("orange", "settlement"),
        "b3.SE": ("red", "settlement"), "c2.SE": ("red", "settlement"),
        "a2.SE": ("blue", "settlement"), "d1.SE": ("blue", "settlement"),
        "b1.S": ("white", "settlement"), "d3.SE": ("white", "settlement"),
    }
    assert game.roads == {
        "e1.SE": "orange", "c4|d4": "orange", "b3|b4": "red", "c2|d2": "red",
        "a2|b3": "blue", "d2|e1": "blue", "b1|c2": "white", "d3|e3": "white",
    }


def test_starting_hands_come_from_the_starred_settlements():
    game = Game.beginner()
    held = {c: {r for r, n in game.hand(c).items() if n} for c in game.players}
    assert held == {
        "orange": {"brick", "wool"},
        "red": {"lumber", "wool", "ore"},
        "blue": {"lumber", "ore", "wool"},  # 002: "úplně nahoře 1 dřevo, rudu a vlnu"
        "white": {"ore", "grain", "brick"},
    }
    assert all(n <= 1 for c in game.players for n in game.hand(c).values())


def test_beginner_game_with_three_players_leaves_red_in_the_box():
    game = Game.beginner(players=("orange", "blue", "white"))
    assert "red" not in {color for color, _ in game.buildings.values()}
    assert game.current_player == "orange" and game.phase == "roll"


def test_tokens_are_laid_counter_clockwise_inward_from_a_corner():
    assert spiral_order("a1") == (
        "a1", "b1", "c1", "d1", "e1", "e2", "e3", "d4", "c5", "b4", "a3", "a2",
        "b2", "c2", "d2", "d3", "c4", "b3", "c3")
    for corner in CORNER_HEXES:
        order = spiral_order(corner)
        assert order[0] == corner and sorted(order) == sorted(HEX_IDS)
        # Each next hex borders the previous one: a spiral, not a jump.
        assert all(HEX_INDEX[b] in HEX_NEIGHBORS[HEX_INDEX[a]]
                   for a, b in zip(order, order[1:], strict=False))


def test_a_spiral_starts_only_on_a_corner():
    with pytest.raises(InvalidInput):
        spiral_order("c3")


@pytest.mark.parametrize("seed", range(20))
def test_variable_board_follows_the_almanach(seed):
    board = Board.variable(seed)
    assert Counter(board.terrains) == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3,
                                       "mountains": 3, "desert": 1}
    desert = board.terrains.index("desert")
    assert board.numbers[desert] is None and board.robber_start == HEX_IDS[desert]
    # Tokens A–R in letter order along the spiral from some corner, skipping the desert.
    assert any(
        [board.number(h) for h in spiral_order(c) if board.terrain(h) != "desert"] == list(TOKENS)
        for c in CORNER_HEXES)
    assert [h.path for h in board.harbors] == list(STANDARD_HARBOR_PATHS)
    assert Counter(h.kind for h in board.harbors) == {
        "3:1": 4, "brick": 1, "lumber": 1, "wool": 1, "grain": 1, "ore": 1}


def test_variable_board_is_reproducible_from_its_seed():
    assert Board.variable(7) == Board.variable(7)
    assert len({Board.variable(s) for s in range(10)}) == 10


def test_board_json_round_trip():
    for board in (Board.beginner(), Board.variable(3)):
        assert Board.from_json(board.to_json()) == board


def test_a_board_refuses_a_token_on_the_desert():
    d = Board.beginner().to_json()
    d["numbers"]["b2"] = 7
    with pytest.raises(InvalidInput):
        Board.from_json(d)
    with pytest.raises(InvalidInput):
        Board.beginner().terrain("z9")
