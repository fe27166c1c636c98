# Every target creates (once) and reuses the local virtualenv in .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# the core venv: the runtime's own dependencies and the test tools, none of the extras
# (numba, scipy, onnx, onnxruntime, scikit-learn): the tests needing one skip, naming it
CORE_VENV := .venv-core
CORE_BIN := $(CORE_VENV)/bin
CORE_STAMP := $(CORE_VENV)/.installed-stamp
EXTRAS := numba scipy onnx onnxruntime sklearn

.PHONY: demo test test-core bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,data,onnx,jit]'
	touch $(STAMP)

$(CORE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(CORE_VENV)
	$(CORE_BIN)/python -m pip install --quiet --upgrade pip
	$(CORE_BIN)/python -m pip install --quiet -e '.[test]'
	touch $(CORE_STAMP)

demo: $(STAMP)
	@mkdir -p build/demo
	for f in samples/*.py; do $(BIN)/agconvert $$f -o build/demo/$$(basename $$f) || exit 1; done
	$(BIN)/python build/demo/collatz.py
	$(BIN)/python build/demo/square_if_positive.py
	$(BIN)/python build/demo/training_loop.py
	OPENBLAS_NUM_THREADS=1 $(BIN)/python build/demo/mlp_digits.py --timing
	$(BIN)/python -m runtime.pictures.demo build/demo/training_step.svg

# every extra is installed, so every test runs: tests/conftest.py turns any skip into a failure
test: $(STAMP)
	$(BIN)/ruff check --quiet --no-cache .
	$(BIN)/mypy
	AGCONVERT_ALL_EXTRAS=1 $(BIN)/python -m pytest -n 2

# the suite without extras: first check none crept in (as a dependency of a dependency)
test-core: $(CORE_STAMP)
	@for m in $(EXTRAS); do \
		if $(CORE_BIN)/python -c "import $$m" 2>/dev/null; then \
			echo "$(CORE_VENV) has $$m, an extra: make clean and retry"; exit 1; fi; done
	$(CORE_BIN)/ruff check --quiet --no-cache .
	$(CORE_BIN)/python -m pytest -n 2 -rs

bench: $(STAMP)
	OPENBLAS_NUM_THREADS=1 $(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) $(CORE_VENV) build
