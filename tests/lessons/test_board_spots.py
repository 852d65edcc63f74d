"""The board in quizzes: every spot has a unique readable Czech name (feedback and screen
readers say it), and a path's tap area is wide without overlapping its neighbours."""

import itertools
import re

from engine import topology as topo
from tutorial import board_svg, quiz
from tutorial.quiz import drawing

SEEDS = range(1, 25)


def boards():
    for slug in quiz.KINDS:
        for example in quiz.examples(slug):
            yield f"{slug}/{example.variant}", quiz.prepare(slug, example.variant).board
        for seed in SEEDS:
            try:
                yield f"{slug}/s{seed}", quiz.prepare(slug, f"s{seed}").board
            except quiz.BadVariant:
                continue


def test_every_intersection_and_path_has_a_unique_name():
    checked, repeated = 0, {}
    for key, board in boards():
        names = [board_svg.node_name(board, node) for node in topo.INTERSECTION_IDS]
        names += [board_svg.path_name(board, path) for path in topo.PATH_IDS]
        if len(set(names)) != len(names):
            repeated[key] = sorted({n for n in names if names.count(n) > 1})
        checked += 1
    assert checked > 200 and repeated == {}


def test_coastal_spots_say_which_corner_or_side():
    board = quiz.prepare("silnice", "a4").board
    corners = {board_svg.node_name(board, f"a1.{c}") for c in ("N", "NW")}
    assert {name.rsplit(", ", 1)[1] for name in corners} == {"severní roh", "severozápadní roh"}
    assert board_svg.path_name(board, "a1.W").endswith(", západní strana")


def test_two_hexes_that_read_the_same_are_told_apart_by_where_they_lie():
    board = dict(quiz.prepare("vesnice", "a1").board)
    board["hexes"] = {**board["hexes"], "a1": ["forest", 3], "e3": ["forest", 3]}
    name = board_svg.node_name(board, "a1.N")
    assert name == "na pobřeží u lesa 3 (1. řada, 1. zleva), severní roh"


def test_screen_reader_labels_and_feedback_use_the_names():
    prepared = quiz.prepare("silnice", "a4")
    svg = drawing.draw(prepared, selected=[prepared.targets[0]], target_url=lambda p: f"?m={p}")
    labels = re.findall(r'aria-label="([^"]+)"', svg)
    assert len(labels) == len(prepared.targets) == len(set(labels))
    assert labels[0].startswith("Cesta ") and labels[0].endswith(" (označeno)")


def _inside(point, polygon) -> bool:
    """Strictly inside a convex polygon (points given in order)."""
    x, y = point
    signs = set()
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if abs(cross) < 1e-6:
            return False
        signs.add(cross > 0)
    return len(signs) == 1


def _polygon(path):
    numbers = [float(v) for v in re.split(r"[ ,]", board_svg._path_hit_area(path))]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def test_path_tap_areas_are_wide_and_never_overlap():
    areas = {path: _polygon(path) for path in topo.PATH_IDS}
    for path, polygon in areas.items():
        (ax, ay), (bx, by) = board_svg.path_xy(path)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        nx, ny = -(by - ay) / length, (bx - ax) / length
        # 13 board px either side of the middle is inside: ≥ 26 px, about 25 px on a phone.
        assert _inside((mx + 13 * nx, my + 13 * ny), polygon), path
        assert _inside((mx - 13 * nx, my - 13 * ny), polygon), path
    # Sample the board: no point lies in two paths' areas. A point outside an area's bounding
    # box is outside the area: only the areas whose box holds the point are looked at.
    boxes = {path: (min(x for x, _ in polygon), max(x for x, _ in polygon),
                    min(y for _, y in polygon), max(y for _, y in polygon))
             for path, polygon in areas.items()}
    for x, y in itertools.product(range(-160, 161, 3), range(-150, 151, 3)):
        owners = [path for path, (left, right, top, bottom) in boxes.items()
                  if left < x < right and top < y < bottom and _inside((x, y), areas[path])]
        assert len(owners) <= 1, (x, y, owners)
