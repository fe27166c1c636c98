"""Saved models: load time of the sample model, its first call, and a loaded call against the original's."""
import contextlib
import importlib.util
import io
import tempfile
import time
from pathlib import Path

import runtime as rt

from .timing import best_interleaved


def _sample():
    path = Path(__file__).resolve().parents[1] / 'samples' / 'training_loop.py'
    spec = importlib.util.spec_from_file_location('training_loop_bench', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run():
    sample = _sample()
    args = (sample.batches[:1], sample.batch_labels[:1])
    sample.train(*args)
    with tempfile.TemporaryDirectory() as directory:
        rt.saved_model.save(sample.train, Path(directory) / 'model')
        loads, firsts = [], []
        for _ in range(5):
            start = time.perf_counter()
            loaded = rt.saved_model.load(Path(directory) / 'model')
            middle = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()):
                loaded(*args)
            loads.append(middle - start)
            firsts.append(time.perf_counter() - middle)
    original, again = best_interleaved([(lambda: sample.train(*args), contextlib.nullcontext),
                                        (lambda: loaded(*args), contextlib.nullcontext)])
    yield f'load the training sample: {min(loads) * 1e3:.2f} ms; its first call: {min(firsts) * 1e3:.2f} ms'
    yield (f'a call (one batch): original {original * 1e6:.2f} us, loaded {again * 1e6:.2f} us, '
           f'ratio {again / original:.2f}x')
