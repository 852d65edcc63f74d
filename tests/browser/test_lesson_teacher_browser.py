"""A teacher new to the site, alone, in a real browser (issue 40): from the home page's button
to an account (the link read from the mail), signed in, a quiz made, "Spustit hodinu" on the
first screen of a 768 px high laptop, the lesson's projector. Then editing: questions move
without a page reload, and the sample positions of a per-pupil question fit a phone."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.helpers.makers import PASSWORD, make_quiz, make_teacher
from tutorial.lessons.models import Lesson

pytestmark = pytest.mark.browser


def _laptop(browser, errors, width=1366, height=768):
    context = browser.new_context(locale="cs-CZ", viewport={"width": width, "height": height},
                                  service_workers="block")
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page


def test_register_confirm_sign_in_and_start_a_lesson(live_server, browser, transactional_db):
    errors = []
    context, page = _laptop(browser, errors)
    try:
        base = live_server.url
        for path in ("/hodiny/", "/ucitel/registrace/"):  # the ways in pass axe
            assert_accessible(page, base + path)
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(f"{base}/")
        page.get_by_role("link", name="Založit účet učitele").click()
        expect(page.locator("h1")).to_have_text("Založit účet učitele")
        page.fill("#id_email", "dvorakova@skola.cz")
        page.get_by_role("button", name="Poslat odkaz").click()
        expect(page.locator("h1")).to_have_text("Zkontrolujte e-mail")
        (message,) = mail.outbox
        link = re.search(r"http://\S+/ucitel/registrace/\S+/", message.body).group(0)
        page.goto(link)  # the live server's own address, as the mail gives it
        expect(page.locator("h1")).to_have_text("Založte si účet učitele")
        page.fill("#id_username", "dvorakova")
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        page.get_by_role("button", name="Založit účet").click()
        expect(page.locator(".notice")).to_contain_text("Účet je založený")
        page.fill("#id_username", "dvorakova")
        page.fill("#id_password", PASSWORD)
        page.get_by_role("button", name="Přihlásit se").click()
        expect(page.locator("h1")).to_have_text("Pro učitele")

        page.goto(f"{base}/ucitel/kviz/novy/")
        page.fill("#nazev", "Stavění")
        page.get_by_label("Může stavět?").check()
        page.get_by_role("button", name="Vytvořit kvíz").click()
        expect(page.locator("h1")).to_have_text("Stavění")
        start = page.get_by_role("button", name="Spustit hodinu hned")
        box = start.bounding_box()
        assert box and box["y"] + box["height"] <= 768, box  # on the first screen, no scrolling
        start.click()
        expect(page).to_have_url(re.compile(r"/ucitel/hodina/\w+/projektor/$"))
        lesson = Lesson.objects.get()
        expect(page.locator(".projector-big-code")).to_have_text(lesson.code)
        assert lesson.teacher.username == "dvorakova" and lesson.items.count() == 1
        assert not errors, errors
    finally:
        context.close()


def _quiz(transactional_db):
    teacher = make_teacher()
    quiz = make_quiz(teacher, "Pořadí", [("vesnice", "a1"), ("sedmicka", "a1"), ("silnice", "")])
    return teacher, quiz


def _signed_in(live_server, browser, teacher, errors, width, height):
    from django.conf import settings
    from django.test import Client

    context, page = _laptop(browser, errors, width, height)
    client = Client()
    client.force_login(teacher)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    return context, page


def test_questions_move_without_a_reload_and_per_pupil_samples_fit_a_phone(
        live_server, browser, transactional_db):
    teacher, quiz = _quiz(transactional_db)
    errors = []
    context, page = _signed_in(live_server, browser, teacher, errors, 1366, 768)
    try:
        page.goto(f"{live_server.url}/ucitel/kviz/{quiz.pk}/")
        titles = page.locator(".quiz-items > li > strong")
        expect(titles).to_have_count(3)
        before = titles.all_inner_texts()
        page.evaluate("window.stayed = true")  # gone if the page loads again
        first = quiz.items.get(order=1)
        page.locator(f"#dolu-{first.pk}").click()
        expect(titles).to_have_text([before[1], before[0], before[2]])
        assert page.evaluate("window.stayed === true")
        # Focus stays on the moved question's button, so the keyboard can go on.
        expect(page.locator(f"#dolu-{first.pk}")).to_be_focused()
        page.locator(f"#nahoru-{first.pk}").click()
        expect(titles).to_have_text(before)
        assert page.evaluate("window.stayed === true")
        assert [i.kind for i in quiz.items.order_by("order")] == ["vesnice", "sedmicka",
                                                                   "silnice"]
        context.close()

        context, page = _signed_in(live_server, browser, teacher, errors, 360, 740)
        # On a phone the quiz page, with its example choices, has no sideways scroll.
        page.goto(f"{live_server.url}/ucitel/kviz/{quiz.pk}/")
        expect(page.locator(".quiz-example-form select")).to_have_count(2)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        per_pupil = quiz.items.get(order=3)
        page.goto(f"{live_server.url}/ucitel/kviz/{quiz.pk}/ukazka/{per_pupil.pk}/")
        expect(page.locator(".pupil-sample")).to_have_count(3)
        expect(page.locator(".pupil-sample svg")).to_have_count(3)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert_accessible(page)
        assert not errors, errors
    finally:
        context.close()
