"""Every lesson page that follows the class asks the server for changes every 0.7 s on the
site, a pupil's page at a pace of its own within ±15 % (the browser tests shorten it with
LESSONS_POLL_MS; this pins what users get), and a
pupil's phone learns of the teacher's click at its next poll. While nothing changed, the
poll is answered 204 by one query before the rest of the site runs (tutorial/lessons/
polling.py); every change, a lost seat and an idle lesson still reach the full view."""

import random
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

import config.settings as site_settings
from tests.lessons.conftest import join
from tutorial.lessons import classroom, pupils
from tutorial.lessons.models import Lesson, Pupil

pytestmark = pytest.mark.django_db


def status(client: Client, lesson: Lesson, version: str):
    return client.get(f"/hra/{lesson.code}/stav/?v={version}", HTTP_HX_REQUEST="true")


def test_pupil_projector_and_teacher_pages_poll_within_a_second(lesson, teacher_client,
                                                                settings):
    assert site_settings.LESSONS_POLL_MS == 700
    assert site_settings.MIDDLEWARE[0] == "tutorial.lessons.polling.PupilPollMiddleware"
    settings.LESSONS_POLL_MS = site_settings.LESSONS_POLL_MS
    pupil = Client()
    join(pupil, lesson, "Ada")
    base = f"/ucitel/hodina/{lesson.code}/"
    pages = {"pupil": pupil.get(f"/hra/{lesson.code}/"),
             "projector": teacher_client.get(base + "projektor/"),
             "pupils list": teacher_client.get(base),
             "results": teacher_client.get(base + "vysledky/")}
    for name, response in pages.items():
        assert response.status_code == 200, name
        every = re.search(r'hx-trigger="every (\d+)ms"', response.content.decode())
        assert every, name
        if name == "pupil":
            assert 595 <= int(every[1]) <= 805
        else:
            assert int(every[1]) == 700, name


def test_phones_do_not_poll_in_step(settings):
    # Thirty phones that load their page at one moment get thirty paces, 700 ms on average.
    settings.LESSONS_POLL_MS = 700
    rng = random.Random(40)
    paces = [pupils.poll_ms(rng) for _ in range(30)]
    assert all(595 <= pace <= 805 for pace in paces)
    assert len(set(paces)) >= 20
    assert 670 <= sum(paces) / len(paces) <= 730


def test_unchanged_poll_costs_one_query_and_no_session(lesson, django_assert_num_queries):
    pupil = Client()
    join(pupil, lesson, "Ada")
    with django_assert_num_queries(1):  # no session read, no session write
        response = status(pupil, lesson, lesson.version())
    assert response.status_code == 204
    assert response.content == b""
    # Never kept by a browser or a proxy in between: the next poll must reach the server.
    assert response["Cache-Control"] == "private, no-store"
    assert "sessionid" not in response.cookies


@pytest.mark.parametrize("action", ["start", "reveal", "next", "close"])
def test_each_click_of_the_teacher_reaches_the_polling_phone(lesson, teacher_client, action):
    pupil = Client()
    join(pupil, lesson, "Ada")
    if action in ("reveal", "next"):
        classroom.control(lesson, "start")
    version = lesson.version()
    assert status(pupil, lesson, version).status_code == 204
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": action,
                                                                      "potvrdit": "1"})
    response = status(pupil, lesson, version)
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    lesson.refresh_from_db()  # the page loaded again polls quietly with the new state
    assert status(pupil, lesson, lesson.version()).status_code == 204


def test_time_up_reaches_the_phone_without_any_click(class_quiz, teacher):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, 30, False)
    pupil = Client()
    join(pupil, lesson, "Ada")
    classroom.control(lesson, "start")
    version = lesson.version()
    assert status(pupil, lesson, version).status_code == 204
    Lesson.objects.filter(pk=lesson.pk).update(
        question_started=timezone.now() - timedelta(seconds=31))
    response = status(pupil, lesson, version)
    assert response["HX-Refresh"] == "true"
    lesson.refresh_from_db()
    assert lesson.version() != version
    assert status(pupil, lesson, lesson.version()).status_code == 204


@pytest.mark.parametrize("loss", ["removed", "released", "taken with the PIN"])
def test_a_phone_that_lost_its_seat_is_told_at_its_next_poll(lesson, loss):
    pupil = Client()
    join(pupil, lesson, "Ada")
    seat = Pupil.objects.get(lesson=lesson)
    version = lesson.version()
    assert status(pupil, lesson, version).status_code == 204
    if loss == "removed":
        classroom.remove_pupil(lesson, seat.pk)
    elif loss == "released":
        classroom.release_seat(lesson, seat.pk)
    else:
        other = Client()
        assert other.post("/hra/", {"kod": lesson.code, "prezdivka": "Ada",
                                    "pin": seat.pin}).status_code == 302
    assert status(pupil, lesson, version)["HX-Refresh"] == "true"
    page = pupil.get(f"/hra/{lesson.code}/").content.decode()
    assert 'class="seat-lost" role="alert"' in page  # the join form says why


def test_an_idle_lesson_closes_at_the_next_poll(lesson):
    pupil = Client()
    join(pupil, lesson, "Ada")
    version = lesson.version()
    Lesson.objects.filter(pk=lesson.pk).update(
        last_activity=timezone.now() - timedelta(hours=4))
    assert status(pupil, lesson, version)["HX-Refresh"] == "true"
    assert Lesson.objects.get(pk=lesson.pk).is_closed


def test_a_poll_tells_a_stranger_nothing_the_code_does_not(lesson):
    pupil = Client()
    join(pupil, lesson, "Ada")
    seat_cookie = f"kviz-misto-{lesson.code}"
    stranger = Client()
    # A made-up seat cookie is not a seat: the full view answers as it would without one.
    stranger.cookies[seat_cookie] = "vymysleny:token:podpis"
    assert status(stranger, lesson, lesson.version()).status_code == 204
    assert status(stranger, lesson, "bezi-9-rp")["HX-Refresh"] == "true"
    # An unknown code is a guess like any other, fast path or not.
    assert stranger.get("/hra/ZZZZZZ/stav/?v=ceka-0-nb").status_code == 404


def test_the_seat_in_the_session_alone_still_polls(lesson):
    """A browser whose seat cookie is gone (the session still holds the seat) polls through
    the full view: 204 as long as nothing changed."""
    pupil = Client()
    join(pupil, lesson, "Ada")
    del pupil.cookies[f"kviz-misto-{lesson.code}"]
    assert status(pupil, lesson, lesson.version()).status_code == 204
    classroom.control(lesson, "start")
    assert status(pupil, lesson, "ceka-0-nb")["HX-Refresh"] == "true"


def on_page(client: Client, lesson: Lesson, version: str, query: str = ""):
    """A poll as htmx sends it from the pupil's page (HX-Current-URL names the page)."""
    return client.get(f"/hra/{lesson.code}/stav/?v={version}", HTTP_HX_REQUEST="true",
                      HTTP_HX_CURRENT_URL=f"http://testserver/hra/{lesson.code}/{query}")


@pytest.mark.parametrize("action", ["start", "reveal", "next", "close"])
def test_the_poll_that_finds_a_change_brings_the_new_page_itself(lesson, teacher_client,
                                                                   action):
    # One request instead of two per phone when the whole class asks at once, and no reload
    # of the page on the phone: htmx swaps the page's main part in.
    pupil = Client()
    join(pupil, lesson, "Ada")
    if action in ("reveal", "next"):
        classroom.control(lesson, "start")
    version = lesson.version()
    assert on_page(pupil, lesson, version).status_code == 204
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": action,
                                                                      "potvrdit": "1"})
    response = on_page(pupil, lesson, version)
    assert response.status_code == 200 and "HX-Refresh" not in response
    page = response.content.decode()
    loaded = pupil.get(f"/hra/{lesson.code}/").content.decode()
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", loaded, re.S)[1]
    assert f">{heading}</h1>" in page and 'id="obsah"' in page
    lesson.refresh_from_db()
    if action != "close":  # the new page polls with the new state: quiet again
        assert f"/stav/?v={lesson.version()}" in page
        assert 'hx-select="#obsah"' in page
        assert on_page(pupil, lesson, lesson.version()).status_code == 204


def test_a_lost_seat_or_another_page_still_reloads(lesson):
    pupil = Client()
    join(pupil, lesson, "Ada")
    version = lesson.version()
    classroom.control(lesson, "start")
    response = pupil.get(f"/hra/{lesson.code}/stav/?v={version}", HTTP_HX_REQUEST="true",
                         HTTP_HX_CURRENT_URL="http://testserver/kvizy/")
    assert response["HX-Refresh"] == "true"
    classroom.remove_pupil(lesson, Pupil.objects.get(lesson=lesson).pk)
    response = on_page(pupil, lesson, version)
    assert response["HX-Refresh"] == "true"  # the join form, loaded again, says why
