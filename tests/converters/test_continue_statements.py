"""continue_statements: `continue` sets a flag, reset in each iteration; what follows is guarded."""
from convert_helpers import assert_same, converted, expected, function, stripped_lines


def test_continue_in_a_for_loop():
    code = converted('''
        def f(xs):
            total = 0
            for x in xs:
                if x < 0:
                    continue
                total += x
            return total
    ''')
    # everything after the `continue` joins the other branch, so no guard needs the flag:
    # the flag is not kept, the `continue` goes, and the `if` left with an empty branch
    # runs what followed it when its test is false
    assert function(code, 'loop_body') == expected('''
        def loop_body(itr):
            nonlocal x
            x = itr
            ag__.if_stmt(ag__.not_(x < 0), if_body_1, None, get_state, set_state, ('total',), 1)
    ''')
    assert function(code, 'if_body_1') == expected('''
        def if_body_1():
            nonlocal total
            total += x
    ''')
    assert 'continue_' not in code
    assert 'pass' not in stripped_lines(code)


def test_continue_in_a_while_loop_resets_the_flag_first():
    code = converted('''
        def f(n):
            while n > 0:
                n -= 1
                try:
                    if n % 2:
                        continue
                finally:
                    pass
                print(n)
    ''')
    # the print after the `try` needs a guard, so the flag stays, reset at the top
    assert function(code, 'loop_body').splitlines()[:3] == [
        'def loop_body():', '    nonlocal continue_, n', '    continue_ = False']
    assert 'continue_: ag__.local' in stripped_lines(code)


def test_a_continue_after_a_try_guards_the_rest_with_the_flag():
    lines = stripped_lines(converted('''
        def f(xs):
            for x in xs:
                try:
                    if x:
                        continue
                finally:
                    print('finally')
                print(x)
    '''))
    assert 'ag__.if_stmt(ag__.not_(continue_), if_body_2, None, None, None, (), 0)' in lines


def test_no_change_loop_without_continue():
    code = converted('''
        def f(xs):
            for x in xs:
                if x:
                    print(x)
    ''')
    assert 'continue_' not in code


def test_continues_behave_as_in_python():
    source = '''
        def odd_squares(xs):
            out = []
            for x in xs:
                if x % 2 == 0:
                    continue
                out.append(x * x)
            return out

        def nested(n):
            pairs = []
            i = 0
            while i < n:
                i += 1
                if i == 2:
                    continue
                for j in range(i):
                    if j % 2:
                        continue
                    pairs.append((i, j))
                else:
                    pairs.append('done')
            return pairs

        def with_finally(xs):
            log = []
            for x in xs:
                try:
                    if x is None:
                        continue
                    log.append(x)
                finally:
                    log.append('f')
                log.append('after')
            return log
    '''
    assert assert_same(source, 'odd_squares', ([1, 2, 3, 4, 5],), ([],)) == [
        (('ok', '[1, 9, 25]'), ''), (('ok', '[]'), '')]
    assert_same(source, 'nested', (4,), (0,))
    assert_same(source, 'with_finally', ([1, None, 2],))
