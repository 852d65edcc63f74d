"""The review job: computed once, claimed by one worker at a time, its progress shown while
it runs (htmx polling, and a refresh without JavaScript), a stopped worker's review taken
over. Reviews run in the test's own thread (tests/review/conftest.py)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.helpers.games import finished_game
from tests.helpers.pages import html as text
from tutorial.review import jobs
from tutorial.review.models import GameReview

pytestmark = pytest.mark.django_db


def running(row, beat, worker="dead-server", done=12, total=90) -> GameReview:
    return GameReview.objects.create(game=row, status=GameReview.RUNNING, worker=worker,
                                     beat=beat, started_at=beat, done=done, total=total)


def test_a_review_running_elsewhere_shows_its_progress_and_refreshes_itself(client):
    row = finished_game(seed=1, plan="zacatecnici")
    running(row, timezone.now())
    response = client.get(f"/hrat/{row.pk}/rozbor/")
    page = text(response)
    assert response.status_code == 200
    assert "Počítám rozbor: 13 %." in page
    assert '<progress max="100" value="13">' in page
    assert f'hx-get="/hrat/{row.pk}/rozbor/?stav=1" hx-trigger="every 1000ms"' in page
    assert '<noscript><meta http-equiv="refresh" content="1"></noscript>' in page
    assert f'<a href="/hrat/{row.pk}/rozbor/">Obnovit teď</a>' in page
    assert "rv-chart" not in page
    review = GameReview.objects.get(game=row)
    assert review.worker == "dead-server" and review.status == GameReview.RUNNING


def test_the_poll_answers_the_progress_alone_and_a_refresh_once_done(client):
    row = finished_game(seed=1, plan="zacatecnici")
    review = running(row, timezone.now())
    polled = client.get(f"/hrat/{row.pk}/rozbor/?stav=1", headers={"HX-Request": "true"})
    assert polled.status_code == 200
    assert text(polled).lstrip().startswith('<div id="rv-progress"')
    assert "<html" not in text(polled)
    GameReview.objects.filter(pk=review.pk).update(status=GameReview.DONE, result={})
    done = client.get(f"/hrat/{row.pk}/rozbor/?stav=1", headers={"HX-Request": "true"})
    assert done["HX-Refresh"] == "true"


@pytest.mark.slow  # reviews a whole played game (tens of seconds)
def test_a_stale_review_whose_server_stopped_is_claimed_again_and_finished(client):
    row = finished_game(seed=1, plan="zacatecnici")
    running(row, timezone.now() - jobs.STALE - timedelta(seconds=5))
    page = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    review = GameReview.objects.get(game=row)
    assert review.status == GameReview.DONE and review.worker != "dead-server"
    assert review.result["grades"] and '<svg class="rv-chart"' in page


def test_a_review_is_claimed_by_one_worker_only():
    row = finished_game(seed=1, plan="zacatecnici")
    GameReview.objects.create(game=row)
    first = jobs.claim("first")
    assert first is not None and first.worker == "first"
    assert jobs.claim("second") is None
    assert GameReview.objects.get(game=row).worker == "first"


def test_a_worker_whose_review_was_taken_over_writes_nothing_more():
    row = finished_game(seed=1, plan="zacatecnici")
    GameReview.objects.create(game=row)
    review = jobs.claim("old")
    GameReview.objects.filter(pk=review.pk).update(
        beat=timezone.now() - jobs.STALE - timedelta(seconds=1))
    assert jobs.claim("new").worker == "new"
    jobs.run(review, "old")  # its first progress write finds the row taken and stops
    after = GameReview.objects.get(pk=review.pk)
    assert after.worker == "new" and after.status == GameReview.RUNNING and after.result is None


def test_a_review_is_computed_once_and_read_from_the_row_after(client, monkeypatch):
    row = finished_game(seed=1, plan="zacatecnici")
    first = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    calls = []
    monkeypatch.setattr(jobs.compute, "review_played", lambda *a: calls.append(a))
    second = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    assert not calls
    assert first.count('<li class="rv-grade ') == second.count('<li class="rv-grade ')
    assert GameReview.objects.count() == 1


def test_a_review_that_fails_says_so_in_czech(client, monkeypatch):
    row = finished_game(seed=1, plan="zacatecnici")

    def broken(*args):
        raise ZeroDivisionError

    monkeypatch.setattr(jobs.compute, "review_played", broken)
    response = client.get(f"/hrat/{row.pk}/rozbor/")
    assert response.status_code == 200
    assert "Při výpočtu rozboru nastala chyba." in text(response)
    assert GameReview.objects.get(game=row).status == GameReview.FAILED


def test_in_the_background_a_request_only_queues_the_review(client, settings, monkeypatch):
    settings.REVIEW_IN_BACKGROUND = True
    started = []
    monkeypatch.setattr(jobs, "kick", lambda: started.append(True))
    row = finished_game(seed=1, plan="zacatecnici")
    page = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    assert started == [True]
    assert "Rozbor čeká na řadu." in page
    assert GameReview.objects.get(game=row).status == GameReview.WAITING
