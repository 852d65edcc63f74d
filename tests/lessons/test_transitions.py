"""Every state a pupil's screen shows has its own version key, so a polling phone always
notices the change (issue 21, High 1)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tutorial.lessons import classroom
from tutorial.lessons.models import Lesson

pytestmark = pytest.mark.django_db


def _age(lesson, seconds):
    lesson.question_started = timezone.now() - timedelta(seconds=seconds)
    lesson.save(update_fields=["question_started"])


@pytest.mark.parametrize("reveal", [Lesson.Reveal.TEACHER, Lesson.Reveal.AUTO])
def test_each_transition_of_a_teacher_paced_lesson_changes_the_key(class_quiz, teacher, reveal):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, 20, False,
                                    reveal=reveal)
    keys = [lesson.version()]  # lobby
    classroom.control(lesson, "start")
    keys.append(lesson.version())  # question 1 open
    _age(lesson, 21)
    keys.append(lesson.version())  # time up (auto: revealed by itself)
    if reveal == Lesson.Reveal.TEACHER:
        classroom.control(lesson, "reveal")
        keys.append(lesson.version())  # revealed by the teacher
    classroom.control(lesson, "next")
    keys.append(lesson.version())  # question 2 open
    classroom.control(lesson, "close")
    keys.append(lesson.version())  # ended
    assert len(set(keys)) == len(keys), keys


def test_self_paced_keys_change_with_the_lesson_and_the_ranking(class_quiz, teacher):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, 20, False)
    keys = [lesson.version()]
    classroom.control(lesson, "start")
    keys.append(lesson.version())
    classroom.control(lesson, "ranking")
    keys.append(lesson.version())
    classroom.control(lesson, "close")
    keys.append(lesson.version())
    assert len(set(keys)) == len(keys), keys
