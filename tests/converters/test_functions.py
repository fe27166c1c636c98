"""functions: every converted body runs inside `with ag__.FunctionScope(...) as fscope:`."""
import inspect

from convert_helpers import (
    assert_same,
    both,
    convert,
    converted,
    expected,
    function,
    stripped_lines,
)


def test_docstring_first_and_declarations_above_the_scope():
    assert converted('''
        counter = 0

        def f(x):
            """Doc."""
            global counter
            counter += x
            return counter
    ''', 'f') == expected('''
        def f(x):
            """Doc."""
            global counter
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                counter += x
                return counter
    ''')


def test_nested_def_nonlocal_and_its_own_scope():
    code = converted('''
        def outer(x):
            def inner():
                nonlocal x
                x += 1
                return x
            return inner()
    ''')
    assert function(code, 'inner') == expected('''
        def inner():
            nonlocal x
            with ag__.FunctionScope('inner', 'fscope', ag__.STD) as fscope:
                x += 1
                return x
    ''')
    assert stripped_lines(code)[-1] == 'return ag__.converted_call(inner, (), None, fscope)'


def test_one_line_and_docstring_only_bodies():
    code = converted('''
        def h(x): return x  # trailing

        def doc():
            """Only a docstring."""
    ''', 'h')
    assert code == expected('''
        def h(x):  # trailing
            with ag__.FunctionScope('h', 'fscope', ag__.STD) as fscope:
                return x
    ''')
    assert converted('''
        def doc():
            """Only a docstring."""
    ''') == expected('''
        def doc():
            """Only a docstring."""
            with ag__.FunctionScope('doc', 'fscope', ag__.STD) as fscope:
                pass
    ''')


def test_the_scope_name_avoids_the_functions_own_names():
    assert converted('''
        def f(fscope):
            return g(fscope)
    ''') == expected('''
        def f(fscope):
            with ag__.FunctionScope('f', 'fscope_1', ag__.STD) as fscope_1:
                return ag__.converted_call(g, (fscope,), None, fscope_1)
    ''')


def test_a_def_or_class_moved_into_a_closure_keeps_its_qualified_name():
    code = converted('''
        def f(flag):
            if flag:
                def inner(a):
                    return a + 1
                class Local:
                    pass
                k = lambda: 1
            else:
                inner = Local = k = None
            return inner, Local, k
    ''')
    assert function(code, 'if_body') == expected('''
        def if_body():
            nonlocal Local, inner, k
            @ag__.qualname('f.<locals>.inner')
            def inner(a):
                with ag__.FunctionScope('inner', 'fscope', ag__.STD) as fscope:
                    return a + 1
            @ag__.qualname('f.<locals>.Local')
            class Local:
                pass
            k = ag__.qualname('f.<locals>.<lambda>')(lambda: 1)
    ''')


def test_methods_are_converted_and_class_bodies_kept():
    code = converted('''
        class K:
            """Doc."""
            size = 3

            @staticmethod
            def s(x):
                return x

            def m(self):
                return self.size
    ''', 'K')
    assert code == expected('''
        class K:
            """Doc."""
            size = 3

            @staticmethod
            def s(x):
                with ag__.FunctionScope('s', 'fscope', ag__.STD) as fscope:
                    return x

            def m(self):
                with ag__.FunctionScope('m', 'fscope', ag__.STD) as fscope:
                    return self.size
    ''')


def test_names_docs_signatures_and_qualnames_are_the_originals():
    source = '''
        import functools

        def deco(fn):
            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                return fn(*args, **kwargs)
            return wrapper

        @deco
        def f(a, b=2, *rest, c, d=4, **kw) -> int:
            """Adds."""
            return a + b

        def make(flag):
            if flag:
                def inner(x: int = 1) -> str:
                    """Inner doc."""
                    return str(x)
                class Local:
                    def m(self):
                        return 1
                k = lambda y: y
            else:
                inner = Local = k = None
            return inner, Local, k

        class K:
            def m(self, x, /, y=[]):
                """Method doc."""
                return x, y
    '''
    original, new = both(source)
    for name in ('f', 'make'):
        a, b = original[name], new[name]
        assert (b.__name__, b.__qualname__, b.__doc__) == (a.__name__, a.__qualname__, a.__doc__)
        assert inspect.signature(b) == inspect.signature(a)
    objects = [(a, b) for a, b in zip(original['make'](True), new['make'](True))]
    objects.append((objects[1][0].m, objects[1][1].m))
    objects.append((original['K'].m, new['K'].m))
    for a, b in objects:
        assert (b.__qualname__, b.__doc__) == (a.__qualname__, a.__doc__)
        if callable(a) and not isinstance(a, type):
            assert inspect.signature(b) == inspect.signature(a)
    assert [o[0].__qualname__ for o in objects] == [
        'make.<locals>.inner', 'make.<locals>.Local', 'make.<locals>.<lambda>',
        'make.<locals>.Local.m', 'K.m']
    assert_same(source, 'f', (1,), (1, 5))  # both: the TypeError naming f and the missing c


UNCONVERTED = '''\
import inspect
import sys
import runtime as rt


@rt.do_not_convert
def skip(x):
    if x:   # kept as written
        return [y for y in x if y and not y]
    return 2


class K:
    @staticmethod
    def gen(x):
        """Doc."""
        yield x

    async def co(self):
        await self.other()


def outer():
    def inner_gen():
        yield 2
    return inner_gen


def frame_readers(x):
    return locals()


def caller():
    return sys._getframe(1)


def stack():
    return inspect.stack()


def evaluates(x):
    if x:
        return eval('x + 1')
'''


def test_unconvertible_functions_are_copied_exactly_with_a_comment_and_a_warning():
    result = convert(UNCONVERTED)
    code = result.code
    reasons = {
        'gen': 'generator function (yield)', 'co': 'asynchronous function',
        'inner_gen': 'generator function (yield)',
        'frame_readers': 'calls locals(), which reads the local variables',
        'caller': 'inspects the call stack, where converted code runs in generated closures',
        'stack': 'inspects the call stack, where converted code runs in generated closures',
        'evaluates': 'calls eval(), which reads the local variables',
    }
    # the place of each `def` (of `async` for a coroutine), not of its decorators
    places = {'gen': (15, 5), 'co': (19, 5), 'inner_gen': (24, 5), 'frame_readers': (29, 1),
              'caller': (33, 1), 'stack': (37, 1), 'evaluates': (41, 1)}
    assert [str(d) for d in result.diagnostics] == [
        f"m.py:{line}:{col}: warning: function '{name}' left unconverted: {reasons[name]}"
        for name, (line, col) in places.items()]
    for name, reason in reasons.items():
        copied = function(code, name)
        # the comment ends the `def` line, so no line moves (the source map stays exact)
        comment = f'  # agconvert: left unconverted: {reason}'
        assert comment in copied.splitlines()[[line.lstrip().startswith(('def ', 'async def '))
                                               for line in copied.splitlines()].index(True)]
        # otherwise byte for byte, decorators included
        assert copied.replace(comment, '', 1) == function(UNCONVERTED, name)
    # do_not_convert: copied exactly, with no comment and no warning
    assert function(code, 'skip') == function(UNCONVERTED, 'skip')
    assert 'left unconverted' not in code.split('def skip')[0]
    # the converted parts around them are converted
    assert "with ag__.FunctionScope('outer', 'fscope', ag__.STD) as fscope:" in code


def test_unconverted_functions_still_work():
    original, new = both(UNCONVERTED)
    assert new['skip'](['a']) == original['skip'](['a']) == []
    assert list(new['K'].gen(3)) == [3]
    assert list(new['outer']()()) == [2]
    assert new['frame_readers'](5) == {'x': 5}
    assert new['evaluates'](1) == 2
