"""How long a guesser needs to find a live join code at the rate the limiter enforces.

The model (tutorial/lessons/limits.py): one address may check LESSONS_GUESS_LIMIT unknown
codes per LESSONS_GUESS_WINDOW seconds, then one code per LESSONS_GUESS_INTERVAL seconds.
A guesser who never stops is always over the limit, so in the long run they check
max(LIMIT / WINDOW, 1 / INTERVAL) codes a second. Drawing codes without repeats, the first
of k live codes among N turns up after (N + 1) / (k + 1) guesses on average.

The check: a few hundred guesses through Django's test client against a throw-away SQLite
database with k live lessons, as fast as the machine sends them, (a) at the real settings,
where the number of codes actually checked must not exceed the model's for the time the run
took, and (b) with the interval shortened so that a few hundred codes are checked, where
the measured rate must stay at or under the model's. In-process requests only, no network.

    .venv/bin/python scripts/guessing.py [--live 10] [--guesses 400]
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHOOL_YEAR_DAYS = 304  # 1 September to 30 June


def expected_seconds(codes: int, live: int, limit: int, window: float, interval: float) -> float:
    rate = max(limit / window, 1 / interval)
    return (codes + 1) / (live + 1) / rate


def setup_django(tmp: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1",
                       "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
                       "DJANGO_LOG_LEVEL": "CRITICAL"})
    import django
    from django.core.management import call_command

    django.setup()
    logging.getLogger("django.request").setLevel(logging.CRITICAL)  # 404s and 429s expected
    call_command("migrate", verbosity=0)


def live_lessons(count: int) -> list[str]:
    from django.contrib.auth import get_user_model

    from tutorial.lessons import classroom
    from tutorial.lessons.models import Lesson, Quiz, QuizItem

    teacher = get_user_model().objects.create_user("ucitel", password="heslo-pro-mereni")
    quiz = Quiz.objects.create(owner=teacher, title="Měření")
    QuizItem.objects.create(quiz=quiz, order=1, kind="vesnice", variant="a1")
    return [classroom.start_lesson(quiz, teacher, Lesson.Pace.TEACHER, None, False).code
            for _ in range(count)]


def guess_run(address: str, guesses: int, live: set[str]) -> tuple[int, int, float]:
    """(codes checked, codes refused unchecked, seconds) for ``guesses`` fresh wrong codes."""
    from django.test import Client

    from tutorial.lessons.models import CODE_ALPHABET, CODE_LENGTH

    client = Client(REMOTE_ADDR=address)
    checked = refused = 0
    started = time.perf_counter()
    for number in range(guesses):
        code = "".join(CODE_ALPHABET[(number // len(CODE_ALPHABET) ** i) % len(CODE_ALPHABET)]
                       for i in range(CODE_LENGTH))
        if code in live:
            continue
        status = client.get(f"/hra/{code}/stav/").status_code
        if status == 429:
            refused += 1
        else:
            checked += 1
    return checked, refused, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--live", type=int, default=10, help="live lessons (default 10)")
    parser.add_argument("--guesses", type=int, default=400, help="guesses per measured run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(tmp)
        from django.conf import settings
        from django.test.utils import override_settings

        from tutorial.lessons.models import CODE_ALPHABET, CODE_LENGTH

        codes = len(CODE_ALPHABET) ** CODE_LENGTH
        limit, window = settings.LESSONS_GUESS_LIMIT, settings.LESSONS_GUESS_WINDOW
        interval = settings.LESSONS_GUESS_INTERVAL
        live = set(live_lessons(args.live))

        seconds = expected_seconds(codes, args.live, limit, window, interval)
        days = seconds / 86400
        print(f"model codes={codes} live={args.live} limit={limit}/{window}s "
              f"then 1/{interval}s -> rate={max(limit / window, 1 / interval):.3f}/s")
        print(f"expected_time_to_find_a_live_code days={days:,.0f} "
              f"school_years={days / SCHOOL_YEAR_DAYS:.1f}".replace(",", " "))

        checked, refused, took = guess_run("198.51.100.1", args.guesses, live)
        predicted = limit + int(took / interval)
        print(f"measured real settings: guesses={checked + refused} seconds={took:.1f} "
              f"checked={checked} refused={refused} model_allows_at_most={predicted}")

        fast = 0.02
        with override_settings(LESSONS_GUESS_INTERVAL=fast):
            checked, refused, took = guess_run("198.51.100.2", args.guesses * 3, live)
        rate = (checked - limit) / took
        print(f"measured interval={fast}s: checked={checked} refused={refused} "
              f"seconds={took:.1f} rate_after_limit={rate:.1f}/s "
              f"model_rate_at_most={1 / fast:.1f}/s")
        ok = checked <= limit + took / fast + 1 and days > SCHOOL_YEAR_DAYS
        print(f"guessing {'ok' if ok else 'FAILED'}")
        sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
