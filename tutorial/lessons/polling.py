"""How often the lesson pages ask the server what changed (htmx ``hx-trigger="every …"``).

Pupils' pages, the projector and the teacher's live lists poll every
``settings.LESSONS_POLL_MS`` milliseconds: 3000 on the site (the pace
``scripts/loadtest_quiz.py`` measures). The browser tests shorten it, so that a page follows
a change within a fraction of a second instead of waiting up to three.
"""

from django.conf import settings
from django.http import HttpRequest


def poll_interval(request: HttpRequest) -> dict[str, int]:
    """Context processor: ``lesson_poll_ms`` for the polling templates."""
    return {"lesson_poll_ms": settings.LESSONS_POLL_MS}
