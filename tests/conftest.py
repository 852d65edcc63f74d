"""Shared fixtures: the site's content in the test database, and a real browser.

(autouse) TEST_SETTINGS for the whole session: the page cache on as in production, lesson
          pages polling every 0.3 s, passwords hashed with a cheap hasher, mail sent at once;
          an empty page cache for every test.
django_db_setup  the test database, filled once per session with the site's content
          (load_content): every test that rolls back sees it without loading it again; on
          SQLite a transactional test ends by putting this database back as it was.
content   Entry rows (and whatever else load_content loads) in the test database. Works for
          plain `db` tests and for `transactional_db` / `live_server` tests alike: on
          PostgreSQL a transactional test empties the tables when it ends, so it loads again
          only when the table is empty.
browser   one Debian chromium-headless-shell for the session, driven by Playwright.
page      a fresh browser context (Czech locale) and page per test.

Browser tests carry @pytest.mark.browser and are never skipped: without the browser they fail
and say how to install it.

Hypothesis profiles: "ci" is derandomized (the same examples on every run and every fresh
clone, no example database), loaded when CI is set and by `make test`; "dev" explores new
random examples each run (HYPOTHESIS_PROFILE=dev). HYPOTHESIS_PROFILE picks one explicitly.
"""

import io
import os

import pytest
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

hypothesis_settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                                     print_blob=True)
hypothesis_settings.register_profile("dev", deadline=None)
HYPOTHESIS_PROFILE = (os.environ.get("HYPOTHESIS_PROFILE")
                      or ("ci" if os.environ.get("CI") else "dev"))
hypothesis_settings.load_profile(HYPOTHESIS_PROFILE)


# Long tests that touch no test database (subprocesses, random games) run first, so that
# they never end the run on one worker while the other has nothing left (pytest-django puts
# tests without a database last; the order of the others stays as it sorts them).
SLOW_WITHOUT_DATABASE = ("tests/site/test_load_scripts.py", "tests/play/test_load_script.py",
                         "tests/engine/test_properties.py")


# The quick tier (`make test-quick`: -m "not browser and not slow") leaves out the real
# browser and these: load scripts and long games in subprocesses, random engine games, the
# fuzz tests and the Node parity run over every eval set. `make test` and CI run everything.
SLOW = SLOW_WITHOUT_DATABASE + ("tests/play/test_long_game.py", "tests/site/test_fuzz.py",
                                "tests/referee/test_fuzz.py", "tests/play/test_friends_load.py",
                                "tests/almanach/test_search_parity_node.py")


# Single tests of the quick tier's kinds that sit in files of quicker tests: whole games
# played in the test (several games, or one turn by turn over HTTP) and a fuzz test. Tests in
# files that may carry their own marks say @pytest.mark.slow instead (tests/engine).
SLOW_TESTS = (
    "tests/play/test_bot_reasons.py::test_every_reason_fits_its_move_and_the_table_hears_no_plan",
    "tests/play/test_bot_reasons.py::test_the_plan_is_told_to_its_own_player_in_the_hint_and_fits_the_move",
    "tests/play/test_autoplay.py::test_playback_plays_to_the_end_and_stops_there",
    "tests/play/test_views.py::test_a_real_game_never_answers_500",
)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Mark the tiers before `-m` deselects (pytest's mark plugin runs after this)."""
    for item in items:
        if item.nodeid.startswith(SLOW) or item.nodeid.split("[")[0] in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
        elif item.nodeid.startswith("tests/browser/"):
            item.add_marker(pytest.mark.browser)


# Tests that share a costly result computed once per process run next, together: xdist
# hands each worker one contiguous share of the list at the start (a worker that runs out
# later takes tests from the end of the other's), so one worker computes it, not both.
# The review of the seeded game (tests/review/conftest.py) took 6-13 CPU-s a worker.
TOGETHER_FIRST = ("tests/review/",)


class _Order:
    """Sort after pytest-django has put the tests without a database last."""

    @staticmethod
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(items):
        def together_first(item) -> bool:  # never a transactional test before the others
            marker = item.get_closest_marker("django_db")
            return (item.nodeid.startswith(TOGETHER_FIRST)
                    and not {"transactional_db", "live_server"} & set(item.fixturenames)
                    and not (marker and marker.kwargs.get("transaction")))

        items.sort(key=lambda item: (not item.nodeid.startswith(SLOW_WITHOUT_DATABASE),
                                     not together_first(item)))


def pytest_configure(config):
    config.pluginmanager.register(_Order(), "tests-order")


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session):
    """On a fresh clone each xdist worker would rewrite the asserts of every test module as it
    collects them (pytest's cached, rewritten modules are not there yet): 3 CPU-s each, the
    same work on every worker. Each worker first rewrites its own share instead, into the
    same cache; collecting then reads the other worker's share from it. Nothing changes when
    the cache is there already, or without workers."""
    import sys

    from _pytest.assertion import rewrite  # pytest's own cache of rewritten test modules

    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    state = session.config.stash.get(rewrite.assertstate_key, None)
    if count < 2 or not worker.startswith("gw") or state is None or sys.dont_write_bytecode:
        return
    if not all(hasattr(rewrite, name) for name in (
            "get_cache_dir", "PYC_TAIL", "_read_pyc", "try_makedirs", "_rewrite_test",
            "_write_pyc")):
        return  # another pytest: only a head start is lost (the lock file pins 9.2)
    modules = set()
    for arg in session.config.args:  # the folders and files asked for
        path = session.config.invocation_params.dir / arg.split("::")[0]
        modules.update(path.rglob("test_*.py") if path.is_dir() else [path] if path.is_file()
                       else [])
    sizes = [0] * count
    for path in sorted(modules, key=lambda path: (-path.stat().st_size, path)):
        share = sizes.index(min(sizes))  # shares of about equal size
        sizes[share] += path.stat().st_size
        if share != int(worker[2:]):
            continue
        pyc = rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)
        if rewrite._read_pyc(path, pyc) is None and rewrite.try_makedirs(pyc.parent):
            source_hash, code = rewrite._rewrite_test(path, session.config)
            rewrite._write_pyc(state, code, source_hash, pyc)


def examples(*, ci: int, dev: int) -> int:
    """How many examples a costly property test runs: a few in CI (derandomized, the same
    ones on every run), many when exploring with the "dev" profile."""
    return ci if HYPOTHESIS_PROFILE == "ci" else dev

# Debian's Chromium built as the headless shell (package chromium-headless-shell): the same
# Blink and V8 as /usr/bin/chromium, without the desktop browser's layers, as Playwright runs
# headless Chromium itself. The whole suite passes in both; the shell took 57 % fewer CPU
# seconds (cgroup) on the four-phones lesson tests: 36.6 against 85.5.
from almanach.first_screen import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one launch, two users)

# The site's settings that every test runs with, set once for the session (one override for
# all of them; pytest-django's `settings` fixture still undoes whatever a test changes). Four
# per-test overrides cost each of the ~3,000 quick tests four settings layers and eight
# setting_changed signals.
TEST_SETTINGS = {
    # Pages are cached across requests as in production (config/caching.py; development
    # turns it off); _fresh_page_cache empties the cache before each test.
    "PAGE_CACHE_SECONDS": 600,
    # Lesson pages poll every 0.7 s on the site (tests/lessons/test_polling.py); in tests every
    # 0.3 s, so a browser test waits a moment, not seconds, for a page to follow a change.
    "LESSONS_POLL_MS": 300,
    # The site's hasher costs a third of a CPU second per password (each teacher created,
    # each sign-in); no test is about its cost, so tests hash with a cheap one.
    "PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"],
    # Reset links go out on a mail thread in production; tests read mail.outbox at once.
    "MAIL_IN_BACKGROUND": False,
}


@pytest.fixture(scope="session", autouse=True)
def _test_settings():
    from django.test import override_settings

    with override_settings(**TEST_SETTINGS):
        yield


@pytest.fixture(autouse=True)
def _fresh_page_cache():
    # A test starts with no cached pages, so it never sees another test's pages.
    from django.core.cache import caches

    caches["default"].clear()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    # SQLite's test database is a file, as in production, not Django's shared in-memory
    # one: there a second thread's write fails at once with "database table is locked"
    # (the live server's threads for four phones and a projector), where a file waits its
    # turn (timeout, WAL: config/settings.py). One file per xdist worker.
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(
            tmp_path_factory.mktemp("database") / "test.sqlite3")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    # The Almanach is loaded once here instead of once per test.
    with django_db_blocker.unblock():
        call_command("load_content", stdout=io.StringIO())
        _keep_sqlite_snapshot()


# A transactional test (live_server, transactional_db) ends with Django emptying every table
# (flush, 22 ms of CPU), creating the content types and permissions again (post_migrate) and,
# for the next test that needs it, loading the Almanach again (46 ms): 66 flushes and 43 loads,
# 3.5 CPU-s a run. On SQLite the test database is put back instead as it was after
# django_db_setup, from a copy kept in memory (SQLite's backup API, 1 ms for its 0.6 MB): the
# same rows, the Almanach included (tests/site/test_test_database.py). PostgreSQL flushes.
def _keep_sqlite_snapshot() -> None:
    import sqlite3

    from django.db import connection, connections
    from django.test import TransactionTestCase

    if connection.vendor != "sqlite":
        return
    connection.ensure_connection()
    snapshot = sqlite3.connect(":memory:", check_same_thread=False)
    connection.connection.backup(snapshot)
    flush = TransactionTestCase._fixture_teardown

    def restore_or_flush(test_case) -> None:
        if (test_case._databases_names(include_mirrors=False) != ["default"]
                or test_case.available_apps is not None or test_case.serialized_rollback):
            return flush(test_case)
        connections["default"].ensure_connection()
        snapshot.backup(connections["default"].connection)

    TransactionTestCase._fixture_teardown = restore_or_flush


@pytest.fixture(autouse=True)
def _known_play_secrets(monkeypatch):
    # Hrát mixes a random per-game secret into chance; tests get a known one per game
    # ("test-1", "test-2", ... in each test), so every run plays the same games.
    from itertools import count

    numbers = count(1)
    monkeypatch.setattr("tutorial.play.flow.new_secret", lambda: f"test-{next(numbers)}")


@pytest.fixture(scope="session")
def script_env(tmp_path_factory) -> dict[str, str]:
    """The environment for running a load script (scripts/loadtest_*.py, longgame.py): the
    static files collected once per test run as production serves them, which the scripts
    take instead of collecting their own (LOADTEST_STATIC_ROOT, scripts/loadkit.py). The
    xdist workers of one run share the run's temporary folder: the first to need the files
    collects them while the other waits on the lock."""
    import fcntl
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    run_temp = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_temp = run_temp.parent  # this run's folder, above each worker's own
    static = run_temp / "load-script-static"
    with open(run_temp / "load-script-static.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (static / "static" / "staticfiles.json").exists():
            collect = ("import sys; sys.path.insert(0, 'scripts'); from loadkit import"
                       f" production_env; production_env({str(static)!r}, 'sqlite:///unused.sqlite3')")
            subprocess.run([sys.executable, "-c", collect], cwd=root, check=True,
                           env={k: v for k, v in os.environ.items()
                                if k != "LOADTEST_STATIC_ROOT"})
    return {**os.environ, "LOADTEST_STATIC_ROOT": str(static / "static")}


@pytest.fixture
def content(db):
    # `db` turns transactional by itself when the test also uses transactional_db or
    # live_server (pytest-django looks at the test's fixtures), so one fixture serves both.
    from almanach.models import Entry

    if not Entry.objects.exists():
        call_command("load_content", stdout=io.StringIO())


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"Chromium není v {CHROMIUM}: nainstalujte ho (apt-get install "
            "chromium-headless-shell, nebo `make chromium`). Testy v prohlížeči se nepřeskakují.",
            pytrace=False,
        )
    # Playwright's sync API runs an event loop in the test thread; the ORM calls that the
    # tests and the live server make alongside it are safe here (no async code of ours).
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
    except Exception as error:
        playwright.stop()
        pytest.fail(f"Chromium se nepodařilo spustit: {error}", pytrace=False)
    yield chromium
    chromium.close()
    playwright.stop()


@pytest.fixture
def page(browser):
    # No service worker: it would keep the whole Almanach for every test (the offline tests
    # open their own context with it).
    context = browser.new_context(locale="cs-CZ", service_workers="block")
    context.set_default_timeout(10_000)
    tab = context.new_page()
    yield tab
    context.close()
