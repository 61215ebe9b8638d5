# hexmahjong: make run (a full session), make test (lint, types, tests, and the tests again on the
# compiled engine), make compiled (the engine compiled with mypyc), make bench (speed against peers)
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
COMPILED := build/compiled
WITH_COMPILED := HEXMJ_EXPECT_COMPILED=1 PYTHONPATH=$(COMPILED)

.PHONY: run serve test lint typecheck pytest pytest-compiled compiled wheel bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip 'setuptools>=77' wheel
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/hexmj play --seed 1 --mode all

serve: $(STAMP)
	$(BIN)/hexmj serve

lint: $(STAMP)
	$(BIN)/ruff check engine dsl modules tools tests benchmarks setup.py
	$(BIN)/ruff format --check engine dsl modules tools tests benchmarks setup.py
	$(BIN)/hexmj fmt --check

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

# The engine's and the modules' sources named in pyproject.toml [tool.hexmahjong.compiled], compiled
# with mypyc beside a copy of the rest of the engine and the modules (their card files among it);
# PYTHONPATH=$(COMPILED) runs anything on it.
$(COMPILED)/.built: $(STAMP) setup.py pyproject.toml $(shell find engine modules -name "*.py")
	rm -rf $(COMPILED) build/mypyc
	mkdir -p $(COMPILED)
	cp -r engine $(COMPILED)/engine
	cp -r modules $(COMPILED)/modules
	find $(COMPILED) -name __pycache__ -prune -exec rm -rf {} +
	HEXMJ_MYPYC=1 $(BIN)/python setup.py --quiet build_ext --parallel 2 \
		--build-lib $(COMPILED) --build-temp build/mypyc > build/mypyc.log 2>&1 \
		|| { tail -n 30 build/mypyc.log; exit 1; }
	touch $@

compiled: $(COMPILED)/.built

# The distribution with the engine compiled, as dist/hexmahjong-*.whl.
wheel: $(STAMP)
	HEXMJ_MYPYC=1 $(BIN)/python -m pip wheel --quiet --no-build-isolation --no-deps -w dist .

pytest-compiled: $(COMPILED)/.built
	$(WITH_COMPILED) $(BIN)/pytest -n 2

test: lint typecheck pytest pytest-compiled

bench: $(COMPILED)/.built
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(WITH_COMPILED) $(BIN)/python benchmarks/hand.py
	$(WITH_COMPILED) $(BIN)/python benchmarks/cards.py
	$(WITH_COMPILED) $(BIN)/python benchmarks/simulate.py
	$(WITH_COMPILED) $(BIN)/python benchmarks/play.py
	$(WITH_COMPILED) $(BIN)/python benchmarks/standard_fan.py

clean:
	rm -rf $(VENV) build dist *.egg-info
