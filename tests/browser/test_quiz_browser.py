"""Quizzes in a real browser: a pupil joins with the code and answers a click question by
clicking the board (htmx swaps the sandbox); the teacher's results page shows it. Also the
same click question with JavaScript switched off."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tutorial.lessons import classroom
from tutorial.models import Answer, ClassSession, Quiz, QuizItem

pytestmark = pytest.mark.browser

PASSWORD = "Katan-uci-2026!"


@pytest.fixture
def running_session(transactional_db):
    teacher = get_user_model().objects.create_user("novakova", password=PASSWORD)
    quiz = Quiz.objects.create(owner=teacher, title="Kde smí stát vesnice")
    QuizItem.objects.create(quiz=quiz, order=1, kind="vesnice", variant="a1")
    session = classroom.start_session(quiz, teacher, ClassSession.Pace.TEACHER, None, False)
    classroom.control(session, "start")
    return session


def test_pupil_answers_a_click_question_and_the_teacher_sees_it(live_server, browser,
                                                                running_session):
    session = running_session
    errors = []
    pupil_context = browser.new_context(locale="cs-CZ", viewport={"width": 390, "height": 844})
    pupil = pupil_context.new_page()
    pupil.on("pageerror", lambda error: errors.append(str(error)))
    pupil.goto(f"{live_server.url}/hra/")
    pupil.fill("#kod", session.code.lower())
    pupil.fill("#prezdivka", "Rychlý Ježek")
    pupil.get_by_role("button", name="Připojit se").click()
    expect(pupil.locator("h1")).to_contain_text("Otázka 1 z 1: Kde smí stát vesnice?")

    pupil.evaluate("window.__sameDocument = true")
    pupil.locator("a.target[data-id='b2.SE']").click()
    expect(pupil.locator(".quiz-selected")).to_contain_text("Označeno 1")
    assert pupil.evaluate("window.__sameDocument === true"), "the click reloaded the page"
    # A second spot on and off again: the selection follows.
    pupil.locator("a.target[data-id='e3.SE']").click()
    expect(pupil.locator(".quiz-selected")).to_contain_text("Označeno 2")
    pupil.locator("a.target[data-id='e3.SE']").click()
    expect(pupil.locator(".quiz-selected")).to_contain_text("Označeno 1")
    pupil.get_by_role("button", name="Vyhodnotit").click()
    expect(pupil.locator(".quiz-feedback h2")).to_have_text("Správně")
    assert Answer.objects.filter(correct=True).count() == 1

    # The seat survives a reload.
    pupil.reload()
    expect(pupil.locator(".play-head")).to_contain_text("Rychlý Ježek")

    teacher_context = browser.new_context(locale="cs-CZ")
    teacher = teacher_context.new_page()
    teacher.on("pageerror", lambda error: errors.append(str(error)))
    teacher.goto(f"{live_server.url}/prihlaseni/")
    teacher.fill("#id_username", "novakova")
    teacher.fill("#id_password", PASSWORD)
    teacher.get_by_role("button", name="Přihlásit se").click()
    expect(teacher.locator("h1")).to_have_text("Pro učitele")
    teacher.goto(f"{live_server.url}/ucitel/hodina/{session.code}/vysledky/")
    expect(teacher.locator(".result-item")).to_contain_text("Odpovědí: 1 · správně: 1")
    expect(teacher.locator(".result-table")).to_contain_text("Rychlý Ježek")
    expect(teacher.locator(".heat-count")).to_have_count(1)

    # A second pupil answers; the projector page updates itself by polling.
    other_context = browser.new_context(locale="cs-CZ")
    other = other_context.new_page()
    other.goto(f"{live_server.url}/hra/{session.code}/")
    other.fill("#prezdivka", "Bystrý Rys")
    other.get_by_role("button", name="Připojit se").click()
    other.locator("a.target[data-id='e3.SE']").click()
    expect(other.locator(".quiz-selected")).to_contain_text("Označeno 1")
    other.get_by_role("button", name="Vyhodnotit").click()
    expect(other.locator(".quiz-feedback h2")).to_have_text("Ne tak docela")
    expect(teacher.locator(".result-item")).to_contain_text("Odpovědí: 2 · správně: 1",
                                                            timeout=8000)
    expect(teacher.locator(".result-table")).to_contain_text("Bystrý Rys")
    for context in (pupil_context, other_context, teacher_context):
        context.close()
    assert not errors, errors


def test_click_question_works_without_javascript(live_server, browser, transactional_db):
    context = browser.new_context(java_script_enabled=False, locale="cs-CZ")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/kvizy/vesnice/a1/")
        page.locator("a.target[data-id='b2.SE']").click()
        expect(page.locator(".quiz-selected")).to_contain_text("Označeno 1")
        page.get_by_role("button", name="Vyhodnotit").click()
        expect(page.locator(".quiz-feedback h2")).to_have_text("Správně")
    finally:
        context.close()
