"""call_trees: calls become `ag__.converted_call(f, args, kwargs, fscope)`, with Python's errors."""
import types

from convert_helpers import assert_same, convert, converted, expected, stripped_lines

from runtime.converted_code.sourcemap import SourceMap


def test_positional_and_keyword_arguments():
    assert converted('''
        def f(g, x):
            return g(x, k=1)
    ''') == expected('''
        def f(g, x):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                return ag__.converted_call(g, (x, ), {'k': 1}, fscope)
    ''')


def test_argument_forms():
    lines = stripped_lines(converted('''
        def f(g, x, rest, kw, kw2):
            a = g()
            b = g(x)
            c = g(*rest)
            d = g(**kw)
            e = g(x, *rest, k=1, **kw)
            h = g(**kw, **kw2)
            i = g(n for n in rest)
    '''))
    assert 'a = ag__.converted_call(g, (), None, fscope)' in lines
    assert 'b = ag__.converted_call(g, (x,), None, fscope)' in lines
    # a lone *args is passed as it is, so a non-iterable fails in the call as in g(*rest)
    assert 'c = ag__.converted_call(g, rest, None, fscope)' in lines
    # **mapping goes in a Kwargs part, so that converted_call merges it in a real call
    assert 'd = ag__.converted_call(g, (), ag__.Kwargs(kw), fscope)' in lines
    assert "e = ag__.converted_call(g, (x, *rest, ), ag__.Kwargs({'k': 1, }, kw), fscope)" in lines
    assert 'h = ag__.converted_call(g, (), ag__.Kwargs(kw, kw2), fscope)' in lines
    assert 'i = ag__.converted_call(g, ((n for n in rest),), None, fscope)' in lines


def test_nested_method_and_chained_calls():
    lines = stripped_lines(converted('''
        def f(g, x):
            a = x.method(1)(2)
            b = g(g(x))[0].attr
            c = [g(n) for n in x]
            d = (lambda: g(x))()
    '''))
    assert ('a = ag__.converted_call(ag__.converted_call(x.method, (1,), None, fscope), (2,), '
            'None, fscope)') in lines
    assert ('b = ag__.converted_call(g, (ag__.converted_call(g, (x,), None, fscope),), None, '
            'fscope)[0].attr') in lines
    assert 'c = [ag__.converted_call(g, (n,), None, fscope) for n in x]' in lines
    assert ('d = ag__.converted_call((lambda: ag__.converted_call(g, (x,), None, fscope)), (), '
            'None, fscope)') in lines


def test_keywords_inside_an_f_string_use_the_other_quote():
    assert "return f'{ag__.converted_call(g, (x, ), {\"k\": 1}, fscope)}'" in stripped_lines(
        converted('''
            def f(g, x):
                return f'{g(x, k=1)}'
        '''))


def test_a_call_over_several_lines_keeps_its_line_breaks():
    assert converted('''
        def f(g, x):
            return g(
                x,
                k=2,
            )
    ''') == expected('''
        def f(g, x):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                return ag__.converted_call(g, (
                    x,
                    ), {'k': 2,
                }, fscope)
    ''')


def test_a_bare_generator_argument_starts_on_the_line_of_the_call():
    """Its code's first line is the call's `(` line, as in the original: so pairing finds it."""
    source = expected('''
        def f(g, xs):
            return g(
                int(x)
                for x in xs
            )
    ''')
    assert converted(source) == expected('''
        def f(g, xs):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                return ag__.converted_call(g, ((
                    ag__.converted_call(int, (x,), None, fscope)
                    for x in xs)
                ,), None, fscope)
    ''')
    result = convert(source)
    source_map = SourceMap('m.py', result.code.splitlines()[-1].split("'")[3])
    original, new = (generator_code(compile(text, 'm.py', 'exec')) for text in (source, result.code))
    assert source_map.original_line(new.co_firstlineno) == original.co_firstlineno == 2


def generator_code(code):
    """The first `<genexpr>` code object nested in `code`."""
    pending = [code]
    while pending:
        code = pending.pop(0)
        if code.co_name == '<genexpr>':
            return code
        pending += [c for c in code.co_consts if isinstance(c, types.CodeType)]
    raise AssertionError('no generator expression')


def test_frame_dependent_builtins_are_not_wrapped():
    lines = stripped_lines(converted('''
        class A(B):
            def m(self, x):
                a = vars(x)
                b = eval('x', {'x': x})
                c = dir(x)
                return super().m(x)
    ''', 'm'))
    assert 'a = vars(x)' in lines
    assert "b = eval('x', {'x': x})" in lines
    assert 'c = dir(x)' in lines
    # super() itself stays, the method it finds is called through converted_call
    assert 'return ag__.converted_call(super().m, (x,), None, fscope)' in lines


def test_a_module_function_shadowing_a_frame_builtin_is_wrapped():
    assert 'return ag__.converted_call(vars, (x,), None, fscope)' in stripped_lines(converted('''
        def vars(x):
            return x

        def f(x):
            return vars(x)
    ''', 'f'))


def test_super_in_a_generated_closure_names_its_class_and_instance():
    lines = stripped_lines(converted('''
        class A(B):
            def m(self, x):
                if x:
                    return super().m(x)
                return 0
    ''', 'm'))
    at = lines.index('retval_ = ag__.converted_call(super(__class__, self).m, (x,), None, fscope)')
    assert lines[at + 1] == 'do_return = True'


def test_no_calls_no_change_to_the_expressions():
    assert converted('''
        def f(x, y):
            z = x[0] + y.attr * -x
            return z
    ''') == expected('''
        def f(x, y):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                z = x[0] + y.attr * -x
                return z
    ''')


def test_calls_behave_as_in_python():
    source = '''
        class Base:
            def m(self, x):
                return ('base', x)

        class Child(Base):
            def m(self, x):
                if x:
                    return super().m(x)
                return super().m(-1)

        def log(tag, out):
            out.append(tag)
            return tag

        def order(out):
            def g(*args, **kwargs):
                return args, sorted(kwargs.items())
            return g(log(1, out), *[log(2, out)], k=log(3, out), **{'j': log(4, out)}), out

        def star(g, args, kwargs):
            return g(*args, **kwargs)

        def duplicate(kwargs):
            def g(**kw):
                return kw
            return g(a=1, **kwargs)

        def method(x):
            return Child().m(x)
    '''
    assert assert_same(source, 'order', ([],)) == [
        (('ok', "(((1, 2), [('j', 4), ('k', 3)]), [1, 2, 3, 4])"), '')]
    assert_same(source, 'star', (max, (1, 5), {}), (max, 3, {}), (max, (1, 2), None),
                (dict, (), {'a': 1}))
    outcomes = assert_same(source, 'duplicate', ({'b': 2},), ({'a': 2},), (None,), ([1],))
    assert outcomes[1][0][0] == 'raise'
    assert assert_same(source, 'method', (3,), (0,)) == [
        (('ok', "('base', 3)"), ''), (('ok', "('base', -1)"), '')]


def test_every_frame_reading_builtin_is_left_as_written_and_runs_where_its_scope_is():
    from runtime import ag
    from runtime.ag_operators.builtin_names import FRAME_READERS
    lines = stripped_lines(converted('''
        def f(x):
            return globals(), vars(x), dir(), eval('x', {'x': 2}, {})
    '''))
    assert "return globals(), vars(x), dir(), eval('x', {'x': 2}, {})" in lines
    assert set(FRAME_READERS) == {'super', 'globals', 'locals', 'vars', 'dir', 'eval', 'exec'}

    # TensorFlow's generated code sends them through converted_call, which runs them in the
    # frame of the function the scope belongs to when they are given too few arguments
    def tf_generated(a):
        with ag.FunctionScope('tf_generated', 'fscope', ag.STD) as fscope:
            return (ag.converted_call(vars, (), None, fscope)['a'],
                    ag.converted_call(dir, (), None, fscope),
                    ag.converted_call(eval, ('a',), None, fscope),
                    ag.converted_call(eval, ('a', {'a': 2}), None, fscope))
    assert tf_generated(7) == (7, ['a', 'ag', 'fscope'], 7, 2)  # `ag` is a free variable
