"""Fairness: nobody learns what is right before the reveal, closed questions take no answers,
speed counts from each question's own start, and self-paced pupils have their own clock."""

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

RIGHT = {"vyber": "1", "misto": ["b2.SE"]}
WRONG = {"vyber": "1", "misto": ["e3.SE"]}


def control(teacher_client, lesson, action, **extra):
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": action, **extra})
    lesson.refresh_from_db()


@pytest.fixture
def started(lesson, teacher_client):
    control(teacher_client, lesson, "start")
    return lesson


def test_a_pupil_sees_only_that_the_answer_is_saved_until_the_reveal(started, teacher_client):
    pupil = Client()
    join(pupil, started, "Ada")
    pupil.post(f"/hra/{started.code}/1/", WRONG)
    page = html(pupil.get(f"/hra/{started.code}/"))
    assert "Odpověď uložena" in page and "Vaše odpověď: " in page
    for leak in ("Ne tak docela", "Správně", "quiz-feedback", "mark-", "správně 0"):
        assert leak not in page, leak
    control(teacher_client, started, "reveal")
    page = html(pupil.get(f"/hra/{started.code}/"))
    assert "Ne tak docela" in page and "mark-wrong" in page and "mark-miss" in page
    assert "Počkejte, až učitel spustí další otázku" in page


def test_answers_to_a_revealed_or_passed_question_are_refused(started, teacher_client):
    late, later = Client(), Client()
    join(late, started, "Pozdní")
    join(later, started, "Pozdější")
    control(teacher_client, started, "reveal")
    response = late.post(f"/hra/{started.code}/1/", RIGHT)
    assert response.status_code == 409 and "už je odhalená" in html(response)
    control(teacher_client, started, "next")
    response = later.post(f"/hra/{started.code}/1/", RIGHT)
    assert response.status_code == 409 and "učitel už přešel k další" in html(response)
    assert not Answer.objects.exists()
    with pytest.raises(classroom.Closed):
        classroom.submit(started, Pupil.objects.first(), started.items.first(), ["b2.SE"])


def test_time_up_closes_the_question_and_the_polling_page_notices(class_quiz, teacher,
                                                                 teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, 20, False)
    pupil = Client()
    join(pupil, lesson, "Pomalý")
    control(teacher_client, lesson, "start")
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    version = re.search(r"stav/\?v=([\w-]+)", page).group(1)
    assert "Zbývá" in page and "data-deadline" in page
    Lesson.objects.filter(pk=lesson.pk).update(
        question_started=timezone.now() - timedelta(seconds=21))
    status = pupil.get(f"/hra/{lesson.code}/stav/?v={version}")
    assert status["HX-Refresh"] == "true"
    response = pupil.post(f"/hra/{lesson.code}/1/", RIGHT)
    assert response.status_code == 409 and "Čas vypršel" in html(response)
    assert not Answer.objects.exists()
    # Teacher's reveal mode: time-up closes, but the right answer waits for the teacher.
    assert "Počkejte, až učitel odhalí" in html(pupil.get(f"/hra/{lesson.code}/"))


def test_automatic_reveal_when_everyone_answered_or_time_is_up(class_quiz, teacher):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, 30, False,
                                    reveal=Lesson.Reveal.AUTO)
    classroom.control(lesson, "start")
    first, second = classroom.join(lesson, "Ada"), classroom.join(lesson, "Bob")
    item = lesson.items.first()
    classroom.submit(lesson, first, item, ["b2.SE"])
    lesson.refresh_from_db()
    assert not classroom.shown(lesson, 0)
    classroom.submit(lesson, second, item, [])
    lesson.refresh_from_db()
    assert classroom.shown(lesson, 0)
    classroom.control(lesson, "next")
    assert not classroom.shown(lesson, 1)
    lesson.question_started = timezone.now() - timedelta(seconds=31)
    assert classroom.shown(lesson, 1)


def test_self_paced_pupils_have_their_own_clock_and_move_on_when_it_runs_out(
        class_quiz, teacher, teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, 30, True)
    pupil = Client()
    join(pupil, lesson, "Iva")
    control(teacher_client, lesson, "start")
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Otázka 1 z 3" in page and "data-reload" in page
    seen = Pupil.objects.get()
    assert seen.seen_order == 1 and seen.seen_at is not None
    # The pupil's phone slept past the limit: the answer is refused, the next question comes.
    Pupil.objects.filter(pk=seen.pk).update(seen_at=timezone.now() - timedelta(seconds=31))
    response = pupil.post(f"/hra/{lesson.code}/1/", RIGHT)
    assert response.status_code == 409 and "Čas vypršel" in html(response)
    assert "Otázka 2 z 3" in html(pupil.get(f"/hra/{lesson.code}/"))
    # Speed counts from when this pupil saw this question.
    pupil.post(f"/hra/{lesson.code}/2/", {"orange": "0", "red": "4", "blue": "5"})
    answer = Answer.objects.get()
    assert answer.correct and answer.points > 900
    # Until the teacher ends the lesson, nothing says right or wrong.
    page = html(pupil.get(f"/hra/{lesson.code}/?po=2"))
    assert "Odpověď uložena" in page and "Správně" not in page


def test_end_screen_has_score_place_and_every_question_with_the_right_answer(
        class_quiz, teacher, teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, None, False,
                                    show_ranking=True)
    ada, bob = Client(), Client()
    join(ada, lesson, "Ada")
    join(bob, lesson, "Bob")
    control(teacher_client, lesson, "start")
    ada.post(f"/hra/{lesson.code}/1/", RIGHT)
    bob.post(f"/hra/{lesson.code}/1/", WRONG)
    control(teacher_client, lesson, "close", potvrdit="1")
    page = html(bob.get(f"/hra/{lesson.code}/"))
    assert "Hodina skončila" in page and "Správně jste odpověděli na 0 z 3" in page
    assert "Jste na 2. místě z 2" in page
    assert page.count('class="recap-item"') == 3
    assert page.count("Na tuto otázku jste neodpověděli") == 2
    assert "mark-hit" not in page or "mark-miss" in page  # Bob's miss is marked on the board
    assert "Almanach</a>" in page  # the explanation links to the rule


def test_teacher_buttons_pressed_twice_do_nothing_more(started):
    classroom.control(started, "next")
    again = Lesson.objects.get(pk=started.pk)
    classroom.control(again, "reveal")
    classroom.control(again, "reveal")
    assert again.current == 1 and again.revealed
    started.refresh_from_db()
    assert started.current == 1


def test_a_self_paced_lesson_reveals_to_the_class_only_at_the_end_in_either_mode(
        class_quiz, teacher):
    """Self-paced, nothing is revealed to the whole class (the wall, every phone) before the
    end, whichever reveal the teacher chose: the two lessons poll and reveal alike at every
    stage. Only each pupil's own answered questions differ: graded at once in the automatic
    mode (tests/lessons/test_self_paced_feedback.py), at the end in the teacher's."""
    lessons = {reveal: classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, 30,
                                              True, reveal=reveal)
               for reveal in Lesson.Reveal.values}
    assert len(lessons) == 2

    def alike(*, shown: bool) -> None:
        states = set()
        for lesson in lessons.values():
            lesson.refresh_from_db()
            states.add((lesson.version(), classroom.revealed(lesson),
                        tuple(classroom.shown(lesson, index) for index in range(3))))
        assert len(states) == 1, states
        assert next(iter(states))[2] == (shown,) * 3

    alike(shown=False)
    pupils = {reveal: classroom.join(lesson, "Ada") for reveal, lesson in lessons.items()}
    for lesson in lessons.values():
        classroom.control(lesson, "start")
    alike(shown=False)
    for reveal, lesson in lessons.items():
        items, pupil = classroom.items_of(lesson), pupils[reveal]
        for item, response in zip(items, (["b2.SE"], {"orange": "0", "red": "4", "blue": "5"},
                                          []), strict=True):
            answered = set(Answer.objects.filter(pupil=pupil).values_list("item", flat=True))
            assert classroom.current_index(lesson, pupil, items, answered) == item.order - 1
            classroom.submit(lesson, pupil, item, response)  # the page shows it, the pupil answers
    assert Answer.objects.count() == 6
    alike(shown=False)  # every pupil answered everything: an automatic reveal would come now
    for reveal, lesson in lessons.items():
        items, pupil = classroom.items_of(lesson), pupils[reveal]
        answered = {item.pk for item in items}
        assert [classroom.shown_to(lesson, pupil, index, items, answered)
                for index in range(3)] == [reveal == Lesson.Reveal.AUTO] * 3
    Lesson.objects.update(question_started=timezone.now() - timedelta(seconds=31))
    Pupil.objects.update(seen_at=timezone.now() - timedelta(seconds=31))
    alike(shown=False)  # and every clock has run out
    for lesson in lessons.values():
        classroom.control(lesson, "close")
    alike(shown=True)


@pytest.mark.parametrize("timer", [60, None])
def test_once_everyone_answered_the_countdown_stops_and_the_wall_says_so(
        class_quiz, teacher, teacher_client, timer):
    """Teacher's reveal: the last answer ends the question's time (Kahoot ends the question);
    nothing is revealed until the teacher says so."""
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, timer,
                                    True)
    ada, bob = Client(), Client()
    join(ada, lesson, "Ada")
    join(bob, lesson, "Bob")
    control(teacher_client, lesson, "start")
    wall = f"/ucitel/hodina/{lesson.code}/projektor/"
    ada.post(f"/hra/{lesson.code}/1/", RIGHT)
    page = html(teacher_client.get(wall))
    assert "1 z 2 odpovědělo" in page and "Všichni odpověděli" not in page
    assert ("Zbývá" in page) == bool(timer)
    page = html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/"))
    assert "Otázka 1:" in page and "1 z 2 odpovědělo" in page
    assert "Všichni odpověděli" not in page
    version = Lesson.objects.get(pk=lesson.pk).version()
    bob.post(f"/hra/{lesson.code}/1/", WRONG)
    lesson.refresh_from_db()
    page = html(teacher_client.get(wall))
    assert "Všichni odpověděli" in page and "2 z 2 odpovědělo" in page
    assert "Zbývá" not in page and "data-deadline" not in page and "Čas vypršel" not in page
    assert "Odhalit" in page and not lesson.revealed and "mark-hit" not in page
    # The teacher's lesson page (and its live list of pupils) says so too.
    lesson_page = f"/ucitel/hodina/{lesson.code}/"
    for page in (html(teacher_client.get(lesson_page)),
                 html(teacher_client.get(lesson_page, headers={"HX-Request": "true"}))):
        assert "Všichni odpověděli</strong> (2 z 2)" in page
        assert ("odpočet zastaven" in page) == bool(timer)
    # With a timer the phones' pages move on at once (their countdown ends too).
    assert (lesson.version() != version) == bool(timer)
    if timer:
        assert lesson.time_up()
        late = Client()
        join(late, lesson, "Pozdní")
        response = late.post(f"/hra/{lesson.code}/1/", RIGHT)
        assert response.status_code == 409 and "Čas vypršel" in html(response)
    control(teacher_client, lesson, "reveal")
    assert "Správná odpověď odhalena" in html(teacher_client.get(wall))
