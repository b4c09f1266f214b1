# Qabyldau — the two commands that matter: `make start` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
FLASK := $(BIN)/flask --app server
# Sandbox payments and credit bureau, the dev outboxes: the make targets run on a developer's machine. The app alone
# defaults to production, which refuses to start without real providers (README "Security"; issue 22).
export APP_ENV ?= development
CHROMIUM ?= /usr/bin/chromium
CLIENT_SOURCES := $(shell find client/src client/public forms/labels -type f 2>/dev/null) client/webpack.config.js client/webpack.prerender.js client/babel.config.js

.PHONY: start test install client migrate seed dev test-server test-client e2e bench clean api-client lint topology-smoke

$(BIN)/.installed: requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ is required")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

install: $(BIN)/.installed node_modules/.installed

client/dist/index.html: node_modules/.installed $(CLIENT_SOURCES)
	npm run --silent build

client: client/dist/index.html

migrate: $(BIN)/.installed
	$(FLASK) db upgrade

seed: migrate
	$(FLASK) seed

start: install client seed
	@echo ""
	@echo "  Qabyldau is starting on http://localhost:$(PORT)"
	@echo "  Sign up at http://localhost:$(PORT)/auth — with no SMTP_URL the code is printed in this log"
	@echo "  (line 'dev outbox mail') and kept at http://localhost:$(PORT)/api/v1/dev/outbox?email=YOU@EXAMPLE.COM"
	@echo "  Admin account: $(FLASK) create-admin EMAIL --password PW --role 'Админ'  (or 'Админ (граждане КЗ)')"
	@echo "  API document: http://localhost:$(PORT)/api/v1/openapi.json — browsable at /api/v1/docs"
	@echo ""
	$(BIN)/gunicorn --workers 2 --threads 4 --keep-alive 75 --bind 0.0.0.0:$(PORT) --access-logfile - 'server:create_app()'

dev: install seed
	@echo "API on :8000 (flask --debug), client dev server on :3000 with /api proxied"
	$(FLASK) run --debug --port 8000 & npm run dev; kill %1

chromium-check:
	@test -x $(CHROMIUM) || { echo "Chromium is missing: apt-get install -y chromium"; exit 1; }

# The whole suite on SQLite; again on PostgreSQL when TEST_DATABASE_URL is set, without the browser tests there:
# they drive the same API calls the integration tests already run on PostgreSQL, and the SQLite pass serves them the
# way `make start` does. Running them twice cost CI about four minutes on two cores (docs/decisions/0075).
# Two workers (one test file per worker keeps a file's browser and live server together).
PYTEST := $(BIN)/pytest -n $${PYTEST_WORKERS:-2} --dist loadfile
test: install client chromium-check lint
	npm test --silent
	env -u TEST_DATABASE_URL $(PYTEST)
	@if [ -n "$$TEST_DATABASE_URL" ]; then echo "== again on $$TEST_DATABASE_URL (browser tests ran above)"; $(PYTEST) -m "not e2e"; fi

# Linters (design §2, §3): ruff for Python (lint, complexity, format check), import-linter for the server's
# architecture (.importlinter: the kernel, the domain DAG, the state machine; decision 0076), ESLint for the client
# (eslint.config.js: React, hooks, the client's layers and no import cycles, see client/README.md).
lint: $(BIN)/.installed node_modules/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	npm run --silent lint

# The production topology started from processes, checked through its load balancer (tests/topology; .ci/run).
topology-smoke: $(BIN)/.installed
	TOPOLOGY_TESTS=1 $(BIN)/pytest -q tests/topology

test-server: $(BIN)/.installed
	$(PYTEST) --ignore=tests/e2e

test-client: node_modules/.installed
	npm test --silent

e2e: install client chromium-check
	$(PYTEST) tests/e2e

# Regenerates client/src/api/generated/ from the OpenAPI document (never edit those files by hand).
api-client: $(BIN)/.installed
	$(BIN)/python scripts/generate_client_api.py

# Every benchmark script (files starting with _ are their shared helpers).
bench: $(BIN)/.installed
	@for script in scripts/bench/[!_]*.py; do echo "== $$script"; $(BIN)/python $$script; done

clean:
	rm -rf client/dist instance/qabyldau.sqlite3 .pytest_cache
