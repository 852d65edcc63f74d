# Almanach Katanu: one command runs the site, one command runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test test-postgres install content serve bench loadtest lint clean chromium

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# Migrate and load every piece of content (idempotent).
content: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_content

run: content
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Browser tests need Debian's chromium; install it when missing and we are root.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = "0" ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "chromium chybí: nainstalujte balíček chromium (apt-get install chromium)"; fi; }

test: $(STAMP) chromium
	$(BIN)/python -m pytest

# The same suite against a throw-away PostgreSQL server on loopback.
test-postgres: $(STAMP) chromium
	scripts/with_postgres.sh $(BIN)/python -m pytest

# gunicorn with 2 × CPU + 1 workers unless WEB_CONCURRENCY says otherwise.
serve: content
	$(BIN)/python manage.py collectstatic --noinput
	$(BIN)/gunicorn config.wsgi --bind 127.0.0.1:$(PORT) \
	  --workers $${WEB_CONCURRENCY:-$$(( $$(nproc) * 2 + 1 ))} --access-logfile -

bench: $(STAMP)
	$(BIN)/python -m engine.bench
	$(BIN)/python -m almanach.bench

# Load figures under gunicorn on loopback (each script starts and stops its own server).
loadtest: $(STAMP)
	$(BIN)/python scripts/loadtest_site.py --clients 50 --seconds 20
	$(BIN)/python scripts/loadtest_quiz.py --pupils 100

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
