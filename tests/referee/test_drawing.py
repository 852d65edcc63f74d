"""'Silnice od–do': a road of many pieces in two taps (intersections at its ends), without
JavaScript; the answer to a question is above the board and its links jump to it."""

from urllib.parse import parse_qs, urlsplit

import pytest

from tutorial.referee import notation
from tutorial.referee.notation import BadCode, Table

pytestmark = pytest.mark.django_db


def test_two_intersections_lay_the_roads_between_them_along_the_shortest_way():
    pos = notation.draw_road(Table(plan="p"), "orange", "a1.SW", "a1.N")
    assert [p[2] for p in pos.pieces] == ["a1.W", "a1.NW"]
    pos = notation.draw_road(pos, "orange", "a1.N", "a3.N")
    assert [p[2] for p in pos.pieces] == ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]
    assert notation.build(pos).game.road_length("orange") == 6


def test_drawing_never_crosses_another_colours_road_or_building():
    pos = Table(plan="p", pieces=(("blue", "settlement", "a1.NW"),))
    pos = notation.draw_road(pos, "orange", "a1.SW", "a1.N")
    assert ("orange", "road", "a1.W") not in pos.pieces  # the way past blue's settlement
    assert len([p for p in pos.pieces if p[1] == "road"]) == 4
    with pytest.raises(BadCode, match="nevede"):
        notation.draw_road(Table(plan="p"), "orange", "a1.N", "a1.N")


def location(response):
    assert response.status_code == 302
    return response["Location"]


def test_a_road_of_six_takes_two_taps_without_javascript(client):
    url = "/rozhodci/?plan=p&n=kreslit"
    page = client.get(url).content.decode()
    assert "Silnice od–do" in page and "kde silnice začíná" in page
    url = location(client.get(url + "&klik=a1.SW"))
    assert "od=a1.SW" in url
    assert "kam silnice vede" in client.get(url).content.decode()
    url = location(client.get(url + "&klik=a3.N"))
    query = parse_qs(urlsplit(url).query)
    assert len(query["f"][0]) == 4 * 6 and query["od"] == ["a3.N"]  # it goes on from there
    url = location(client.get(url + "&klik=a3.N"))  # the end again: drawing stops
    assert "od=" not in url


def test_the_answer_comes_before_the_board_and_question_links_jump_to_it(client):
    page = client.get("/rozhodci/?plan=p&f=os04&otazka=nejdelsi-cesta").content.decode()
    assert page.index('id="odpoved"') < page.index('class="referee-board"')
    assert 'otazka=kam-stavet#odpoved"' in page.replace("&amp;", "&")
    page = client.get("/rozhodci/?plan=p&otazka=smi&akce=vesnice&n=ptat").content.decode()
    assert "misto=a1.N#odpoved" in page.replace("&amp;", "&")


def test_with_htmx_a_question_swaps_and_shows_the_answer(client):
    headers = {"HX-Request": "true"}
    response = client.get("/rozhodci/?plan=p&f=os04&otazka=nejdelsi-cesta", headers=headers)
    assert response["HX-Reswap"] == "outerHTML show:#odpoved:top"
    response = client.get("/rozhodci/?plan=p&otazka=nejdelsi-cesta&klik=a1.W", headers=headers)
    assert "HX-Reswap" not in response  # placing pieces keeps the board where it is
