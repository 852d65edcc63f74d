"""Quiz management: rename, copy, delete, reorder; a quiz stays editable after a lesson and
the lesson keeps its own copy of the questions and its results."""

import pytest
from django.test import Client

from tests.helpers.makers import make_teacher
from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer, Lesson, Quiz

pytestmark = pytest.mark.django_db


def kinds(quiz):
    return [item.kind for item in quiz.items.all()]


def test_rename_and_copy(teacher_client, class_quiz):
    teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/prejmenovat/", {"nazev": "  Nový  název "})
    class_quiz.refresh_from_db()
    assert class_quiz.title == "Nový název"
    assert teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/prejmenovat/",
                               {"nazev": " "}).status_code == 400
    response = teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/kopie/")
    copy = Quiz.objects.exclude(pk=class_quiz.pk).get()
    assert response["Location"] == f"/ucitel/kviz/{copy.pk}/"
    assert copy.title == "Nový název (kopie)" and kinds(copy) == kinds(class_quiz)


def test_reorder_questions(teacher_client, class_quiz):
    first = class_quiz.items.get(order=1)
    teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/posunout/{first.pk}/", {"smer": "dolu"})
    assert kinds(class_quiz) == ["sedmicka", "vesnice", "silnice"]
    last = class_quiz.items.get(order=3)
    teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/posunout/{last.pk}/", {"smer": "nahoru"})
    assert kinds(class_quiz) == ["sedmicka", "silnice", "vesnice"]
    # Past either end, or a nonsense direction: nothing happens.
    top = class_quiz.items.get(order=1)
    teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/posunout/{top.pk}/", {"smer": "nahoru"})
    teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/posunout/{top.pk}/", {"smer": "x"})
    assert kinds(class_quiz) == ["sedmicka", "silnice", "vesnice"]
    assert [item.order for item in class_quiz.items.all()] == [1, 2, 3]


def test_a_quiz_is_reused_after_a_lesson_without_changing_the_lesson(teacher_client, lesson,
                                                                   class_quiz):
    pupil = Client()
    join(pupil, lesson, "Ada")
    classroom.control(lesson, "start")
    pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    classroom.control(lesson, "close")
    first = class_quiz.items.get(order=1)
    teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/smazat/{first.pk}/")
    teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/pridat/",
                        {"druh": "zamori", "varianty": "almanach"})
    assert kinds(class_quiz) == ["sedmicka", "silnice", "zamori"]
    # The past lesson still has its three questions and Ada's right answer.
    assert [item.kind for item in lesson.items.all()] == ["vesnice", "sedmicka", "silnice"]
    page = html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/vysledky/"))
    assert "Kde smí stát vesnice?" in page and "Odpovědí: 1 · správně: 1" in page
    # And a new lesson uses the quiz as it is now.
    response = teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/spustit/", {"tempo": "ucitel"})
    new = Lesson.objects.exclude(pk=lesson.pk).get()
    assert response.status_code == 302
    assert [item.kind for item in new.items.all()] == ["sedmicka", "silnice", "zamori"]


def test_delete_asks_first_and_keeps_past_lessons(teacher_client, lesson, class_quiz):
    page = html(teacher_client.get(f"/ucitel/kviz/{class_quiz.pk}/smazat/"))
    assert "Proběhlé hodiny s tímto kvízem (1) zůstanou" in page
    response = teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/smazat/")
    assert response.status_code == 400 and Quiz.objects.exists()
    response = teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/smazat/", {"potvrdit": "1"})
    assert response["Location"] == "/ucitel/" and not Quiz.objects.exists()
    lesson.refresh_from_db()
    assert lesson.quiz is None and lesson.items.count() == 3
    page = html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/"))
    assert "Vesnice a sedmička" in page


def test_nobody_manages_another_teacher_s_quiz(class_quiz):
    other = Client()
    other.force_login(make_teacher("jiny", password=None))
    item = class_quiz.items.first()
    base = f"/ucitel/kviz/{class_quiz.pk}/"
    for url in (f"{base}prejmenovat/", f"{base}kopie/", f"{base}smazat/",
                f"{base}posunout/{item.pk}/"):
        assert other.post(url, {"nazev": "X", "potvrdit": "1", "smer": "dolu"}).status_code == 404
    assert Quiz.objects.get().title == "Vesnice a sedmička" and Quiz.objects.count() == 1
    assert kinds(class_quiz) == ["vesnice", "sedmicka", "silnice"]
    assert not Answer.objects.exists()


def test_the_teacher_chooses_which_almanach_example_a_question_is_made_from(
        teacher_client, class_quiz):
    from tutorial.quiz import examples, transform

    url = f"/ucitel/kviz/{class_quiz.pk}/"
    page = html(teacher_client.get(url))
    printed = class_quiz.items.get(order=1)  # vesnice a1, printed
    for variant, source in ((q.variant, q.source.removeprefix("Almanach: "))
                            for q in examples("vesnice")):
        assert f'<option value="{variant}"' in page and source in page
    assert "Změnit příklad" in page
    teacher_client.post(f"{url}priklad/{printed.pk}/", {"priklad": "a2"})
    printed.refresh_from_db()
    assert printed.variant == "a2"  # still as printed
    # A disguised question stays disguised, now of the chosen example.
    teacher_client.post(f"{url}obmena/{printed.pk}/")
    teacher_client.post(f"{url}priklad/{printed.pk}/", {"priklad": "a1"})
    printed.refresh_from_db()
    assert transform.is_disguised(printed.variant)
    assert transform.example_of(printed.variant) == "a1"
    assert 'value="a1" selected' in html(teacher_client.get(url))
    # Nonsense is refused in Czech; another teacher's quiz is not found.
    response = teacher_client.post(f"{url}priklad/{printed.pk}/", {"priklad": "a99"})
    assert response.status_code == 400 and "Takový příklad neznáme" in html(response)
    per_pupil = class_quiz.items.get(order=3)
    assert teacher_client.post(f"{url}priklad/{per_pupil.pk}/",
                               {"priklad": "a1"}).status_code == 404
    other = Client()
    other.force_login(make_teacher("cizi", password=None))
    assert other.post(f"{url}priklad/{printed.pk}/", {"priklad": "a2"}).status_code == 404


def test_a_per_pupil_question_shows_three_sample_positions_side_by_side(
        teacher_client, class_quiz):
    per_pupil = class_quiz.items.get(order=3)  # silnice, a position per pupil
    page = html(teacher_client.get(f"/ucitel/kviz/{class_quiz.pk}/"))
    preview = f"/ucitel/kviz/{class_quiz.pk}/ukazka/{per_pupil.pk}/"
    assert f'href="{preview}"' in page and "ukázka tří pozic" in page
    response = teacher_client.get(preview)
    assert response.status_code == 200
    page = html(response)
    assert page.count('class="card pupil-sample"') == 3
    boards = [match for match in page.split('class="card pupil-sample"')[1:]]
    assert len({board.split("</svg>")[0] for board in boards}) == 3  # three different boards
    for number in (1, 2, 3):
        assert f"Žák {number}" in page
    # Only per-pupil questions have samples.
    fixed = class_quiz.items.get(order=1)
    assert teacher_client.get(
        f"/ucitel/kviz/{class_quiz.pk}/ukazka/{fixed.pk}/").status_code == 404


def test_list_forms_swap_the_list_with_htmx_and_post_without_javascript(
        teacher_client, class_quiz):
    page = html(teacher_client.get(f"/ucitel/kviz/{class_quiz.pk}/"))
    assert 'id="otazky" hx-target="#otazky" hx-select="#otazky"' in page
    first = class_quiz.items.get(order=1)
    move = f"/ucitel/kviz/{class_quiz.pk}/posunout/{first.pk}/"
    assert f'<form method="post" action="{move}" hx-post="{move}"' in page
    response = teacher_client.post(move, {"smer": "dolu"}, headers={"HX-Request": "true"})
    assert response.status_code == 302
    assert kinds(class_quiz) == ["sedmicka", "vesnice", "silnice"]
