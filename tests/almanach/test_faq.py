"""Časté otázky: the site's questions, each answered by exact quotations of the entries; the
page keeps the two apart, and the search finds a quoted answer from a player's phrasing."""

import re
from collections import Counter

import pytest
from django.urls import reverse

from almanach import faq
from almanach.loader import ContentError, read_content
from almanach.markup import EDITION_LABELS
from almanach.search import document_for


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
def test_a_players_phrasing_finds_the_quoted_answer_first(query, question, quotation,
                                                         file_index):
    hit = file_index.search(query).hits[0]
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


@pytest.fixture(scope="module")
def passage_questions() -> list[faq.PassageQuestions]:
    return faq.read_passage_questions()


def test_every_passage_of_the_rules_has_players_questions_quoting_it_letter_for_letter(
        passage_questions, documents):
    assert len(passage_questions) >= 500
    assert {item.quotation.slug for item in passage_questions} == set(documents)
    misquoted = [
        f"{item.quotation.slug}: {item.quotation.text[:60]}" for item in passage_questions
        if item.quotation.slug not in documents
        or faq.passage_of(documents[item.quotation.slug].plain, item.quotation.text) is None
    ]
    assert misquoted == []
    assert all(len(item.phrasings) >= 2 for item in passage_questions)


def test_a_players_question_brings_up_its_passage_but_is_never_shown_as_a_frequent_question(
        passage_questions, file_index):
    index = file_index
    sample = passage_questions[::7]
    found = 0
    for item in sample:
        hits = index.search(item.phrasings[0]).hits
        assert all(hit.question is None or hit.question.url for hit in hits), item.phrasings[0]
        first = hits[0] if hits else None
        found += bool(first) and first.slug == item.quotation.slug and (
            item.quotation.text in first.document.text.split("\n")[first.line])
    # Some passages say what another says too (an edition's box, the overview page).
    assert found >= 0.75 * len(sample), f"{found} of {len(sample)}"


def test_a_broken_passage_questions_file_says_what_is_wrong(tmp_path):
    path = tmp_path / "otazky.toml"
    path.write_text('[[pasaz]]\nheslo = "silnice"\ncitace = "Silnice"\n', encoding="utf-8")
    with pytest.raises(ContentError, match="chybí otazky"):
        faq.read_passage_questions(path)
