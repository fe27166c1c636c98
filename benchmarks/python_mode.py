"""Converted code on plain Python values, against the original (issue 2's targets)."""
import importlib.util
import pathlib
import sys
import tempfile

from autograph_cli.pipeline import convert_module

from . import workloads
from .timing import best, row

SOURCE = pathlib.Path(workloads.__file__)


def _plain_helper(x):  # stands for a function from a module that is not converted
    return x * 2 + 1


def load_converted():
    """Convert workloads.py and import the result as a separate module."""
    code = convert_module(SOURCE.read_text(), str(SOURCE)).code
    path = pathlib.Path(tempfile.mkdtemp()) / 'converted_workloads.py'
    path.write_text(code)
    spec = importlib.util.spec_from_file_location('converted_workloads', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run():
    converted = load_converted()
    for module in (workloads, converted):
        module.plain_helper = _plain_helper
    rows = []
    for name, args, target, label in (
            ('collatz', (27,), '<= 3x', 'collatz(27), Python mode'),
            ('call_plain_helper', (100,), '<= 5x', '100 calls of a plain helper'),
            ('call_helper', (100,), 'reported', '100 calls of a converted helper')):
        original, new = getattr(workloads, name), getattr(converted, name)
        assert original(*args) == new(*args)
        rows.append(row(label, best(lambda: original(*args)), best(lambda: new(*args)), target))
    return rows


if __name__ == '__main__':
    sys.path.insert(0, str(SOURCE.parent.parent))
    print('\n'.join(run()))
