"""Hrát tests: the helper module play_kit is importable (the test folders have no
__init__.py), and each test replays its games from the database, as after a restart."""

import sys
from pathlib import Path

import pytest

from tutorial.play import record, store

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.append(HERE)


@pytest.fixture(autouse=True)
def fresh_cache():
    store._cache.clear()
    record.forget()
    yield
    store._cache.clear()
    record.forget()
