"""Quizzes in a real browser: a click question with JavaScript switched off. (A whole class
lesson in the browser: tests/browser/test_lessons_browser.py.)"""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


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
