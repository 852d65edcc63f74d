"""Places named in the board's words, for the bots' reasons (no ids such as "a3|b4").

The same names the site's narration uses (tutorial.board_svg.node_name / path_name, which
the engine may not import): an intersection by its hexes, "u pahorkatiny s 8, lesa s 3 a
pastviny s 11", on the coast "na pobřeží u …", a path "mezi lesem s 3 a horami s 6". Where
two hexes read the same, the row and column tell them apart: "pastviny s 11 (2. řada,
3. zleva)".
"""

from __future__ import annotations

from ..board import Board
from ..topology import (
    CORNERS,
    EDGES,
    HEX_CORNERS,
    HEX_EDGES,
    HEX_IDS,
    HEX_INDEX,
    INTERSECTION_HEXES,
    INTERSECTION_INDEX,
    PATH_HEXES,
    PATH_INDEX,
    ROW_NAMES,
)
from ..words import hex_label, join

_CORNER_WORDS = {"N": "severní", "NE": "severovýchodní", "SE": "jihovýchodní", "S": "jižní",
                 "SW": "jihozápadní", "NW": "severozápadní"}
_EDGE_WORDS = {"NE": "severovýchodní", "E": "východní", "SE": "jihovýchodní",
               "SW": "jihozápadní", "W": "západní", "NW": "severozápadní"}


def hex_name(board: Board, hex_id: str, case: str = "nom") -> str:
    """'pahorkatina 9' (nom), 'pahorkatiny 9' (gen), … as the narration says it."""
    h = HEX_INDEX[hex_id]
    return hex_label(board.terrains[h], board.numbers[h], case)


def hex_ref(board: Board, hex_id: str, case: str = "nom") -> str:
    """A hex as a unique place name: its terrain and number, and where another hex reads
    the same, its row and column."""
    name = hex_name(board, hex_id, case)
    h = HEX_INDEX[hex_id]
    look = (board.terrains[h], board.numbers[h])
    same = [i for i in range(len(HEX_IDS)) if (board.terrains[i], board.numbers[i]) == look]
    if len(same) == 1:
        return name
    row = ROW_NAMES.index(hex_id[0]) + 1
    column = [x for x in HEX_IDS if x[0] == hex_id[0]].index(hex_id) + 1
    return f"{name} ({row}. řada, {column}. zleva)"


def node_name(board: Board, node: str) -> str:
    """'u pahorkatiny 8, lesa 3 a pastviny 11'; on the coast 'na pobřeží u …'."""
    index = INTERSECTION_INDEX[node]
    hexes = INTERSECTION_HEXES[index]
    names = join([hex_ref(board, HEX_IDS[h], "gen") for h in hexes])
    if len(hexes) == 3:
        return f"u {names}"
    if len(hexes) == 2:
        return f"na pobřeží u {names}"
    corner = CORNERS[HEX_CORNERS[hexes[0]].index(index)]
    return f"na pobřeží u {names}, {_CORNER_WORDS[corner]} roh"


def path_name(board: Board, path: str) -> str:
    """'mezi lesem 3 a horami 6'; on the coast 'na pobřeží u pahorkatiny 8, východní
    strana'."""
    index = PATH_INDEX[path]
    hexes = PATH_HEXES[index]
    if len(hexes) == 1:
        side = EDGES[HEX_EDGES[hexes[0]].index(index)]
        return (f"na pobřeží u {hex_ref(board, HEX_IDS[hexes[0]], 'gen')}, "
                f"{_EDGE_WORDS[side]} strana")
    first, second = (hex_ref(board, HEX_IDS[h], "ins") for h in hexes)
    return f"mezi {first} a {second}"
