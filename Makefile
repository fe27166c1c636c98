# Every target creates (once) and reuses the local virtualenv in .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,data,onnx,jit]'
	touch $(STAMP)

demo: $(STAMP)
	@mkdir -p build/demo
	for f in samples/*.py; do $(BIN)/agconvert $$f -o build/demo/$$(basename $$f) || exit 1; done
	$(BIN)/python build/demo/collatz.py
	$(BIN)/python build/demo/square_if_positive.py
	$(BIN)/python build/demo/training_loop.py
	OPENBLAS_NUM_THREADS=1 $(BIN)/python build/demo/mlp_digits.py --timing
	$(BIN)/python -m runtime.pictures.demo build/demo/training_step.svg

test: $(STAMP)
	$(BIN)/ruff check --quiet --no-cache .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	OPENBLAS_NUM_THREADS=1 $(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build
