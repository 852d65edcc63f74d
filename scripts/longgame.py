"""A very long Hrát game and what serving it costs one process.

Builds a game of ``--actions`` actions (the person on turn offers 1 wool for 9 ore, the
partner declines, again and again: what issue 22 found through the site before offers were
capped) written straight into the database, then serves its record (zapis.json, first and
last page), a step page in the middle of the long turn and the game page through Django's
test client in this one process, with production settings. Prints the time of every
request, the size of each answer and the process's RSS before and after:

    .venv/bin/python scripts/longgame.py                 # 20,000 actions, 20 requests
    .venv/bin/python scripts/longgame.py --actions 2000 --requests 8

The last line reads ``longgame actions=<n> requests=<k> max_ms=<t> rss_growth_mb=<m>``.
Uses a temporary SQLite file unless DATABASE_URL is set.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def configure(database_url: str | None) -> None:
    """Production settings (as the load scripts use them: loadkit.production_env) in this
    process; the test client is the only client."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "scripts"))
    from loadkit import production_env

    folder = tempfile.mkdtemp(prefix="longgame-")
    database_url = database_url or f"sqlite:///{folder}/longgame.sqlite3"
    os.environ.update(production_env(folder, database_url))
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def long_game(count: int):
    """A game of ``count`` actions: orange rolls, then offers and red declines."""
    from engine import Game, actions
    from tutorial.play import flow
    from tutorial.play.models import Move, PlayedGame

    setup = flow.Setup(players=("orange", "red", "blue", "white"), people=("orange",),
                       seed=1, secret=flow.new_secret())
    roll = actions.RollDice("orange", (3, 3))
    offer = actions.OfferTrade("orange", "red", {"wool": 1}, {"ore": 9})
    decline = actions.DeclineTrade("red")
    check = Game.beginner(players=setup.players)  # the engine takes one round of it
    for action in (roll, offer, decline, offer, decline):
        check.apply(action)
    log = [roll.to_json()]
    while len(log) < count:
        log += [offer.to_json(), decline.to_json()]
    log = log[:count]
    row = PlayedGame.objects.create(setup=setup.to_json(), moves=len(log), seen=len(log))
    Move.objects.bulk_create(
        (Move(game=row, number=i, action=a, by="person" if a["player"] == "orange"
              else "computer", text="") for i, a in enumerate(log)), batch_size=2000)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    configure(os.environ.get("DATABASE_URL"))
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from tutorial.play import record

    setup_test_environment()
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    row = long_game(args.actions)
    print(f"built a game of {row.moves} actions in {time.perf_counter() - started:.1f} s"
          f" ({os.environ['DATABASE_URL'].split(':')[0]})")
    index = record.index_of(row)
    middle = record.step_urls(row)(row.moves // 2)
    pages = len(record.page_starts(index))
    base = f"/hrat/{row.pk}/"
    urls = [base + "zapis.json", f"{base}zapis.json?strana={pages}", middle, base]
    client = Client()
    client.get(base, secure=False)  # warm up: imports, templates, the first replay
    before = rss_mb()
    print(f"record turns={index.turn_count} json_pages={pages} rss_before_mb={before:.1f}")
    worst = 0.0
    for i in range(args.requests):
        url = urls[i % len(urls)]
        t = time.perf_counter()
        response = client.get(url, secure=False)
        ms = (time.perf_counter() - t) * 1000
        worst = max(worst, ms)
        assert response.status_code == 200, (url, response.status_code)
        print(f"{i + 1:3d} {ms:8.1f} ms {len(response.content) / 1024:8.1f} KB"
              f" rss={rss_mb():7.1f} MB  {url.replace(base, '…/')}")
    growth = rss_mb() - before
    print(f"longgame actions={row.moves} requests={args.requests} max_ms={worst:.0f}"
          f" rss_growth_mb={growth:.1f}")


if __name__ == "__main__":
    main()
