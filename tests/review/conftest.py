"""Rozbor hry tests: reviews are computed in the request's own thread
(REVIEW_IN_BACKGROUND False), so no test depends on threads or timing; each test replays
its games from the database, as after a restart."""

import pytest

from tutorial.play import record, store


@pytest.fixture(autouse=True)
def reviews_in_the_request(settings):
    settings.REVIEW_IN_BACKGROUND = False
    store._cache.clear()
    record.forget()
    yield
    store._cache.clear()
    record.forget()
