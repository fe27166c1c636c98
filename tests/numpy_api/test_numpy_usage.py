"""How benchmarks/numpy_usage.py counts numpy names in source (the 300-name list's rules)."""
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmarks
from benchmarks import numpy_usage  # noqa: E402

SOURCE = '''
import numpy as np
import numpy.linalg as la
import random
from numpy import where, float64
from numpy.fft import rfft

def f(x, rng):
    y = np.zeros(3) + np.linalg.norm(x) + la.inv(x) + rfft(x)
    z = where(x > 0, x, 0).reshape(-1).sum()
    a = np.asarray(x, dtype=np.float64) * np.pi
    b = float64(2.0) + np.float32(1.0)
    sorted(x, key=np.abs)
    random.shuffle(x)
    rng.standard_normal(3)
    np.random.RandomState(0).randint(3)
    return x.T, x.shape, np.float_(1)
'''


def count(source, path='pkg/module.py'):
    counts = Counter()
    numpy_usage.count_sources([(path, source)], counts, [])
    return counts


def test_counts_numpy_functions_wherever_numpy_is_imported_and_methods_by_name():
    assert count(SOURCE) == Counter({
        'numpy.zeros': 1, 'numpy.linalg.norm': 1, 'numpy.linalg.inv': 1, 'numpy.fft.rfft': 1,
        'numpy.where': 1, 'ndarray.reshape': 1, 'ndarray.sum': 1, 'numpy.asarray': 1,
        'numpy.float64': 1,  # called (float64(2.0)); `dtype=np.float64` is no call
        'numpy.float32': 1, 'numpy.abs': 1,  # a function passed as a value counts
        'RandomState.standard_normal': 1, 'numpy.random.RandomState': 1,
        'RandomState.randint': 1,
    })  # not counted: np.pi, x.T, x.shape, random.shuffle (a module), np.float_ (removed)


def test_tests_folders_and_test_files_are_not_read():
    assert numpy_usage.is_test_path(('sklearn', 'tests', 'test_base.py'))
    assert numpy_usage.is_test_path(('scipy', 'linalg', 'test_x.py'))
    assert numpy_usage.is_test_path(('pkg', 'conftest.py'))
    assert not numpy_usage.is_test_path(('sklearn', 'utils', '_testing.py'))


def test_the_committed_list_has_300_ranked_names_most_used_first():
    top = numpy_usage.read_top()
    assert len(top) == 300 and len({name for name, _ in top}) == 300
    counts = [count for _, count in top]
    assert counts == sorted(counts, reverse=True)
