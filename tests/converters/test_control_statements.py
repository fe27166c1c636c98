"""control_statements: `if`, `while`, `for` become `ag__` calls on closures; state comes from analyses."""
from convert_helpers import assert_same, convert, converted, expected, function, stripped_lines


def test_if_else():
    assert converted('''
        def f(x):
            if x > 0:
                y = x
            else:
                y = -x
            return y
    ''') == expected('''
        def f(x):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                y: ag__.local

                def get_state():
                    return (ag__.ldu(lambda: y, 'y'),)

                def set_state(vars_):
                    nonlocal y
                    (y,) = vars_

                def if_body():
                    nonlocal y
                    y = x

                def else_body():
                    nonlocal y
                    y = -x
                ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state, ('y',), 1)
                return y
    ''')


def test_while_state_is_what_is_modified_and_live():
    # `c` is a temporary of one iteration (not state, not nonlocal); `k` is dead after the loop
    # but a parameter, so the closure must still assign the function's own `k`
    assert converted('''
        def f(n, k):
            a = 1
            b = 2
            while n > 0:
                n -= 1
                c = a + b
                a = b
                b = c
                k = n
            return a
    ''') == expected('''
        def f(n, k):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                a = 1
                b = 2

                def get_state():
                    return (a, b, n)

                def set_state(vars_):
                    nonlocal a, b, n
                    (a, b, n) = vars_

                def loop_test():
                    return n > 0

                def loop_body():
                    nonlocal a, b, k, n
                    n -= 1
                    c = a + b
                    a = b
                    b = c
                    k = n
                ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('a', 'b', 'n'), {})
                return a
    ''')


def test_for_with_a_tuple_target():
    assert converted('''
        def f(xs):
            total = 0
            for i, x in enumerate(xs):
                total += i * x
            return total
    ''') == expected('''
        def f(xs):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                total = 0

                def get_state():
                    return (total,)

                def set_state(vars_):
                    nonlocal total
                    (total,) = vars_

                def loop_body(itr):
                    nonlocal total
                    i, x = itr
                    total += i * x
                ag__.for_stmt(ag__.converted_call(enumerate, (xs,), None, fscope), None, loop_body,
                    get_state, set_state, ('total',), {'iterate_names': 'i, x'})
                return total
    ''')


def test_dead_and_read_only_variables_are_not_state():
    lines = stripped_lines(converted('''
        def f(a, b):
            t = 5
            if a:
                t = 6
                u = b
            return b
    '''))
    assert 'ag__.if_stmt(a, if_body, None, None, None, (), 0)' in lines


def test_attribute_state_is_loaded_checked():
    code = converted('''
        class Counter:
            def run(self, xs):
                for x in xs:
                    self.count += x
                return self.count
    ''', 'run')
    assert function(code, 'get_state') == expected('''
        def get_state():
            return (ag__.ldu(lambda: self.count, 'self.count'),)
    ''')
    assert function(code, 'set_state') == expected('''
        def set_state(vars_):
            (self.count,) = vars_
    ''')
    assert ("ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('self.count',), "
            "{'iterate_names': 'x'})") in stripped_lines(code)


def test_inner_closures_are_defined_beside_the_outer_statement():
    code = converted('''
        def f(xs):
            for x in xs:
                if x:
                    print(x)
                else:
                    print(-x)
    ''')
    body = code.splitlines()
    # every generated def stands at the level of the FunctionScope body, none inside loop_body,
    # in reading order: the outer statement's closures first, numbered first
    defs = [line for line in body if line.lstrip().startswith('def ')]
    assert defs[1:] == ['        def loop_body(itr):', '        def if_body_1():',
                        '        def else_body_1():']
    assert function(code, 'loop_body') == expected('''
        def loop_body(itr):
            nonlocal x
            x = itr
            ag__.if_stmt(x, if_body_1, else_body_1, None, None, (), 0)
    ''')


def test_elif_is_an_if_in_the_else_body():
    code = converted('''
        def f(a, b):
            if a:
                r = 1
            elif b:
                r = 2
            else:
                r = 3
            return r
    ''')
    assert function(code, 'else_body') == expected('''
        def else_body():
            ag__.if_stmt(b, if_body_1, else_body_1, get_state, set_state, ('r',), 1)
    ''')
    assert stripped_lines(code)[-2:] == [
        "ag__.if_stmt(a, if_body, else_body, get_state, set_state, ('r',), 1)", 'return r']


def test_comments_stay_above_and_on_the_header_line():
    assert converted('''
        def f(xs):
            # count the positives
            for x in xs:  # each value
                print(x)
    ''') == expected('''
        def f(xs):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:

                # count the positives
                def loop_body(itr):  # each value
                    x = itr
                    ag__.converted_call(print, (x,), None, fscope)
                ag__.for_stmt(xs, None, loop_body, None, None, (), {'iterate_names': 'x'})
    ''')


def test_odd_loop_heads():
    lines = stripped_lines(converted('''
        def f(a, b):
            for i in a, b:
                pass
            while (n := a.pop()):
                print(n)
    '''))
    assert ("ag__.for_stmt((a, b), None, loop_body, None, None, (), {'iterate_names': 'i'})"
            in lines)
    assert 'return (n := ag__.converted_call(a.pop, (), None, fscope))' in lines


def test_loop_else_without_break_runs_right_after_the_loop():
    code = converted('''
        def f(xs):
            for x in xs:
                pass
            else:
                print('else')
    ''')
    assert stripped_lines(code)[-2:] == [
        "ag__.for_stmt(xs, None, loop_body, None, None, (), {'iterate_names': 'x'})",
        "ag__.converted_call(print, ('else',), None, fscope)"]


def test_no_change_function_without_control_flow():
    assert converted('''
        def f(x, y=2):
            """Doc."""
            z = x * y  # product
            return z
    ''') == expected('''
        def f(x, y=2):
            """Doc."""
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                z = x * y  # product
                return z
    ''')


def test_no_change_module_level_code_and_class_bodies():
    source = expected('''
        import os

        # module-level control flow is not converted
        if os.sep == '/':
            SEP = 'slash'
        else:
            SEP = 'other'
        for name in ('a', 'b'):
            print(name and SEP)


        class K:
            """Class doc."""
            X = [n for n in range(3) if n > 0 and n < 2]
            while False:
                pass
    ''')
    code = convert(source).code
    header = ('# Converted by agconvert: edit the original module, not this file.\n'
              'from runtime import ag as ag__\nag__ = ag__.bind(globals())\n\n')
    assert code.splitlines()[:-1] == (header + source).splitlines()
    assert code.splitlines()[-1].startswith('__ag_source_map__ = ag__.SourceMap(')


def test_control_flow_behaves_as_in_python():
    source = '''
        def collatz(n):
            steps = 0
            while n != 1:
                if n % 2 == 0:
                    n = n // 2
                else:
                    n = 3 * n + 1
                steps += 1
            return steps

        def fizz(n):
            out = []
            for i in range(1, n + 1):
                if i % 15 == 0:
                    word = 'FizzBuzz'
                elif i % 3 == 0:
                    word = 'Fizz'
                elif i % 5 == 0:
                    word = 'Buzz'
                else:
                    word = str(i)
                out.append(word)
            print(' '.join(out))
            return word

        def unbound_after(xs, flag):
            if flag:
                y = 1
            for x in xs:
                pass
            return y, x

        class Counter:
            count = 0

            def run(self, xs):
                for x in xs:
                    if x > 0:
                        self.count += x
                return self.count

        def counter(xs):
            return Counter().run(xs)
    '''
    assert assert_same(source, 'collatz', (27,), (1,)) == [(('ok', '111'), ''), (('ok', '0'), '')]
    assert_same(source, 'fizz', (15,), (0,))
    assert_same(source, 'unbound_after', ([1], True), ([1], False), ([], True))
    assert_same(source, 'counter', ([1, -2, 3],), ([],))


def test_identical_state_functions_are_defined_once_where_every_user_sees_them():
    code = converted('''
        def f(x):
            y = 0
            if x > 0:
                y = 1
            if x > 1:
                y = 2
            return y
    ''')
    assert stripped_lines(code).count('def get_state():') == 1
    assert "ag__.if_stmt(x > 1, if_body_1, None, get_state, set_state, ('y',), 1)" in \
        stripped_lines(code)


SHARED_ACROSS_TRY = '''
def f(x):
    y = 0
    try:
        z = 1 / x
        if z > 0:
            y = 1
    except ZeroDivisionError:
        if x == 0:
            y = 2
    if x > 5:
        y = 3
    return y
'''


def test_state_functions_defined_in_a_try_body_are_not_shared_after_it():
    # the try body may stop before it defines its closures: the handler and the statement
    # after the try define their own
    lines = stripped_lines(convert(SHARED_ACROSS_TRY).code)
    assert [line for line in lines if line.startswith('def get_state')] == [
        'def get_state():', 'def get_state_1():', 'def get_state_2():']
    assert_same(SHARED_ACROSS_TRY, 'f', (0,), (1,), (6,), (-1,))
