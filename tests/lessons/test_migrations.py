"""The lessons' models moved from the app ``tutorial`` to their own app ``lessons`` and
ClassSession is called Lesson: a school's database from before migrates forward and keeps
every row, and the site's models read them (issue #41).

An SQLite database of its own (a file in the test's directory) is migrated by Django's
migration executor to the state before the move (``tutorial`` 0006, no ``lessons``), filled
through the historical models, then migrated to the newest state.
"""

import datetime as dt

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connections
from django.db.backends.sqlite3.base import DatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tutorial.lessons import models as lesson_models

BEFORE_MOVE = ("tutorial", "0006_rename_session_to_lesson")
# Model names before the move, and the tables they have always had.
TABLES = {
    "Quiz": "tutorial_quiz", "QuizItem": "tutorial_quizitem",
    "ClassSession": "tutorial_classsession", "LessonItem": "tutorial_lessonitem",
    "Pupil": "tutorial_pupil", "Answer": "tutorial_answer", "Attempt": "tutorial_attempt",
    "Invite": "tutorial_invite",
}


@pytest.fixture
def database(tmp_path, django_db_blocker):
    """An empty SQLite file as the default database while the test runs (the old migrations'
    own Python, like any code of theirs, reads the default database)."""
    settings = connections.configure_settings({
        "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(tmp_path / "old.sqlite3")},
    })["default"]
    test_database = connections["default"]
    connection = DatabaseWrapper(settings, "default")
    connections["default"] = connection
    try:
        with django_db_blocker.unblock():
            yield connection
            connection.close()
    finally:
        connections["default"] = test_database
        ContentType.objects.clear_cache()  # nothing learnt from the file outlives the test


def _targets(executor, before: bool) -> list[tuple[str, str | None]]:
    targets = []
    for app, name in executor.loader.graph.leaf_nodes():
        if before and app == "lessons":
            continue
        targets.append(BEFORE_MOVE if before and app == "tutorial" else (app, name))
    return targets


def _tables(connection) -> set[str]:
    with connection.cursor() as cursor:
        return set(connection.introspection.table_names(cursor))


def _fill(apps) -> None:
    """A school's lessons as they stood before the move: a quiz, a finished lesson with a
    pupil and an answer, a failed sign-in, a used invitation, and a teacher allowed to change
    quizzes in the admin."""
    user_model = apps.get_model("auth", "User")
    content_type = apps.get_model("contenttypes", "ContentType")
    permission = apps.get_model("auth", "Permission")
    model = {name: apps.get_model("tutorial", name) for name in TABLES}
    teacher = user_model.objects.create(username="novakova", password="!")
    quiz = model["Quiz"].objects.create(owner=teacher, title="Vesnice a sedmička")
    model["QuizItem"].objects.create(quiz=quiz, order=1, kind="vesnice",
                                               variant="a1")
    model["QuizItem"].objects.create(quiz=quiz, order=2, kind="loupeznik",
                                               variant="v1", position="t=1&b=1")
    started = timezone.now() - dt.timedelta(hours=1)
    lesson = model["ClassSession"].objects.create(
        quiz=quiz, title="Vesnice a sedmička", teacher=teacher, code="ACD347", pace="ucitel",
        state="uzavreno", current=1, question_started=started, timer_seconds=30,
        speed_scoring=True, reveal="samo", revealed=True, show_ranking=True, late_join=False,
        closed=started + dt.timedelta(minutes=20), blocked_nicknames=["sprosty jezek"],
        last_activity=started)
    item = model["LessonItem"].objects.create(lesson=lesson, order=1,
                                                        kind="vesnice", variant="a1")
    pupil = model["Pupil"].objects.create(
        lesson=lesson, nickname="Rychlý Ježek", nickname_key="rychlý ježek", token="t" * 43,
        pin="0427", released=True, seen_order=1, seen_at=started)
    model["Answer"].objects.create(pupil=pupil, item=item, variant="a1",
                                             response={"uzly": [12]}, correct=True,
                                             score=1.0, points=870)
    model["Attempt"].objects.create(scope="prihlaseni", key="10.0.0.1")
    model["Invite"].objects.create(note="Pro kolegyni", digest="d" * 64,
                                             expires=started, used=started, user=teacher)
    for name in TABLES:
        content_type.objects.create(app_label="tutorial", model=name.lower())
    quiz_type = content_type.objects.get(app_label="tutorial", model="quiz")
    lesson_type = content_type.objects.get(app_label="tutorial", model="classsession")
    teacher.user_permissions.add(
        permission.objects.create(content_type=quiz_type, codename="change_quiz",
                                  name="Can change kvíz"),
        permission.objects.create(content_type=lesson_type, codename="view_classsession",
                                  name="Can view hodina"))


def _rows(model) -> list[dict]:
    return list(model.objects.order_by("pk").values())


def test_a_database_from_before_the_move_keeps_every_row_and_the_site_reads_them(database):
    executor = MigrationExecutor(database)
    executor.migrate(_targets(executor, before=True))
    executor.loader.build_graph()
    old_apps = executor.loader.project_state(_targets(executor, before=True)).apps
    _fill(old_apps)
    tables = _tables(database)
    assert set(TABLES.values()) <= tables
    before = {name: _rows(old_apps.get_model("tutorial", name)) for name in TABLES}

    executor = MigrationExecutor(database)
    executor.migrate(_targets(executor, before=False))

    assert _tables(database) == tables  # no table made, dropped or renamed
    now = {"Quiz": lesson_models.Quiz, "QuizItem": lesson_models.QuizItem,
           "ClassSession": lesson_models.Lesson, "LessonItem": lesson_models.LessonItem,
           "Pupil": lesson_models.Pupil, "Answer": lesson_models.Answer,
           "Attempt": lesson_models.Attempt, "Invite": lesson_models.Invite}
    for name, model in now.items():
        assert model._meta.db_table == TABLES[name]
        assert _rows(model) == before[name], name
    # The site's own questions on those rows: the lesson, its pupils and their answers.
    lesson = now["ClassSession"].objects.get(code="ACD347")
    assert lesson.is_closed and lesson.blocked_nicknames == ["sprosty jezek"]
    pupil = lesson.pupils.get()
    assert (pupil.nickname, pupil.pin, pupil.answers.get().points) == ("Rychlý Ježek", "0427",
                                                                       870)
    assert [item.kind for item in lesson.quiz.items.all()] == ["vesnice", "loupeznik"]
    assert lesson.teacher.quizzes.get() == lesson.quiz
    assert now["Invite"].objects.get().user == lesson.teacher
    # The admin's permissions a teacher held now belong to the app lessons and name Lesson.
    held = lesson.teacher.user_permissions.order_by("codename")
    assert [(p.content_type.app_label, p.content_type.model, p.codename) for p in held] == [
        ("lessons", "quiz", "change_quiz"), ("lessons", "lesson", "view_lesson")]


def test_the_admin_shows_the_lessons_under_their_app_and_old_addresses_lead_there(
        admin_client, class_quiz):
    page = admin_client.get("/sprava/lessons/quiz/")
    assert page.status_code == 200 and "Vesnice a sedmička" in page.content.decode()
    assert "Hodiny s třídou" in admin_client.get("/sprava/").content.decode()
    old = admin_client.get(f"/sprava/tutorial/quiz/{class_quiz.pk}/change/?_changelist_filters=x")
    assert old.status_code == 308
    assert old["Location"] == f"/sprava/lessons/quiz/{class_quiz.pk}/change/?_changelist_filters=x"
    assert admin_client.get("/sprava/tutorial/").status_code == 308
    lesson = admin_client.get("/sprava/tutorial/classsession/?q=ABC")
    assert lesson.status_code == 308 and lesson["Location"] == "/sprava/lessons/lesson/?q=ABC"
    assert admin_client.get("/sprava/tutorial/", follow=True).status_code == 200
    # Signed out, the old address asks for the admin's login like the new one.
    admin_client.logout()
    assert "/sprava/login/" in admin_client.get("/sprava/tutorial/invite/",
                                                follow=True).redirect_chain[-1][0]
