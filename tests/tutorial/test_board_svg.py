"""The board renderer: valid, small, accessible SVG without inline styles."""

import xml.etree.ElementTree as ET

import pytest

from tutorial.board_svg import describe, node_name, path_name, render_board

SVG = "{http://www.w3.org/2000/svg}"

_TERRAINS = (
    "a1 hills 2, a2 mountains 11, a3 forest 6, b1 mountains 4, b2 desert 0, b3 pasture 12, "
    "b4 forest 5, c1 fields 4, c2 hills 9, c3 forest 3, c4 mountains 6, c5 fields 9, "
    "d1 pasture 3, d2 fields 10, d3 fields 5, d4 forest 10, e1 hills 8, e2 pasture 11, "
    "e3 pasture 8"
)
POSITION = {
    "hexes": {h: [t, int(n) or None] for h, t, n in (i.split() for i in _TERRAINS.split(","))},
    "harbors": [["a1.NW", "3:1"], ["e2.SE", "wool"], ["b1.W", "lumber"]],
    "robber": "e3",
    "buildings": {"e1.SE": ["orange", "settlement"], "c2.SE": ["red", "city"]},
    "roads": {"e1.SE": "orange", "c2|d2": "red"},
}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_svg_is_well_formed_with_czech_title_and_description():
    root = parse(render_board(POSITION, title="Výchozí postavení"))
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "Výchozí postavení"
    desc = root.find(f"{SVG}desc").text
    assert "5. řada: pahorkatina 8, pastvina 11, pastvina 8" in desc
    assert "Zloděj stojí na pastvině 8." in desc
    assert "Červený: město u pahorkatiny 9, lesa 3 a pole 10; 1 silnice." in desc
    assert "přístav 2:1 na vlnu" in desc


def test_no_inline_style_and_small():
    svg = render_board(POSITION, highlight_nodes={"e1.SE"}, trail=["c2|d2"])
    assert "style=" not in svg
    assert "<script" not in svg
    assert len(svg.encode()) < 20_000


def test_every_hex_has_a_terrain_colour_and_tokens_mark_6_and_8_red():
    root = parse(render_board(POSITION))
    hexes = [p for p in root.iter(f"{SVG}polygon") if p.get("data-hex")]
    assert len(hexes) == 19
    fills = {p.get("data-hex"): p.get("fill") for p in hexes}
    assert fills["b2"] != fills["e1"] != fills["e2"]
    numbers = [t for t in root.iter(f"{SVG}text") if t.text in {"6", "8"}]
    assert numbers and all(t.get("fill") == "#c4121f" for t in numbers)


def test_pieces_and_highlights():
    root = parse(render_board(POSITION, highlight_nodes={"e2.SW"}, highlight_paths={"d2|c2"},
                              highlight_hexes={"e3"}))
    assert {p.get("data-node") for p in root.iter(f"{SVG}path") if p.get("data-node")} == {
        "e1.SE", "c2.SE"}
    assert len([e for e in root.iter() if e.get("class") == "hl"]) == 3
    assert any(e.get("class") == "robber" for e in root.iter(f"{SVG}path"))


@pytest.mark.parametrize("kind", ["node", "path", "hex"])
def test_targets_are_links_that_work_without_javascript(kind):
    ids = {"node": ["c3.SE", "d3.N"], "path": ["c4|d3"], "hex": ["c2", "b2"]}[kind]
    svg = render_board(POSITION, **{f"{kind}_targets": ids},
                       target_url=lambda place: f"?odpoved={place}")
    root = parse(svg)
    assert root.get("role") == "group"
    links = [a for a in root.iter(f"{SVG}a")]
    assert [a.get("data-id") for a in links] == ids
    assert [a.get("href") for a in links] == [f"?odpoved={i}" for i in ids]
    assert all(a.get("aria-label") for a in links)


def _inside(x: float, y: float, polygon: list[tuple[float, float]]) -> bool:
    """Strictly inside a convex polygon."""
    signs = set()
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if abs(cross) < 1e-9:
            return False
        signs.add(cross > 0)
    return len(signs) == 1


def test_every_intersection_is_a_tap_target_as_large_as_its_neighbours_allow():
    """On a 390 px phone the board is ~358 px wide: the tap area of a spot must be far larger
    than the dot drawn (44 px each way), yet never reach into the neighbouring spot's, even
    when every intersection is offered."""
    from engine import topology
    from tutorial.board_svg import node_xy

    nodes = list(topology.INTERSECTION_IDS)
    root = parse(render_board(POSITION, node_targets=nodes, target_url=lambda p: f"?m={p}"))
    scale = 358 / float(root.get("viewBox").split()[2])
    hits = {a.get("data-id"): a.find(f"{SVG}polygon[@class='hit']")
            for a in root.iter(f"{SVG}a")}
    assert len(hits) == 54 and all(hit is not None for hit in hits.values())
    areas = {n: [tuple(map(float, pt.split(","))) for pt in hit.get("points").split()]
             for n, hit in hits.items()}
    for node, area in areas.items():
        xs, ys = [x for x, _ in area], [y for _, y in area]
        assert (max(xs) - min(xs)) * scale >= 44 and (max(ys) - min(ys)) * scale >= 44, node
        assert _inside(*node_xy(node), area)
        assert not any(_inside(*node_xy(other), area) for other in nodes if other != node)
    for x in range(-160, 161, 4):
        for y in range(-150, 151, 4):
            assert sum(_inside(x, y, area) for area in areas.values()) <= 1, (x, y)


def test_targets_need_a_url():
    with pytest.raises(ValueError):
        render_board(POSITION, node_targets=["c3.SE"])


def test_heat_map_counts():
    svg = render_board(POSITION, node_heat={"c3.SE": 5, "d3.N": 2}, path_heat={"c4|d3": 1})
    counts = [t.text for t in parse(svg).iter(f"{SVG}text") if t.get("class") == "heat-count"]
    assert sorted(counts) == ["1", "2", "5"]


def test_place_names_in_czech():
    assert node_name(POSITION, "e2.SW") == "na pobřeží u pahorkatiny 8 a pastviny 11"
    assert node_name(POSITION, "c3.SE") == "u lesa 3, hor 6 a pole 5"
    assert path_name(POSITION, "c3|d3") == "mezi lesem 3 a polem 5"
    assert path_name(POSITION, "e1.SE") == "na pobřeží u pahorkatiny 8, jihovýchodní strana"
    assert describe(POSITION).startswith("Herní plán po řadách shora. 1. řada: pahorkatina 2")


def test_renders_an_engine_game_too():
    from engine import Game

    game = Game.beginner()
    root = parse(render_board(game))
    nodes = {p.get("data-node") for p in root.iter(f"{SVG}path") if p.get("data-node")}
    assert nodes == set(game.buildings)
    assert "Zloděj stojí na poušti." in root.find(f"{SVG}desc").text


def test_pure_modules_do_not_import_django():
    import subprocess
    import sys

    code = ("import sys, tutorial.board_svg, tutorial.example.replay, tutorial.narrate;"
            " tutorial.example.replay.example_game();"
            " assert not [m for m in sys.modules if m.startswith('django')], 'django imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
