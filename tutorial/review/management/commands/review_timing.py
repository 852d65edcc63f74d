"""How long a visitor waits for a review: a seeded finished game, its review asked for as
the page asks (the first request only queues it), polled as the page polls, timed until
done. The game is removed afterwards.

    DATABASE_URL=sqlite:////tmp/review.sqlite3 python manage.py migrate
    DATABASE_URL=sqlite:////tmp/review.sqlite3 python manage.py review_timing --seed 4
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.management.base import BaseCommand
from django.test import Client

from tutorial.play import store
from tutorial.review.models import GameReview
from tutorial.review.seeded import finished_game


class Command(BaseCommand):
    help = "Time a seeded finished game's review from the first request to the result."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=4)
        parser.add_argument("--plan", default="variabilni",
                            choices=("variabilni", "zacatecnici"))
        parser.add_argument("--poll", type=float, default=1.0, help="seconds between polls")

    def handle(self, *args, seed: int, plan: str, poll: float, **options):
        started = time.perf_counter()
        row = finished_game(seed=seed, plan=plan)
        game = store.game_of(row)
        self.stdout.write(f"game: seed {seed}, {plan}, {game.turn_number} turns,"
                          f" {row.moves} actions, winner {game.winner}"
                          f" (played in {time.perf_counter() - started:.1f} s)")
        hosts = [h for h in settings.ALLOWED_HOSTS if h not in ("*", "")]
        client = Client(HTTP_HOST=hosts[0] if hosts else "localhost")
        url = f"/hrat/{row.pk}/rozbor/"
        try:
            asked = time.perf_counter()
            first = client.get(url)
            answered = time.perf_counter() - asked
            polls = 0
            while True:
                review = GameReview.objects.get(game=row)
                if review.status in (GameReview.DONE, GameReview.FAILED):
                    break
                time.sleep(poll)
                client.get(url + "?stav=1", headers={"HX-Request": "true"})
                polls += 1
            finished = time.perf_counter() - asked
            page = client.get(url)
            result = review.result or {}
            self.stdout.write(
                f"first request: {first.status_code} in {answered * 1000:.0f} ms"
                f" (in background: {getattr(settings, 'REVIEW_IN_BACKGROUND', True)})\n"
                f"review {review.status} after {finished:.1f} s wall ({polls} polls),"
                f" {result.get('cpu_seconds', 0):.1f} s CPU in the review;"
                f" {len(result.get('chart', []))} chart points,"
                f" {len(result.get('swings', []))} swings, {len(result.get('grades', []))}"
                f" decisions graded ({result.get('played_out', 0)} played out)\n"
                f"finished page: {page.status_code}, {len(page.content) // 1024} kB")
        finally:
            row.delete()
