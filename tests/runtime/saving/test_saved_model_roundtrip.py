"""Differential: a saved function loaded in a fresh process (which cannot import the code that
defined it) gives what the original gives: results, printed text, variables after the calls."""
import contextlib
import importlib.util
import io

import numpy as np
from corpus import CORPUS
from roundtrip import ROOT, flatten, run_loaded

import runtime as rt
from runtime.ir.liveness import sub_graphs

SAMPLES = {  # sample module -> [(function name, calls)]
    'collatz': [('collatz_steps', [(np.int64(27),), (np.int64(7),)])],
    'loops': [('sum_of_odds', [(np.int64(10),)]), ('first_negative', [(np.array([3, 1, -4]),)]),
              ('sum_until_limit', [(np.array([5, 4, 3, 2]), np.int64(10))])],
    'polymorphism': [('double', [(np.int32(3),), (np.array([1.5, 2.0]),)]),
                     ('my_relu', [(np.float64(-2.0),), (np.array([-1.0, 3.0]),)])],
    'side_effects': [('get_mse', [(np.ones(4), np.arange(4.0))])],
    'square_if_positive': [('square_if_positive', [(np.int32(3),), (np.int32(-2),)]),
                           ('simple_relu', [(np.float64(-1.5),), (np.float64(2.5),)])],
    'power': [('power_as_graph', [(np.eye(10, dtype=np.int32) * 2, 5)])],
    'variable_counter': [('g', [(), ()])],
    'training_loop': [('train', [])],  # trained in its own test below
}


def _import_sample(name):
    spec = importlib.util.spec_from_file_location(f'sample_{name}', ROOT / 'samples' / f'{name}.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _copies(call):
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in call)


def _variables(function):
    """{'index_name': value} of the variables the traces use, in the order a loaded object
    lists them (each graph's resources, then those of its sub-graphs)."""
    found = []

    def walk(graph):
        for _, variable in graph.resources:
            if all(v is not variable for v in found):
                found.append(variable)
        for eq in graph.equations:
            for sub_graph in sub_graphs(eq.params):
                walk(sub_graph)
    for concrete in function.concrete_functions():
        walk(concrete.graph)
    return {f'{i}_{v.name}': v.numpy() for i, v in enumerate(found)}


def _expect(function, calls):
    """(outputs text, arrays, printed, variables) of the original's calls."""
    arrays, outputs, printed = [], [], io.StringIO()
    with contextlib.redirect_stdout(printed):
        for call in calls:
            outputs.append(flatten(function(*_copies(call)), arrays))
    return outputs, arrays, printed.getvalue(), _variables(function)


def _assert_same(name, expected, actual):
    outputs, arrays, printed, variables = expected
    assert actual[0] == outputs, name
    assert len(actual[1]) == len(arrays), name
    for a, b in zip(arrays, actual[1]):
        assert a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True), (name, a, b)
    assert actual[2] == printed, name
    assert set(actual[3]) == set(variables), name
    for key, value in variables.items():
        assert np.array_equal(actual[3][key], value), (name, key)


def _save_traced(functions_and_calls, directory):
    """Trace every call (without running it), save, then run the originals: the jobs and the
    expected outcomes."""
    jobs, expected = [], {}
    for name, function, calls in functions_and_calls:
        for call in calls:
            function.get_concrete_function(*_copies(call))
        rt.saved_model.save(function, directory / name)
        jobs.append((name, directory / name, calls))
        expected[name] = _expect(function, calls)
    return jobs, expected


def test_the_corpus_round_trips_in_a_fresh_process(tmp_path):
    assert len(CORPUS) >= 30
    jobs, expected = _save_traced([(f.__name__, f, calls) for f, calls in CORPUS], tmp_path)
    loaded = run_loaded(jobs, tmp_path)
    for name, outcome in expected.items():
        _assert_same(name, outcome, loaded[name])


def test_every_sample_round_trips_in_a_fresh_process(tmp_path):
    entries = []
    for module_name, functions in SAMPLES.items():
        module = _import_sample(module_name)
        for function_name, calls in functions:
            function = getattr(module, function_name)
            if not isinstance(function, rt.Function):
                function = rt.function(function)
            if calls:
                entries.append((f'{module_name}.{function_name}', function, calls))
    jobs, expected = _save_traced(entries, tmp_path)
    loaded = run_loaded(jobs, tmp_path)
    for name, outcome in expected.items():
        _assert_same(name, outcome, loaded[name])
    assert len(expected) == sum(len(f) for f in SAMPLES.values()) - 1


def test_the_sample_model_keeps_training_after_loading(tmp_path):
    """Train one epoch, save, load elsewhere, train two more: the losses and weights of an
    uninterrupted run of three epochs."""
    sample = _import_sample('training_loop')
    data = (sample.batches, sample.batch_labels)
    with contextlib.redirect_stdout(io.StringIO()):
        sample.train(*data)
    rt.saved_model.save(sample.train, tmp_path / 'model')
    expected = _expect(sample.train, [data, data])
    loaded = run_loaded([('train', tmp_path / 'model', [data, data])], tmp_path)['train']
    _assert_same('train', expected, loaded)
    assert 'Step 20' in loaded[2] and len(loaded[1]) == 2  # (step, loss) per epoch
    assert sorted(loaded[3]) == ['0_Variable', '1_Variable']  # w and b, trained on
