"""The pictures the Almanach's texts point at, drawn from engine positions (no Django here).

The figures are data (tutorial/example/figures.toml); their positions come from the same
places as the quizzes' (a compact position of tutorial/quiz/sketch.py, a hand-made quiz
example, or a step of the example game), so a figure and a quiz about the same sentence show the
same board. ``figures_for(slug)`` is the provider registered with almanach.figures.
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine import Game
from engine import topology as topo
from engine.board import beginner_data
from tutorial.board_svg import render_board
from tutorial.quiz import examples
from tutorial.quiz.sketch import build_game

FIGURES_PATH = Path(__file__).resolve().parent / "figures.toml"
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Figure:
    slug: str
    phrase: str
    caption: str = ""
    svg: str = ""  # trusted markup from board_svg; "" for a lost picture
    lost: str = ""
    # The site's own choice where the text gives too little (Katan pro dva's marked spots):
    # drawn, but said to be the site's reconstruction, not a picture read from the text.
    site_choice: bool = False


@cache
def _data() -> tuple[dict, ...]:
    return tuple(tomllib.loads(FIGURES_PATH.read_text(encoding="utf-8"))["figure"])


def position_of(item: dict):
    """The engine Game (or replay position) a figure shows."""
    if "example" in item:
        kind, number = item["example"].split(".")
        return build_game(examples(kind)[int(number) - 1].position)
    if "example_game" in item:
        from tutorial.example.replay import example_game

        rep = example_game()
        turn, step = item["example_game"]
        return rep.position(rep.step(turn, step).state)
    return build_game(item["position"])


def _legal_roads(game: Game, color: str) -> dict[str, str]:
    """Blue: the paths the colour may build on; red: free paths at the colour's road ends
    that a foreign building blocks."""
    marks = {path: "blue" for path in game.legal_road_spots(color)}
    own_nodes = {a for p, c in game.roads.items() if c == color
                 for a in topo.PATH_ENDS[topo.PATH_INDEX[p]]}
    foreign = {topo.INTERSECTION_INDEX[n] for n, (c, _) in game.buildings.items() if c != color}
    for node in own_nodes & foreign:
        for path in topo.INTERSECTION_PATHS[node]:
            path_id = topo.PATH_IDS[path]
            if path_id not in game.roads and path_id not in marks:
                marks[path_id] = "red"
    return marks


def _highlighted_roll(game, roll: int) -> list[str]:
    board = game.board
    return [h for h in topo.HEX_IDS if board.number(h) == roll]


def draw(item: dict) -> str:
    source = position_of(item)
    game = source if isinstance(source, Game) else None
    roads = item.get("roads", "")
    trail = ()
    if item.get("trail") and game is not None:
        trail = game.longest_trail(item["trail"])
    hexes = list(item.get("hexes", ()))
    if item.get("roll") and game is not None:
        hexes += _highlighted_roll(game, item["roll"])
    stars = ()
    if item.get("stars"):
        stars = [pieces["starred"] for pieces in beginner_data()["start"].values()]
    return render_board(
        source,
        title=item["caption"],
        highlight_hexes=hexes,
        highlight_nodes=item.get("nodes", ()),
        node_labels=item.get("labels"),
        path_marks=_legal_roads(game, roads.split(":")[1]) if roads and game else None,
        trail=trail,
        stars=stars,
        css_class="figure-board",
    )


def figure(item: dict) -> Figure:
    if "lost" in item:
        return Figure(slug=item["slug"], phrase=item["phrase"], lost=item["lost"])
    return Figure(slug=item["slug"], phrase=item["phrase"], caption=item["caption"],
                  svg=draw(item), site_choice=item.get("site_choice", False))


@cache
def _by_slug() -> dict[str, tuple[Figure, ...]]:
    found: dict[str, list[Figure]] = {}
    for item in _data():
        found.setdefault(item["slug"], []).append(figure(item))
    return {slug: tuple(items) for slug, items in found.items()}


def figures_for(slug: str) -> list[Figure]:
    """Provider for almanach.figures; an engine problem must never break an Almanach page."""
    try:
        return list(_by_slug().get(slug, ()))
    except Exception:
        log.exception("figures unavailable")
        return []
