#!/usr/bin/env bash
# Run a command against a throw-away PostgreSQL server on loopback.
# Installs Debian's postgresql when it is missing and we are root; stops the server on exit.
set -euo pipefail

# A free port unless PGPORT says otherwise, so that parallel runs do not collide.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
FIXED_PORT="${PGPORT:-}"
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "PostgreSQL chybí: nainstalujte balíček postgresql." >&2
    exit 1
  fi
fi
PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
DATADIR="$(mktemp -d /tmp/katan-pg.XXXXXX)"

as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = "0" ]; then chown postgres:postgres "$DATADIR"; fi

cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$DATADIR" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DATADIR"
}
trap cleanup EXIT

as_pg "$PGBIN/initdb" -D "$DATADIR" -U katan --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# Another run may take the port between choosing and starting: then choose again.
for try in 1 2 3 4 5; do
  PGPORT="${FIXED_PORT:-$(free_port)}"
  if as_pg "$PGBIN/pg_ctl" -D "$DATADIR" -l "$DATADIR/server.log" -w \
      -o "-h 127.0.0.1 -p $PGPORT -k $DATADIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null; then
    break
  fi
  if [ -n "$FIXED_PORT" ] || [ "$try" = 5 ]; then
    echo "PostgreSQL se nepodařilo spustit (port $PGPORT)." >&2
    exit 1
  fi
done
as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U katan katan

export DATABASE_URL="postgres://katan@127.0.0.1:$PGPORT/katan"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') na 127.0.0.1:$PGPORT"
"$@"
