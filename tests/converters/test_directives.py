"""directives: `rt.set_loop_options(...)` in a loop body moves into the loop's `opts`."""
from convert_helpers import assert_same, converted, expected, stripped_lines


def test_while_loop_options():
    assert converted('''
        import runtime as rt

        def f(x, n):
            while x < n:
                rt.set_loop_options(
                    maximum_iterations=10, swap_memory=True)
                x += 1
            return x
    ''', 'f') == expected('''
        def f(x, n):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:

                def get_state():
                    return (x,)

                def set_state(vars_):
                    nonlocal x
                    (x,) = vars_

                def loop_test():
                    return x < n

                def loop_body():
                    nonlocal x
                    x += 1
                ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('x',),
                    {'maximum_iterations': 10, 'swap_memory': True})
                return x
    ''')


def test_for_loop_options_follow_iterate_names():
    assert ("ag__.for_stmt(xs, None, loop_body, None, None, (), {'iterate_names': 'x', "
            "'parallel_iterations': 2, 'maximum_iterations': n})") in stripped_lines(converted('''
        from runtime import set_loop_options

        def f(xs, n):
            for x in xs:
                set_loop_options(parallel_iterations=2, maximum_iterations=n)
                print(x)
    ''', 'f'))


def test_no_change_outside_a_loop_or_beside_another_statement():
    lines = stripped_lines(converted('''
        import runtime as rt

        def f(n):
            rt.set_loop_options(maximum_iterations=3)
            while n > 0:
                rt.set_loop_options(maximum_iterations=1); n -= 1
            return n
    ''', 'f'))
    # the directive stays a plain call (it does nothing in Python), not a converted_call
    assert 'rt.set_loop_options(maximum_iterations=3)' in lines
    assert 'rt.set_loop_options(maximum_iterations=1); n -= 1' in lines
    assert "ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('n',), {})" in lines


def test_loops_with_directives_behave_as_in_python():
    source = '''
        import runtime as rt

        def f(xs):
            total = 0
            for x in xs:
                rt.set_loop_options(maximum_iterations=100)
                total += x
            while total > 10:
                rt.set_loop_options(parallel_iterations=1)
                total //= 2
            return total
    '''
    assert assert_same(source, 'f', ([1, 2, 3],), (list(range(20)),)) == [
        (('ok', '6'), ''), (('ok', '5'), '')]
