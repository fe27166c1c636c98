"""break_statements: `break` sets a flag that ends the loop; the rest and `else:` are guarded."""
from convert_helpers import assert_same, converted, expected, function, stripped_lines


def test_break_in_a_while_loop_with_else():
    assert converted('''
        def f(n):
            i = 0
            while i < n:
                if i == 3:
                    break
                i += 1
            else:
                i = -1
            return i
    ''') == expected('''
        def f(n):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                i = 0
                break_ = False

                def get_state():
                    return (break_, i)

                def set_state(vars_):
                    nonlocal break_, i
                    (break_, i) = vars_

                def loop_test():
                    return i < n

                def loop_body():
                    ag__.if_stmt(i == 3, if_body_1, else_body_1, get_state, set_state, ('break_', 'i'), 2)

                def extra_test():
                    return ag__.not_(break_)

                def if_body_1():
                    nonlocal break_
                    break_ = True

                def else_body_1():
                    nonlocal i
                    i += 1

                def get_state_2():
                    return (i,)

                def set_state_2(vars_):
                    nonlocal i
                    (i,) = vars_

                def if_body_2():
                    nonlocal i
                    i = -1
                ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('break_', 'i'),
                    {'extra_test': extra_test})
                ag__.if_stmt(ag__.not_(break_), if_body_2, None, get_state_2, set_state_2, ('i',), 1)
                return i
    ''')


def test_break_in_a_for_loop_is_its_extra_test():
    lines = stripped_lines(converted('''
        def f(xs):
            for x in xs:
                if x:
                    break
                print(x)
    '''))
    assert 'break_ = False' in lines
    assert 'return ag__.not_(break_)' in lines
    # the flag is read by extra_test after each iteration, so it is loop state (a graph
    # loop carries it) and the state of the `if` that sets it
    assert ("ag__.for_stmt(xs, extra_test, loop_body, get_state, set_state, ('break_',), "
            "{'iterate_names': 'x'})" in lines)
    # the statements after the `if` that breaks joined its other branch; its state is the
    # loop's, so it calls the loop's state functions
    assert ("ag__.if_stmt(x, if_body_1, else_body_1, get_state, set_state, ('break_',), 1)"
            in lines)
    assert lines.count('def get_state():') == 1


def test_break_guards_what_follows_a_try():
    lines = stripped_lines(converted('''
        def f(xs):
            for x in xs:
                try:
                    if x:
                        break
                finally:
                    print('finally')
                print(x)
    '''))
    assert 'ag__.if_stmt(ag__.not_(break_), if_body_2, None, None, None, (), 0)' in lines


def test_an_inner_loop_resets_its_own_flag_each_time_it_starts():
    code = converted('''
        def f(xs):
            for x in xs:
                for y in xs:
                    if y:
                        break
    ''')
    assert function(code, 'loop_body') == expected('''
        def loop_body(itr):
            nonlocal break_
            x = itr
            break_ = False
            ag__.for_stmt(xs, extra_test_1, loop_body_1, get_state_1, set_state_1, ('break_',),
                {'iterate_names': 'y'})
    ''')


def test_no_change_loop_without_break():
    code = converted('''
        def f(xs):
            for x in xs:
                print(x)
    ''')
    assert 'break_' not in code and 'extra_test' not in code
    assert "ag__.for_stmt(xs, None, loop_body, None, None, (), {'iterate_names': 'x'})" in \
        stripped_lines(code)


def test_no_change_break_of_a_loop_in_a_nested_def():
    code = converted('''
        def f(xs):
            def g():
                for x in xs:
                    break
            return g
    ''')
    assert code.count('break_ = False') == 1
    assert function(code, 'g').startswith(expected('''
        def g():
            with ag__.FunctionScope('g', 'fscope', ag__.STD) as fscope:
                break_ = False
    '''))


def test_breaks_behave_as_in_python():
    source = '''
        def first_pair(xs, target):
            found = None
            for i in range(len(xs)):
                for j in range(i + 1, len(xs)):
                    if xs[i] + xs[j] == target:
                        found = (i, j)
                        break
                if found:
                    break
            else:
                print('not found')
            return found

        def countdown(n):
            while True:
                n -= 1
                if n < 0:
                    break
                print(n)
            return n

        def guarded(xs):
            out = []
            for x in xs:
                try:
                    if x == 'stop':
                        break
                    out.append(int(x))
                except ValueError:
                    out.append('bad')
                    break
                finally:
                    out.append('f')
            else:
                out.append('else')
            return out
    '''
    assert assert_same(source, 'first_pair', ([1, 2, 3, 4], 7), ([1, 2], 10), ([], 0)) == [
        (('ok', '(2, 3)'), ''), (('ok', 'None'), 'not found\n'), (('ok', 'None'), 'not found\n')]
    assert_same(source, 'countdown', (3,), (0,))
    assert_same(source, 'guarded', (['1', '2'],), (['1', 'stop', '2'],), (['x', '3'],))
