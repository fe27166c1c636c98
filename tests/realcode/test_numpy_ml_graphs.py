"""numpy-ml's own functions and methods under `rt.function`: the survey's scenarios that pass.

Each scenario of `numpy_ml_graph_cases` wraps one of numpy-ml's functions or bound methods
(activations' fn and grad, losses, initialisers, layers' forward and backward, optimizer
steps, linear models' fit and predict, GMM steps, tree predict, preprocessing) and must give
eager numpy's results and leave the same state on its objects: bit for bit with the default
executor, within the jit's tolerance with `jit_compile=True`. The scenarios that fail today are
listed, with their cause, in `pending_cases.PENDING` (catalogued in FAILURES.md); every other
scenario and mode is tested here, so deleting an entry there enables its test.
"""
import re
from pathlib import Path

import pending_cases
import pytest
from extras import needs
from numpy_ml_graph_cases import MODES, SCENARIOS, check

# numpy-ml's docstrings hold invalid escape sequences; tracing compiles them again
pytestmark = pytest.mark.filterwarnings('ignore:invalid escape sequence')

GRAPH = [name for name in SCENARIOS if (name, 'graph') not in pending_cases.PENDING]
JIT = [name for name in SCENARIOS if (name, 'jit') not in pending_cases.PENDING]
CATALOGUE = Path(__file__).with_name('FAILURES.md')
AREAS = ('activations', 'losses', 'initializers', 'layers', 'optimizers', 'linear_models', 'gmm',
         'trees', 'preprocessing')


def function_of(scenario):
    """The function a scenario wraps: its name without the parenthesised variant."""
    return scenario.split('(')[0]


def test_the_survey_covers_numpy_ml():
    functions = {function_of(name) for name in SCENARIOS}
    assert len(functions) >= 30
    for area in AREAS:
        assert any(name.startswith(area + '.') for name in functions), area
    assert len({function_of(name) for name in GRAPH}) >= 30


def test_every_pending_case_is_a_scenario_with_a_catalogued_cause():
    text = CATALOGUE.read_text(encoding='utf-8')
    for (name, mode), pending in pending_cases.PENDING.items():
        assert name in SCENARIOS and mode in MODES, (name, mode)
        assert pending.cause in pending_cases.CAUSES, (name, pending.cause)
        assert mode == 'jit' or not pending.cause.startswith('jit:'), (name, pending.cause)
        assert f'`{name}`' in text, f'FAILURES.md does not name {name}'
    for cause in pending_cases.CAUSES:
        assert re.search(rf'^#{{2,3}} .*`{re.escape(cause)}`', text, re.MULTILINE), cause


@pytest.mark.parametrize('name', GRAPH)
def test_the_graph_gives_eager_numpys_results(name, numpy_ml):
    check(name, numpy_ml, 'graph')


@needs('numba')
@pytest.mark.parametrize('name', JIT)
def test_the_jit_gives_eager_numpys_results(name, numpy_ml):
    check(name, numpy_ml, 'jit')
