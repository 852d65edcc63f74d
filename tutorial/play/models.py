"""Games played on the site: the set-up and the log of actions the engine replays."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils import timezone


def new_game_id() -> str:
    """An unguessable id: the URL is the only key to a game."""
    return secrets.token_urlsafe(16)


class PlayedGame(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    setup = models.JSONField()  # tutorial.play.flow.Setup.to_json()
    created = models.DateTimeField(default=timezone.now)
    visited = models.DateTimeField(default=timezone.now, db_index=True)
    moves = models.PositiveIntegerField(default=0)  # how many Move rows the log holds
    # The person the screen was last handed to (hot-seat: the others' hands stay hidden).
    shown_to = models.CharField(max_length=10, blank=True)
    # The log length when a person last acted: computer moves after it are "new".
    seen = models.PositiveIntegerField(default=0)
    winner = models.CharField(max_length=10, blank=True)
    address = models.CharField(max_length=64, db_index=True, blank=True)  # hashed, for limits
    browser = models.CharField(max_length=64, db_index=True, blank=True)  # hashed session key

    class Meta:
        verbose_name = "rozehraná hra"
        verbose_name_plural = "rozehrané hry"

    def __str__(self) -> str:
        return f"hra {self.id} ({self.moves} akcí)"


class Move(models.Model):
    """One action of the log, in order; ``number`` counts from 0."""

    game = models.ForeignKey(PlayedGame, on_delete=models.CASCADE, related_name="log")
    number = models.PositiveIntegerField()
    action = models.JSONField()
    by = models.CharField(max_length=10)  # person, computer, example
    reason = models.TextField(blank=True)
    text = models.TextField(blank=True)  # the narration anybody at the table may read
    # The full narration when it names a secret (a stolen card): {"text": ..., "to": [...]}.
    secret = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="play_move_once")]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.number}"


class StartLock(models.Model):
    """One row per (hashed) client address, locked while a new game is counted and created:
    concurrent starts from one address are counted one after another (PostgreSQL locks the
    row; SQLite's writers queue anyway, its transactions begin IMMEDIATE)."""

    address = models.CharField(primary_key=True, max_length=64)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "zámek nových her"
        verbose_name_plural = "zámky nových her"

    def __str__(self) -> str:
        return self.address
