"""The board of a quiz question: click targets, the learner's choice, the graded marks.

Uses :func:`tutorial.board_svg.render_board` and adds what it does not draw: marks per place
after grading (hit, missed, wrong, the building that forbids, the missing road), and a
class's click counts in large badges on top of everything (a projector must show them from
the back of a classroom, never under a mark). Both are drawn over the board with
``pointer-events="none"`` and colours as presentation attributes (strict CSP: no inline
style). No Django here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from tutorial import board_svg

MARK_COLOURS = {
    "hit": "#1d7a3a",
    "miss": "#c77700",
    "wrong": "#b3261e",
    "culprit": "#b3261e",
    "need": "#b3261e",
}
MARK_LABELS = {
    "hit": "správně",
    "miss": "vynecháno",
    "wrong": "chybně označeno",
    "culprit": "tohle brání stavbě",
    "need": "tady chybí vlastní silnice",
}


def _node_mark(place: str, mark: str) -> str:
    x, y = board_svg.node_xy(place)
    colour = MARK_COLOURS[mark]
    if mark == "wrong":
        return (
            f'<g class="mark mark-wrong"><circle cx="{x}" cy="{y}" r="9" fill="#fff"'
            f' stroke="{colour}" stroke-width="3"/>'
            f'<path d="M{x - 4} {y - 4}l8 8m0 -8l-8 8" stroke="{colour}" stroke-width="3"/></g>'
        )
    if mark == "culprit":
        return (f'<circle class="mark mark-culprit" cx="{x}" cy="{y}" r="14" fill="none"'
                f' stroke="{colour}" stroke-width="3.5" stroke-dasharray="5 3"/>')
    dash = ' stroke-dasharray="4 2"' if mark == "miss" else ""
    fill = colour if mark == "hit" else "#fff"
    return (f'<circle class="mark mark-{mark}" cx="{x}" cy="{y}" r="8" fill="{fill}"'
            f' fill-opacity=".9" stroke="{colour}" stroke-width="3"{dash}/>')


def _path_mark(place: str, mark: str) -> str:
    (ax, ay), (bx, by) = board_svg.path_xy(place)
    colour = MARK_COLOURS[mark]
    dash = ' stroke-dasharray="5 4"' if mark in ("miss", "need") else ""
    cut = 0.18
    x1, y1 = ax + (bx - ax) * cut, ay + (by - ay) * cut
    x2, y2 = bx - (bx - ax) * cut, by - (by - ay) * cut
    return (f'<line class="mark mark-{mark}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}"'
            f' y2="{y2:.1f}" stroke="{colour}" stroke-width="6" stroke-linecap="round"{dash}/>')


def marks_svg(marks: Mapping[tuple[str, str], str]) -> str:
    """Marks keyed by (kind, place): kind "node" or "path" ("e1.SE" names both a corner and
    a coastal edge, so the id alone is not enough)."""
    out = []
    for (kind, place), mark in sorted(marks.items()):
        if mark not in MARK_COLOURS:
            continue
        if kind == "path":
            out.append(_path_mark(place, mark))
        elif kind == "node":
            out.append(_node_mark(place, mark))
    if not out:
        return ""
    return '<g class="marks" pointer-events="none">' + "".join(out) + "</g>"


def counts_svg(node_heat: Mapping[str, int], path_heat: Mapping[str, int]) -> str:
    """How many pupils clicked each place: a white badge with a large number, beside an
    intersection (its mark stays visible) or on the middle of a path."""
    out = []
    for node, count in sorted(node_heat.items()):
        if count > 0:
            x, y = board_svg.node_xy(node)
            out.append(_badge(x + 10, y - 10, count))
    for path, count in sorted(path_heat.items()):
        if count > 0:
            (ax, ay), (bx, by) = board_svg.path_xy(path)
            out.append(_badge((ax + bx) / 2, (ay + by) / 2, count))
    if not out:
        return ""
    return '<g class="heat-counts" pointer-events="none">' + "".join(out) + "</g>"


def rings_svg(places: Iterable[tuple[str, str]]) -> str:
    """The right places, drawn above everything: a thick green ring round an intersection
    (and its count), a green band along a path."""
    out = []
    colour = MARK_COLOURS["hit"]
    for kind, place in sorted(places):
        if kind == "node":
            x, y = board_svg.node_xy(place)
            out.append(f'<circle class="answer-ring" cx="{x + 4}" cy="{y - 4}" r="19"'
                       f' fill="none" stroke="{colour}" stroke-width="5"/>')
        elif kind == "path":
            (ax, ay), (bx, by) = board_svg.path_xy(place)
            # Two halves, leaving the middle (where the count sits) free.
            for start, end in ((0.08, 0.32), (0.68, 0.92)):
                out.append(
                    f'<line class="answer-ring" x1="{ax + (bx - ax) * start:.1f}"'
                    f' y1="{ay + (by - ay) * start:.1f}" x2="{ax + (bx - ax) * end:.1f}"'
                    f' y2="{ay + (by - ay) * end:.1f}" stroke="{colour}" stroke-width="7"'
                    ' stroke-linecap="round"/>')
    if not out:
        return ""
    return '<g class="answer-rings" pointer-events="none">' + "".join(out) + "</g>"


def _badge(x: float, y: float, count: int) -> str:
    radius = 9 if count < 10 else 11
    return (f'<g class="heat-count"><circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="#fff"'
            f' stroke="{board_svg.HEAT}" stroke-width="2"/>'
            f'<text x="{x:.1f}" y="{y + 4.5:.1f}" font-size="13" font-weight="700"'
            f' fill="{board_svg.HEAT}">{count}</text></g>')


def draw(
    prepared,
    *,
    selected: Iterable[str] = (),
    marks: Mapping[str, str] | None = None,
    trail: Iterable[str] = (),
    target_url: Callable[[str], str] | None = None,
    node_heat: Mapping[str, int] | None = None,
    path_heat: Mapping[str, int] | None = None,
    title: str | None = None,
    rings: Iterable[tuple[str, str]] = (),
) -> str:
    """The question's board as SVG markup (a str of trusted markup). Heat counts are drawn
    over the marks; ``rings`` ((kind, place) of the right answer on a projector) over
    everything, wide enough to leave a count inside visible."""
    answer = prepared.kind.answer
    marks = dict(marks or {})
    hex_marks = {place for kind, place in marks if kind == "hex"}
    selected = list(selected)
    kwargs = {}
    if target_url is not None and prepared.targets:
        key = "node_targets" if answer == "nodes" else "path_targets"
        kwargs[key] = prepared.targets
        kwargs["target_url"] = target_url
        kwargs["target_label"] = _label_for(prepared, set(selected))
    svg = board_svg.render_board(
        prepared.board,
        highlight_hexes=hex_marks,
        highlight_nodes=selected if answer == "nodes" else (),
        highlight_paths=selected if answer == "paths" else (),
        node_heat=node_heat,
        path_heat=path_heat,
        heat_counts=False,
        trail=trail,
        title=title or prepared.kind.title,
        css_class="quiz-board-svg",
        **kwargs,
    )
    overlay = (marks_svg(marks) + counts_svg(node_heat or {}, path_heat or {})
               + rings_svg(rings))
    if overlay:
        svg = svg[: -len("</svg>")] + overlay + "</svg>"
    return svg


def _label_for(prepared, selected: set[str]) -> Callable[[str], str]:
    def label(place: str) -> str:
        if prepared.kind.answer == "nodes":
            text = f"Křižovatka {board_svg.node_name(prepared.board, place)}"
        else:
            text = f"Cesta {board_svg.path_name(prepared.board, place)}"
        return text + (" (označeno)" if place in selected else "")

    return label


class _Same:
    """A prepared question as a cache key: a question is identified by its key."""

    __slots__ = ("prepared",)

    def __init__(self, prepared) -> None:
        self.prepared = prepared

    def __hash__(self) -> int:
        return hash(self.prepared.question.key)

    def __eq__(self, other) -> bool:
        return self.prepared.question.key == other.prepared.question.key


def draw_cached(prepared, *, selected: Iterable[str] = (), toggle_prefix: str = "",
                marks: Mapping | None = None, trail: Iterable[str] = ()) -> str:
    """:func:`draw`, remembered: a class sees the same few boards over and over.

    Targets link to ``toggle_prefix + place id`` (no targets when the prefix is empty).
    """
    return _draw_cached(_Same(prepared), tuple(sorted(selected)), toggle_prefix,
                        tuple(sorted((marks or {}).items())), tuple(trail))


@lru_cache(maxsize=2048)
def _draw_cached(same: _Same, selected: tuple, toggle_prefix: str, marks: tuple,
                 trail: tuple) -> str:
    target_url = (lambda place: toggle_prefix + place) if toggle_prefix else None
    return draw(same.prepared, selected=selected, marks=dict(marks), trail=trail,
                target_url=target_url)
