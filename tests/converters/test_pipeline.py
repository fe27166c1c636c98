"""pipeline: the converters are one declared sequence, and each of them runs alone."""
import gc
import pathlib
import textwrap

import pytest
from convert_helpers import function, outcome, run_source

from autograph_cli import pipeline
from autograph_cli.converters import (
    asserts,
    break_statements,
    call_trees,
    conditional_expressions,
    continue_statements,
    directives,
    lists,
    logical_expressions,
    return_statements,
)
from autograph_cli.pipeline import Pipeline, convert_module

SAMPLES = pathlib.Path(__file__).parents[2] / 'samples'

EXPRESSIONS = '''
def f(xs, a, b):
    out = []
    out.append(len(xs))
    assert a or b, 'neither'
    return out, (a if b else 0), not a
'''

# converter -> the ag__ symbol only it emits, for the source above
EMITS = {call_trees: 'ag__.converted_call(', logical_expressions: 'ag__.or_test(',
         conditional_expressions: 'ag__.if_exp(', asserts: 'ag__.assert_stmt(',
         lists: 'ag__.list_append('}


def test_the_pipeline_declares_every_converter_once_in_order():
    assert pipeline.PIPELINE.expressions == (call_trees, logical_expressions,
                                             conditional_expressions, asserts, lists)
    assert pipeline.PIPELINE.statements == (directives, break_statements, continue_statements,
                                            return_statements)
    # importing a converter registers nothing: the walk's table is the pipeline's
    assert Pipeline(expressions=()).handlers.keys().isdisjoint(
        {t for c in EMITS for t in c.HANDLERS})


@pytest.mark.parametrize('converter', list(EMITS), ids=lambda c: c.__name__.split('.')[-1])
def test_each_expression_converter_runs_alone(converter):
    code = function(convert_module(textwrap.dedent(EXPRESSIONS),
                                   pipeline=Pipeline(expressions=(converter,))).code, 'f')
    assert [symbol for symbol in EMITS.values() if symbol in code] == [EMITS[converter]]
    original = run_source(textwrap.dedent(EXPRESSIONS))['f']
    alone = run_source(convert_module(textwrap.dedent(EXPRESSIONS),
                                      pipeline=Pipeline(expressions=(converter,))).code)['f']
    for args in (([1, 2], 1, 0), ([], 0, 0), ((), 0, 3)):
        assert outcome(alone, *args) == outcome(original, *args)


STATEMENTS = {
    directives: '''
def f(n):
    total = 0
    for i in range(n):
        set_loop_options(maximum_iterations=100)
        total += i
    return total


def set_loop_options(**options):
    pass
''',
    break_statements: '''
def f(n):
    total = 0
    for i in range(n):
        if i > 3:
            break
        total += i
    return total
''',
    continue_statements: '''
def f(n):
    total = 0
    for i in range(n):
        if i % 2:
            continue
        total += i
    return total
''',
    return_statements: '''
def f(n):
    for i in range(n):
        if i * i > n:
            return i
    return -1
''',
}
MARKS = {directives: "'maximum_iterations': 100", break_statements: 'break_ = True',
         continue_statements: 'ag__.not_(i % 2)', return_statements: 'do_return = True'}


@pytest.mark.parametrize('converter', list(STATEMENTS), ids=lambda c: c.__name__.split('.')[-1])
def test_each_statement_converter_runs_alone(converter):
    source = textwrap.dedent(STATEMENTS[converter])
    code = convert_module(source, pipeline=Pipeline(expressions=(), statements=(converter,))).code
    assert MARKS[converter] in code
    assert 'converted_call' not in code  # no expression converter ran
    original, alone = run_source(source)['f'], run_source(code)['f']
    for n in (0, 3, 10, 30):
        assert alone(n) == original(n)


def test_a_conversion_leaves_no_cyclic_garbage():
    """Everything a conversion builds is freed by reference counting as soon as it is done with,
    never left for the cycle collector, whose passes over the libcst trees (which the converter
    must not switch off: the process is not its own) cost about a fifth of a conversion."""
    sources = [path.read_text(encoding='utf-8') for path in sorted(SAMPLES.glob('*.py'))]
    convert_module(sources[0])  # first-use caches are not garbage
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for source in sources:
            convert_module(source)
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()
