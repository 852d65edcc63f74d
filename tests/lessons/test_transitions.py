"""Every state a pupil's screen shows has its own version key, so a polling phone always
notices the change (issue 21, High 1)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tutorial.lessons import classroom
from tutorial.lessons.models import ClassSession

pytestmark = pytest.mark.django_db


def _age(session, seconds):
    session.question_started = timezone.now() - timedelta(seconds=seconds)
    session.save(update_fields=["question_started"])


@pytest.mark.parametrize("reveal", [ClassSession.Reveal.TEACHER, ClassSession.Reveal.AUTO])
def test_each_transition_of_a_teacher_paced_lesson_changes_the_key(class_quiz, teacher, reveal):
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.TEACHER, 20, False,
                                      reveal=reveal)
    keys = [session.version()]  # lobby
    classroom.control(session, "start")
    keys.append(session.version())  # question 1 open
    _age(session, 21)
    keys.append(session.version())  # time up (auto: revealed by itself)
    if reveal == ClassSession.Reveal.TEACHER:
        classroom.control(session, "reveal")
        keys.append(session.version())  # revealed by the teacher
    classroom.control(session, "next")
    keys.append(session.version())  # question 2 open
    classroom.control(session, "close")
    keys.append(session.version())  # ended
    assert len(set(keys)) == len(keys), keys


def test_self_paced_keys_change_with_the_lesson_and_the_ranking(class_quiz, teacher):
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.SELF, 20, False)
    keys = [session.version()]
    classroom.control(session, "start")
    keys.append(session.version())
    classroom.control(session, "ranking")
    keys.append(session.version())
    classroom.control(session, "close")
    keys.append(session.version())
    assert len(set(keys)) == len(keys), keys
