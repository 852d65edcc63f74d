"""A game's review, computed once by whichever server process claims it first."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from tutorial.play.models import PlayedGame


class GameReview(models.Model):
    """One review per game: waiting -> running (a worker holds it, ``beat`` shows it is
    alive) -> done (``result``) or failed (``error``). A running review whose ``beat`` is
    older than tutorial.review.jobs.STALE is claimed again (its server was stopped)."""

    WAITING, RUNNING, DONE, FAILED = "waiting", "running", "done", "failed"
    STATUSES = [(WAITING, "čeká"), (RUNNING, "počítá se"), (DONE, "hotovo"),
                (FAILED, "nepodařilo se")]

    game = models.OneToOneField(PlayedGame, on_delete=models.CASCADE, related_name="review")
    status = models.CharField(max_length=10, choices=STATUSES, default=WAITING, db_index=True)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    beat = models.DateTimeField(default=timezone.now)  # the worker's last sign of life
    worker = models.CharField(max_length=32, blank=True)  # the claiming worker's token
    # Who asked for it (hashed, as tutorial.play.store counts new games): for the limits.
    address = models.CharField(max_length=64, db_index=True, blank=True)
    browser = models.CharField(max_length=64, db_index=True, blank=True)

    class Meta:
        verbose_name = "rozbor hry"
        verbose_name_plural = "rozbory her"

    def __str__(self) -> str:
        return f"rozbor {self.game_id} ({self.status})"
