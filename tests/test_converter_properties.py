"""Properties of the converter on generated programs.

On any source that `compile()` accepts, `convert_module` must not raise, its
output must compile, a second conversion must give the same bytes, and
converting the output again must be refused. Generated control-flow programs
(branches, loops, break/continue/return, and/or/not, ternaries, chained
comparisons, prints) must also behave exactly like the original.
"""
import itertools
import warnings

import hypothesmith
import pytest
from differential import CaseTimeout, load_module, run_case, time_limit
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from autograph_cli.pipeline import convert_module
from runtime.errors import ConversionError

CONVERSION_TIME_LIMIT = 20  # seconds; generated programs convert in milliseconds

PROPERTY_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    # hypothesmith's targeting makes the optimise phase hill-climb for minutes; a
    # fixed seed keeps CI runs reproducible
    phases=[Phase.explicit, Phase.generate, Phase.shrink],
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.data_too_large],
)


def compiles(source):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # SyntaxWarning/DeprecationWarning for odd literals
        try:
            compile(source, 'generated.py', 'exec', dont_inherit=True)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False
    return True


def check_conversion(source):
    with warnings.catch_warnings():
        # Odd generated literals make compile() warn; the warnings are not the converter's.
        warnings.simplefilter('ignore', SyntaxWarning)
        warnings.simplefilter('ignore', DeprecationWarning)
        result = convert(source, 'generated.py')
        compile(result.code, 'x', 'exec', dont_inherit=True)
        again = convert(source, 'generated.py')
        assert again.code.encode() == result.code.encode(), 'conversion is not deterministic'
        with pytest.raises(ConversionError):
            convert(result.code, 'converted.py')
    return result


def convert(source, path):
    """convert_module, failing instead of hanging if the converter does not finish."""
    try:
        with time_limit(CONVERSION_TIME_LIMIT):
            return convert_module(source, path)
    except CaseTimeout:
        pytest.fail(f'conversion did not finish in {CONVERSION_TIME_LIMIT}s')


# hypothesmith compile()s what it generates; odd literals make that warn.
@pytest.mark.filterwarnings('ignore::SyntaxWarning')
@PROPERTY_SETTINGS
@given(hypothesmith.from_grammar().filter(compiles))
def test_grammar_generated_programs_convert_to_compilable_stable_code(source):
    check_conversion(source)


@pytest.mark.filterwarnings('ignore::SyntaxWarning')
@settings(PROPERTY_SETTINGS, max_examples=25)
@given(hypothesmith.from_node().filter(compiles))
def test_cst_generated_programs_convert_to_compilable_stable_code(source):
    check_conversion(source)


# Generated control-flow programs, run on both sides.
#
# `a` and `b` are parameters and `c` is sometimes left unbound, so reading it
# can raise UnboundLocalError (or NameError when `f` never assigns it). Multiplication is only by small constants and loops run at
# most three times, so numbers stay small. `probe` prints, exposing evaluation order.

VARIABLES = ('a', 'b', 'c')
HEADER = '''
def probe(value):
    print('probe', value)
    return value


def f(a, b):
'''


@st.composite
def expressions(draw, depth=0):
    if depth >= 2 or draw(st.integers(0, 2)) == 0:
        return draw(st.one_of(st.sampled_from(VARIABLES), st.integers(-2, 5).map(str)))

    def sub():
        return draw(expressions(depth + 1))

    kind = draw(st.sampled_from(
        ['arith', 'scale', 'div', 'and', 'or', 'not', 'ternary', 'compare', 'chain', 'probe']))
    if kind == 'arith':
        return f'({sub()} {draw(st.sampled_from(["+", "-"]))} {sub()})'
    if kind == 'scale':
        return f'({sub()} * {draw(st.integers(-2, 3))})'
    if kind == 'div':
        return f'({sub()} {draw(st.sampled_from(["//", "%"]))} {sub()})'
    if kind in ('and', 'or'):
        return f'({sub()} {kind} {sub()})'
    if kind == 'not':
        return f'(not {sub()})'
    if kind == 'ternary':
        return f'({sub()} if {sub()} else {sub()})'
    if kind == 'compare':
        return f'({sub()} {draw(st.sampled_from(["<", "<=", "==", "!=", ">"]))} {sub()})'
    if kind == 'chain':  # the middle operand prints, so evaluating it twice shows
        return f'({sub()} < probe({sub()}) <= {sub()})'
    return f'probe({sub()})'


@st.composite
def blocks(draw, depth=1, in_loop=False):
    """A list of source lines (indented by `depth` levels) forming a statement block."""
    lines = []
    for _ in range(draw(st.integers(1, 4 if depth == 1 else 3))):
        lines.extend(draw(statements(depth, in_loop)))
    return lines


@st.composite
def statements(draw, depth, in_loop):
    pad = '    ' * depth
    simple = ['assign', 'augassign', 'print', 'return']
    # Compound statements and jumps are weighted up: they are what the converter rewrites.
    compound = ['if', 'for', 'while'] * 2 if depth < 3 else []
    jumps = ['break', 'break', 'continue'] if in_loop else []
    kind = draw(st.sampled_from(simple + compound + jumps))
    var = draw(st.sampled_from(VARIABLES))
    if kind == 'assign':
        return [f'{pad}{var} = {draw(expressions())}']
    if kind == 'augassign':
        return [f'{pad}{var} {draw(st.sampled_from(["+=", "-="]))} {draw(expressions())}']
    if kind == 'print':
        return [f'{pad}print({draw(expressions())}, {var!r})']
    if kind == 'return':
        return [f'{pad}return {draw(expressions())}']
    if kind in ('break', 'continue'):
        return [f'{pad}if {draw(expressions())}:', f'{pad}    {kind}']
    if kind == 'if':
        lines = [f'{pad}if {draw(expressions())}:', *draw(blocks(depth + 1, in_loop))]
        if draw(st.booleans()):
            lines += [f'{pad}elif {draw(expressions())}:', *draw(blocks(depth + 1, in_loop))]
        if draw(st.booleans()):
            lines += [f'{pad}else:', *draw(blocks(depth + 1, in_loop))]
        return lines
    if kind == 'for':
        lines = [f'{pad}for i{depth} in range({draw(st.integers(0, 3))}):',
                 *draw(blocks(depth + 1, True))]
    else:
        fuel = f'fuel{depth}'
        lines = [f'{pad}{fuel} = 0',
                 f'{pad}while {draw(expressions())} and {fuel} < 3:',
                 f'{pad}    {fuel} += 1',
                 *draw(blocks(depth + 1, True))]
    if draw(st.booleans()):
        lines += [f'{pad}else:', *draw(blocks(depth + 1, in_loop))]
    return lines


@st.composite
def programs(draw):
    # Mostly start with `c` bound; otherwise reads of it exercise the unbound paths.
    start = ['    c = a - b'] if draw(st.integers(0, 3)) else []
    body = draw(blocks())
    return HEADER + '\n'.join(start + body + ['    return (a, b, c)']) + '\n'


_example_ids = itertools.count()
ARGUMENTS = [(0, 1), (2, -1), (3, 3)]


@pytest.fixture(scope='module')
def work_dir(tmp_path_factory):
    return tmp_path_factory.mktemp('generated')


@settings(PROPERTY_SETTINGS, max_examples=60)
@given(source=programs())
def test_generated_control_flow_behaves_like_the_original(source, work_dir):
    result = check_conversion(source)
    n = next(_example_ids)
    original_path, converted_path = work_dir / f'orig_{n}.py', work_dir / f'conv_{n}.py'
    original_path.write_text(source, encoding='utf-8')
    converted_path.write_text(result.code, encoding='utf-8')
    original = load_module(original_path, 'generated')
    converted = load_module(converted_path, 'generated')
    for args in ARGUMENTS:
        expected = run_case(original, 'f', args, {})
        # Loops run at most three times: a converted loop that does not stop shows in 0.5 s.
        assert run_case(converted, 'f', args, {}, seconds=5) == expected, f'f{args}'
