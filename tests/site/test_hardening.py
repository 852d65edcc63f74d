"""The site under abuse: request size, methods, the admin's sign-in, the CSRF page, caches
that only grow on checked input, sessions only when there is something to remember, the
cleanup command, the production server and install.

Numbers in the test names refer to issue 10's list.
"""

import io
import random
import re
import string
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from tests.helpers.makers import make_lesson, make_quiz, make_teacher
from tests.helpers.pages import html
from tutorial.lessons.models import Attempt, Lesson
from tutorial.quiz import drawing, replayed

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Správce-2026-heslo!"


# --- 3: the "Zkus sám" caches ----------------------------------------------------------

def junk(rng: random.Random, size: int = 3800) -> str:
    return "".join(rng.choices(string.ascii_letters, k=size))


def test_3_unknown_parameters_are_redirected_away_and_never_reach_a_cache(content):
    rng = random.Random(10)
    drawing._draw_cached.cache_clear()
    replayed._prepare.cache_clear()
    client = Client()
    for _ in range(40):
        response = client.get("/kvizy/zkus/", {"tah": "3", "krok": "1", "druh": "vesnice",
                                               junk(rng, 8): junk(rng), "co": junk(rng)})
        assert response.status_code == 302
        assert response["Location"] == "/kvizy/zkus/?tah=3&krok=1&druh=vesnice"
    page = client.get("/kvizy/zkus/", {"tah": "3", "krok": "1", "druh": "vesnice"})
    assert page.status_code == 200 and "<svg" in html(page)
    for _ in range(40):  # toggles of made-up places: the same board, no new entries
        client.get("/kvizy/zkus/", {"tah": "3", "krok": "1", "druh": "vesnice",
                                    "prepnout": junk(rng, 40)}, HTTP_HX_REQUEST="true")
    assert drawing._draw_cached.cache_info().currsize <= 2
    assert replayed._prepare.cache_info().currsize == 1


# --- 4: the admin's sign-in is limited ----------------------------------------------------

def test_4_admin_login_is_refused_after_repeated_failures_before_checking_the_password(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_superuser("spravce", "s@example.cz", PASSWORD)
    client = Client()
    for _ in range(settings.LOGIN_LIMIT_PER_USER_AT_ADDRESS):
        response = client.post("/sprava/login/", {"username": "spravce", "password": "špatně"})
        assert response.status_code == 200
    refused = client.post("/sprava/login/", {"username": "spravce", "password": PASSWORD})
    assert refused.status_code == 429 and "Příliš mnoho" in html(refused)
    assert "_auth_user_id" not in client.session
    # One address trying many usernames is stopped too.
    for number in range(settings.LOGIN_LIMIT_PER_ADDRESS):
        client.post("/sprava/login/", {"username": f"jmeno{number}", "password": "x"})
    assert client.post("/sprava/login/", {"username": "nikdo", "password": "x"}).status_code == 429
    other = Client(REMOTE_ADDR="10.1.1.1")
    assert other.post("/sprava/login/", {"username": "spravce",
                                         "password": PASSWORD}).status_code == 302


# --- 9: request size ---------------------------------------------------------------------

def test_9_a_huge_body_is_refused_with_413_before_it_is_read(settings):
    client = Client()
    # The declared length is what counts: the body itself is never read.
    response = client.generic("POST", "/hra/", b"kod=X",
                              content_type="application/x-www-form-urlencoded",
                              CONTENT_LENGTH=str(300 * 1024 * 1024))
    assert response.status_code == 413 and "Příliš velký požadavek" in html(response)
    big = client.post("/hra/", {"kod": "X" * (settings.MAX_REQUEST_BODY + 1)})
    assert big.status_code == 413


def test_9_uploads_never_touch_the_disk(settings):
    assert settings.FILE_UPLOAD_HANDLERS == [
        "django.core.files.uploadhandler.MemoryFileUploadHandler"]
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == 0
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE <= settings.MAX_REQUEST_BODY
    upload = io.BytesIO(b"x" * 100_000)
    upload.name = "velky.bin"
    assert Client().post("/hra/", {"kod": "ABCDEF", "soubor": upload}).status_code < 500


# --- 10: the production server ------------------------------------------------------------

def test_10_make_serve_uses_threaded_workers_with_timeouts():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nserve:", 1)[1].split("\n\n", 1)[0]
    assert "--worker-class gthread" in recipe and "--threads" in recipe
    assert re.search(r"--timeout \d+", recipe) and re.search(r"--keep-alive \d+", recipe)
    operations = (ROOT / "docs" / "provoz.md").read_text()
    assert "proxy_buffering on" in operations and "client_max_body_size" in operations


# --- 11: sessions and the cleanup command ---------------------------------------------------

def test_11_clicks_that_change_nothing_store_no_session(content):
    client = Client()
    for url in ("/kvizy/", "/kvizy/vesnice/a1/", "/kvizy/vesnice/a1/?prepnout=nikde",
                "/kvizy/vesnice/a1/?zrusit=1", "/hra/"):
        client.get(url)
    assert not Session.objects.exists()


def test_11_a_first_visit_session_is_short_until_the_browser_keeps_cookies(content, settings):
    client = Client()
    client.get("/kvizy/vesnice/a1/?prepnout=b2.SE")
    session = Session.objects.get()
    assert session.expire_date - timezone.now() <= timedelta(hours=1)
    client.get("/kvizy/vesnice/a1/?prepnout=e3.SE")  # the cookie came back
    session = Session.objects.get()
    left = session.expire_date - timezone.now()
    assert timedelta(days=6) < left <= timedelta(days=7)
    assert settings.SESSION_COOKIE_AGE < 30 * 24 * 3600


def test_11_cleanup_removes_expired_sessions_old_attempts_and_closes_idle_lessons():
    from tutorial.play.models import PlayedGame

    teacher = make_teacher("ucitel", password="x")
    quiz = make_quiz(teacher, "Kvíz")
    idle = make_lesson(quiz, teacher)
    busy = make_lesson(quiz, teacher)
    Lesson.objects.filter(pk=idle.pk).update(
        last_activity=timezone.now() - timedelta(days=1))
    Session.objects.create(session_key="a" * 32, session_data="",
                           expire_date=timezone.now() - timedelta(minutes=1))
    Session.objects.create(session_key="b" * 32, session_data="",
                           expire_date=timezone.now() + timedelta(days=1))
    old = Attempt.objects.create(scope="join", key="1.2.3.4")
    Attempt.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(days=3))
    Attempt.objects.create(scope="join", key="5.6.7.8")
    forgotten = PlayedGame.objects.create(setup={}, visited=timezone.now() - timedelta(days=31))
    played = PlayedGame.objects.create(setup={})
    out = io.StringIO()
    call_command("cleanup", stdout=out)
    assert list(Session.objects.values_list("session_key", flat=True)) == ["b" * 32]
    assert list(Attempt.objects.values_list("key", flat=True)) == ["5.6.7.8"]
    assert Lesson.objects.get(pk=idle.pk).is_closed
    assert not Lesson.objects.get(pk=busy.pk).is_closed
    assert "ukončeno hodin bez činnosti: 1" in out.getvalue()
    assert list(PlayedGame.objects.values_list("pk", flat=True)) == [played.pk]
    assert forgotten.pk != played.pk and "neotevřených her: 1" in out.getvalue()


# --- 12: methods and the CSRF page ---------------------------------------------------------

def test_12_trace_is_refused():
    for method in ("TRACE", "TRACK"):
        response = Client().generic(method, "/")
        assert response.status_code == 405


def test_12_a_csrf_failure_is_a_czech_page_in_the_sites_style():
    response = Client(enforce_csrf_checks=True).post("/hra/", {"kod": "ABCDEF"})
    page = html(response)
    assert response.status_code == 403
    assert "Formulář vypršel" in page and "obnovte" in page
    assert "site.css" in page  # the site's own stylesheet, not Django's inline styles
    assert "<style" not in page and " style=" not in page
