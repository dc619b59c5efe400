PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench torture wheel clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python -m compileall -q pbwcombat
	touch $(STAMP)

demo: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" bash scripts/demo.sh
	PATH="$(CURDIR)/$(BIN):$$PATH" bash scripts/demo-actions.sh
	PATH="$(CURDIR)/$(BIN):$$PATH" bash scripts/demo-srd.sh
	PATH="$(CURDIR)/$(BIN):$$PATH" bash scripts/demo-ready.sh
	PATH="$(CURDIR)/$(BIN):$$PATH" bash scripts/demo-conditions.sh
	PATH="$(CURDIR)/$(BIN):$$PATH" bash scripts/demo-menu.sh
	PATH="$(CURDIR)/$(BIN):$$PATH" bash scripts/demo-forum.sh

# Byte-code first: with PYTHONDONTWRITEBYTECODE set (as some shells and CI images do), every
# `pbwcombat` the suite starts would otherwise compile each module edited since the install.
# The suite is ~5,000 tests, most of them a `pbwcombat` subprocess: one worker per core
# (pytest-xdist, a dev dependency) halves it; `loadfile` keeps a file's tests (and its
# module-scoped fixtures, such as the installed wheel) on one worker. A plain `pytest` runs in
# one process, so a runner without pytest-xdist still works.
test: $(STAMP)
	$(BIN)/python -m compileall -q pbwcombat
	$(BIN)/python -m pytest -n auto --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check pbwcombat tests bench
	$(BIN)/mypy pbwcombat

bench: $(STAMP)
	$(BIN)/python -m compileall -q pbwcombat  # byte-code as an installed package has it
	$(BIN)/python bench/bench.py

torture: $(STAMP)
	PBW_TORTURE=full $(BIN)/python -m pytest tests/torture

# What `pip install .` builds; `build/` first, so no stale module from an earlier build slips in.
wheel: $(STAMP)
	rm -rf build
	$(BIN)/python -m pip wheel --no-deps -w dist .

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
