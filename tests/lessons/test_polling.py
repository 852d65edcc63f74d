"""Every lesson page that follows the class asks the server for changes every 3 s on the
site (the browser tests shorten it with LESSONS_POLL_MS; this pins what users get)."""

import pytest
from django.test import Client

import config.settings as site_settings
from tests.lessons.conftest import join

pytestmark = pytest.mark.django_db


def test_pupil_projector_and_teacher_pages_poll_every_three_seconds(session, teacher_client,
                                                                     settings):
    assert site_settings.LESSONS_POLL_MS == 3000
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
        assert 'hx-trigger="every 3000ms"' in response.content.decode(), name
