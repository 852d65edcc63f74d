"""0 axe-core violations on every kind of page, at 390 px and 1280 px (tests/browser/axe.py)."""

import pytest
from playwright.sync_api import expect

from tests.browser.axe import PAGES, assert_accessible
from tests.helpers.makers import PASSWORD, make_lesson, make_quiz, make_teacher
from tutorial.lessons import classroom
from tutorial.lessons.models import Lesson

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content")]


@pytest.fixture(scope="module")
def visitor(browser):
    """One tab for the pages anyone opens without signing in or setting anything up. Its
    renderer keeps axe-core compiled and warm from page to page: the 19 pages cost 40 %
    less CPU than with a new tab each. These pages read no state the tab could keep but
    cookies, which are cleared before each page."""
    context = browser.new_context(locale="cs-CZ", service_workers="block")
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", list(PAGES), ids=list(PAGES.values()))
def test_a_page_has_no_axe_violations(live_server, visitor, path):
    visitor.context.clear_cookies()
    assert_accessible(visitor, live_server.url + path)


@pytest.fixture
def running_lesson(transactional_db):
    teacher = make_teacher()
    quiz = make_quiz(teacher, "Vesnice a výnosy",
                     [("vesnice", "a1"), ("vynosy", "a1"), ("sedmicka", "a1")])
    lesson = make_lesson(quiz, teacher)
    classroom.control(lesson, "start")
    return lesson


def test_a_class_lesson_has_no_axe_violations_for_pupil_and_teacher(live_server, browser,
                                                                    running_lesson):
    code = running_lesson.code
    pupil_context = browser.new_context(locale="cs-CZ", service_workers="block")
    teacher_context = browser.new_context(locale="cs-CZ", service_workers="block")
    try:
        pupil = pupil_context.new_page()
        pupil.goto(f"{live_server.url}/hra/{code}/")
        pupil.fill("#prezdivka", "Rychlý Ježek s dlouhou přezdívkou")
        pupil.get_by_role("button", name="Připojit se").click()
        expect(pupil.locator("h1")).to_contain_text("Otázka 1 z 3")
        assert_accessible(pupil)
        pupil.get_by_role("button", name="Odeslat odpověď").click()
        expect(pupil.locator(".quiz-saved")).to_be_visible()  # nothing right or wrong yet
        assert_accessible(pupil)
        classroom.control(Lesson.objects.get(pk=running_lesson.pk), "reveal")
        # The page learns of the reveal by its poll (every 0.3 s in tests): as long as the
        # lessons' browser tests give a poll on a loaded machine.
        expect(pupil.locator(".quiz-feedback h2")).to_be_visible(timeout=9000)
        assert_accessible(pupil)

        teacher = teacher_context.new_page()
        teacher.goto(f"{live_server.url}/prihlaseni/")
        teacher.fill("#id_username", "novakova")
        teacher.fill("#id_password", PASSWORD)
        teacher.get_by_role("button", name="Přihlásit se").click()
        expect(teacher.locator("h1")).to_have_text("Pro učitele")
        assert_accessible(teacher)
        for path in (f"/ucitel/kviz/{running_lesson.quiz_id}/", "/ucitel/kviz/pozice/?f=cv0a",
                     f"/ucitel/hodina/{code}/", f"/ucitel/hodina/{code}/projektor/",
                     f"/ucitel/hodina/{code}/vysledky/"):
            assert_accessible(teacher, live_server.url + path)
        # The live results' table scrolls sideways on a phone: a keyboard reaches it.
        table_box = teacher.locator(".result-table").locator("xpath=..")
        assert table_box.get_attribute("tabindex") == "0"
        assert table_box.get_attribute("role") == "region"
        assert table_box.get_attribute("aria-label")
    finally:
        for context in (pupil_context, teacher_context):
            context.close()
