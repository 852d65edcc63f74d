#!/usr/bin/env bash
# Two servers, one school (scripts/two_servers.py): PostgreSQL and Redis on loopback, two
# gunicorn instances sharing them, a class lesson spread over both with one instance killed
# mid-lesson, limits and a Hrát game across both. Prints the figures.
# --old-poll: the servers and the class as lesson pages polled before 29. 11. 2026 (every 3 s,
# each poll through the whole site: scripts/loadtest_quiz.py --old-poll), for comparison.
# Installs Debian's redis-server (and postgresql, via with_postgres.sh) when missing and we
# are root; stops everything it started on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"

ARGS=()
OLD_POLL=0
for arg in "$@"; do
  if [ "$arg" = "--old-poll" ]; then OLD_POLL=1; else ARGS+=("$arg"); fi
done

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "Redis chybí: nainstalujte balíček redis-server." >&2
    exit 1
  fi
fi

REDIS_DIR="$(mktemp -d /tmp/katan-redis.XXXXXX)"
REDIS_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
cleanup() {
  if [ -f "$REDIS_DIR/redis.pid" ]; then kill "$(cat "$REDIS_DIR/redis.pid")" 2>/dev/null || true; fi
  sleep 0.5
  rm -rf "$REDIS_DIR"
}
trap cleanup EXIT
redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
  --dir "$REDIS_DIR" --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" \
  --maxmemory 256mb --maxmemory-policy allkeys-lru --daemonize yes
for _ in $(seq 50); do
  if "$PYTHON" -c "import redis, sys; redis.Redis(port=$REDIS_PORT).ping()" 2>/dev/null; then break; fi
  sleep 0.1
done
export DJANGO_CACHE_URL="redis://127.0.0.1:$REDIS_PORT/0"
echo "Redis $(redis-server --version | awk '{print $3}' | tr -d 'v=') na 127.0.0.1:$REDIS_PORT"

if [ "$OLD_POLL" = "1" ]; then
  # Both gunicorns without the shortcut for unchanged polls; the class polls every 3 s.
  "$PYTHON" -c "import sys; sys.path.insert(0, 'scripts'); import loadtest_quiz as q; \
q.old_poll_env({}, '$REDIS_DIR')"
  export DJANGO_SETTINGS_MODULE=old_poll_settings
  export PYTHONPATH="$REDIS_DIR:$PWD${PYTHONPATH:+:$PYTHONPATH}"
  export LOADTEST_OLD_POLL=1
  ARGS+=(--poll 3)
  echo "Jako před 29. 11. 2026: dotazy po 3 s celým webem (bez zkratky pro nezměněný stav)"
fi

scripts/with_postgres.sh "$PYTHON" scripts/two_servers.py "${ARGS[@]}"
