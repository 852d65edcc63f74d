"""Časté otázky: the site's questions, each answered by exact quotations of the entries; the
page keeps the two apart, and the search finds a quoted answer from a player's phrasing."""

import re
from collections import Counter

import pytest
from django.urls import reverse

from almanach import faq
from almanach.loader import ContentError, read_content
from almanach.markup import EDITION_LABELS
from almanach.search import document_for, index_from_files


@pytest.fixture(scope="module")
def questions() -> list[faq.FrequentQuestion]:
    return faq.read_questions()


@pytest.fixture(scope="module")
def documents():
    return {doc.slug: doc for doc in read_content(url_for=str).documents}


def test_at_least_120_questions_across_the_whole_game_and_katan_pro_dva(questions):
    assert len(questions) >= 120
    topics = Counter(question.topic for question in questions)
    assert {"Začátek hry", "Stavění", "Obchod", "Akční karty", "Konec hry",
            "Katan pro dva"} <= set(topics)
    assert len({question.id for question in questions}) == len(questions)
    assert all(question.phrasings for question in questions), "players' phrasings to search"


def test_every_quotation_is_letter_for_letter_in_its_entry(questions, documents):
    plains = {slug: doc.plain for slug, doc in documents.items()}
    assert faq.unquoted(questions, plains) == []


def test_a_quotation_marked_as_another_editions_comes_from_that_editions_box(questions,
                                                                                documents):
    for question in questions:
        for answer in question.answers:
            doc = document_for(documents[answer.slug], url="/")
            line = faq.passage_of(doc.text, answer.text) - 1
            box = dict(doc.editions).get(line, "")
            expected = EDITION_LABELS[answer.edition] if answer.edition else ""
            assert box == expected, (question.id, answer.text[:40])


def test_a_broken_file_says_what_is_wrong(tmp_path):
    path = tmp_path / "caste-otazky.toml"
    item = ('[[otazka]]\nid = "a"\ntema = "T"\notazka = "Q?"\n'
            'odpoved = [{ heslo = "zlodej", citace = "Černá figurka je zloděj." }]\n')
    path.write_text(item + item, encoding="utf-8")
    with pytest.raises(ContentError, match="dvakrát"):
        faq.read_questions(path)
    path.write_text('[[otazka]]\nid = "a"\ntema = "T"\notazka = "Q?"\n', encoding="utf-8")
    with pytest.raises(ContentError, match="chybí odpoved"):
        faq.read_questions(path)


@pytest.mark.parametrize(
    ("query", "question", "quotation"),
    [
        ("kdo hraje prvni", "kdo-zacina-hru",
         "Všichni hodí kostkou a vyhraje ten, kdo hodil nejvíc."),
        ("kam se dava zlodej na zacatku", "kde-stoji-zlodej-na-zacatku", "Na začátku hry stojí"),
        ("muzu darovat kartu", "darovani-karet", "Není dovoleno darování karet"),
    ],
)
def test_a_players_phrasing_finds_the_quoted_answer_first(query, question, quotation):
    index = index_from_files(lambda slug: f"/almanach/{slug}/")
    hit = index.search(query).hits[0]
    assert quotation in hit.snippet
    assert hit.question is not None and hit.question.id == question
    assert hit.question.url == f"/almanach/caste-otazky/#{question}"


@pytest.mark.usefixtures("content")
def test_the_page_keeps_the_sites_questions_apart_from_the_quoted_answers(client, questions):
    html = client.get(reverse("almanach:faq")).content.decode()
    assert "<h1>Časté otázky</h1>" in html
    first = questions[0]
    item = html.split(f'id="{first.id}"', 1)[1].split("</section>", 1)[0]
    assert f'<h3 class="faq-question" id="{first.id}-otazka">{first.text}</h3>' in item
    quoted = re.findall(r"<blockquote>(.*?)</blockquote>", item)
    assert quoted and quoted[0] == first.answers[0].text
    assert first.text not in quoted
    link = re.search(r'Citace z hesla <a href="(/almanach/[^"]+/#odstavec-\d+)">', item)
    assert link, "every quotation links to its passage"
    assert client.get(link[1].split("#")[0]).status_code == 200
    assert html.count('<p class="faq-edition">Jiné vydání (') >= 10
    assert html.count('class="faq-question"') == len(questions)


@pytest.mark.usefixtures("content")
def test_the_almanach_links_the_page_and_a_search_result_names_its_question(client):
    index_html = client.get(reverse("almanach:index")).content.decode()
    assert f'href="{reverse("almanach:faq")}"' in index_html
    html = client.get(reverse("almanach:search"), {"q": "kdo hraje prvni"}).content.decode()
    assert ('Častá otázka: <a href="/almanach/caste-otazky/#kdo-zacina-hru">Kdo začíná hru?</a>'
            in html)
