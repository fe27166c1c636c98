"""The backends' lowering tables: keyed by registered ops, each lowered once, reasons derived."""
import importlib
import inspect
import sys

import pytest

import runtime.backends.numba.lowering  # noqa: F401 (every lowering module, imported)
from runtime import graph_ops
from runtime.backends import coverage
from runtime.ir.lowerings import EXECUTOR, NOT_WRITTEN, ONNX, Lowerings


def test_a_lowering_is_found_from_the_op_object_or_its_name():
    table = Lowerings('test')

    @table.lowers(graph_ops.get('add'), 'subtract')
    def lower(ctx, eq, args):
        return None

    assert table.get(graph_ops.get('subtract')) is lower and table['add'] is lower
    assert 'add' in table and graph_ops.get('add') in table and 'multiply' not in table


def test_an_unknown_op_or_a_second_lowering_is_refused_when_registered():
    table = Lowerings('test')
    with pytest.raises(KeyError, match="unknown graph op 'true_divide'"):
        table.define('true_divide', print)  # numpy 2 has no such ufunc: no graph op
    table.define('add', print)
    with pytest.raises(ValueError, match="test: graph op 'add' is lowered twice"):
        table.define('add', repr)


def test_the_ops_without_a_lowering_and_why_are_derived_from_the_table():
    table = Lowerings('test')
    table.define('add', print)
    table.unlowered('no reason to', 'multiply')
    missing = table.missing()
    assert 'add' not in missing and missing['multiply'] == 'no reason to'
    assert missing['subtract'] == NOT_WRITTEN and set(missing) == set(graph_ops.names()) - {'add'}


def test_the_coverage_figures_count_the_tables():
    figures = coverage.coverage()
    total = len(graph_ops.names())
    assert figures['numpy executor'] == (total, total)
    assert figures['ONNX export'][0] == total - len(coverage.onnx_table.LOWERINGS.missing())
    assert all(f'{count}/{total} graph ops' in coverage.report()
               for count, total in figures.values())


def _is_lowering(value):
    """A lowering or emitter: a function whose first parameters are (ctx, eq)."""
    try:
        return list(inspect.signature(value).parameters)[:2] == ['ctx', 'eq']
    except (TypeError, ValueError):
        return False


def test_no_backend_module_keeps_a_table_of_lowerings_keyed_by_op_name():
    """Each lowering registers itself (`@ONNX.lowers(op)`): no dict of op names to lowerings."""
    tables = []
    for name, module in sorted(sys.modules.items()):
        if not name.startswith(('runtime.backends.onnx.', 'runtime.backends.numba.')):
            continue
        for attr, value in vars(module).items():
            if isinstance(value, dict) and value and not isinstance(value, Lowerings) and \
                    any(graph_ops.is_registered(k) for k in value if isinstance(k, str)) and \
                    any(_is_lowering(v) for v in value.values()):
                tables.append(f'{name}.{attr}')
    assert tables == []



# where each backend registers the lowerings of the ops holding sub-graphs
CONTROL_TABLES = {'executor': lambda control: EXECUTOR, 'numba': lambda control: control.EMITTERS,
                  'onnx': lambda control: ONNX}


@pytest.mark.parametrize('backend', sorted(CONTROL_TABLES))
def test_every_backend_lowers_cond_and_while_in_its_own_control_module(backend):
    """The three backends have one shape: `runtime/backends/<backend>/control.py` registers the
    sub-graph ops' lowerings in the backend's table, by decorator keyed by the op."""
    control = importlib.import_module(f'runtime.backends.{backend}.control')
    table = CONTROL_TABLES[backend](control)
    for op in ('cond', 'while'):
        assert op in table, f'{backend} has no lowering of {op!r}'
        assert table[op].__module__ == control.__name__
