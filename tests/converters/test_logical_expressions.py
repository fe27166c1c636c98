"""logical_expressions: `and`/`or`/`not` and chained comparisons become operators, lazily."""
from convert_helpers import assert_same, both, converted, expected, stripped_lines


def test_value_forms():
    assert converted('''
        def f(a, b, c):
            x = a and b
            y = a or b or c
            z = not a
            w = a < b <= c
            return a in b not in c
    ''') == expected('''
        def f(a, b, c):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                x = ag__.and_(lambda: a, lambda: b)
                y = ag__.logical(lambda: a, 'or', lambda: b, 'or', lambda: c)
                z = ag__.not_(a)
                w = ag__.compare(a, '<', lambda: b, '<=', lambda: c)
                return ag__.compare(a, 'in', lambda: b, 'not in', lambda: c)
    ''')


def test_a_chain_as_a_value_tests_each_operand_once():
    # `a and b or c`: when `a` is false, Python's jumps already know it and go to `c`
    source = '''
        class B:
            def __init__(self, v, log):
                self.v, self.log = v, log
            def __bool__(self):
                self.log.append(self.v)
                return bool(self.v)

        def f(a, b, c):
            log = []
            x, y, z = B(a, log), B(b, log), B(c, log)
            r = x and y or z
            s = x or y and z or x
            t = (x and y) and z
            return log, r.v, s.v, t.v
    '''
    assert "r = ag__.logical(lambda: x, 'and', lambda: y, 'or', lambda: z)" in stripped_lines(
        converted(source))
    original, new = both(source)
    for case in [(a, b, c) for a in (0, 1) for b in (0, 1) for c in (0, 1)]:
        assert new['f'](*case) == original['f'](*case), case


def test_test_positions_use_the_test_forms():
    lines = stripped_lines(converted('''
        def f(a, b, c):
            if a and not b:
                pass
            while a < b < c:
                a = a + 1
            assert a or b
            t = [n for n in c if n > 0 and n < 5]
            return a if b or c else c
    '''))
    assert ('ag__.if_stmt(ag__.and_test(lambda: a, lambda: ag__.not_(b)), if_body, None, None, '
            'None, (), 0)') in lines
    assert "return ag__.compare_test(a, '<', lambda: b, '<', lambda: c)" in lines
    assert 'assert ag__.assert_stmt(ag__.or_test(lambda: a, lambda: b), None)' in lines
    assert 't = [n for n in c if ag__.and_test(lambda: n > 0, lambda: n < 5)]' in lines
    assert ("return ag__.if_exp(ag__.or_test(lambda: b, lambda: c), lambda: a, lambda: c, "
            "'b or c')") in lines


def test_no_change_single_comparison_and_other_unary_operators():
    assert converted('''
        def f(a, b):
            return (a < b, -a, ~b, +a, a is None)
    ''') == expected('''
        def f(a, b):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                return (a < b, -a, ~b, +a, a is None)
    ''')


def test_no_change_operands_holding_an_assignment_expression():
    lines = stripped_lines(converted('''
        def f(a, b, c):
            x = (y := a) and b
            z = a < (w := b) < c
            return x, y, z, w
    '''))
    assert 'x = (y := a) and b' in lines
    assert 'z = a < (w := b) < c' in lines


def test_an_operator_split_over_lines_keeps_the_line_break():
    assert converted('''
        def f(a, b):
            return (a
                    and b)
    ''') == expected('''
        def f(a, b):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                return (ag__.and_(lambda: a,
                         lambda: b))
    ''')


def test_inside_an_f_string_the_comparison_operators_take_the_other_quote():
    assert 'return f\'{ag__.compare(a, "<", lambda: b, "<", lambda: c)}\'' in stripped_lines(
        converted('''
            def f(a, b, c):
                return f'{a < b < c}'
        '''))


def test_short_circuit_order_and_bool_calls_as_in_python():
    source = '''
        class Loud:
            def __init__(self, name, value, log):
                self.name, self.value, self.log = name, value, log

            def __bool__(self):
                self.log.append('bool ' + self.name)
                return bool(self.value)

            def __lt__(self, other):
                self.log.append(f'{self.name} < {other.name}')
                return self.value < other.value

            def __repr__(self):
                return self.name

        def values(x, y, z):
            log = []
            a, b, c = Loud('a', x, log), Loud('b', y, log), Loud('c', z, log)
            result = (a and b, a or b, not c, a < b < c, a or b and c)
            return result, log

        def tests(x, y, z):
            log = []
            a, b, c = Loud('a', x, log), Loud('b', y, log), Loud('c', z, log)
            if a and b or c:
                log.append('then')
            if a < b < c:
                log.append('chain')
            while a and not b:
                a.value = False
            return log
    '''
    cases = [(x, y, z) for x in (0, 1) for y in (0, 1) for z in (0, 2)]
    assert_same(source, 'values', *cases)
    outcomes = assert_same(source, 'tests', *cases)
    # `a and b or c` in an if: each evaluated operand made a bool exactly once
    assert outcomes[-1] == (('ok', "['bool a', 'bool b', 'then', 'a < b', 'bool a', 'bool b']"),
                            '')
    assert outcomes[3] == (('ok', "['bool a', 'bool c', 'then', 'a < b', 'b < c', 'chain', "
                                   "'bool a']"), '')


def test_membership_in_a_display_goes_through_compare_other_membership_stays():
    code = converted('''
        def f(m, d):
            if m in (4, 6, 9, 11):
                return 30
            return m not in [1, 2], m in d
    ''')
    lines = stripped_lines(code)
    assert any("ag__.compare_test(m, 'in', lambda: (4, 6, 9, 11))" in line for line in lines)
    assert any("ag__.compare(m, 'not in', lambda: [1, 2]), m in d" in line for line in lines)
    original, new = both('''
        def f(m, d):
            if m in (4, 6, 9, 11):
                return 30
            return m not in [1, 2], m in d
    ''')
    for args in ((4, {}), (2, {2: 0}), (5, {})):
        assert new['f'](*args) == original['f'](*args)
