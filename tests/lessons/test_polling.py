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
from tutorial.lessons.models import ClassSession, Pupil

pytestmark = pytest.mark.django_db


def status(client: Client, session: ClassSession, version: str):
    return client.get(f"/hra/{session.code}/stav/?v={version}", HTTP_HX_REQUEST="true")


def test_pupil_projector_and_teacher_pages_poll_within_a_second(session, teacher_client,
                                                                settings):
    assert site_settings.LESSONS_POLL_MS == 700
    assert site_settings.MIDDLEWARE[0] == "tutorial.lessons.polling.PupilPollMiddleware"
    settings.LESSONS_POLL_MS = site_settings.LESSONS_POLL_MS
    pupil = Client()
    join(pupil, session, "Ada")
    base = f"/ucitel/hodina/{session.code}/"
    pages = {"pupil": pupil.get(f"/hra/{session.code}/"),
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


def test_unchanged_poll_costs_one_query_and_no_session(session, django_assert_num_queries):
    pupil = Client()
    join(pupil, session, "Ada")
    with django_assert_num_queries(1):  # no session read, no session write
        response = status(pupil, session, session.version())
    assert response.status_code == 204
    assert response.content == b""
    # Never kept by a browser or a proxy in between: the next poll must reach the server.
    assert response["Cache-Control"] == "private, no-store"
    assert "sessionid" not in response.cookies


@pytest.mark.parametrize("action", ["start", "reveal", "next", "close"])
def test_each_click_of_the_teacher_reaches_the_polling_phone(session, teacher_client, action):
    pupil = Client()
    join(pupil, session, "Ada")
    if action in ("reveal", "next"):
        classroom.control(session, "start")
    version = session.version()
    assert status(pupil, session, version).status_code == 204
    teacher_client.post(f"/ucitel/hodina/{session.code}/ovladani/", {"akce": action,
                                                                      "potvrdit": "1"})
    response = status(pupil, session, version)
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    session.refresh_from_db()  # the page loaded again polls quietly with the new state
    assert status(pupil, session, session.version()).status_code == 204


def test_time_up_reaches_the_phone_without_any_click(class_quiz, teacher):
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.TEACHER, 30, False)
    pupil = Client()
    join(pupil, session, "Ada")
    classroom.control(session, "start")
    version = session.version()
    assert status(pupil, session, version).status_code == 204
    ClassSession.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=31))
    response = status(pupil, session, version)
    assert response["HX-Refresh"] == "true"
    session.refresh_from_db()
    assert session.version() != version
    assert status(pupil, session, session.version()).status_code == 204


@pytest.mark.parametrize("loss", ["removed", "released", "taken with the PIN"])
def test_a_phone_that_lost_its_seat_is_told_at_its_next_poll(session, loss):
    pupil = Client()
    join(pupil, session, "Ada")
    seat = Pupil.objects.get(lesson=session)
    version = session.version()
    assert status(pupil, session, version).status_code == 204
    if loss == "removed":
        classroom.remove_pupil(session, seat.pk)
    elif loss == "released":
        classroom.release_seat(session, seat.pk)
    else:
        other = Client()
        assert other.post("/hra/", {"kod": session.code, "prezdivka": "Ada",
                                    "pin": seat.pin}).status_code == 302
    assert status(pupil, session, version)["HX-Refresh"] == "true"
    page = pupil.get(f"/hra/{session.code}/").content.decode()
    assert 'class="seat-lost" role="alert"' in page  # the join form says why


def test_an_idle_lesson_closes_at_the_next_poll(session):
    pupil = Client()
    join(pupil, session, "Ada")
    version = session.version()
    ClassSession.objects.filter(pk=session.pk).update(
        last_activity=timezone.now() - timedelta(hours=4))
    assert status(pupil, session, version)["HX-Refresh"] == "true"
    assert ClassSession.objects.get(pk=session.pk).is_closed


def test_a_poll_tells_a_stranger_nothing_the_code_does_not(session):
    pupil = Client()
    join(pupil, session, "Ada")
    seat_cookie = f"kviz-misto-{session.code}"
    stranger = Client()
    # A made-up seat cookie is not a seat: the full view answers as it would without one.
    stranger.cookies[seat_cookie] = "vymysleny:token:podpis"
    assert status(stranger, session, session.version()).status_code == 204
    assert status(stranger, session, "bezi-9-rp")["HX-Refresh"] == "true"
    # An unknown code is a guess like any other, fast path or not.
    assert stranger.get("/hra/ZZZZZZ/stav/?v=ceka-0-nb").status_code == 404


def test_the_seat_in_the_session_alone_still_polls(session):
    """A browser whose seat cookie is gone (the session still holds the seat) polls through
    the full view: 204 as long as nothing changed."""
    pupil = Client()
    join(pupil, session, "Ada")
    del pupil.cookies[f"kviz-misto-{session.code}"]
    assert status(pupil, session, session.version()).status_code == 204
    classroom.control(session, "start")
    assert status(pupil, session, "ceka-0-nb")["HX-Refresh"] == "true"


def on_page(client: Client, session: ClassSession, version: str, query: str = ""):
    """A poll as htmx sends it from the pupil's page (HX-Current-URL names the page)."""
    return client.get(f"/hra/{session.code}/stav/?v={version}", HTTP_HX_REQUEST="true",
                      HTTP_HX_CURRENT_URL=f"http://testserver/hra/{session.code}/{query}")


@pytest.mark.parametrize("action", ["start", "reveal", "next", "close"])
def test_the_poll_that_finds_a_change_brings_the_new_page_itself(session, teacher_client,
                                                                   action):
    # One request instead of two per phone when the whole class asks at once, and no reload
    # of the page on the phone: htmx swaps the page's main part in.
    pupil = Client()
    join(pupil, session, "Ada")
    if action in ("reveal", "next"):
        classroom.control(session, "start")
    version = session.version()
    assert on_page(pupil, session, version).status_code == 204
    teacher_client.post(f"/ucitel/hodina/{session.code}/ovladani/", {"akce": action,
                                                                      "potvrdit": "1"})
    response = on_page(pupil, session, version)
    assert response.status_code == 200 and "HX-Refresh" not in response
    page = response.content.decode()
    loaded = pupil.get(f"/hra/{session.code}/").content.decode()
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", loaded, re.S)[1]
    assert f">{heading}</h1>" in page and 'id="obsah"' in page
    session.refresh_from_db()
    if action != "close":  # the new page polls with the new state: quiet again
        assert f"/stav/?v={session.version()}" in page
        assert 'hx-select="#obsah"' in page
        assert on_page(pupil, session, session.version()).status_code == 204


def test_a_lost_seat_or_another_page_still_reloads(session):
    pupil = Client()
    join(pupil, session, "Ada")
    version = session.version()
    classroom.control(session, "start")
    response = pupil.get(f"/hra/{session.code}/stav/?v={version}", HTTP_HX_REQUEST="true",
                         HTTP_HX_CURRENT_URL="http://testserver/kvizy/")
    assert response["HX-Refresh"] == "true"
    classroom.remove_pupil(session, Pupil.objects.get(lesson=session).pk)
    response = on_page(pupil, session, version)
    assert response["HX-Refresh"] == "true"  # the join form, loaded again, says why
