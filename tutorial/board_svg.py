"""Inline SVG of a Catan board position (no Django here; callers mark the result safe).

    svg = render_board(position, highlight_nodes={"e2.SE"}, node_targets=spots,
                       target_url=lambda place: f"?misto={place}")

``position`` is an engine ``Game`` or a plain dict (see :func:`position_of`):

    {"hexes": {"a1": ["hills", 2], …}, "harbors": [["a1.NW", "3:1"], …], "robber": "b2",
     "buildings": {"e1.SE": ["orange", "settlement"]}, "roads": {"e1.SE": "orange"}}

Geometry comes from engine/topology.py lattice coordinates (x in √3/2·side, y in side/2), so
one lattice unit is 26 × 15 px (side 30). Colours are presentation attributes, so the picture
is right even without the stylesheet; classes (``hl``, ``target``, ``heat``) let site.css add
hover and focus. There is no inline ``style`` anywhere (strict CSP).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from html import escape

from engine import topology as topo
from engine import words

UX, UY = 26, 15  # pixels per lattice unit

TERRAIN_FILL = {
    "hills": "#c0532d",
    "forest": "#2f6b35",
    "pasture": "#a5d46a",
    "fields": "#f0c63c",
    "mountains": "#9b9fa3",
    "desert": "#e7d4a4",
}
RESOURCE_FILL = {words.TERRAIN_RESOURCE[t]: f for t, f in TERRAIN_FILL.items() if t != "desert"}
PLAYER_FILL = {"orange": "#e8781e", "red": "#c8302c", "blue": "#2f64c0", "white": "#f7f5ef"}
INK = "#1f1a14"
HIGHLIGHT = "#e6007e"
HEAT = "#6a1b9a"
SEA = "#8cc3e3"

_SETTLEMENT = "M-6 5h12v-7l-6-6-6 6z"
_CITY = "M-9 6h18v-8h-7v-4l-5.5-5-5.5 5v12z"
_ROBBER = "M-5 7c0-6 2-8 3-9a3.6 3.6 0 1 1 4 0c1 1 3 3 3 9z"
STAR_FILL = "#f5c400"

_MARGIN_X, _MARGIN_Y = 40, 34
VIEWBOX = (
    -5 * UX - _MARGIN_X, -8 * UY - _MARGIN_Y, 10 * UX + 2 * _MARGIN_X, 16 * UY + 2 * _MARGIN_Y
)


# --- positions ---------------------------------------------------------------------------

def position_of(source) -> dict:
    """A plain position dict from an engine Game (dicts pass through unchanged)."""
    if isinstance(source, Mapping):
        return dict(source)
    game = source
    board = game.board
    return {
        "hexes": {h: [board.terrain(h), board.number(h)] for h in topo.HEX_IDS},
        "harbors": [[harbor.path, harbor.kind] for harbor in board.harbors],
        "robber": game.robber,
        "buildings": {node: list(piece) for node, piece in game.buildings.items()},
        "roads": dict(game.roads),
    }


def node_xy(node: str) -> tuple[int, int]:
    x, y = topo.INTERSECTION_XY[topo.INTERSECTION_INDEX[node]]
    return x * UX, y * UY


def hex_xy(hex_id: str) -> tuple[int, int]:
    x, y = topo.HEX_CENTER[topo.HEX_INDEX[hex_id]]
    return x * UX, y * UY


def path_xy(path: str) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = topo.PATH_ENDS[topo.PATH_INDEX[path]]
    (ax, ay), (bx, by) = topo.INTERSECTION_XY[a], topo.INTERSECTION_XY[b]
    return (ax * UX, ay * UY), (bx * UX, by * UY)


def canonical_node(node: str) -> str:
    return topo.INTERSECTION_IDS[topo.INTERSECTION_INDEX[node]]


def canonical_path(path: str) -> str:
    return topo.PATH_IDS[topo.PATH_INDEX[path]]


# --- Czech descriptions of places (also used for link labels and narration) --------------

def hex_name(position: Mapping, hex_id: str, case: str = "nom") -> str:
    terrain, number = position["hexes"][hex_id]
    return words.hex_label(terrain, number, case)


_CORNER_WORDS = {"N": "severní", "NE": "severovýchodní", "SE": "jihovýchodní", "S": "jižní",
                 "SW": "jihozápadní", "NW": "severozápadní"}
_EDGE_WORDS = {"NE": "severovýchodní", "E": "východní", "SE": "jihovýchodní",
               "SW": "jihozápadní", "W": "západní", "NW": "severozápadní"}


def _hex_ref(position: Mapping, hex_id: str, case: str) -> str:
    """A hex as a place name: 'pastviny 11', and where another hex reads the same, also
    where it lies: 'pastviny 11 (2. řada, 3. zleva)'."""
    name = hex_name(position, hex_id, case)
    same = [h for h in topo.HEX_IDS if position["hexes"][h] == position["hexes"][hex_id]]
    if len(same) == 1:
        return name
    row = topo.ROW_NAMES.index(hex_id[0]) + 1
    column = [h for h in topo.HEX_IDS if h[0] == hex_id[0]].index(hex_id) + 1
    return f"{name} ({row}. řada, {column}. zleva)"


def node_name(position: Mapping, node: str) -> str:
    """A unique Czech name of an intersection: 'u pahorkatiny 8, lesa 3 a pastviny 11', on the
    coast 'na pobřeží u pahorkatiny 8 a pastviny 11' or 'na pobřeží u pastviny 11, severní
    roh'."""
    index = topo.INTERSECTION_INDEX[node]
    hexes = topo.INTERSECTION_HEXES[index]
    names = words.join([_hex_ref(position, topo.HEX_IDS[h], "gen") for h in hexes])
    if len(hexes) == 3:
        return f"u {names}"
    if len(hexes) == 2:
        return f"na pobřeží u {names}"
    corner = topo.CORNERS[topo.HEX_CORNERS[hexes[0]].index(index)]
    return f"na pobřeží u {names}, {_CORNER_WORDS[corner]} roh"


def path_name(position: Mapping, path: str) -> str:
    """A unique Czech name of a path: 'mezi lesem 3 a horami 6', on the coast 'na pobřeží
    u pahorkatiny 8, východní strana'."""
    index = topo.PATH_INDEX[path]
    hexes = topo.PATH_HEXES[index]
    if len(hexes) == 1:
        side = topo.EDGES[topo.HEX_EDGES[hexes[0]].index(index)]
        place = _hex_ref(position, topo.HEX_IDS[hexes[0]], "gen")
        return f"na pobřeží u {place}, {_EDGE_WORDS[side]} strana"
    first, second = (_hex_ref(position, topo.HEX_IDS[h], "ins") for h in hexes)
    return f"mezi {first} a {second}"


def harbor_name(kind: str) -> str:
    if kind == "3:1":
        return "přístav 3:1"
    return f"přístav 2:1 na {words.resource_word(kind, 1, 'acc')}"


def describe(position: Mapping) -> str:
    """A Czech text description of the whole position for screen readers."""
    rows = []
    for row, name in enumerate(topo.ROW_NAMES):
        hexes = [h for h in topo.HEX_IDS if h[0] == name]
        rows.append(f"{row + 1}. řada: " + ", ".join(hex_name(position, h) for h in hexes))
    parts = ["Herní plán po řadách shora. " + "; ".join(rows) + "."]
    robber = position.get("robber")
    if robber:
        parts.append(f"Zloděj stojí na {hex_name(position, robber, 'loc')}.")
    harbors = position.get("harbors") or []
    if harbors:
        listed = [f"{harbor_name(kind)} {path_name(position, path)}" for path, kind in harbors]
        parts.append("Přístavy: " + "; ".join(listed) + ".")
    for color in words.COLORS:
        pieces = []
        for node, (owner, piece) in sorted(position.get("buildings", {}).items()):
            if owner == color:
                pieces.append(f"{words.PIECES[piece]} {node_name(position, node)}")
        roads = [path for path, owner in position.get("roads", {}).items() if owner == color]
        if roads:
            pieces.append(words.plural_count(len(roads), "silnice", "silnice", "silnic"))
        if pieces:
            parts.append(f"{words.player(color, capital=True)}: " + "; ".join(pieces) + ".")
    return " ".join(parts)


# --- drawing -------------------------------------------------------------------------------

def _n(value: float) -> str:
    """Short number text: 26, 12.5, -3.2."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _hex_points(cx: float, cy: float) -> str:
    offsets = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
    return " ".join(f"{_n(cx + dx * UX)},{_n(cy + dy * UY)}" for dx, dy in offsets)


def _pips(number: int) -> int:
    return 6 - abs(7 - number)


def _hexes(position: Mapping, highlight: set[str]) -> list[str]:
    out = []
    for hex_id in topo.HEX_IDS:
        terrain, number = position["hexes"][hex_id]
        cx, cy = hex_xy(hex_id)
        out.append(
            f'<polygon points="{_hex_points(cx, cy)}" fill="{TERRAIN_FILL[terrain]}"'
            f' data-hex="{hex_id}"/>'
        )
        out.append(
            f'<text class="terrain" x="{cx}" y="{cy - 16}" font-size="6"'
            f' fill="{INK if terrain not in ("forest", "hills") else "#fff"}">'
            f"{words.terrain(terrain)}</text>"
        )
        if number:
            red = number in (6, 8)
            colour = "#c4121f" if red else INK
            weight = ' font-weight="700"' if red else ""
            out.append(
                f'<circle cx="{cx}" cy="{cy}" r="11" fill="#fbf3dc" stroke="#7a6a4a"/>'
                f'<text x="{cx}" y="{cy + 2}" font-size="11"{weight} fill="{colour}">'
                f"{number}</text>"
                f'<text x="{cx}" y="{cy + 8.5}" font-size="6" fill="{colour}">'
                f'{"•" * _pips(number)}</text>'
            )
    for hex_id in sorted(highlight):
        cx, cy = hex_xy(hex_id)
        out.append(
            f'<polygon class="hl" points="{_hex_points(cx, cy)}" fill="none"'
            f' stroke="{HIGHLIGHT}" stroke-width="3.5"/>'
        )
    return out


def _harbors(position: Mapping) -> list[str]:
    out = []
    for path, kind in position.get("harbors") or []:
        (ax, ay), (bx, by) = path_xy(path)
        hx, hy = hex_xy(topo.HEX_IDS[topo.PATH_HEXES[topo.PATH_INDEX[path]][0]])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(mx - hx, my - hy)
        ux, uy = (mx - hx) / length, (my - hy) / length
        px, py = mx + ux * 15, my + uy * 15
        fill = "#fff" if kind == "3:1" else RESOURCE_FILL[kind]
        label = "3:1" if kind == "3:1" else "2:1"
        ink = "#fff" if kind in ("brick", "lumber") else INK
        out.append(
            f'<g class="harbor"><title>{escape(harbor_name(kind).capitalize())}</title>'
            f'<path d="M{_n(ax)} {_n(ay)}L{_n(px)} {_n(py)}L{_n(bx)} {_n(by)}"'
            f' fill="none" stroke="#6d4c2f" stroke-width="2"/>'
            f'<circle cx="{_n(px)}" cy="{_n(py)}" r="9" fill="{fill}" stroke="{INK}"/>'
            f'<text x="{_n(px)}" y="{_n(py + 2.5)}" font-size="7" fill="{ink}">{label}</text>'
        )
        if kind != "3:1":
            name = words.resource_name(kind)
            reach = 13 + len(name) * 2.2 * abs(ux) + 5 * abs(uy)
            out.append(
                f'<text x="{_n(px + ux * reach)}" y="{_n(py + uy * reach + 2.5)}" font-size="7"'
                f' fill="{INK}">{name}</text>'
            )
        out.append("</g>")
    return out


def _shortened(path: str, keep: float = 0.7) -> tuple[str, str, str, str]:
    (ax, ay), (bx, by) = path_xy(path)
    cut = (1 - keep) / 2
    x1, y1 = ax + (bx - ax) * cut, ay + (by - ay) * cut
    x2, y2 = bx - (bx - ax) * cut, by - (by - ay) * cut
    return _n(x1), _n(y1), _n(x2), _n(y2)


def _line(path: str, attrs: str, keep: float = 0.7) -> str:
    x1, y1, x2, y2 = _shortened(path, keep)
    return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {attrs}/>'


def _roads(position: Mapping, highlight: set[str]) -> list[str]:
    out = []
    roads = {canonical_path(p): c for p, c in (position.get("roads") or {}).items()}
    for path in sorted(highlight):
        out.append(_line(path, f'class="hl" stroke="{HIGHLIGHT}" stroke-width="12"'
                               ' stroke-linecap="round"', keep=0.8))
    for path, color in sorted(roads.items()):
        out.append(
            _line(path, f'stroke="{INK}" stroke-width="7" stroke-linecap="round"')
            + _line(path, f'stroke="{PLAYER_FILL[color]}" stroke-width="4.5"'
                          ' stroke-linecap="round" data-path="' + path + '"')
        )
    return out


def _buildings(position: Mapping, highlight: set[str]) -> list[str]:
    out = []
    for node in sorted(highlight):
        x, y = node_xy(node)
        out.append(
            f'<circle class="hl" cx="{x}" cy="{y}" r="12" fill="none" stroke="{HIGHLIGHT}"'
            ' stroke-width="3.5"/>'
        )
    for node, (color, piece) in sorted((position.get("buildings") or {}).items()):
        x, y = node_xy(node)
        shape = _CITY if piece == "city" else _SETTLEMENT
        out.append(
            f'<path d="{shape}" transform="translate({x} {y})" fill="{PLAYER_FILL[color]}"'
            f' stroke="{INK}" stroke-width="1.2" data-node="{canonical_node(node)}"/>'
        )
    return out


def _star_points(cx: float, cy: float, outer: float = 6, inner: float = 2.6) -> str:
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi / 5 * k - math.pi / 2
        points.append(f"{_n(cx + radius * math.cos(angle))},{_n(cy + radius * math.sin(angle))}")
    return " ".join(points)


def _stars(nodes: Iterable[str]) -> list[str]:
    """The printed board's star beside a settlement: its owner took the starting resources
    for it ("vesnice označená hvězdičkou")."""
    out = []
    for node in sorted(canonical_node(n) for n in nodes):
        x, y = node_xy(node)
        out.append(
            f'<polygon class="star" points="{_star_points(x + 10, y - 9)}" fill="{STAR_FILL}"'
            f' stroke="{INK}" stroke-width=".8"><title>Vesnice označená hvězdičkou</title>'
            "</polygon>"
        )
    return out


MARK_STROKE = {"blue": "#1d5fd1", "red": "#d0191f"}


def _path_marks(marks: Mapping[str, str]) -> list[str]:
    """Paths drawn over in a colour, as a picture in the rules does ("cesty označené modře")."""
    return [
        _line(canonical_path(path), f'class="mark mark-{color}" stroke="{MARK_STROKE[color]}"'
                                    ' stroke-width="5" stroke-dasharray="6 3"'
                                    ' stroke-linecap="round"', keep=0.75)
        for path, color in sorted(marks.items())
    ]


def _node_labels(labels: Mapping[str, str]) -> list[str]:
    """Letters beside intersections ("vesnice A", "B"), as the rules' pictures have them."""
    out = []
    for node, text in sorted(labels.items()):
        x, y = node_xy(canonical_node(node))
        out.append(
            f'<g class="label"><circle cx="{x - 11}" cy="{y + 9}" r="7" fill="#fff"'
            f' stroke="{INK}"/><text x="{x - 11}" y="{y + 12}" font-size="9" font-weight="700"'
            f' fill="{INK}">{escape(text)}</text></g>'
        )
    return out


def _robber(position: Mapping) -> list[str]:
    robber = position.get("robber")
    if not robber:
        return []
    cx, cy = hex_xy(robber)
    return [
        f'<path class="robber" d="{_ROBBER}" transform="translate({cx - 17} {cy + 1})"'
        f' fill="#222" stroke="#fff" stroke-width=".8"><title>Zloděj</title></path>'
    ]


def _heat(node_heat: Mapping[str, int], path_heat: Mapping[str, int],
          hex_heat: Mapping[str, int], counts: bool = True) -> list[str]:
    out = []
    peak = max([*node_heat.values(), *path_heat.values(), *hex_heat.values(), 1])
    for path, count in sorted(path_heat.items()):
        if count <= 0:
            continue
        share = count / peak
        (ax, ay), (bx, by) = path_xy(path)
        out.append(
            _line(path, f'class="heat" stroke="{HEAT}" stroke-width="{_n(3 + 7 * share)}"'
                        f' stroke-opacity="{_n(0.35 + 0.5 * share)}" stroke-linecap="round"')
            + (_count_badge((ax + bx) / 2, (ay + by) / 2, count) if counts else "")
        )
    for node, count in sorted(node_heat.items()):
        if count <= 0:
            continue
        share = count / peak
        x, y = node_xy(node)
        out.append(
            f'<circle class="heat" cx="{x}" cy="{y}" r="{_n(5 + 7 * share)}" fill="{HEAT}"'
            f' fill-opacity="{_n(0.35 + 0.5 * share)}"/>'
            + (_count_badge(x, y, count) if counts else "")
        )
    for hex_id, count in sorted(hex_heat.items()):
        if count <= 0:
            continue
        share = count / peak
        x, y = hex_xy(hex_id)
        out.append(
            f'<circle class="heat" cx="{x}" cy="{y}" r="{_n(8 + 10 * share)}" fill="{HEAT}"'
            f' fill-opacity="{_n(0.35 + 0.5 * share)}"/>'
            + (_count_badge(x, y, count) if counts else "")
        )
    return out


def _count_badge(x: float, y: float, count: int) -> str:
    return (
        f'<text class="heat-count" x="{_n(x)}" y="{_n(y + 3)}" font-size="8" font-weight="700"'
        f' fill="#fff" stroke="{HEAT}" stroke-width=".6">{count}</text>'
    )


def _trail(trail: Iterable[str]) -> list[str]:
    return [
        _line(path, 'class="trail" stroke="#fff" stroke-width="2" stroke-dasharray="4 3"'
                    ' stroke-linecap="round"', keep=0.95)
        for path in trail
    ]


# The tap area of a spot (intersection, path or hex) is the part of the board nearer to it
# than to any other spot of the same kind offered with it (those areas never overlap, so a
# tap goes to the nearest spot), at most HIT_RADIUS lattice px from the spot. On a 390 px
# phone the board's 340 px take about 358 CSS px: an area's box is then at least 44 CSS px
# each way, except a path with offered paths at both of its ends, which has only the
# 30 px between its ends along it (the nearest-spot rule leaves no more there).
HIT_RADIUS = 30
_HIT_CORNERS = 16  # the cap's circle as a polygon (its box is the circle's)


def _site(kind: str, place: str) -> tuple[float, float]:
    if kind == "node":
        return node_xy(place)
    if kind == "path":
        (ax, ay), (bx, by) = path_xy(place)
        return (ax + bx) / 2, (ay + by) / 2
    return hex_xy(place)


def _nearer(polygon: list[tuple[float, float]], site: tuple[float, float],
            other: tuple[float, float]) -> list[tuple[float, float]]:
    """The part of a convex polygon nearer to ``site`` than to ``other`` (one clip of
    Sutherland–Hodgman by their perpendicular bisector)."""
    (px, py), (qx, qy) = site, other
    mx, my, dx, dy = (px + qx) / 2, (py + qy) / 2, qx - px, qy - py

    def side(point: tuple[float, float]) -> float:
        return (point[0] - mx) * dx + (point[1] - my) * dy  # < 0: nearer to site

    out: list[tuple[float, float]] = []
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        sa, sb = side(a), side(b)
        if sa <= 0:
            out.append(a)
        if (sa < 0 < sb) or (sb < 0 < sa):
            t = sa / (sa - sb)
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    return out


def hit_areas(kind: str, places: Iterable[str]) -> dict[str, list[tuple[float, float]]]:
    """Each offered spot's tap area (see HIT_RADIUS) as a convex polygon in board px."""
    sites = {place: _site(kind, place) for place in places}
    areas = {}
    for place, (x, y) in sites.items():
        polygon = [(x + HIT_RADIUS * math.cos(2 * math.pi * k / _HIT_CORNERS),
                    y + HIT_RADIUS * math.sin(2 * math.pi * k / _HIT_CORNERS))
                   for k in range(_HIT_CORNERS)]
        for other, (ox, oy) in sites.items():
            if other != place and (ox - x) ** 2 + (oy - y) ** 2 < (2 * HIT_RADIUS) ** 2:
                polygon = _nearer(polygon, (x, y), (ox, oy))
        # Rounded as the markup writes it, without repeated corners.
        rounded = [(round(px, 1), round(py, 1)) for px, py in polygon]
        areas[place] = [pt for i, pt in enumerate(rounded) if pt != rounded[i - 1]]
    return areas


def _points(polygon: list[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in polygon)


def _path_hit_area(path: str) -> str:
    """A path's tap area when every path is offered (the densest case, as in a sandbox):
    the rhombus between its two ends and the centres of its two hexes (on the coast, out to
    HIT_RADIUS over the sea)."""
    return _points(_all_path_areas()[path])


_ALL_PATH_AREAS: dict[str, list[tuple[float, float]]] = {}


def _all_path_areas() -> dict[str, list[tuple[float, float]]]:
    if not _ALL_PATH_AREAS:
        _ALL_PATH_AREAS.update(hit_areas("path", topo.PATH_IDS))
    return _ALL_PATH_AREAS


def _targets(position: Mapping, kind: str, ids: Iterable[str],
             target_url: Callable[[str], str], label: Callable[[str], str] | None) -> list[str]:
    out = []
    ids = list(ids)
    areas = hit_areas(kind, ids)
    for place in ids:
        # The transparent tap area first, the visible mark over it.
        hit = f'<polygon class="hit" points="{_points(areas[place])}" fill="transparent"/>'
        if kind == "node":
            text = label(place) if label else f"Křižovatka {node_name(position, place)}"
            x, y = node_xy(place)
            shape = hit + (f'<circle cx="{x}" cy="{y}" r="7" fill="#fff" fill-opacity=".75"'
                           f' stroke="{INK}" stroke-width="1.5"/>')
        elif kind == "path":
            text = label(place) if label else f"Cesta {path_name(position, place)}"
            shape = hit + _line(place, 'stroke="#fff" stroke-width="3" stroke-dasharray="3 2"'
                                       ' stroke-opacity=".9"', keep=0.6)
        else:
            text = label(place) if label else hex_name(position, place).capitalize()
            x, y = hex_xy(place)
            shape = hit + (f'<circle cx="{x}" cy="{y}" r="16" fill="#fff" fill-opacity=".35"'
                           f' stroke="{INK}" stroke-width="1.5" stroke-dasharray="3 2"/>')
        out.append(
            f'<a class="target target-{kind}" href="{escape(target_url(place))}"'
            f' data-id="{escape(place)}" aria-label="{escape(text)}">{shape}</a>'
        )
    return out


def render_board(
    position,
    *,
    highlight_hexes: Iterable[str] = (),
    highlight_nodes: Iterable[str] = (),
    highlight_paths: Iterable[str] = (),
    node_targets: Iterable[str] = (),
    path_targets: Iterable[str] = (),
    hex_targets: Iterable[str] = (),
    target_url: Callable[[str], str] | None = None,
    target_label: Callable[[str], str] | None = None,
    node_heat: Mapping[str, int] | None = None,
    path_heat: Mapping[str, int] | None = None,
    hex_heat: Mapping[str, int] | None = None,
    heat_counts: bool = True,
    trail: Iterable[str] = (),
    stars: Iterable[str] = (),
    node_labels: Mapping[str, str] | None = None,
    path_marks: Mapping[str, str] | None = None,
    title: str = "Herní plán",
    description: str | None = None,
    css_class: str = "",
) -> str:
    """The board as one ``<svg>`` element (a str of trusted markup).

    Targets (intersections, paths or hexes) become ``<a href>`` links built by ``target_url``
    so that a quiz works without JavaScript; each carries ``data-id`` with the place id.
    Heat maps draw a count per place (``heat_counts=False``: the caller draws the counts, as
    the quiz drawing does above its marks); ``trail`` draws a dashed line along the given
    paths. Each target takes the taps nearer to it than to the other targets (see
    :data:`HIT_RADIUS`).
    ``stars`` puts the beginner board's star beside the given intersections; ``node_labels``
    writes a letter beside intersections and ``path_marks`` draws paths over in "blue" or
    "red" (the figures of tutorial.example.figures).
    """
    pos = position_of(position)
    targets = list(node_targets) or list(path_targets) or list(hex_targets)
    if targets and target_url is None:
        raise ValueError("target_url is required when targets are given")
    desc = description if description is not None else describe(pos)
    vb = " ".join(str(v) for v in VIEWBOX)
    classes = " ".join(c for c in ("board", css_class) if c)
    role = "group" if targets else "img"
    body = [
        f'<svg class="{classes}" viewBox="{vb}" role="{role}" xmlns="http://www.w3.org/2000/svg"'
        ' font-family="system-ui, sans-serif" text-anchor="middle">',
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>",
        f'<rect x="{VIEWBOX[0]}" y="{VIEWBOX[1]}" width="{VIEWBOX[2]}" height="{VIEWBOX[3]}"'
        f' rx="14" fill="{SEA}"/>',
    ]
    body += _harbors(pos)
    body += _hexes(pos, {h for h in highlight_hexes})
    body += _heat(node_heat or {}, path_heat or {}, hex_heat or {}, heat_counts)
    body += _roads(pos, {canonical_path(p) for p in highlight_paths})
    body += _trail(canonical_path(p) for p in trail)
    body += _path_marks(path_marks or {})
    body += _buildings(pos, {canonical_node(n) for n in highlight_nodes})
    body += _stars(stars)
    body += _node_labels(node_labels or {})
    body += _robber(pos)
    body += _targets(pos, "node", node_targets, target_url, target_label)
    body += _targets(pos, "path", path_targets, target_url, target_label)
    body += _targets(pos, "hex", hex_targets, target_url, target_label)
    body.append("</svg>")
    return "".join(body)
