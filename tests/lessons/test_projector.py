"""The projector: a page of its own with the teacher's buttons; counts without marks before
the reveal, the distribution and the top five after it; a cheap poll; ending asks first."""

import re

import pytest
from django.test import Client

from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import ClassSession

pytestmark = pytest.mark.django_db


def url(session) -> str:
    return f"/ucitel/hodina/{session.code}/projektor/"


def answer(session, name, data, number=1):
    pupil = Client()
    join(pupil, session, name)
    pupil.post(f"/hra/{session.code}/{number}/", data)
    return pupil


def test_projector_is_a_full_screen_page_with_the_join_details(session, teacher_client):
    page = html(teacher_client.get(url(session)))
    assert 'class="projector"' in page and "site-header" not in page and "search" not in page
    assert f'<p class="projector-big-code">{session.code}</p>' in page
    assert f"/hra/{session.code}/" in page and f"{session.code}/qr.svg" in page
    assert "Začít" in page and "Ukončit hodinu…" in page
    assert "<script>" not in page and "style=" not in page  # strict CSP


def test_before_the_reveal_counts_and_clicks_but_no_right_spots(session, teacher_client):
    classroom.control(session, "start")
    answer(session, "Ada", {"vyber": "1", "misto": ["b2.SE"]})
    answer(session, "Bob", {"vyber": "1", "misto": ["e3.SE"]})
    classroom.join(session, "Cyril")
    page = html(teacher_client.get(url(session)))
    assert "2 z 3 odpovědělo" in page and "Odhalit" in page
    # Where the class tapped stays hidden: the most tapped spot would name the answer.
    assert 'class="heat-count"' not in page and 'class="heat"' not in page
    assert "mark-hit" not in page and "správně" not in page.lower().split("</nav>")[1]
    teacher_client.post(f"/ucitel/hodina/{session.code}/ovladani/",
                        {"akce": "reveal", "zpet": "projektor"})
    page = html(teacher_client.get(url(session)))
    assert "Správná odpověď odhalena" in page and "mark-hit" in page
    assert "1 z 2</strong> správně" in page
    assert "1×</strong> u pouště, pastviny 12 a lesa 3" in page
    assert page.count('class="heat-count"') == 2
    # The answer is drawn above everything: the ring after the marks and the counts.
    assert page.index('class="marks"') < page.index('class="heat-counts"')
    assert page.index('class="heat-counts"') < page.index('class="answer-rings"')


def test_form_question_shows_which_choices_the_class_made(session, teacher_client):
    classroom.control(session, "start")
    classroom.control(session, "next")
    answer(session, "Ada", {"orange": "0", "red": "4", "blue": "5"}, number=2)
    answer(session, "Bob", {"orange": "0", "red": "4", "blue": "4"}, number=2)
    classroom.control(session, "reveal")
    page = html(teacher_client.get(url(session)))
    assert re.search(r"2×</strong> 4 ✓", page)
    assert re.search(r"1×</strong> 4</span>", page) and re.search(r"1×</strong> 5 ✓", page)


def test_top_five_only_when_the_teacher_wants_it_with_speed_apart(class_quiz, teacher,
                                                                  teacher_client):
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.TEACHER, None, True)
    classroom.control(session, "start")
    for number in range(7):
        answer(session, f"Žák {number}", {"vyber": "1", "misto": ["b2.SE"] if number % 2 else []})
    classroom.control(session, "reveal")
    assert "Nejvíc správných odpovědí" not in html(teacher_client.get(url(session)))
    teacher_client.post(f"/ucitel/hodina/{session.code}/ovladani/", {"akce": "ranking"})
    page = html(teacher_client.get(url(session)))
    top = page.split("Nejvíc správných odpovědí")[1]
    assert top.count('<span class="projector-top-place">') == 5
    assert re.search(r"1 správně · \d+ b\.", top)  # speed points apart from right answers
    # Right answers first (1, 3, 5); speed points only order pupils with as many right.
    names = re.findall(r'<strong class="projector-top-name">([^<]+)</strong>', top)
    assert sorted(names[:3]) == ["Žák 1", "Žák 3", "Žák 5"] and "Žák 6" not in names


def test_poll_is_cheap_until_something_changes(session, teacher_client):
    classroom.control(session, "start")
    page = html(teacher_client.get(url(session)))
    poll = re.search(r'hx-get="([^"]+cast=1[^"]+)"', page).group(1).replace("&amp;", "&")
    assert teacher_client.get(poll).status_code == 204
    answer(session, "Ada", {"vyber": "1", "misto": ["b2.SE"]})
    live = teacher_client.get(poll)
    assert live.status_code == 200 and "1 z 1 odpovědělo" in html(live)
    assert html(live).lstrip().startswith('<div id="projektor-zive"')
    classroom.control(session, "reveal")
    assert teacher_client.get(poll)["HX-Refresh"] == "true"


def test_ending_the_lesson_asks_first_and_works_without_javascript(session, teacher_client):
    classroom.control(session, "start")
    control = f"/ucitel/hodina/{session.code}/ovladani/"
    response = teacher_client.post(control, {"akce": "close", "zpet": "projektor"})
    assert response["Location"] == f"/ucitel/hodina/{session.code}/ukoncit/"
    session.refresh_from_db()
    assert session.state == ClassSession.State.RUNNING
    page = html(teacher_client.get(response["Location"]))
    assert "Opravdu ukončit hodinu?" in page and 'name="potvrdit" value="1"' in page
    response = teacher_client.post(control, {"akce": "close", "potvrdit": "1",
                                             "zpet": "projektor"})
    assert response["Location"] == url(session)
    session.refresh_from_db()
    assert session.is_closed
    assert "Hodina skončila" in html(teacher_client.get(url(session)))


def test_badge_right_now_disappears_when_the_lesson_closes(session, teacher_client):
    classroom.control(session, "start")
    results = f"/ucitel/hodina/{session.code}/vysledky/"
    assert "právě teď" in html(teacher_client.get(results))
    classroom.control(session, "close")
    assert "právě teď" not in html(teacher_client.get(results))


def test_another_teacher_cannot_open_the_projector(session, django_user_model):
    other = Client()
    other.force_login(django_user_model.objects.create_user("jiny"))
    assert other.get(url(session)).status_code == 404
    assert other.get(f"/ucitel/hodina/{session.code}/ukoncit/").status_code == 404


def test_self_paced_lesson_shows_progress_then_the_final_overview(class_quiz, teacher,
                                                                  teacher_client):
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.SELF, None, False,
                                      show_ranking=True)
    classroom.control(session, "start")
    answer(session, "Ada", {"vyber": "1", "misto": ["b2.SE"]})
    page = html(teacher_client.get(url(session)))
    assert "Všechny otázky má hotové 0 z 1 žáků" in page and "Odhalit" not in page
    # Live: each pupil's progress and each question's count, and the top five asked for.
    assert "1 z 3</strong>" in page and "odpovědí: <strong>1</strong>" in page
    assert "Nejvíc správných odpovědí" in page
    live = re.search(r'hx-get="([^"]+cast=1[^"]+)"', page).group(1).replace("&amp;", "&")
    assert teacher_client.get(live).status_code == 204
    answer(session, "Bob", {"vyber": "1", "misto": ["e3.SE"]})
    part = html(teacher_client.get(live))
    assert "Bob" in part and part.count("1 z 3</strong>") == 2
    classroom.control(session, "close")
    page = html(teacher_client.get(url(session)))
    assert "Hodina skončila" in page and "1 z 2</strong> správně" in page
    assert "Stupně vítězů" in page and "Ada" in page


def test_a_table_question_reveals_as_a_grid_and_long_fields_stay_one_line(teacher, teacher_client):
    """"Co kdo dostane?" (players × resources) shows each cell's right count and how many chose
    it; other fields name the right answer, the two commonest wrong ones and the rest."""
    from tutorial import quiz
    from tutorial.lessons.models import Quiz, QuizItem

    lesson_quiz = Quiz.objects.create(owner=teacher, title="Výnosy")
    QuizItem.objects.create(quiz=lesson_quiz, order=1, kind="vynosy", variant="a2")
    QuizItem.objects.create(quiz=lesson_quiz, order=2, kind="sedmicka", variant="a3")
    session = classroom.start_session(lesson_quiz, teacher, ClassSession.Pace.TEACHER, None,
                                      False)
    classroom.control(session, "start")
    prepared = quiz.prepare("vynosy", "a2")
    right = dict(prepared.solution.answer)
    answer(session, "Ada", right)
    answer(session, "Bob", {**right, prepared.fields[0].name: "5"})
    classroom.control(session, "reveal")
    page = html(teacher_client.get(url(session)))
    grid = page.split('<table class="projector-grid">')[1].split("</table>")[0]
    assert grid.count('<th scope="row">') == 4 and grid.count('<th scope="col">') == 5
    assert grid.count('<td><strong class="is-right">') == 20
    assert "2×" in grid and "1×" in grid
    assert 'class="projector-field' not in page  # no line per field
    classroom.control(session, "next")
    seven = quiz.prepare("sedmicka", "a3")
    for number, value in enumerate("0123456"):
        answer(session, f"Žák {number}", {field.name: value for field in seven.fields},
               number=2)
    classroom.control(session, "reveal")
    page = html(teacher_client.get(url(session)))
    lines = page.split('<ul class="projector-fields">')[1].split("</ul>")[0]
    assert lines.count("<li>") == len(seven.fields)
    for line in lines.split("<li>")[1:]:
        assert line.count("✓") == 1 and line.count('class="is-wrong"') <= 3
        assert "jiné <strong>" in line  # seven different answers: the rest counted together


def test_a_whole_class_on_one_place_stands_on_one_step_of_the_podium(session, teacher_client):
    classroom.control(session, "ranking")
    classroom.control(session, "start")
    for number in range(8):
        answer(session, f"Žák {number}", {"vyber": "1", "misto": ["b2.SE"]})
    classroom.control(session, "close")
    page = html(teacher_client.get(url(session)))
    podium = page.split('class="projector-podium"')[1].split("</ol>")[0]
    assert podium.count("<li") == 1 and podium.count('class="podium-name"') == 3
    assert "a ještě 5 žáků" in podium
