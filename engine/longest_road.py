"""Nejdelší obchodní cesta: the longest single trail through one player's roads.

Branches do not count: the length is that of the longest trail, a walk that uses each road
at most once (intersections may repeat, so loops count fully). An opponent's settlement or
city on an intersection breaks the road there: a trail may end at such an intersection but
not pass through it. One's own buildings never break a road.

The search is exhaustive (a depth-first walk over the trails) but bounded: a colour has at
most 15 roads (MAX_ROADS; more is refused before any search), intersections have at most 3
paths, and a trail starts only where a longest trail can start (below), each connected
piece of the road network on its own. The worst legal position measured takes about 1 ms
(scripts/bench_referee.py prints the worst request).
"""

from __future__ import annotations

from .constants import MAX_ROADS
from .errors import InvalidInput
from .topology import PATH_ENDS


def _adjacency(roads: list[int]) -> dict[int, list[tuple[int, int]]]:
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, path in enumerate(roads):
        a, b = PATH_ENDS[path]
        adj.setdefault(a, []).append((i, b))
        adj.setdefault(b, []).append((i, a))
    return adj


def _components(adj: dict[int, list[tuple[int, int]]]) -> list[list[int]]:
    """The intersections of each connected piece of the road network."""
    seen: set[int] = set()
    out = []
    for start in sorted(adj):
        if start in seen:
            continue
        seen.add(start)
        piece, stack = [], [start]
        while stack:
            node = stack.pop()
            piece.append(node)
            for _i, other in adj[node]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        out.append(sorted(piece))
    return out


def _starts(piece: list[int], adj: dict, player: int, node_owner: list[int]) -> list[int]:
    """Where a longest trail of this piece may start. A trail that ends at an intersection
    with 2 roads, not broken there, can always go on along the other road unless it passed
    there before, which only a closed trail does; a closed trail can be started at any of
    its intersections. So a longest trail starts at a dead end, a fork (3 roads) or a break,
    and a piece without any of those (a single loop) may start anywhere."""
    starts = [n for n in piece if len(adj[n]) != 2
              or (node_owner[n] >= 0 and node_owner[n] != player)]
    return starts or piece[:1]


def _search(roads: list[int], player: int, node_owner: list[int]) -> list[int]:
    """One longest trail, as indices into ``roads`` in order along the road."""
    if len(roads) > MAX_ROADS:
        # Never reached through the engine (piece limits are checked first); the search
        # grows exponentially with the roads, so it refuses rather than run for minutes.
        raise InvalidInput(f"Hráč má {len(roads)} silnic, ale jen {MAX_ROADS} figurek.",
                           "position_piece_limit")
    if not roads:
        return []
    adj = _adjacency(roads)
    best: list[int] = []
    trail: list[int] = []

    def extend(node: int, used: int) -> None:
        nonlocal best
        if len(trail) > len(best):
            best = trail[:]
        o = node_owner[node]
        if trail and o >= 0 and o != player:
            return  # an opponent's building: the trail ends here
        for i, other in adj[node]:
            bit = 1 << i
            if not used & bit:
                trail.append(i)
                extend(other, used | bit)
                trail.pop()

    for piece in _components(adj):
        size = sum(len(adj[n]) for n in piece) // 2
        if size <= len(best):
            continue  # this piece cannot hold a longer trail
        for node in _starts(piece, adj, player, node_owner):
            extend(node, 0)
            if len(best) == size:
                break
    return best


def longest_road_length(roads: list[int], player: int, node_owner: list[int]) -> int:
    """Length of the longest trail through ``roads`` (path indices owned by ``player``)."""
    if len(roads) <= 1:
        return len(roads)
    return len(_search(roads, player, node_owner))


def longest_trail(roads: list[int], player: int, node_owner: list[int]) -> list[int]:
    """One longest trail as a list of path indices, in order along the road."""
    return [roads[i] for i in _search(roads, player, node_owner)]
