"""Run by test_limits: 15 new games started at once from one address, against a SQLite file
database set up as in production (WAL, transactions begin IMMEDIATE, writers wait). Prints
the status codes and the number of games stored, as JSON.

    DATABASE_URL=sqlite:////tmp/x.sqlite3 python tests/play/concurrent_starts.py
"""

import json
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connections  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from tutorial.play.models import PlayedGame  # noqa: E402


def slow_insert(save):
    """A slow disk: each new game takes 50 ms to write, so concurrent starts overlap."""
    def wrapper(self, *args, **kwargs):
        if self._state.adding:
            time.sleep(0.05)
        return save(self, *args, **kwargs)
    return wrapper


def main(count: int = 15) -> None:
    setup_test_environment()
    call_command("migrate", verbosity=0)
    PlayedGame.save = slow_insert(PlayedGame.save)
    barrier = threading.Barrier(count)
    statuses: list[int] = []

    def one() -> None:
        try:
            barrier.wait()
            response = Client().post("/hrat/", {"hraci": 4, "lide": 1, "plan": "zacatecnici"})
            statuses.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=one) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"statuses": sorted(statuses), "games": PlayedGame.objects.count()}))


if __name__ == "__main__":
    main()
