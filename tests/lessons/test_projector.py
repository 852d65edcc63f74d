"""The projector: a page of its own with the teacher's buttons; counts without marks before
the reveal, the distribution and the top five after it; a cheap poll; ending asks first."""

import re

import pytest
from django.test import Client

from tests.helpers.makers import make_lesson, make_quiz, make_teacher
from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Lesson

pytestmark = pytest.mark.django_db


def url(lesson) -> str:
    return f"/ucitel/hodina/{lesson.code}/projektor/"


def answer(lesson, name, data, number=1):
    pupil = Client()
    join(pupil, lesson, name)
    pupil.post(f"/hra/{lesson.code}/{number}/", data)
    return pupil


def test_projector_is_a_full_screen_page_with_the_join_details(lesson, teacher_client):
    page = html(teacher_client.get(url(lesson)))
    assert 'class="projector"' in page and "site-header" not in page and "search" not in page
    assert f'<p class="projector-big-code">{lesson.code}</p>' in page
    assert f"/hra/{lesson.code}/" in page and f"{lesson.code}/qr.svg" in page
    assert "Začít" in page and "Ukončit hodinu…" in page
    assert "<script>" not in page and "style=" not in page  # strict CSP


def test_before_the_reveal_counts_and_clicks_but_no_right_spots(lesson, teacher_client):
    classroom.control(lesson, "start")
    answer(lesson, "Ada", {"vyber": "1", "misto": ["b2.SE"]})
    answer(lesson, "Bob", {"vyber": "1", "misto": ["e3.SE"]})
    classroom.join(lesson, "Cyril")
    page = html(teacher_client.get(url(lesson)))
    assert "2 z 3 odpovědělo" in page and "Odhalit" in page
    # Where the class tapped stays hidden: the most tapped spot would name the answer.
    assert 'class="heat-count"' not in page and 'class="heat"' not in page
    assert "mark-hit" not in page and "správně" not in page.lower().split("</nav>")[1]
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/",
                        {"akce": "reveal", "zpet": "projektor"})
    page = html(teacher_client.get(url(lesson)))
    assert "Správná odpověď odhalena" in page and "mark-hit" in page
    assert "1 z 2</strong> správně" in page
    assert "1×</strong> u pouště, pastviny 12 a lesa 3" in page
    assert page.count('class="heat-count"') == 2
    # The answer is drawn above everything: the ring after the marks and the counts.
    assert page.index('class="marks"') < page.index('class="heat-counts"')
    assert page.index('class="heat-counts"') < page.index('class="answer-rings"')


def test_form_question_shows_which_choices_the_class_made(lesson, teacher_client):
    classroom.control(lesson, "start")
    classroom.control(lesson, "next")
    answer(lesson, "Ada", {"orange": "0", "red": "4", "blue": "5"}, number=2)
    answer(lesson, "Bob", {"orange": "0", "red": "4", "blue": "4"}, number=2)
    classroom.control(lesson, "reveal")
    page = html(teacher_client.get(url(lesson)))
    assert re.search(r"2×</strong> 4 ✓", page)
    assert re.search(r"1×</strong> 4</span>", page) and re.search(r"1×</strong> 5 ✓", page)


def test_top_five_only_when_the_teacher_wants_it_with_speed_apart(class_quiz, teacher,
                                                                  teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, None, True)
    classroom.control(lesson, "start")
    for number in range(7):
        answer(lesson, f"Žák {number}", {"vyber": "1", "misto": ["b2.SE"] if number % 2 else []})
    classroom.control(lesson, "reveal")
    assert "Nejvíc správných odpovědí" not in html(teacher_client.get(url(lesson)))
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "ranking"})
    page = html(teacher_client.get(url(lesson)))
    top = page.split("Nejvíc správných odpovědí")[1]
    assert top.count('<span class="projector-top-place">') == 5
    assert re.search(r"1 správně · \d+ b\.", top)  # speed points apart from right answers
    # Right answers first (1, 3, 5); speed points only order pupils with as many right.
    names = re.findall(r'<strong class="projector-top-name">([^<]+)</strong>', top)
    assert sorted(names[:3]) == ["Žák 1", "Žák 3", "Žák 5"] and "Žák 6" not in names


def test_poll_is_cheap_until_something_changes(lesson, teacher_client):
    classroom.control(lesson, "start")
    page = html(teacher_client.get(url(lesson)))
    poll = re.search(r'hx-get="([^"]+cast=1[^"]+)"', page).group(1).replace("&amp;", "&")
    assert teacher_client.get(poll).status_code == 204
    answer(lesson, "Ada", {"vyber": "1", "misto": ["b2.SE"]})
    live = teacher_client.get(poll)
    assert live.status_code == 200 and "1 z 1 odpovědělo" in html(live)
    assert html(live).lstrip().startswith('<div id="projektor-zive"')
    classroom.control(lesson, "reveal")
    assert teacher_client.get(poll)["HX-Refresh"] == "true"


def test_ending_the_lesson_asks_first_and_works_without_javascript(lesson, teacher_client):
    classroom.control(lesson, "start")
    control = f"/ucitel/hodina/{lesson.code}/ovladani/"
    response = teacher_client.post(control, {"akce": "close", "zpet": "projektor"})
    assert response["Location"] == f"/ucitel/hodina/{lesson.code}/ukoncit/"
    lesson.refresh_from_db()
    assert lesson.state == Lesson.State.RUNNING
    page = html(teacher_client.get(response["Location"]))
    assert "Opravdu ukončit hodinu?" in page and 'name="potvrdit" value="1"' in page
    response = teacher_client.post(control, {"akce": "close", "potvrdit": "1",
                                             "zpet": "projektor"})
    assert response["Location"] == url(lesson)
    lesson.refresh_from_db()
    assert lesson.is_closed
    assert "Hodina skončila" in html(teacher_client.get(url(lesson)))


def test_badge_right_now_disappears_when_the_lesson_closes(lesson, teacher_client):
    classroom.control(lesson, "start")
    results = f"/ucitel/hodina/{lesson.code}/vysledky/"
    assert "právě teď" in html(teacher_client.get(results))
    classroom.control(lesson, "close")
    assert "právě teď" not in html(teacher_client.get(results))


def test_another_teacher_cannot_open_the_projector(lesson):
    other = Client()
    other.force_login(make_teacher("jiny", password=None))
    assert other.get(url(lesson)).status_code == 404
    assert other.get(f"/ucitel/hodina/{lesson.code}/ukoncit/").status_code == 404


def test_self_paced_lesson_shows_progress_then_the_final_overview(class_quiz, teacher,
                                                                  teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, None, False,
                                    show_ranking=True)
    classroom.control(lesson, "start")
    answer(lesson, "Ada", {"vyber": "1", "misto": ["b2.SE"]})
    page = html(teacher_client.get(url(lesson)))
    assert "Všechny otázky má hotové 0 z 1 žáků" in page and "Odhalit" not in page
    # Live: each pupil's progress and each question's count, and the top five asked for.
    assert "1 z 3</strong>" in page and "odpovědí: <strong>1</strong>" in page
    assert "Nejvíc správných odpovědí" in page
    live = re.search(r'hx-get="([^"]+cast=1[^"]+)"', page).group(1).replace("&amp;", "&")
    assert teacher_client.get(live).status_code == 204
    answer(lesson, "Bob", {"vyber": "1", "misto": ["e3.SE"]})
    part = html(teacher_client.get(live))
    assert "Bob" in part and part.count("1 z 3</strong>") == 2
    classroom.control(lesson, "close")
    page = html(teacher_client.get(url(lesson)))
    assert "Hodina skončila" in page and "1 z 2</strong> správně" in page
    assert "Stupně vítězů" in page and "Ada" in page


def test_a_table_question_reveals_as_a_grid_and_long_fields_stay_one_line(teacher, teacher_client):
    """"Co kdo dostane?" (players × resources) shows each cell's right count and how many chose
    it; other fields name the right answer, the two commonest wrong ones and the rest."""
    from tutorial import quiz

    lesson_quiz = make_quiz(teacher, "Výnosy", [("vynosy", "a2"), ("sedmicka", "a3")])
    lesson = make_lesson(lesson_quiz, teacher)
    classroom.control(lesson, "start")
    prepared = quiz.prepare("vynosy", "a2")
    right = dict(prepared.solution.answer)
    answer(lesson, "Ada", right)
    answer(lesson, "Bob", {**right, prepared.fields[0].name: "5"})
    classroom.control(lesson, "reveal")
    page = html(teacher_client.get(url(lesson)))
    grid = page.split('<table class="projector-grid">')[1].split("</table>")[0]
    assert grid.count('<th scope="row">') == 4 and grid.count('<th scope="col">') == 5
    assert grid.count('<td><strong class="is-right">') == 20
    assert "2×" in grid and "1×" in grid
    assert 'class="projector-field' not in page  # no line per field
    classroom.control(lesson, "next")
    seven = quiz.prepare("sedmicka", "a3")
    for number, value in enumerate("0123456"):
        answer(lesson, f"Žák {number}", {field.name: value for field in seven.fields},
               number=2)
    classroom.control(lesson, "reveal")
    page = html(teacher_client.get(url(lesson)))
    lines = page.split('<ul class="projector-fields">')[1].split("</ul>")[0]
    assert lines.count("<li>") == len(seven.fields)
    for line in lines.split("<li>")[1:]:
        assert line.count("✓") == 1 and line.count('class="is-wrong"') <= 3
        assert "jiné <strong>" in line  # seven different answers: the rest counted together


def test_a_whole_class_on_one_place_stands_on_one_step_of_the_podium(lesson, teacher_client):
    classroom.control(lesson, "ranking")
    classroom.control(lesson, "start")
    for number in range(8):
        answer(lesson, f"Žák {number}", {"vyber": "1", "misto": ["b2.SE"]})
    classroom.control(lesson, "close")
    page = html(teacher_client.get(url(lesson)))
    podium = page.split('class="projector-podium"')[1].split("</ol>")[0]
    assert podium.count("<li") == 1 and podium.count('class="podium-name"') == 3
    assert "a ještě 5 žáků" in podium
