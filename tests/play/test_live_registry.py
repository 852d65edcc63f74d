"""The site's status polls share one registry and middleware (tutorial/live.py); each family
registers its own check from its own code, so the lessons never name Hrát and a new family
adds its poll without touching the others."""

from pathlib import Path

from django.test import RequestFactory

import tutorial.lessons.polling as lessons_polling
from tutorial import live
from tutorial.play import polling as play_polling


def test_each_family_registers_its_own_poll_and_the_lessons_never_name_hrat():
    live.discover()
    registered = {p.pattern: c for p, c in live.CHECKS}
    assert registered[play_polling.STATUS_PATH] == "tutorial.play.friends.unchanged"
    assert registered[lessons_polling.STATUS_PATH.pattern] is lessons_polling._lesson_check
    text = Path(lessons_polling.__file__).read_text(encoding="utf-8")
    assert "hrat" not in text.lower() and "tutorial.play" not in text
    # The middleware's old name (config/settings.py) is the shared one.
    assert lessons_polling.PupilPollMiddleware is live.PollMiddleware


def test_a_path_no_family_registered_goes_on_to_the_site():
    request = RequestFactory().get("/hrat/kratke/stav/?v=1.0")  # not a game id
    assert live.still_current(request) is False
    assert live.still_current(RequestFactory().get("/almanach/?v=1")) is False
