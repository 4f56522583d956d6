# `make run` serves the web table, `make test` checks everything (what CI runs), `make check` is
# the fast lane while working (ruff, mypy, the tests not marked slow). Each sets up .venv once.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test check lint bench clean

# uv installs what pip would, about 3 times as fast (the test extras: 1.5 min against 4 on
# this sandbox, 2026-12-05); it reads no pip configuration, so the wheel folder pip is told
# of (PIP_FIND_LINKS) is passed on. pip stays in the venv: the release tests use it.
INSTALL = $(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode \
	$(foreach d,$(PIP_FIND_LINKS),--find-links $(d)) -c constraints.txt

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(BIN)/uv: | $(BIN)/python
	$(BIN)/pip install --quiet uv

$(VENV)/.installed: pyproject.toml constraints.txt | $(BIN)/uv
	$(INSTALL) -e '.[web]'
	touch $@

$(VENV)/.installed-test: pyproject.toml constraints.txt | $(BIN)/uv
	$(INSTALL) -e '.[test,web,rl,openspiel,train,cluster,lab]'
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
	$(INSTALL) -e '.[bench]'
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV)
