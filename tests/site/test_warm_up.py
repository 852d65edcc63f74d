"""Each gunicorn worker prepares, once it has loaded the site, what its first visitors would
otherwise wait for (config/gunicorn.py, tutorial/management/commands/warm_up.py)."""

import pytest

from almanach import search_site
from config import gunicorn
from tutorial.example.replay import example_game

pytestmark = pytest.mark.usefixtures("content")


def test_a_worker_builds_the_search_index_and_the_example_game_before_any_visitor(monkeypatch):
    monkeypatch.setattr(search_site, "_site_index", None)
    example_game.cache_clear()
    gunicorn.post_worker_init(worker=None)
    assert search_site._site_index is not None, "the first search would build the index"
    assert example_game.cache_info().currsize == 1, "the first game step would replay it"
