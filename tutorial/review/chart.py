"""The win-chance chart of a review: an inline SVG that reads on a 360 px phone and scales
to a projector, and the same figures as table rows (no HTTP here).

One line per player in the player's colour (white with a dark edge, to show on paper),
the emphasised players' lines (the person's) thicker and on top; x is the replay's turn,
y the estimated chance in %; the swings are numbered circles where they ended. Text sizes
are user units of the viewBox: 11 on a 360-unit-wide chart is 11 px on a 360 px phone.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from engine import words

WIDTH, HEIGHT = 360, 214
LEFT, RIGHT, TOP, BOTTOM = 42, 12, 10, 30
TICK_STEPS = (1, 2, 5, 10, 20, 50, 100)
MAX_TICKS = 7
NBSP = "\u00a0"

Locate = Callable[[int], tuple[int, int]]


def percent(chance: float) -> str:
    return f"{round(chance * 100)}{NBSP}%"


def points(result: dict, locate: Locate, end_label: str) -> list[dict]:
    """The chart's points: x the replay's turn (the end one past the last turn), a label
    for the table, the chances."""
    length = result["length"]
    out = []
    for point in result["chart"]:
        if point["step"] >= length:
            turn = locate(length - 1)[0] + 1 if length else 1
            label = end_label
        else:
            turn = locate(point["step"])[0]
            label = f"začátek {turn}. tahu"
        out.append({"x": turn, "label": label, "chances": point["chances"],
                    "step": point["step"]})
    return out


def _ticks(low: int, high: int) -> list[int]:
    span = max(1, high - low)
    step = next((s for s in TICK_STEPS if span / s <= MAX_TICKS - 1), TICK_STEPS[-1])
    first = -(-low // step) * step
    return list(range(first, high + 1, step)) or [low]


def svg(chart_points: list[dict], players: list[str], emphasis: set[str],
        marks: list[tuple[int, str, int]], title: str) -> str:
    """The chart's markup (every text escaped). ``marks``: (number, player, point index)
    of each swing."""
    low = chart_points[0]["x"]
    high = max(chart_points[-1]["x"], low + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(turn: float) -> float:
        return round(LEFT + (turn - low) * plot_w / (high - low), 1)

    def y(chance: float) -> float:
        return round(TOP + (1 - chance) * plot_h, 1)

    parts = [f'<svg class="rv-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
             ' aria-labelledby="rv-chart-title rv-chart-desc"'
             ' xmlns="http://www.w3.org/2000/svg">',
             f'<title id="rv-chart-title">{escape(title)}</title>',
             f'<desc id="rv-chart-desc">{escape(_summary(chart_points, players))}</desc>']
    for share in (0, 25, 50, 75, 100):
        yy = y(share / 100)
        parts.append(f'<line class="rv-grid" x1="{LEFT}" y1="{yy}" x2="{WIDTH - RIGHT}"'
                     f' y2="{yy}"/>')
        parts.append(f'<text class="rv-axis" x="{LEFT - 4}" y="{yy + 4}"'
                     f' text-anchor="end">{share}{NBSP}%</text>')
    for turn in _ticks(low, high):
        xx = x(turn)
        parts.append(f'<line class="rv-tick" x1="{xx}" y1="{TOP + plot_h}" x2="{xx}"'
                     f' y2="{TOP + plot_h + 4}"/>')
        parts.append(f'<text class="rv-axis" x="{xx}" y="{TOP + plot_h + 16}"'
                     f' text-anchor="middle">{turn}</text>')
    parts.append(f'<text class="rv-axis rv-axis-name" x="{WIDTH - RIGHT}"'
                 f' y="{HEIGHT - 2}" text-anchor="end">tah</text>')
    order = [c for c in players if c not in emphasis] + [c for c in players if c in emphasis]
    for color in order:
        line = " ".join(f"{x(p['x'])},{y(p['chances'][color])}" for p in chart_points)
        me = " rv-me" if color in emphasis else ""
        if color == "white":
            parts.append(f'<polyline class="rv-line rv-edge{me}" points="{line}"/>')
        parts.append(f'<polyline class="rv-line rv-{color}{me}" points="{line}"/>')
    for number, color, index in marks:
        p = chart_points[index]
        cx, cy = x(p["x"]), y(p["chances"][color])
        parts.append(f'<g class="rv-mark"><circle cx="{cx}" cy="{cy}" r="7"/>'
                     f'<text x="{cx}" y="{cy + 3.5}" text-anchor="middle">{number}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def _summary(chart_points: list[dict], players: list[str]) -> str:
    first, last = chart_points[0], chart_points[-1]
    told = [f"{words.player(c)} z {percent(first['chances'][c])} na {percent(last['chances'][c])}"
            for c in players]
    return "Odhad webu, šance na výhru od začátku do konce: " + ", ".join(told) + "."


def rows(chart_points: list[dict], players: list[str]) -> list[dict]:
    """The table's rows: the point's label, then each player's chance."""
    return [{"label": p["label"], "cells": [percent(p["chances"][c]) for c in players]}
            for p in chart_points]


def swing_index(chart_points: list[dict], step: int) -> int:
    """The chart point where the swing explained by action ``step`` shows (the first point
    after it)."""
    for i, p in enumerate(chart_points):
        if p["step"] > step:
            return i
    return len(chart_points) - 1
