"""Converted code on plain Python values, against the original (issues 2 and 7's targets).

Each workload runs three ways: the original module; the converted module as
it runs by default (dispatch: its functions run the original's code objects);
and the converted module with `rt.config.set_python_mode('converted')`, which
runs the converted code itself (what traces run, and what the converter's tests
check). The last row is what dispatch costs a trace: the converted modules'
functions switch code when the first trace starts and the last one ends.
"""
import contextlib
import importlib.util
import pathlib
import sys
import tempfile

import runtime as rt
from autograph_cli.pipeline import convert_module
from runtime.tracing import trace_state

from . import workloads
from .timing import best, best_interleaved, fmt, row

SOURCE = pathlib.Path(workloads.__file__)
SWAPPED_FUNCTIONS = 1000


def _plain_helper(x):  # stands for a function from a module that is not converted
    return x * 2 + 1


def load_converted(source=SOURCE, name='converted_workloads'):
    """Convert a module and import the result as a separate module (its original stays put)."""
    code = convert_module(source.read_text(), str(source)).code
    path = pathlib.Path(tempfile.mkdtemp()) / f'{name}.py'
    path.write_text(code)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run():
    converted = load_converted()
    for module in (workloads, converted):
        module.plain_helper = _plain_helper
    rows = []
    for name, args, target, label in (
            ('collatz', (27,), '<= 3x', 'collatz(27)'),
            ('call_plain_helper', (100,), '<= 5x', '100 calls, plain helper'),
            ('call_helper', (100,), '<= 4x', '100 calls, converted helper')):
        original, new = getattr(workloads, name), getattr(converted, name)
        assert original(*args) == new(*args)
        base, dispatched, in_converted_code = best_interleaved(
            [(lambda: original(*args), contextlib.nullcontext),
             (lambda: new(*args), contextlib.nullcontext),
             (lambda: new(*args), _converted_code)])
        rows.append(row(f'{label}: dispatch (default)', base, dispatched, target,
                        other_label='dispatch '))
        rows.append(row(f'{label}: converted code', base, in_converted_code, target))
    rows.append(_swap_cost())
    return rows


@contextlib.contextmanager
def _converted_code():
    """Converted modules run their converted code meanwhile (the Python mode 'converted')."""
    rt.config.set_python_mode('converted')
    try:
        yield
    finally:
        rt.config.set_python_mode('original')


def _swap_cost():
    """The first trace starting and the last ending, with many converted functions loaded."""
    def start_and_end():
        trace_state.leave(trace_state.enter(None))
    without = best(start_and_end)
    source = ''.join(f'def f{i}(x):\n    return x + {i}\n\n\n' for i in range(SWAPPED_FUNCTIONS))
    with tempfile.TemporaryDirectory() as directory:
        original = pathlib.Path(directory) / 'many_functions.py'
        original.write_text(source)
        module = load_converted(original, 'many_functions')
    assert 'ag__' not in module.f1.__code__.co_names
    swapping = best(start_and_end)
    return (f'{"code switch at trace start + end":<48} {fmt(swapping):>10} with '
            f'{SWAPPED_FUNCTIONS} more converted functions loaded '
            f'({fmt(without)} without), {fmt((swapping - without) / SWAPPED_FUNCTIONS)} '
            'per function   (reported)')


if __name__ == '__main__':
    sys.path.insert(0, str(SOURCE.parent.parent))
    print('\n'.join(run()))
