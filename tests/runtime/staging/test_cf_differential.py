"""The differential corpus's numeric functions on numpy scalars: eagerly and as graphs.

For every `tests/corpus` module listing `NUMERIC` functions, each of their CASES
runs with its arguments as numpy scalars (int -> int64, float -> float64,
bool -> bool_) three ways: the original Python (the oracle), the converted
module called directly (Python mode), and the converted function through
rt.function (graph control flow on tensors). Results must agree in value and
dtype; exceptions in type and message. `GRAPH_LIMITS` lists the cases a graph
cannot express, each with the error it must give instead.
"""
import warnings
from pathlib import Path

import numpy as np
import pytest
from loading import import_file

import runtime as rt
from autograph_cli.pipeline import convert_module

CORPUS = Path(__file__).parents[2] / 'corpus'
_DTYPES = (rt.errors.StagingError, 'a graph value has one dtype')
_RECURSION = (rt.errors.StagingError, 'recursive function')
GRAPH_LIMITS = {
    ('c_numeric_newton', 'clamp', (-2.5, 0, 3)): _DTYPES,  # returns an int64 or a float64
    ('c_numeric_newton', 'clamp', (True, 0, 3)): _DTYPES,
    ('c_numeric_piecewise', 'piecewise', (-2,)): _DTYPES,  # y = x or y = 1.0 + ...
    ('c_numeric_piecewise', 'piecewise', (3,)): _DTYPES,
    ('c_numeric_piecewise', 'relu_sum', (1, -2, 3.5)): _DTYPES,
    ('c_numeric_piecewise', 'max_of_three', (1.5, 1, True)): _DTYPES,
    ('c_recursion', 'factorial'): _RECURSION,
    ('c_recursion', 'is_even'): _RECURSION,
    ('c_recursion', 'ackermann'): _RECURSION,
    ('c_recursion', 'power'): _RECURSION,
}
_NUMPY = {bool: np.bool_, int: np.int64, float: np.float64}


def _numeric_cases():
    for path in sorted(CORPUS.glob('c_*.py')):
        module = import_file(path, path.stem)
        for name, args, kwargs in module.CASES:
            if name in getattr(module, 'NUMERIC', ()):
                yield pytest.param(path, name, args, kwargs, id=f'{path.stem}.{name}{args}')


_converted = {}


def converted(path, tmp_path_factory):
    if path not in _converted:
        target = tmp_path_factory.mktemp('numeric') / path.name
        target.write_text(convert_module(path.read_text(encoding='utf-8'), str(path)).code,
                          encoding='utf-8')
        _converted[path] = target
    return import_file(_converted[path], path.stem)


def outcome(function, args, kwargs):
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            return 'ok', function(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - the exception is the outcome
            return 'raise', e


def assert_same_outcome(actual, expected):
    assert actual[0] == expected[0], (actual, expected)
    if expected[0] == 'raise':
        assert type(actual[1]) is type(expected[1]) and str(actual[1]) == str(expected[1])
        return
    got, want = np.asarray(actual[1]), np.asarray(expected[1])
    assert (got.dtype, got.shape) == (want.dtype, want.shape), (actual[1], expected[1])
    assert got.tobytes() == want.tobytes(), (actual[1], expected[1])


def test_the_corpus_has_numeric_cases():
    assert len(list(_numeric_cases())) >= 60


@pytest.mark.parametrize('path, name, args, kwargs', list(_numeric_cases()))
def test_numeric_function_on_numpy_scalars(path, name, args, kwargs, tmp_path_factory):
    np_args = [_NUMPY[type(a)](a) for a in args]
    np_kwargs = {k: _NUMPY[type(v)](v) for k, v in kwargs.items()}
    expected = outcome(getattr(import_file(path, path.stem), name), np_args, np_kwargs)
    module = converted(path, tmp_path_factory)
    eager = outcome(getattr(module, name), np_args, np_kwargs)
    assert_same_outcome(eager, expected)
    assert type(eager[1]) is type(expected[1])  # Python mode: even Python ints stay Python ints
    graph = outcome(rt.function(getattr(module, name)), np_args, np_kwargs)
    limit = GRAPH_LIMITS.get((path.stem, name, args)) or GRAPH_LIMITS.get((path.stem, name))
    if limit is None:
        assert_same_outcome(graph, expected)
    else:
        error, text = limit
        assert graph[0] == 'raise' and isinstance(graph[1], error), graph
        assert text in str(graph[1])
