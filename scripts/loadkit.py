"""What the load scripts share: production settings on loopback, a throw-away gunicorn,
percentiles. Nothing here reaches beyond 127.0.0.1."""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def production_env(tmp: str, database_url: str) -> dict[str, str]:
    """The environment of a real deployment (no debug, whitenoise's compressed manifest),
    except that it speaks plain HTTP on loopback; static files are collected into ``tmp``,
    unless LOADTEST_STATIC_ROOT names a folder collected so before (the tests collect once
    for all the load scripts they run)."""
    collected = os.environ.get("LOADTEST_STATIC_ROOT")
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "0",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_SECURE_SSL_REDIRECT": "0", "DJANGO_SECURE_COOKIES": "0",
           "DJANGO_HSTS_SECONDS": "0", "DJANGO_STATIC_ROOT": collected or f"{tmp}/static",
           "DJANGO_LOG_LEVEL": "ERROR"}
    if not collected:
        manage(env, "collectstatic", "--noinput")
    return env


def manage(env: dict[str, str], *command: str) -> None:
    subprocess.run([sys.executable, "manage.py", *command, "-v0"], cwd=ROOT, env=env, check=True)


@contextmanager
def gunicorn(env: dict[str, str], workers: int, threads: int) -> Iterator[int]:
    """gunicorn serving config.wsgi on a free loopback port; yields the port once /zdravi/
    answers, and stops the server however the block ends."""
    server, port = spawn_gunicorn(env, workers, threads)
    try:
        yield port
    finally:
        stop(server)


def spawn_gunicorn(env: dict[str, str], workers: int, threads: int, port: int | None = None,
                   *, own_group: bool = False) -> tuple[subprocess.Popen, int]:
    """gunicorn on ``port`` (a free one unless given), returned once /zdravi/ answers.
    ``own_group``: in a process group of its own, so that a test can kill it whole."""
    port = port or free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi",
         "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--threads", str(threads), "--worker-class", "gthread",
         "--log-level", "warning", "--graceful-timeout", "5", "--timeout", "60"],
        cwd=ROOT, env=env, start_new_session=own_group,
    )
    try:
        _wait_for(port, server)
    except BaseException:
        stop(server)
        raise
    return server, port


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()


def _wait_for(port: int, server: subprocess.Popen) -> None:
    for _ in range(150):
        if server.poll() is not None:
            raise SystemExit("gunicorn se nespustil")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/zdravi/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit("gunicorn neodpovídá")
