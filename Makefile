# hexmahjong: make run (a full session), make test (lint, types, tests), make bench (speed against peers)
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/hexmj play --seed 1 --mode all

lint: $(STAMP)
	$(BIN)/ruff check engine dsl modules tools tests benchmarks
	$(BIN)/ruff format --check engine dsl modules tools tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/hand.py
	$(BIN)/python benchmarks/cards.py
	$(BIN)/python benchmarks/simulate.py
	$(BIN)/python benchmarks/play.py

clean:
	rm -rf $(VENV) build *.egg-info
