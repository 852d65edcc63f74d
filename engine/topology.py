"""The fixed geometry of the base-game board: 19 land hexes, 54 intersections, 72 paths.

Everything is computed once at import time into plain tuples of small ints, so that a
position can refer to places by index and move generation is a loop over integers.
Readable ids are used only at the edges (JSON, URLs, tests):

* hexes are named by row and position, rows ``a``–``e`` from the top (3-4-5-4-3 hexes),
  positions from the left: ``a1`` … ``e3``. Hexes are pointy-topped;
* a hex's corners are ``N NE SE S SW NW``; an intersection is named by the first land hex
  (in reading order) that touches it and that hex's corner, e.g. ``a2.SE`` (the same
  place is also ``a3.SW`` and ``b3.N``: every such alias is accepted on input);
* a hex's edges are ``NE E SE SW W NW``; a path between two land hexes is named by both
  hexes, ``b3|b4`` (reading order); a coastal path by its land hex and edge, ``e1.SE``.

Geometry for renderers is pixel-free: integer lattice coordinates where x counts half hex
widths (√3/2 · side) and y counts half sides; a renderer scales them.
"""

from __future__ import annotations

ROW_NAMES = "abcde"
ROW_LENGTHS = (3, 4, 5, 4, 3)
CORNERS = ("N", "NE", "SE", "S", "SW", "NW")
EDGES = ("NE", "E", "SE", "SW", "W", "NW")

# Lattice offsets of each corner from the hex centre (x in √3/2·side, y in side/2).
_CORNER_OFFSETS = {
    "N": (0, -2), "NE": (1, -1), "SE": (1, 1), "S": (0, 2), "SW": (-1, 1), "NW": (-1, -1),
}
# Each edge runs between two consecutive corners.
_EDGE_CORNERS = {
    "NE": ("N", "NE"), "E": ("NE", "SE"), "SE": ("SE", "S"),
    "SW": ("S", "SW"), "W": ("SW", "NW"), "NW": ("NW", "N"),
}
# Axial neighbour step across each edge.
_EDGE_STEPS = {
    "NE": (1, -1), "E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (0, -1),
}


def _build():
    hex_ids: list[str] = []
    hex_axial: list[tuple[int, int]] = []
    for row, length in enumerate(ROW_LENGTHS):
        r = row - 2
        q_min = max(-2, -2 - r)
        for pos in range(length):
            hex_ids.append(f"{ROW_NAMES[row]}{pos + 1}")
            hex_axial.append((q_min + pos, r))
    axial_to_hex = {axial: h for h, axial in enumerate(hex_axial)}
    hex_center = [(2 * q + r, 3 * r) for q, r in hex_axial]

    point_to_node: dict[tuple[int, int], int] = {}
    node_ids: list[str] = []
    node_xy: list[tuple[int, int]] = []
    node_hexes: list[list[int]] = []
    hex_corners: list[tuple[int, ...]] = []
    for h, (cx, cy) in enumerate(hex_center):
        corners = []
        for corner in CORNERS:
            dx, dy = _CORNER_OFFSETS[corner]
            point = (cx + dx, cy + dy)
            if point not in point_to_node:
                point_to_node[point] = len(node_ids)
                node_ids.append(f"{hex_ids[h]}.{corner}")
                node_xy.append(point)
                node_hexes.append([])
            node = point_to_node[point]
            node_hexes[node].append(h)
            corners.append(node)
        hex_corners.append(tuple(corners))

    ends_to_edge: dict[tuple[int, int], int] = {}
    edge_ids: list[str] = []
    edge_ends: list[tuple[int, int]] = []
    edge_hexes: list[list[int]] = []
    hex_edges: list[tuple[int, ...]] = []
    for h, (q, r) in enumerate(hex_axial):
        edges = []
        for edge in EDGES:
            a, b = _EDGE_CORNERS[edge]
            ends = tuple(sorted(
                (hex_corners[h][CORNERS.index(a)], hex_corners[h][CORNERS.index(b)])
            ))
            if ends not in ends_to_edge:
                dq, dr = _EDGE_STEPS[edge]
                other = axial_to_hex.get((q + dq, r + dr))
                if other is not None:
                    name = f"{hex_ids[h]}|{hex_ids[other]}"
                else:
                    name = f"{hex_ids[h]}.{edge}"
                ends_to_edge[ends] = len(edge_ids)
                edge_ids.append(name)
                edge_ends.append(ends)
                edge_hexes.append([])
            path = ends_to_edge[ends]
            edge_hexes[path].append(h)
            edges.append(path)
        hex_edges.append(tuple(edges))

    node_neighbors: list[list[int]] = [[] for _ in node_ids]
    node_edges: list[list[int]] = [[] for _ in node_ids]
    for path, (i, j) in enumerate(edge_ends):
        node_neighbors[i].append(j)
        node_neighbors[j].append(i)
        node_edges[i].append(path)
        node_edges[j].append(path)

    hex_neighbors = []
    for q, r in hex_axial:
        near = [axial_to_hex.get((q + dq, r + dr)) for dq, dr in _EDGE_STEPS.values()]
        hex_neighbors.append(tuple(n for n in near if n is not None))

    return (
        tuple(hex_ids), tuple(hex_axial), tuple(hex_center), tuple(hex_corners),
        tuple(hex_edges), tuple(hex_neighbors),
        tuple(node_ids), tuple(node_xy), tuple(tuple(x) for x in node_hexes),
        tuple(tuple(x) for x in node_neighbors), tuple(tuple(x) for x in node_edges),
        tuple(edge_ids), tuple(edge_ends), tuple(tuple(x) for x in edge_hexes),
    )


(
    HEX_IDS, HEX_AXIAL, HEX_CENTER, HEX_CORNERS, HEX_EDGES, HEX_NEIGHBORS,
    INTERSECTION_IDS, INTERSECTION_XY, INTERSECTION_HEXES, INTERSECTION_NEIGHBORS,
    INTERSECTION_PATHS,
    PATH_IDS, PATH_ENDS, PATH_HEXES,
) = _build()

NUM_HEXES = len(HEX_IDS)
NUM_INTERSECTIONS = len(INTERSECTION_IDS)
NUM_PATHS = len(PATH_IDS)

HEX_INDEX = {name: h for h, name in enumerate(HEX_IDS)}
INTERSECTION_INDEX = {name: i for i, name in enumerate(INTERSECTION_IDS)}
PATH_INDEX = {name: p for p, name in enumerate(PATH_IDS)}
# Every corner alias ("b3.N" for "a2.SE") and every edge alias ("b4|b3", "b4.W") resolves too.
for _h, _name in enumerate(HEX_IDS):
    for _k, _corner in enumerate(CORNERS):
        INTERSECTION_INDEX.setdefault(f"{_name}.{_corner}", HEX_CORNERS[_h][_k])
    for _k, _edge in enumerate(EDGES):
        PATH_INDEX.setdefault(f"{_name}.{_edge}", HEX_EDGES[_h][_k])
for _p, _name in enumerate(PATH_IDS):
    if "|" in _name:
        _left, _right = _name.split("|")
        PATH_INDEX.setdefault(f"{_right}|{_left}", _p)
COASTAL_PATHS = tuple(p for p in range(NUM_PATHS) if len(PATH_HEXES[p]) == 1)


def path_between(a: int, b: int) -> int | None:
    """The path joining two adjacent intersections, or None."""
    for path in INTERSECTION_PATHS[a]:
        if b in PATH_ENDS[path]:
            return path
    return None


assert NUM_HEXES == 19 and NUM_INTERSECTIONS == 54 and NUM_PATHS == 72
assert len(COASTAL_PATHS) == 30
