# The two commands: `make run` serves the web table, `make test` checks everything. Both set up .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean

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

bench: $(VENV)/.installed-test
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV)
