"""Pages of the example game: every step renders, htmx fragments, JSON, Czech 404s."""

import re

import pytest
from django.urls import reverse

from almanach import links
from tutorial import narrate
from tutorial.example.backlinks import example_game_steps
from tutorial.example.replay import example_game

LIMIT = 60 * 1024


def all_step_urls():
    return [reverse("example:step", kwargs={"turn": s.turn, "step": s.number})
            for s in example_game().all_steps()]


def assert_strict_csp_markup(html: str):
    assert " style=" not in html and "<style" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"


def test_every_step_page_renders_small_and_without_inline_style(client):
    for url in all_step_urls():
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert len(response.content) < LIMIT, f"{url}: {len(response.content)} B"
        assert_strict_csp_markup(html)
        assert "<svg" in html and 'id="krok"' in html


def test_turn_url_shows_its_first_step(client):
    for turn in range(1, 17):
        response = client.get(f"/priklad-hry/tah/{turn}/")
        assert response.status_code == 200
        assert f"{turn}. tah:" in response.content.decode()
        assert response.context["step"].number == 1


def test_full_page_and_htmx_fragment(client):
    url = "/priklad-hry/tah/7/krok/2/"
    full = client.get(url)
    fragment = client.get(url, HTTP_HX_REQUEST="true")
    assert "HX-Request" in full["Vary"] and "HX-Request" in fragment["Vary"]
    assert "<html" in full.content.decode()
    body = fragment.content.decode()
    assert "<html" not in body and '<article id="krok"' in body
    # htmx takes the title from the fragment's top level.
    assert body.lstrip().startswith(
        "<title>Příklad hry: 7. tah (Modrý), krok 2 z 2 · Almanach Katanu</title>")
    assert "Modrý přesouvá zloděje z pouště na pastvinu 8 a bere bílému 1 dřevo." in body
    # htmx asks for the whole page when its history cache misses.
    restore = client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in restore.content.decode()


def test_navigation_links_work_without_javascript(client):
    html = client.get("/priklad-hry/tah/1/krok/1/").content.decode()
    nav = re.search(r'<nav class="step-nav" data-keynav.*?</nav>', html, re.S).group(0)
    assert 'href="/priklad-hry/" rel="prev"' in nav
    assert re.search(r'<a href="/priklad-hry/tah/2/krok/1/" hx-get="/priklad-hry/tah/2/krok/1/"'
                     r' rel="next"', nav)
    assert 'href="/priklad-hry/tah/16/krok/5/"' in nav
    last = client.get("/priklad-hry/tah/16/krok/5/").content.decode()
    assert 'rel="next"' not in last and "konec příkladu" in last
    assert 'rel="prev" ' in last or 'rel="prev"' in last


def test_step_page_shows_hands_points_bank_commentary_and_rules(client):
    response = client.get("/priklad-hry/tah/16/krok/5/")
    html = response.content.decode()
    white = next(p for p in response.context["players"] if p["color"] == "white")
    assert white["points"] == 4 and white["cards"] == []
    orange = next(p for p in response.context["players"] if p["color"] == "orange")
    assert [c["name"] for c in orange["cards"]] == ["cihla"] * 3 + ["obilí"] + ["ruda"] * 3
    assert '<span class="chip r-brick">cihla</span>' in html
    assert "Bank:" in html
    assert "Rozhodnuto však není ještě nic!" in html  # the Almanach's closing words
    assert "Bílý má teď hodně vlny" in html  # the commentary of turn 16
    assert f'href="{reverse("almanach:entry", kwargs={"slug": "mesto"})}">Město</a>' in html


def test_rule_links_point_to_existing_entries():
    known = narrate.headwords()
    for step in example_game().all_steps():
        assert step.rules, (step.turn, step.number)
        assert set(step.rules) <= set(known), set(step.rules) - set(known)


def test_start_page(client):
    response = client.get("/priklad-hry/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Rozestavení je rekonstruováno z textu almanachu" in html
    for turn in example_game().turns:
        assert turn.summary in html
        assert f'href="/priklad-hry/tah/{turn.number}/"' in html
    assert "<svg" in html and len(response.content) < LIMIT
    assert_strict_csp_markup(html)


def test_game_json_shape(client):
    response = client.get("/priklad-hry/hra.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    data = response.json()
    assert len(data["turns"]) == 16
    first = data["turns"][0]
    assert first["number"] == 1 and first["player"] == "orange" and first["roll"] == [2, 4]
    for turn in data["turns"]:
        assert isinstance(turn["roll"], list) and len(turn["roll"]) == 2
        for step in turn["steps"]:
            assert step["text"]
            state = step["state"]
            assert set(state["players"]) == {"orange", "red", "blue", "white"}
            for player in state["players"].values():
                assert isinstance(player["points"], int)
                assert list(player["hand"]) == ["brick", "lumber", "wool", "grain", "ore"]
            assert re.fullmatch(r"[a-e][1-5]", state["robber"])
    final = data["turns"][-1]["steps"][-1]["state"]
    assert final["players"]["white"]["points"] == 4
    assert final["robber"] == "d2"


@pytest.mark.parametrize("url", [
    "/priklad-hry/tah/99/", "/priklad-hry/tah/0/", "/priklad-hry/tah/17/krok/1/",
    "/priklad-hry/tah/3/krok/9/", "/priklad-hry/tah/3/krok/0/",
    "/priklad-hry/tah/99999999999999999999999/",
])
def test_out_of_range_is_a_czech_404(client, url):
    response = client.get(url)
    assert response.status_code == 404
    html = response.content.decode()
    assert "Tento krok příkladu neexistuje" in html
    assert re.search(r"má jen \d+ (tahů|krok|kroky|kroků)", html)


@pytest.mark.parametrize("url", [
    "/priklad-hry/tah/0/krok/abc/", "/priklad-hry/tah/abc/", "/priklad-hry/tah/-1/",
    "/priklad-hry/tah/1/krok/", "/priklad-hry/tah/%C5%BE/krok/1/",
])
def test_bad_input_is_404_never_500(client, url):
    assert client.get(url).status_code == 404


def test_post_is_refused(client):
    # The example's pages are read, never sent to: a POST is "method not allowed", and the
    # answer says which methods are.
    response = client.post("/priklad-hry/tah/1/krok/1/")
    assert response.status_code == 405
    assert set(response["Allow"].replace(" ", "").split(",")) <= {"GET", "HEAD", "OPTIONS"}


def test_almanach_entries_link_back_to_the_steps():
    found = example_game_steps("zlodej")
    assert ("Příklad hry, 7. tah: zloděj", "/priklad-hry/tah/7/krok/2/") in found
    assert len(found) <= 6
    assert example_game_steps("neexistuje") == []
    assert example_game_steps in links.providers
    labels = [a.label for a in links.applications("mesto")]
    assert "Příklad hry, 6. tah: stavba města" in labels


def try_links(html: str) -> list[tuple[str, str]]:
    box = re.search(r'<div class="step-try">(.*?)</div>', html, re.S)
    if not box:
        return []
    return [(url.replace("&amp;", "&"), label)
            for url, label in re.findall(r'<a href="([^"]+)">([^<]+)</a>', box.group(1))]


@pytest.mark.django_db
def test_every_step_offers_a_sandbox_at_its_position_and_each_one_opens(client):
    for url in all_step_urls():
        links_here = try_links(client.get(url).content.decode())
        assert links_here, f"{url}: no Zkus sám"
        for target, label in links_here:
            response = client.get(target)
            assert response.status_code == 200, (url, target, label)
            assert "příklad hry" in response.content.decode(), target


@pytest.mark.django_db
def test_try_links_follow_what_the_step_does(client):
    # Turn 8, step 3: white builds the settlement at the wool harbour.
    links_here = dict((label, url) for url, label in
                      try_links(client.get("/priklad-hry/tah/8/krok/3/").content.decode()))
    url = links_here["Kde všude mohl bílý postavit vesnici?"]
    assert "tah=8" in url and "krok=3" in url and "druh=vesnice" in url and "hrac=white" in url
    # The sandbox is the position before the step: white's harbour spot is among the answers.
    response = client.post(url, {"vyber": "1", "misto": ["e2.SE"]})
    assert response.status_code == 302
    # Turn 16 trades wool at the 2:1 harbour, then the last step offers the final questions.
    labels = [label for _, label in
              try_links(client.get("/priklad-hry/tah/16/krok/3/").content.decode())]
    assert "Za kolik karet může bílý měnit vlnu se zámořím?" in labels
    last = example_game().all_steps()[-1]
    labels = [label for _, label in try_links(client.get(
        reverse("example:step", kwargs={"turn": last.turn, "step": last.number})
    ).content.decode())]
    assert "Kdo drží Nejdelší obchodní cestu?" in labels and "Kolik bodů má kdo?" in labels
