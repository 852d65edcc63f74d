"""Games nobody has visited for 30 days are removed (with their logs)."""

from __future__ import annotations

from datetime import datetime, timedelta

from tutorial.play.models import PlayedGame, StartLock

KEEP = timedelta(days=30)


def remove_stale(now: datetime) -> int:
    """Delete the games last visited more than 30 days before ``now``; returns how many."""
    stale = PlayedGame.objects.filter(visited__lt=now - KEEP)
    count = stale.count()
    stale.delete()
    # An address's lock row only matters for a minute.
    StartLock.objects.filter(at__lt=now - timedelta(days=1)).delete()
    return count
