"""return_statements: a `return` in converted control flow sets `retval_` and `do_return`."""
from convert_helpers import assert_same, converted, expected, function, stripped_lines


def test_return_in_both_branches():
    assert converted('''
        def f(x):
            if x:
                return 1
            return 2
    ''') == expected('''
        def f(x):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                do_return = False
                retval_ = ag__.UndefinedReturnValue()

                def get_state():
                    return (do_return, retval_)

                def set_state(vars_):
                    nonlocal do_return, retval_
                    (do_return, retval_) = vars_

                def if_body():
                    nonlocal do_return, retval_
                    retval_ = 1
                    do_return = True

                def else_body():
                    nonlocal do_return, retval_
                    retval_ = 2
                    do_return = True
                ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
                return fscope.ret(retval_, do_return)
    ''')


def test_return_in_a_loop_stops_it_and_guards_what_follows():
    code = converted('''
        def f(xs):
            for x in xs:
                if x < 0:
                    return x
            return None
    ''')
    lines = stripped_lines(code)
    assert function(code, 'extra_test') == expected('''
        def extra_test():
            return ag__.not_(do_return)
    ''')
    assert ("ag__.for_stmt(xs, extra_test, loop_body, get_state, set_state, "
            "('do_return', 'retval_'), {'iterate_names': 'x'})") in lines
    # the same state as the loop's: the loop's state functions serve again
    assert ("ag__.if_stmt(ag__.not_(do_return), if_body_2, None, get_state, set_state, "
            "('do_return', 'retval_'), 2)") in lines
    assert lines.count('def get_state():') == 1
    assert 'retval_ = None\ndo_return = True' in '\n'.join(lines)
    assert lines[-1] == 'return fscope.ret(retval_, do_return)'


def test_a_bare_return_sets_none_and_a_walrus_is_parenthesized():
    lines = stripped_lines(converted('''
        def f(x):
            if x:
                return
            if x > 1:
                return (y := x)
    '''))
    text = '\n'.join(lines)
    assert 'retval_ = None\ndo_return = True' in text
    assert 'retval_ = (y := x)\ndo_return = True' in text


def test_no_change_returns_outside_converted_control_flow():
    assert converted('''
        def f(x):
            try:
                return 1 / x
            except ZeroDivisionError:
                return None
            finally:
                x = 0
    ''') == expected('''
        def f(x):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                try:
                    return 1 / x
                except ZeroDivisionError:
                    return None
                finally:
                    x = 0
    ''')


def test_no_change_a_return_after_an_if_without_returns():
    code = converted('''
        def f(x):
            if x:
                y = 1
            return x
    ''')
    assert 'do_return' not in code and 'retval_' not in code
    assert stripped_lines(code)[-1] == 'return x'


def test_returns_behave_as_in_python():
    source = '''
        def find(grid, target):
            for i, row in enumerate(grid):
                for j, value in enumerate(row):
                    if value == target:
                        return i, j
            print('missing', target)

        def classify(n):
            if n < 0:
                return 'negative'
            elif n == 0:
                return 'zero'
            while n > 100:
                n //= 10
                if n == 42:
                    return 'answer'
            return 'small' if n < 10 else 'big'

        def cleanup(xs, log):
            for x in xs:
                try:
                    if x:
                        return x
                finally:
                    log.append(('finally', x))
            return log

        def nothing(x):
            if x:
                return
            x = 1
    '''
    assert assert_same(source, 'find', ([[1, 2], [3, 4]], 4), ([[1]], 9)) == [
        (('ok', '(1, 1)'), ''), (('ok', 'None'), 'missing 9\n')]
    assert_same(source, 'classify', (-3,), (0,), (4200,), (5,), (55,), (12345,))
    assert_same(source, 'cleanup', ([0, 3, 4], []), ([0], []))
    assert_same(source, 'nothing', (True,), (False,))
