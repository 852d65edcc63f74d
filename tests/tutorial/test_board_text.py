"""The board in words (tutorial/board_text.py): every piece is told at each hex it touches."""

from engine import topology as topo
from tutorial import board_text
from tutorial.example.replay import example_game


def _last_position():
    game = example_game()
    return game.position(game.all_steps()[-1].state)


def test_each_hex_is_one_row_in_reading_order():
    rows = board_text.by_hex(_last_position())
    assert len(rows) == len(topo.HEX_IDS)
    assert rows[0]["place"] == "1. řada, 1. zleva"
    assert rows[-1]["place"] == "5. řada, 3. zleva"


def test_the_robber_is_told_once_on_its_hex():
    position = _last_position()
    rows = board_text.by_hex(position)
    with_robber = [row for row in rows if "zloděj" in row["items"]]
    assert len(with_robber) == 1
    assert with_robber[0] is rows[topo.HEX_INDEX[position["robber"]]]


def test_every_building_and_road_is_told_at_each_hex_it_touches():
    position = _last_position()
    items = [item for row in board_text.by_hex(position) for item in row["items"]]
    buildings = sum(len(topo.INTERSECTION_HEXES[topo.INTERSECTION_INDEX[node]])
                    for node in position["buildings"])
    roads = sum(len(topo.PATH_HEXES[topo.PATH_INDEX[path]]) for path in position["roads"])
    assert sum(item.startswith(("vesnice ", "město ")) for item in items) == buildings
    assert sum(item.startswith("silnice ") for item in items) == roads
    assert "město bílého" in " ".join(items), "white's city"


def test_a_harbour_is_told_on_its_coast():
    rows = board_text.by_hex(_last_position())
    assert sum("přístav" in item for row in rows for item in row["items"]) == 9
