"""Self-paced lessons with the automatic reveal (issue 40, item 4): each pupil learns right
after answering whether it was right, why, and the running score; a question whose time ran
out shows its right answer once it takes nothing more. Nobody sees an answer before having
answered: not on the page, not in a fragment, not by asking for a later question."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer, Lesson, Pupil

pytestmark = pytest.mark.django_db

RIGHT_SPOT = {"vyber": "1", "misto": ["b2.SE"]}
WRONG_SPOT = {"vyber": "1", "misto": ["e3.SE"]}
RIGHT_DISCARDS = {"orange": "0", "red": "4", "blue": "5"}
# What only a graded page shows: the verdicts, the marks on the board, the explanation.
GRADED = ("quiz-feedback", "mark-hit", "mark-miss", "mark-wrong", "Ne tak docela",
          "Správná odpověď", "quiz-reasons", "quiz-standing")


def self_paced(class_quiz, teacher, reveal=Lesson.Reveal.AUTO, timer=30):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, timer, True,
                                    reveal=reveal)
    classroom.control(lesson, "start")
    return lesson


def assert_ungraded(page: str) -> None:
    for leak in GRADED:
        assert leak not in page, leak


def test_after_each_answer_the_pupil_sees_right_or_wrong_the_reasons_and_the_score(
        class_quiz, teacher):
    lesson = self_paced(class_quiz, teacher)
    ada = Client()
    join(ada, lesson, "Ada")
    page = html(ada.get(f"/hra/{lesson.code}/"))
    assert "Otázka 1 z 3" in page
    assert_ungraded(page)
    response = ada.post(f"/hra/{lesson.code}/1/", WRONG_SPOT)
    assert response["Location"].endswith("?po=1")
    page = html(ada.get(response["Location"]))
    assert "Ne tak docela" in page and "mark-wrong" in page and "mark-miss" in page
    assert "Almanach</a>" in page  # the reason, linked to its rule
    assert "Tentokrát ne" in page and "zatím správně 0 z 1 a 0 bodů za rychlost" in page
    assert "Další otázka" in page and "Odeslat odpověď</button>" not in page
    # The next question comes open, with nothing graded.
    page = html(ada.get(f"/hra/{lesson.code}/"))
    assert "Otázka 2 z 3" in page
    assert_ungraded(page)
    response = ada.post(f"/hra/{lesson.code}/2/", RIGHT_DISCARDS)
    page = html(ada.get(response["Location"]))
    points = Answer.objects.get(item__order=2).points
    assert points > 900
    assert "+1 správně" in page and f"+{points} bodů za rychlost" in page
    assert f"zatím správně 1 z 2 a {points} bodů za rychlost" in page
    # Asking for the graded page again changes nothing: the first answer counts.
    again = ada.post(f"/hra/{lesson.code}/2/", {"orange": "1", "red": "1", "blue": "1"})
    assert Answer.objects.count() == 2 and again.status_code == 302


def test_no_answer_before_answering_not_by_address_nor_fragment(class_quiz, teacher):
    lesson = self_paced(class_quiz, teacher)
    ada, bob = Client(), Client()
    join(ada, lesson, "Ada")
    join(bob, lesson, "Bob")
    ada.get(f"/hra/{lesson.code}/")
    ada.post(f"/hra/{lesson.code}/1/", RIGHT_SPOT)
    assert "Správně" in html(ada.get(f"/hra/{lesson.code}/?po=1"))
    # Bob has not answered question 1: the graded view of it is not his to ask for.
    for query in ("?po=1", "?po=2", "?po=3", "?po=1&cas=1"):
        page = html(bob.get(f"/hra/{lesson.code}/{query}"))
        assert "Otázka 1 z 3" in page and "Odeslat odpověď</button>" in page
        assert_ungraded(page)
    # Nor Ada the one ahead of her, in a page or an htmx fragment.
    for query in ("?po=2", "?po=3"):
        assert_ungraded(html(ada.get(f"/hra/{lesson.code}/{query}")))
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        for number, query in ((2, "?prepnout=a1.N"), (3, "")):
            page = html(bob.get(f"/hra/{lesson.code}/{number}/{query}", **headers))
            assert_ungraded(page)
            assert "<svg" not in page
    # The status poll tells nothing either: it only says whether to reload.
    version = re.search(r"stav/\?v=([\w-]+)",
                        html(bob.get(f"/hra/{lesson.code}/"))).group(1)
    assert bob.get(f"/hra/{lesson.code}/stav/?v={version}").status_code == 204


def test_time_up_shows_the_right_answer_and_the_question_takes_nothing_more(
        class_quiz, teacher):
    lesson = self_paced(class_quiz, teacher)
    iva = Client()
    join(iva, lesson, "Iva")
    iva.get(f"/hra/{lesson.code}/")
    Pupil.objects.update(seen_at=timezone.now() - timedelta(seconds=31))
    page = html(iva.get(f"/hra/{lesson.code}/"))
    assert "Čas na otázku 1 vypršel" in page and "Otázka 1 z 3" in page
    assert "Na tuto otázku jste neodpověděli" in page and "mark-hit" in page
    assert "Bez odpovědi" in page and "zatím správně 0 z 1" in page
    # The next question starts its own clock when the pupil sees it, not before.
    pupil = Pupil.objects.get()
    assert pupil.seen_order == 2 and pupil.seen_at is None
    # Within the grace an answer sent at time-up would still be taken: not after the reveal.
    response = iva.post(f"/hra/{lesson.code}/1/", {**RIGHT_SPOT, "cas": "1"})
    assert response.status_code == 409 and not Answer.objects.exists()
    assert "není na řadě" in html(response)
    page = html(iva.get(f"/hra/{lesson.code}/"))
    assert "Otázka 2 z 3" in page and re.search(r"Zbývá (29|30) s", page)
    assert_ungraded(page)
    # The right answer of the missed question can be looked at again.
    assert "Na tuto otázku jste neodpověděli" in html(iva.get(f"/hra/{lesson.code}/?po=1"))


def test_an_answer_sent_at_time_up_is_graded_at_once(class_quiz, teacher):
    lesson = self_paced(class_quiz, teacher)
    iva = Client()
    join(iva, lesson, "Iva")
    iva.get(f"/hra/{lesson.code}/")
    Pupil.objects.update(seen_at=timezone.now() - timedelta(seconds=31))
    response = iva.post(f"/hra/{lesson.code}/1/", {**RIGHT_SPOT, "cas": "1"})
    page = html(iva.get(response["Location"]))
    assert "Uložili jsme, co jste stihli vyplnit" in page
    assert "+1 správně" in page and "zatím správně 1 z 1" in page


def test_done_with_every_question_the_pupil_sees_the_score_and_every_answer(
        class_quiz, teacher):
    lesson = self_paced(class_quiz, teacher, timer=None)
    ada = Client()
    join(ada, lesson, "Ada")
    ada.post(f"/hra/{lesson.code}/1/", RIGHT_SPOT)
    ada.get(f"/hra/{lesson.code}/")
    ada.post(f"/hra/{lesson.code}/2/", {"orange": "1", "red": "1", "blue": "1"})
    ada.get(f"/hra/{lesson.code}/")
    ada.post(f"/hra/{lesson.code}/3/", {"misto": []})
    page = html(ada.get(f"/hra/{lesson.code}/"))
    assert "Hotovo" in page and "Správně jste odpověděli na 1 z 3 otázek" in page
    assert page.count('class="recap-item"') == 3 and "Ne tak docela" in page
    assert "Hodina skončila" not in page and "místo z" not in page  # no place yet


def test_the_teachers_reveal_keeps_a_self_paced_lesson_ungraded_until_the_end(
        class_quiz, teacher):
    lesson = self_paced(class_quiz, teacher, reveal=Lesson.Reveal.TEACHER)
    ada = Client()
    join(ada, lesson, "Ada")
    ada.post(f"/hra/{lesson.code}/1/", WRONG_SPOT)
    page = html(ada.get(f"/hra/{lesson.code}/?po=1"))
    assert "Odpověď uložena" in page
    assert_ungraded(page)
    assert "Otázka 2 z 3" in html(ada.get(f"/hra/{lesson.code}/"))
    Pupil.objects.update(seen_at=timezone.now() - timedelta(seconds=31))
    page = html(ada.get(f"/hra/{lesson.code}/"))
    assert "Čas na otázku 2 vypršel" in page and "Otázka 3 z 3" in page
    assert_ungraded(page)
    assert_ungraded(html(ada.get(f"/hra/{lesson.code}/?po=2")))
