"""lists: `name.append(x)` on a local list becomes `name = ag__.list_append(name, x)`."""
from convert_helpers import assert_same, converted, expected, stripped_lines


def test_append_to_a_local_in_a_loop():
    assert converted('''
        def f(xs):
            out = []
            for x in xs:
                out.append(x * 2)
            return out
    ''') == expected('''
        def f(xs):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                out = []

                def get_state():
                    return (out,)

                def set_state(vars_):
                    nonlocal out
                    (out,) = vars_

                def loop_body(itr):
                    nonlocal out
                    x = itr
                    out = ag__.list_append(out, x * 2)
                ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('out',), {'iterate_names': 'x'})
                return out
    ''')


def test_only_the_statement_form_on_a_local_name_is_rewritten():
    lines = stripped_lines(converted('''
        shared = []

        def f(a, b, xs):
            out = []
            out.append(a)
            xs.append(a)
            shared.append(a)
            out.append(a, b)
            (out).append(a)
            y = out.append(b)
            z = [out.append(n) for n in xs]
            [n.append(1) for n in xs]
            return out
    ''', 'f'))
    assert 'out = ag__.list_append(out, a)' in lines
    assert 'xs = ag__.list_append(xs, a)' in lines  # a parameter is a local too
    # rebinding a global would make it local: the call stays a call
    assert 'ag__.converted_call(shared.append, (a,), None, fscope)' in lines
    assert 'ag__.converted_call(out.append, (a, b), None, fscope)' in lines
    assert 'ag__.converted_call((out).append, (a,), None, fscope)' in lines
    assert 'y = ag__.converted_call(out.append, (b,), None, fscope)' in lines
    assert 'z = [ag__.converted_call(out.append, (n,), None, fscope) for n in xs]' in lines
    assert '[ag__.converted_call(n.append, (1,), None, fscope) for n in xs]' in lines


def test_no_change_append_to_a_free_variable():
    assert converted('''
        def outer():
            out = []
            def inner(x):
                out.append(x)
            return inner, out
    ''', 'inner') == expected('''
        def inner(x):
            with ag__.FunctionScope('inner', 'fscope', ag__.STD) as fscope:
                ag__.converted_call(out.append, (x,), None, fscope)
    ''')


def test_appends_behave_as_in_python():
    source = '''
        import collections

        def collect(xs):
            out = []
            alias = out
            for x in xs:
                if x % 2:
                    out.append(x)
            return out, alias, out is alias

        def other_appendables(xs):
            d = collections.deque()
            for x in xs:
                d.append(x)
            return list(d)

        def not_a_list(xs):
            s = set()
            s.append(xs)

        def outer(xs):
            out = []
            def add(x):
                out.append(x)
            for x in xs:
                add(x)
            return out
    '''
    assert assert_same(source, 'collect', ([1, 2, 3, 5],), ([],)) == [
        (('ok', '([1, 3, 5], [1, 3, 5], True)'), ''), (('ok', '([], [], True)'), '')]
    assert_same(source, 'other_appendables', ([3, 1],))
    assert assert_same(source, 'not_a_list', ([1],)) == [
        (('raise', 'AttributeError', "'set' object has no attribute 'append'"), '')]
    assert_same(source, 'outer', ([1, 2],))
