"""Practice alone: plain GET/POST without JavaScript, the same with htmx, progress, bad links."""

import re

import pytest
from django.test import Client

from tests.helpers.pages import html
from tutorial import quiz
from tutorial.quiz import replayed

pytestmark = pytest.mark.django_db


def test_index_lists_every_kind_and_the_mixed_set(client: Client):
    page = html(client.get("/kvizy/"))
    for kind in quiz.KINDS.values():
        assert kind.title in page
    assert "/kvizy/smichane/" in page


@pytest.mark.parametrize("kind", sorted(quiz.KINDS))
def test_every_kind_page_and_question_renders(client: Client, kind):
    assert client.get(f"/kvizy/{kind}/").status_code == 200
    for variant in ("a1", "s42"):
        response = client.get(f"/kvizy/{kind}/{variant}/")
        assert response.status_code == 200
        assert quiz.prepare(kind, variant).prompt.split(".")[0] in html(response)
        assert "Vyhodnotit" in html(response)


def test_new_variant_redirects_to_a_seeded_link(client: Client):
    response = client.get("/kvizy/sedmicka/nova/")
    assert response.status_code == 302
    assert re.fullmatch(r"/kvizy/sedmicka/s\d+/", response["Location"])


def test_mixed_set_redirects_to_some_kind_and_keeps_the_set(client: Client):
    response = client.get("/kvizy/smichane/")
    assert re.fullmatch(r"/kvizy/[a-z-]+/s\d+/\?sada=smichane", response["Location"])


def test_click_question_without_javascript(client: Client):
    url = "/kvizy/vesnice/a1/"
    page = html(client.get(url))
    assert 'href="/kvizy/vesnice/a1/?prepnout=b2.SE"' in page  # every spot is a link
    response = client.get(url + "?prepnout=b2.SE")
    assert response.status_code == 302 and response["Location"] == url
    page = html(client.get(url))
    assert "Označeno 1" in page and 'name="misto" value="b2.SE"' in page
    client.get(url + "?prepnout=e3.SE")
    client.get(url + "?prepnout=e3.SE")  # a second click takes it back
    response = client.post(url, {"vyber": "1", "misto": ["b2.SE"]})
    assert response.status_code == 302
    assert response["Location"] == "/kvizy/vesnice/a1/vysledek/"
    page = html(client.get(response["Location"]))
    assert "Správně" in page and "Zkusit jinou pozici" in page


def test_click_question_with_htmx_returns_only_the_sandbox(client: Client):
    response = client.get("/kvizy/vesnice/a1/?prepnout=b2.SE", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = html(response)
    assert body.lstrip().startswith('<div id="sandbox"')
    assert "<html" not in body and "Označeno 1" in body
    assert "HX-Request" in response["Vary"]


def test_submit_uses_the_session_selection_when_the_form_carries_none(client: Client):
    client.get("/kvizy/vesnice/a1/?prepnout=b2.SE")
    client.post("/kvizy/vesnice/a1/", {})
    assert "Správně!" in html(client.get("/kvizy/vesnice/a1/vysledek/"))


def test_wrong_answer_shows_why_with_an_almanach_link(client: Client):
    client.post("/kvizy/silnice/a4/", {"vyber": "1", "misto": ["c3|d3"]})
    page = html(client.get("/kvizy/silnice/a4/vysledek/"))
    assert "Ne tak docela" in page
    assert "cizí vesnici nebo město" in page
    assert 'href="/almanach/silnice/"' in page


def test_form_question_flow_and_progress(client: Client):
    url = "/kvizy/sedmicka/a1/"
    assert "Petra" in html(client.get(url))
    client.post(url, {"orange": "0", "red": "4", "blue": "5"})
    page = html(client.get(url + "vysledek/"))
    assert "Správně!" in page
    # Answering the same variant again does not count twice.
    client.post(url, {"orange": "0", "red": "4", "blue": "5"})
    assert client.session["kviz_pokrok"]["sedmicka"] == [1, 1]
    assert "Správně 1 z 1" in html(client.get("/kvizy/"))


def test_incomplete_form_keeps_what_was_chosen(client: Client):
    response = client.post("/kvizy/sedmicka/a1/", {"orange": "0", "red": "4"})
    assert response.status_code == 400
    page = html(response)
    assert "Vyplňte prosím všechny odpovědi" in page
    assert '<option value="4" selected>' in page


def test_result_without_an_answer_goes_back_to_the_question(client: Client):
    response = client.get("/kvizy/sedmicka/a2/vysledek/")
    assert response.status_code == 302 and response["Location"] == "/kvizy/sedmicka/a2/"


@pytest.mark.parametrize("url", [
    "/kvizy/neexistuje/", "/kvizy/neexistuje/a1/", "/kvizy/vesnice/a99/",
    "/kvizy/vesnice/s0/", "/kvizy/neexistuje/nova/", "/kvizy/vesnice/a99/vysledek/",
])
def test_bad_links_get_a_czech_message_not_a_500(client: Client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert "neznáme" in html(response)


def test_bogus_toggles_and_posts_are_harmless(client: Client):
    client.get("/kvizy/vesnice/a1/?prepnout=%3Cscript%3E")
    client.get("/kvizy/vesnice/a1/?prepnout=")
    response = client.post("/kvizy/vesnice/a1/", {"vyber": "1", "misto": ["<x>", "a1.N" * 50]})
    assert response.status_code == 302
    response = client.post("/kvizy/sedmicka/a1/", {"orange": ["1", "2"], "red": "\x00"})
    assert response.status_code == 400


def test_try_it_from_the_example_game(client: Client):
    url = "/kvizy/zkus/?tah=11&krok=2&druh=vesnice&hrac=blue"
    page = html(client.get(url))
    assert "příklad hry, 11. tah, 2. krok" in page
    response = client.get(url + "&prepnout=b2.SE")
    assert response.status_code == 302
    response = client.post(url, {"vyber": "1", "misto": ["b2.SE"]})
    assert response.status_code == 302 and "vysledek=1" in response["Location"]
    page = html(client.get(response["Location"]))
    assert "Správně!" in page and "příklad hry, 11. tah" in page


@pytest.mark.parametrize("query", ["", "?tah=99", "?tah=x", "?tah=3&krok=9",
                                   "?tah=3&druh=neznamy", "?tah=3&hrac=pink",
                                   "?tah=3&druh=zamori&surovina=zlato",
                                   "?tah=3&druh=vynosy&hod=7"])
def test_try_it_with_bad_parameters_says_why(client: Client, query):
    response = client.get("/kvizy/zkus/" + query)
    assert response.status_code == 404
    assert "otevřít neumíme" in html(response)


def test_every_try_it_kind_opens_at_some_step(client: Client):
    needs = {"zamori": "&surovina=ore", "stavba": "&co=mesto"}  # what the question is about
    for kind in replayed.KINDS:
        url = f"/kvizy/zkus/?tah=6&krok=1&druh={kind}{needs.get(kind, '')}"
        assert client.get(url).status_code == 200, kind


def test_pages_carry_no_inline_script_or_style(client: Client):
    client.post("/kvizy/silnice/a4/", {"vyber": "1", "misto": ["c3|d3"]})
    for url in ("/kvizy/", "/kvizy/vesnice/a1/", "/kvizy/silnice/a4/vysledek/"):
        page = html(client.get(url))
        assert "style=" not in page and "<style" not in page
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)


def test_can_build_refuses_yes_together_with_a_reason_why_not(client: Client):
    # "Ano, smí" beside "Ne: chybí suroviny" says both; graded, it would count as wrong
    # without telling the learner why. It is refused like an incomplete answer, boxes kept.
    response = client.post("/kvizy/stavba/a1/", {"answer": ["ano", "suroviny"]})
    assert response.status_code == 400
    page = html(response)
    assert "„Ano, smí“ nejde zaškrtnout spolu s důvodem" in page
    assert re.search(r'value="ano"[^>]*checked', page)
    assert re.search(r'value="suroviny"[^>]*checked', page)
    assert "stavba" not in client.session.get("kviz_pokrok", {})  # nothing was graded
    # Reasons alone, or "Ano, smí" alone, are answers as before.
    assert client.post("/kvizy/stavba/a1/", {"answer": ["suroviny"]}).status_code == 302
    assert client.post("/kvizy/stavba/a2/", {"answer": ["ano"]}).status_code == 302


def test_only_can_build_has_a_contradiction_rule():
    for slug in quiz.KINDS:
        prepared = quiz.prepare(slug, "a1")
        right = quiz.normalize(prepared, prepared.solution.answer if not prepared.clicks
                               else sorted(prepared.solution.answer))
        assert quiz.problem(prepared, right) is None, slug  # the right answer is never refused
    building = quiz.prepare("stavba", "a1")
    assert quiz.problem(building, {"answer": "ano,figurka"})
    assert quiz.problem(building, {}) == quiz.INCOMPLETE
