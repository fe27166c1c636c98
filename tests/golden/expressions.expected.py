"""Expressions: boolean operators, comparisons, conditional expressions, calls and asserts."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import functools


def clamp(x, lo, hi):
    with ag__.FunctionScope('clamp', 'fscope', ag__.STD) as fscope:
        return ag__.if_exp(x < lo, lambda: lo,
            lambda: (ag__.if_exp(x > hi, lambda: hi, lambda: x, 'x > hi')), 'x < lo')


def in_range(x, lo=0, hi=10):
    with ag__.FunctionScope('in_range', 'fscope', ag__.STD) as fscope:
        return ag__.and_(lambda: ag__.compare(lo, '<=', lambda: x, '<', lambda: hi),
            lambda: ag__.not_(x == 5))


def describe(x):
    with ag__.FunctionScope('describe', 'fscope', ag__.STD) as fscope:
        kind = ag__.if_exp(x < 10, lambda: 'small', lambda: 'large', 'x < 10')
        sign = ag__.logical(lambda: x > 0, 'and', lambda: 'positive', 'or', lambda: 'not positive')
        return f'{x}: {kind}, {sign}'


def apply(fn, *args, **kwargs):
    """Calls keep Python's argument order and errors."""
    with ag__.FunctionScope('apply', 'fscope', ag__.STD) as fscope:
        result = ag__.converted_call(fn, args, ag__.Kwargs(kwargs), fscope)
        partial = ag__.converted_call(functools.partial, (fn, *args), None, fscope)
        return result, ag__.converted_call(partial, (), ag__.Kwargs(kwargs), fscope)


def checked_ratio(a, b):
    with ag__.FunctionScope('checked_ratio', 'fscope', ag__.STD) as fscope:
        assert ag__.assert_stmt(b != 0, lambda: f'cannot divide {a} by zero')
        assert ag__.assert_stmt(ag__.converted_call(isinstance, (a, (int, float)), None, fscope),
            None)
        return a / b


def pick(flags, default=None):
    with ag__.FunctionScope('pick', 'fscope', ag__.STD) as fscope:
        # lambdas and comprehensions stay where they are
        chosen = [name for name,
            on in ag__.converted_call(flags.items, (), None, fscope) if ag__.and_test(lambda: on,
            lambda: name)]
        key = lambda name: (ag__.converted_call(len, (name,), None, fscope), name)
        return ag__.or_(lambda: ag__.converted_call(sorted, (chosen, ), {'key': key}, fscope),
            lambda: default)


def multiline(a, b,
              c):
    with ag__.FunctionScope('multiline', 'fscope', ag__.STD) as fscope:
        return (ag__.logical(lambda: a, 'and',
                 lambda: b, 'or',
                 lambda: c))
__ag_source_map__ = ag__.SourceMap('expressions.py', '1:1,6:2,10=5,11=6,13:7,16=9,17=10,19:11,22=13,23:14,30=19,31:21,37=26,38:27,39=28,41:29,45=32,46:33,47=34,50:35,51=36,53:37,57=39,58:41', '7d1c958699d6c6a2')
