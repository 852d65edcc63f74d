"""Nejdelší obchodní cesta: the longest single trail through one player's roads.

Branches do not count: the length is that of the longest trail, a walk that uses each road
at most once (intersections may repeat, so loops count fully). An opponent's settlement or
city on an intersection breaks the road there: a trail may end at such an intersection but
not pass through it. One's own buildings never break a road.
"""

from __future__ import annotations

from .topology import PATH_ENDS


def _adjacency(roads: list[int]) -> dict[int, list[tuple[int, int]]]:
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, path in enumerate(roads):
        a, b = PATH_ENDS[path]
        adj.setdefault(a, []).append((i, b))
        adj.setdefault(b, []).append((i, a))
    return adj


def longest_road_length(roads: list[int], player: int, node_owner: list[int]) -> int:
    """Length of the longest trail through ``roads`` (path indices owned by ``player``)."""
    if not roads:
        return 0
    if len(roads) == 1:
        return 1
    adj = _adjacency(roads)
    best = 0

    def extend(node: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        o = node_owner[node]
        if length and o >= 0 and o != player:
            return  # an opponent's building: the trail ends here
        for i, other in adj[node]:
            bit = 1 << i
            if not used & bit:
                extend(other, used | bit, length + 1)

    # A longest trail can start anywhere, so try every intersection; with at most 15 roads
    # this stays small. Intersections where a dead end or a break lies are the likely
    # starts, so try them first to reach the best length early.
    nodes = sorted(adj, key=lambda n: len(adj[n]) == 2)
    total = len(roads)
    for node in nodes:
        extend(node, 0, 0)
        if best == total:
            break
    return best


def longest_trail(roads: list[int], player: int, node_owner: list[int]) -> list[int]:
    """One longest trail as a list of path indices, in order along the road."""
    if not roads:
        return []
    adj = _adjacency(roads)
    best: list[int] = []
    trail: list[int] = []

    def extend(node: int, used: int) -> None:
        nonlocal best
        if len(trail) > len(best):
            best = list(trail)
        o = node_owner[node]
        if trail and o >= 0 and o != player:
            return
        for i, other in adj[node]:
            bit = 1 << i
            if not used & bit:
                trail.append(roads[i])
                extend(other, used | bit)
                trail.pop()

    for node in sorted(adj):
        extend(node, 0)
    return best
