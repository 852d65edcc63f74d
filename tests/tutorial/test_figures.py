"""The lost pictures: every Almanach text that points at a picture gets a figure drawn from
an engine position (or a note that the picture is lost), the phrase it illustrates is the
text's own, and each drawing shows what its sentence says."""

import re
import tomllib
from pathlib import Path

import pytest

from engine import actions
from engine import topology as topo
from tutorial.example import figures

CONTENT = Path(__file__).resolve().parents[2] / "almanach" / "content"
# Words with which a text points at a picture it has (or a worked example with lettered
# places): "podle obrázku", "viz obrázek", "na našem obrázku", "označené modře", "vesnice A".
POINTERS = re.compile(r"podle (?:našeho )?obrázku|viz obrázek|našem obrázku|označen\w* modře"
                      r"|vesnic\w* [A-D]\b|hráče A\b|hráči A\b")


def plain(markdown: str) -> str:
    text = re.sub(r"\[\[[^|\]]+\|([^\]]+)\]\]", r"\1", markdown)
    return text.replace("**", "")


def texts() -> dict[str, str]:
    found = {}
    for path in list((CONTENT / "hesla").glob("*.md")) + list((CONTENT / "stranky").glob("*.md")):
        head = tomllib.loads(path.read_text(encoding="utf-8").split("+++")[1])
        found[head["slug"]] = plain(path.read_text(encoding="utf-8").split("+++", 2)[2])
    return found


def items(slug=None):
    return [i for i in figures._data() if slug is None or i["slug"] == slug]


def test_every_phrase_is_the_texts_own_words():
    content = texts()
    for item in items():
        assert item["phrase"] in content[item["slug"]], item["phrase"]


def test_every_text_that_points_at_a_picture_has_a_figure_or_a_note():
    """Per paragraph: one figure serves a worked example told in several sentences."""
    content = texts()
    for slug, text in content.items():
        phrases = [i["phrase"] for i in items(slug)]
        for paragraph in re.split(r"\n\s*\n", text):
            if POINTERS.search(paragraph):
                assert any(p in paragraph for p in phrases), f"{slug}: {paragraph[:120]!r}"


def test_the_issue_list_of_lost_pictures_is_covered():
    slugs = {i["slug"] for i in items()}
    assert {"startovni-rozmisteni-pro-zacatecniky", "katan-pro-dva", "pravidla-hry-v-kostce",
            "obchod-se-zamorim", "mesto", "rytir", "zlodej", "nejdelsi-obchodni-cesta",
            "pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi", "silnice",
            "sedmicka-padla-nastupuje-zlodej"} <= slugs


def test_drawn_figures_are_svg_and_lost_ones_explain_why():
    for item in items():
        figure = figures.figure(item)
        if "lost" in item:
            assert not figure.svg and figure.lost
        else:
            assert figure.svg.startswith("<svg") and figure.caption


def labelled(item, letter):
    return next(node for node, text in item["labels"].items() if text == letter)


def touches(node, hex_id):
    return topo.HEX_INDEX[hex_id] in topo.INTERSECTION_HEXES[topo.INTERSECTION_INDEX[node]]


def hexes_of(node):
    return [topo.HEX_IDS[h] for h in topo.INTERSECTION_HEXES[topo.INTERSECTION_INDEX[node]]]


def test_rules_overview_a_3_gives_forest_and_pasture_next_to_a_and_b():
    first = items("pravidla-hry-v-kostce")[0]
    game = figures.position_of(first)
    threes = {h: game.board.terrain(h) for h in topo.HEX_IDS if game.board.number(h) == 3}
    assert sorted(threes.values()) == ["forest", "pasture"]
    forest = next(h for h, t in threes.items() if t == "forest")
    pasture = next(h for h, t in threes.items() if t == "pasture")
    assert touches(labelled(first, "A"), forest)
    a_node = topo.INTERSECTION_IDS[topo.INTERSECTION_INDEX[labelled(first, "A")]]
    assert game.buildings[a_node][0] == "red"
    assert touches(labelled(first, "B"), pasture)


def test_rules_overview_c_has_forest_fields_pasture_and_d_only_pasture_and_hills():
    second = items("pravidla-hry-v-kostce")[1]
    game = figures.position_of(second)
    c_terrains = sorted(game.board.terrain(h) for h in hexes_of(labelled(second, "C")))
    d_terrains = sorted(game.board.terrain(h) for h in hexes_of(labelled(second, "D")))
    assert c_terrains == ["fields", "forest", "pasture"]
    assert d_terrains == ["hills", "pasture"]  # on the coast: only two land hexes


def test_the_legal_road_marks_are_what_the_engine_allows():
    item = items("silnice")[0]
    game = figures.position_of(item)
    marks = figures._legal_roads(game, "orange")
    blue = {p for p, c in marks.items() if c == "blue"}
    red = {p for p, c in marks.items() if c == "red"}
    assert blue == game.legal_road_spots("orange") and red
    assert all(game.why_not_road("orange", p) is not None for p in red)


def test_the_seven_roads_broken_by_a_red_settlement():
    item = next(i for i in items("pravidla-hry-v-kostce") if i.get("trail") == "red")
    game = figures.position_of(item)
    assert sum(1 for c in game.roads.values() if c == "orange") == 7
    assert game.road_length("orange") < 7  # broken in two by the red settlement
    assert game.road_length("red") == 6 and game.longest_road_holder == "red"


def test_the_robber_figures_stand_on_the_forest_the_text_names():
    for slug, number in (("zlodej", 3), ("rytir", 4)):
        (item,) = items(slug)
        game = figures.position_of(item)
        assert (game.board.terrain(game.robber), game.board.number(game.robber)) == (
            "forest", number)
        assert touches(labelled(item, "A"), game.robber)
        assert touches(labelled(item, "B"), game.robber)


def test_the_city_figure_pays_what_the_text_says():
    (item,) = items("mesto")
    game = figures.position_of(item).copy()
    game.set_current("orange", "roll")
    events = game.apply(actions.RollDice(player="orange", dice=(2, 6)))
    gains = next(e for e in events if e.kind == "produced").gains
    assert gains["blue"] == {"ore": 3} and gains["orange"] == {"lumber": 2}


def test_the_distance_rule_marks_exactly_the_three_neighbours():
    (item,) = items("pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi")
    game = figures.position_of(item)
    (settlement,) = game.buildings
    neighbours = {topo.INTERSECTION_IDS[n]
                  for n in topo.INTERSECTION_NEIGHBORS[topo.INTERSECTION_INDEX[settlement]]}
    marked = {topo.INTERSECTION_IDS[topo.INTERSECTION_INDEX[n]] for n in item["labels"]}
    assert marked == neighbours


@pytest.mark.usefixtures("content")
def test_entry_pages_show_the_figures_with_a_reconstructed_caption(client):
    html = client.get("/almanach/zlodej/").content.decode()
    figure = re.search(r'<figure class="figure">(.*?)</figure>', html, re.S).group(1)
    assert "<svg" in figure and "rekonstruovaný z textu" in figure
    assert "„přemístí jej na krajinu lesa s číslem 3." in figure
    pro_dva = client.get("/almanach/katan-pro-dva/").content.decode()
    figure = re.search(r'<figure class="figure">(.*?)</figure>', pro_dva, re.S).group(1)
    assert "původní obrázek se nedochoval" in figure and "rekonstrukce webu" in figure
    assert "rekonstruovaný z textu" not in figure  # the text does not say where the spots are
    start = client.get("/almanach/startovni-rozmisteni-pro-zacatecniky/").content.decode()
    assert start.count('class="star"') == 4


def test_the_neutral_spots_drawn_for_katan_pro_dva_are_the_engines():
    from engine.constants import NEUTRAL_SPOTS

    item = next(i for i in items("katan-pro-dva") if "nodes" in i)
    assert set(item["nodes"]) == set(NEUTRAL_SPOTS.values())
    assert set(item["labels"]) == set(NEUTRAL_SPOTS.values())
