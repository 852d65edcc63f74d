"""The board on Rozhodčí's page: the drawing with the ruling's places highlighted and, for
the tool or question in the UI state, a link on every place a tap may choose."""

from __future__ import annotations

import functools

from engine import topology as topo
from tutorial import board_svg
from tutorial.referee import notation
from tutorial.referee.links import ANSWER, editor_url, encoded
from tutorial.referee.notation import Table
from tutorial.referee.state import EDIT_TOOLS, UiState


def _targets(pos: Table, state: UiState) -> tuple[str, list[str]]:
    """What a tap on the board does ("klik": edit, "misto": ask) and on which places."""
    tool = state.tool
    if tool == "ptat":
        question, kind = state.question, state.kind
        if question == "koho-okrast" or (question == "smi" and kind == "zlodej"):
            return "misto", list(topo.HEX_IDS)
        if question == "smi" and kind == "silnice":
            return "misto", list(topo.PATH_IDS)
        if question == "smi" and kind in ("vesnice", "mesto"):
            return "misto", list(topo.INTERSECTION_IDS)
        return "", []
    kind = EDIT_TOOLS[tool]
    if kind == "robber":
        return "klik", list(topo.HEX_IDS)
    if kind == "draw":
        return "klik", list(topo.INTERSECTION_IDS)
    return "klik", list(topo.PATH_IDS if kind == "road" else topo.INTERSECTION_IDS)


def draw(pos: Table, state: UiState, game, ruling, self_url: str) -> str:
    param, places = _targets(pos, state)
    separator = "&" if "?" in self_url else "?"
    base = encoded(pos)

    def target_url(place: str) -> str:
        if param == "misto":
            return editor_url(pos, state, base=base, place=place) + ANSWER
        return f"{self_url}{separator}klik={place}"

    hexes, nodes, paths = set(), set(), set()
    trail: list[str] = []
    if ruling is not None:
        for place in ruling.highlight:
            if place in topo.HEX_INDEX:
                hexes.add(place)
            elif place in topo.INTERSECTION_INDEX:
                nodes.add(place)
            elif place in topo.PATH_INDEX:
                paths.add(place)
        trail = [p for paths_ in ruling.trails.values() for p in paths_]
    if state.road_from:
        nodes.add(state.road_from)
    kw = {}
    if places:
        kind = ("hex_targets" if places[0] in topo.HEX_INDEX
                else "path_targets" if places[0] in topo.PATH_INDEX else "node_targets")
        kw = {kind: places, "target_url": target_url}
    if places:
        kw["target_label"] = _labels(pos.plan).__getitem__
    return board_svg.render_board(
        game, highlight_hexes=hexes, highlight_nodes=nodes, highlight_paths=paths,
        trail=trail, title="Herní plán rozhodčího",
        css_class="board-empty" if pos.plan == "p" else "", **kw)


@functools.lru_cache(maxsize=32)
def _labels(plan: str) -> dict[str, str]:
    """The accessible name of every place of a board, as the board drawing words it (made
    once per board: a page has up to 72 targets)."""
    board = notation.board_of(plan)
    position = {"hexes": {h: [board.terrain(h), board.number(h)] for h in topo.HEX_IDS}}
    labels = {n: f"Křižovatka {board_svg.node_name(position, n)}"
              for n in topo.INTERSECTION_IDS}
    labels.update({p: f"Cesta {board_svg.path_name(position, p)}" for p in topo.PATH_IDS})
    labels.update({h: board_svg.hex_name(position, h).capitalize() for h in topo.HEX_IDS})
    return labels

