"""Rozbor hry tests: reviews are computed in the request's own thread
(REVIEW_IN_BACKGROUND False), so no test depends on threads or timing; each test replays
its games from the database, as after a restart.

A review is a pure function of the game's set-up and log, and the seeded games are the same
in every test: each is computed for real once per test session, the tests after it read a
copy (the engine's playouts take seconds of CPU a game on a shared machine). The review
tests run first and together (TOGETHER_FIRST in tests/conftest.py), so that one xdist worker
computes it.
"""

import copy
import json

import pytest

from tests.helpers.stack import roomy
from tutorial.play import record, store
from tutorial.review import compute

_reviews: dict[str, dict] = {}
_review_played = compute.review_played


def _once_per_session(row, progress=None) -> dict:
    log = list(row.log.order_by("number").values_list("action", "by"))
    key = json.dumps([row.setup, log], sort_keys=True)
    if key not in _reviews:
        # Called from a roomy frame: under the test client the review's playouts otherwise
        # cross a frame-memory boundary of CPython 3.11 on every call (tests/helpers/stack.py).
        _reviews[key] = roomy(_review_played, row, progress)
    elif progress is not None:
        progress(1, 1)  # a worker's progress write, as the real computation makes one
    return copy.deepcopy(_reviews[key])


@pytest.fixture(autouse=True)
def reviews_in_the_request(settings, monkeypatch):
    settings.REVIEW_IN_BACKGROUND = False
    monkeypatch.setattr(compute, "review_played", _once_per_session)
    store._cache.clear()
    record.forget()
    yield
    store._cache.clear()
    record.forget()
