# `make run` serves the web table, `make test` checks everything (what CI runs), `make check` is
# the fast lane while working (ruff, mypy, the tests not marked slow). Each sets up .venv once.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test check lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[web]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,web,rl,openspiel,train,cluster,lab]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/tablerummy serve --host 127.0.0.1 --port 8000 --db sqlite:///tablerummy.sqlite3

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy

test: $(VENV)/.installed-test lint
	bash scripts/ensure-system-deps.sh
	$(BIN)/pytest -n 2 --dist loadgroup

check: $(VENV)/.installed-test lint
	$(BIN)/pytest -n 2 --dist loadgroup -m "not slow" -q

bench: $(VENV)/.installed-test
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV)
