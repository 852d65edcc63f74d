"""Quizzes and the Almanach point at each other: "Procvič si" links, headwords that exist."""

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial import quiz

pytestmark = pytest.mark.django_db


def test_entry_pages_list_the_sandboxes_that_test_them(client: Client, content):
    page = client.get("/almanach/sedmicka-padla-nastupuje-zlodej/").content.decode()
    assert "Procvič si: Sedmička!" in page
    assert 'href="/kvizy/sedmicka/"' in page
    page = client.get("/almanach/nejdelsi-obchodni-cesta/").content.decode()
    assert "Procvič si: Nejdelší obchodní cesta" in page


def test_every_headword_a_quiz_links_to_exists(content):
    from almanach.models import Entry

    slugs = set(Entry.objects.values_list("slug", flat=True))
    for kind in quiz.KINDS.values():
        assert set(kind.headwords) <= slugs, kind.slug
        for example in quiz.examples(kind.slug):
            for reason in quiz.prepare(kind.slug, example.variant).solution.reasons:
                assert reason.headword is None or reason.headword in slugs


def test_kind_page_names_the_almanach_entries(client: Client, content):
    page = client.get("/kvizy/nejvetsi-vojsko/").content.decode()
    assert 'href="/almanach/nejvetsi-vojsko/"' in page and "Největší vojsko" in page


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(sorted(quiz.KINDS)), seed=st.integers(1, quiz.MAX_SEED))
def test_any_seed_gives_a_question_the_engine_can_grade(kind, seed):
    prepared = quiz.prepare(kind, f"s{seed}")
    # The right answer, given back, is graded right.
    answer = prepared.solution.answer
    if prepared.clicks:
        graded = quiz.grade(prepared, sorted(answer))
    else:
        graded = quiz.grade(prepared, {k: v.split(",") for k, v in answer.items()})
    assert graded.correct and graded.score == 1.0
