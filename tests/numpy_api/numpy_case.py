"""One example call of one numpy name, and what we claim for it: the unit of the numpy API table.

A family's cases are `CASES` in `cases_<family>.py` beside this module; `all_cases()`
collects them. `test_numpy_api.py` checks every claim a case makes (graph vs eager, jit vs
executor, ONNX vs executor, gradient vs finite differences), and the coverage table
(`python -m benchmarks.numpy_coverage`) marks a name supported only through a case, so a
claim in the table cannot be false.
"""
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Case:
    name: str  # numpy's spelling: 'numpy.tile', 'numpy.linalg.inv', 'ndarray.repeat', 'Generator.normal'
    call: Callable[..., Any]  # ordinary numpy code using the name on `args`
    args: tuple = ()  # example inputs: numpy arrays and Python/numpy scalars
    grad: bool = False  # differentiable: tape gradients wrt the float arguments match finite differences
    jit: str | None = None  # None: jit_compile=True runs it (compiled, or split around it); else why not
    onnx: str | None = None  # None: ONNX export computes it; else why not
    exact: bool = True  # results bitwise equal to eager numpy; False: within float tolerance
    # numpy answers a Python scalar computed from the values (np.allclose's bool); a graph can
    # only give it as the numpy scalar of that kind, known when the graph runs
    numpy_scalar: bool = False
    note: str = field(default='', compare=False)  # shown in the table (e.g. 'unknown dimension')

    def __repr__(self):
        return self.name


def all_cases():
    """Every family's CASES, in file order."""
    cases = []
    for path in sorted(Path(__file__).parent.glob('cases_*.py')):
        module = importlib.import_module(path.stem)
        cases.extend(module.CASES)
    return cases
