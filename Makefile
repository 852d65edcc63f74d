# Almanach Katanu: one command runs the site, one command runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# Two installs from hashed lock files (requirements/*.txt, made by `make lock`): production
# gets the runtime dependencies only; tests, lint and measurements add the dev extra.
RUNTIME := $(VENV)/.installed-runtime
STAMP := $(VENV)/.installed-dev
LOCK_VENV := .venv-lock
PIP_COMPILE = $(LOCK_VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
  --strip-extras --no-emit-index-url --no-emit-find-links

.PHONY: run test test-quick test-postgres install install-dev content serve bench loadtest lint clean \
  chromium lock lock-upgrade cleanup

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(RUNTIME): pyproject.toml requirements/runtime.txt | $(VENV)/bin/python
	$(BIN)/pip install --quiet --require-hashes --no-deps -r requirements/runtime.txt
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(RUNTIME)

$(STAMP): pyproject.toml requirements/dev.txt | $(VENV)/bin/python
	$(BIN)/pip install --quiet --require-hashes --no-deps -r requirements/dev.txt
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP) $(RUNTIME)

install: $(RUNTIME)

install-dev: $(STAMP)

# Re-pin after a change to pyproject.toml (keeps existing pins); lock-upgrade takes the
# newest versions pyproject.toml allows. Then run `make test` and commit requirements/.
$(LOCK_VENV)/bin/pip-compile:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet "pip-tools==7.6.2"

lock: $(LOCK_VENV)/bin/pip-compile
	$(PIP_COMPILE) -o requirements/runtime.txt pyproject.toml
	$(PIP_COMPILE) --extra dev -o requirements/dev.txt pyproject.toml

lock-upgrade: $(LOCK_VENV)/bin/pip-compile
	$(PIP_COMPILE) --upgrade -o requirements/runtime.txt pyproject.toml
	$(PIP_COMPILE) --upgrade --extra dev -o requirements/dev.txt pyproject.toml

# Migrate and load every piece of content (idempotent).
content: $(RUNTIME)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_content

run: content
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Browser tests need Debian's Chromium as the headless shell (tests/conftest.py says why);
# install it when missing and we are root.
chromium:
	@command -v chromium-headless-shell >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = "0" ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      chromium-headless-shell; \
	  else echo "chybí chromium-headless-shell: nainstalujte ho (apt-get install chromium-headless-shell)"; fi; }

# lint-imports checks the import-linter contracts of pyproject.toml (the engine's layers,
# no Django in the engine) before the tests. Property and fuzz tests run derandomized (the
# "ci" hypothesis profile) unless HYPOTHESIS_PROFILE=dev asks for random exploration. The
# suite runs on one pytest-xdist worker per CPU (each with its own test database and
# browser); TEST_WORKERS=0 runs it in one process. A worker that runs out of tests takes
# some of the other's (worksteal): without it one worker ran on alone for a minute at the end.
# Python keeps compiled modules even where the environment says not to
# (PYTHONDONTWRITEBYTECODE): each worker, live server and load script's gunicorn would
# otherwise compile the project's modules, and pytest rewrite every test module, anew
# (collecting took 9.5 s a worker, 2.5 s with the cache).
TEST_WORKERS ?= auto
PYTEST = env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n $(TEST_WORKERS) \
  --dist worksteal

test: $(STAMP) chromium
	$(BIN)/lint-imports
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(PYTEST)

# The quick tier while you work: no browser, load-script, long-game, random-game or fuzz
# tests (marked in tests/conftest.py, or on the test itself); `make test` stays the whole suite.
test-quick: $(STAMP)
	$(BIN)/lint-imports
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(PYTEST) -m "not browser and not slow"

# The same suite against a throw-away PostgreSQL server on loopback.
test-postgres: $(STAMP) chromium
	$(BIN)/lint-imports
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} scripts/with_postgres.sh $(PYTEST)

# gunicorn as the load figures of docs/mereni.md were measured: threaded workers (an idle or slow
# connection holds one thread, not a whole worker), 3 workers x 4 threads unless
# WEB_CONCURRENCY / WEB_THREADS say otherwise; slow requests and idle keep-alives time out.
serve: content
	$(BIN)/python manage.py collectstatic --noinput
	$(BIN)/gunicorn -c config/gunicorn.py config.wsgi --bind 127.0.0.1:$(PORT) --worker-class gthread \
	  --workers $${WEB_CONCURRENCY:-3} --threads $${WEB_THREADS:-4} \
	  --timeout 30 --graceful-timeout 30 --keep-alive 5 \
	  --limit-request-line 4094 --limit-request-fields 50 --access-logfile -

bench: $(STAMP)
	$(BIN)/python -m engine.bench
	$(BIN)/python -m almanach.bench

# Load figures under gunicorn on loopback (each script starts and stops its own server).
loadtest: $(STAMP)
	$(BIN)/python scripts/loadtest_site.py --clients 50 --seconds 20
	$(BIN)/python scripts/loadtest_quiz.py --pupils 100

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

# Expired sessions, old rate-limit records, idle class sessions (docs/provoz.md schedules it).
cleanup: $(RUNTIME)
	$(BIN)/python manage.py cleanup

clean:
	rm -rf $(VENV) $(LOCK_VENV) staticfiles db.sqlite3
