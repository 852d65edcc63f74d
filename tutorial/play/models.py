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
    # A game with friends (tutorial.play.friends): ``pulse`` counts the changes that are not
    # moves (a seat taken, a player away or back), so that "moves.pulse" is the version every
    # phone polls; ``deadline`` is when the person who must act is replaced by a computer.
    pulse = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True)

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


class FriendGame(models.Model):
    """A game with friends, each on their own phone: the join code, the host's choices and
    the game's news of the seats (who joined, who is away, who came back)."""

    game = models.OneToOneField(PlayedGame, primary_key=True, on_delete=models.CASCADE,
                                related_name="friends")
    code = models.CharField(max_length=8, unique=True)
    # Seconds a person may take before a computer plays for them; 0 = never.
    patience = models.PositiveIntegerField(default=120)
    started = models.BooleanField(default=False)
    notices = models.JSONField(default=list, blank=True)  # [{"text": ..., "moves": n}]

    class Meta:
        verbose_name = "hra s přáteli"
        verbose_name_plural = "hry s přáteli"

    def __str__(self) -> str:
        return f"hra s přáteli {self.code}"


class FriendSeat(models.Model):
    """One colour of a game with friends: a person's seat (held by the phone whose signed
    cookie carries ``token``) or a computer player's."""

    table = models.ForeignKey(FriendGame, on_delete=models.CASCADE, related_name="seats")
    color = models.CharField(max_length=10)
    person = models.BooleanField(default=True)
    level = models.CharField(max_length=12, blank=True)  # a computer player's level
    host = models.BooleanField(default=False)
    token = models.CharField(max_length=32, blank=True, db_index=True)  # "" = a free seat
    nickname = models.CharField(max_length=30, blank=True)
    # A computer plays for the person while they are away (after the host's time).
    away = models.BooleanField(default=False)
    # A new phone asking for this seat (the same nickname): the host lets it in.
    claim = models.CharField(max_length=32, blank=True, db_index=True)
    seen = models.PositiveIntegerField(default=0)  # the log length when this seat last acted

    class Meta:
        ordering = ["table", "pk"]
        constraints = [models.UniqueConstraint(fields=["table", "color"],
                                               name="play_friend_seat_once")]

    def __str__(self) -> str:
        return f"{self.table_id} {self.color}"
