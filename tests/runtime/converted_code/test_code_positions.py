"""code_positions: converted code objects paired with the original's, and rewritten with its positions."""
import types

import pytest

from autograph_cli.pipeline import convert_module
from runtime.converted_code import code_positions
from runtime.converted_code.sourcemap import SourceMap

ORIGINAL = '''\
def f(xs):
    if xs:
        xs = [int(x) for x in xs]
    return {x: 1 for x in xs}, list(x for x in xs)
'''


def nested(code):
    """Every code object nested in `code`, depth first."""
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield const
            yield from nested(const)


@pytest.mark.parametrize('shift', [0, 1, -1])
def test_a_comprehension_is_never_taken_for_generated_code(shift):
    """Even where its first line pairs with none (here: a map `shift` lines off), a comprehension
    keeps its own name and is not folded into its function's frames as a closure would be."""
    result = convert_module(ORIGINAL, 'm.py')
    source_map = SourceMap('m.py', result.code.splitlines()[-1].split("'")[3])
    original = compile(ORIGINAL, 'm.py', 'exec')
    converted = compile(result.code, 'converted.py', 'exec')
    function = next(c for c in converted.co_consts if getattr(c, 'co_name', None) == 'f')

    def original_line(line):
        found = source_map.original_line(line)
        return None if found is None else found + shift
    pairing = code_positions.Pairing(original.co_consts[0], function, original_line)
    rewritten = pairing.rewritten(function)
    comprehensions = {code.co_name: code_positions.converted_info(code).generated
                      for code in nested(rewritten) if code.co_name.startswith('<')}
    assert comprehensions == {'<listcomp>': False, '<dictcomp>': False, '<genexpr>': False}
    if shift == 0:  # each has its original's first line
        firsts = {c.co_name: c.co_firstlineno for c in nested(original) if c.co_name[0] == '<'}
        assert {c.co_name: c.co_firstlineno for c in nested(rewritten)
                if c.co_name[0] == '<'} == firsts == {'<listcomp>': 3, '<dictcomp>': 4,
                                                      '<genexpr>': 4}
