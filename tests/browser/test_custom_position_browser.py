"""A teacher on a 360 px phone, without JavaScript, takes a position from Rozhodčí into a
quiz ("Přidat do kvízu") and answers it in the teacher's preview."""

import pytest

from tests.browser.test_lessons_browser import _fits, _login_cookie
from tests.helpers.makers import make_quiz, make_teacher

pytestmark = pytest.mark.browser


def test_a_teacher_adds_a_referee_position_on_a_phone_without_javascript(live_server, browser,
                                                                        transactional_db):
    teacher = make_teacher()
    quiz = make_quiz(teacher, "Spory u stolu")
    context = browser.new_context(locale="cs-CZ", viewport={"width": 360, "height": 740},
                                  java_script_enabled=False)
    context.set_default_timeout(10_000)
    context.add_cookies([_login_cookie(live_server, teacher)])
    page = context.new_page()
    # The beginners' board with its starting pieces, red asked about.
    page.goto(f"{live_server.url}/rozhodci/")
    page.get_by_role("link", name="Plán pro začátečníky se startovním rozmístěním").click()
    page.get_by_role("link", name="Červený").first.click()
    page.get_by_role("link", name="Přidat do kvízu ›").click()
    assert page.get_by_label("Do kvízu").input_value() == str(quiz.pk)
    assert page.get_by_label("Otázka se ptá na hráče").input_value() == "red"
    assert _fits(page)
    page.get_by_label("Kudy může vést silnice?").check()
    page.get_by_role("button", name="Přidat do kvízu").click()
    assert page.url.startswith(f"{live_server.url}/ucitel/kviz/{quiz.pk}/")
    item = quiz.items.get()
    row = page.locator(f"#otazka-{item.pk}")
    assert "vlastní pozice" in row.inner_text()
    assert _fits(page)
    with context.expect_page() as opened:  # the preview opens in a new tab
        row.get_by_role("link", name="náhled").click()
    preview = opened.value
    preview.wait_for_load_state()
    assert "Červený je na tahu" in preview.content()
    assert _fits(preview)
    context.close()
