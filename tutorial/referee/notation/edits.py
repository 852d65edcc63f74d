"""The editor's changes to a table: a piece tapped on or off, a road drawn from–to."""

from __future__ import annotations

from dataclasses import replace

from engine import topology as topo
from tutorial.referee.notation.codes import MAX_PIECES, PATHS_AT, BadCode, Table


def toggle(pos: Table, color: str, piece: str, place: str) -> Table:
    """One tap of the editor: put the piece there, or take away what stands there.

    A tap on the same piece of the same colour removes it; a city tool on one's own
    settlement upgrades it in place (its order stays); anything else standing there is
    replaced."""
    pieces = list(pos.pieces)
    for i, (c, p, at) in enumerate(pieces):
        if at != place or (p == "road") != (piece == "road"):
            continue
        if (c, p) == (color, piece):
            del pieces[i]
        elif piece == "city" and (c, p) == (color, "settlement"):
            pieces[i] = (color, "city", place)
        else:
            pieces[i] = (color, piece, place)
        return replace(pos, pieces=tuple(pieces))
    pieces.append((color, piece, place))
    return replace(pos, pieces=tuple(pieces))


def draw_road(pos: Table, color: str, start: str, end: str) -> Table:
    """"Silnice od–do": roads of ``color`` along the shortest way between two intersections,
    over free paths or the colour's own roads, never through another colour's road or
    building (so a road of 6 takes two taps, not six). Roads already there stay; the new
    ones are added in order from ``start``."""
    a, b = topo.INTERSECTION_INDEX[start], topo.INTERSECTION_INDEX[end]
    taken = {at: c for c, p, at in pos.pieces if p == "road"}
    blocked = {topo.INTERSECTION_INDEX[at] for c, p, at in pos.pieces
               if p != "road" and c != color}
    previous: dict[int, tuple[int, int]] = {a: (-1, -1)}
    frontier = [a]
    while frontier and b not in previous:
        following = []
        for node in frontier:
            if node in blocked and node != a:
                continue
            for q in PATHS_AT[node]:
                if taken.get(topo.PATH_IDS[q], color) != color:
                    continue
                other = sum(topo.PATH_ENDS[q]) - node
                if other not in previous:
                    previous[other] = (node, q)
                    following.append(other)
        frontier = following
    if b not in previous or a == b:
        raise BadCode("Mezi těmito křižovatkami nevede volná cesta.")
    way = []
    node = b
    while node != a:
        node, q = previous[node]
        way.append(topo.PATH_IDS[q])
    new = [q for q in reversed(way) if q not in taken]
    if len(pos.pieces) + len(new) > MAX_PIECES:
        raise BadCode("Víc figurek se na plán nevejde.")
    return replace(pos, pieces=pos.pieces + tuple((color, "road", q) for q in new))
