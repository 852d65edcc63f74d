"""A board position as text for screen readers, hex by hex: what stands on each corner and
side of every hex, the robber and the harbours.

    rows = board_text.by_hex(position)
    # [{"name": "Pahorkatina 9", "place": "1. řada, 1. zleva",
    #   "items": ["zloděj", "vesnice modrého v pravém dolním rohu", …]}, …]

``position`` is a board_svg position dict or an engine Game. A building or road touches up to
three hexes and is named at each of them, as a sighted player sees it there.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import topology as topo
from engine import words
from tutorial.board_svg import harbor_name, position_of

CORNER_PLACES = {
    "N": "v horním rohu", "NE": "v pravém horním rohu", "SE": "v pravém dolním rohu",
    "S": "v dolním rohu", "SW": "v levém dolním rohu", "NW": "v levém horním rohu",
}
SIDE_PLACES = {
    "NE": "na pravé horní straně", "E": "na pravé straně", "SE": "na pravé dolní straně",
    "SW": "na levé dolní straně", "W": "na levé straně", "NW": "na levé horní straně",
}


def by_hex(source) -> list[dict]:
    """One row per hex, in reading order (rows from the top, each from the left)."""
    position = position_of(source)
    buildings = _by_index(position.get("buildings", {}), topo.INTERSECTION_INDEX)
    roads = _by_index(position.get("roads", {}), topo.PATH_INDEX)
    harbors = _by_index({path: kind for path, kind in position.get("harbors") or []},
                        topo.PATH_INDEX)
    rows = []
    for h, hex_id in enumerate(topo.HEX_IDS):
        terrain, number = position["hexes"][hex_id]
        items = ["zloděj"] if position.get("robber") == hex_id else []
        for corner, node in zip(topo.CORNERS, topo.HEX_CORNERS[h], strict=True):
            if node in buildings:
                owner, piece = buildings[node]
                items.append(f"{words.PIECES[piece]} {words.player(owner, 'gen')}"
                             f" {CORNER_PLACES[corner]}")
        for side, path in zip(topo.EDGES, topo.HEX_EDGES[h], strict=True):
            if path in roads:
                items.append(f"silnice {words.player(roads[path], 'gen')} {SIDE_PLACES[side]}")
            if path in harbors and len(topo.PATH_HEXES[path]) == 1:
                items.append(f"{harbor_name(harbors[path])} {SIDE_PLACES[side]}")
        label = words.hex_label(terrain, number)
        rows.append({
            "name": label[:1].upper() + label[1:],
            "place": f"{topo.ROW_NAMES.index(hex_id[0]) + 1}. řada, {hex_id[1:]}. zleva",
            "items": items,
        })
    return rows


def _by_index(placed: Mapping, index: Mapping[str, int]) -> dict:
    return {index[place]: value for place, value in placed.items() if place in index}
