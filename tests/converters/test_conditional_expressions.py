"""conditional_expressions: `a if c else b` becomes `ag__.if_exp(c, lambda: a, lambda: b, 'c')`."""
from convert_helpers import assert_same, converted, expected, stripped_lines


def test_if_exp_with_lazy_branches_and_the_condition_text():
    assert converted('''
        def f(a, b, c):
            return a if b else c
    ''') == expected('''
        def f(a, b, c):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                return ag__.if_exp(b, lambda: a, lambda: c, 'b')
    ''')


def test_nested_and_quoted_conditions():
    lines = stripped_lines(converted('''
        def f(a, b):
            x = a if b == 'q' else (1 if a else 2)
            y = f"{a if b else 0}"
            return x, y
    '''))
    assert ("x = ag__.if_exp(b == 'q', lambda: a, lambda: (ag__.if_exp(a, lambda: 1, lambda: 2, "
            "'a')), 'b == \\'q\\'')") in lines
    # inside an f-string the condition is not quoted (the string could not hold it)
    assert "y = f\"{ag__.if_exp(b, lambda: a, lambda: 0, '<condition>')}\"" in lines


def test_a_condition_over_several_lines_is_named_generically():
    assert converted('''
        def f(a, b, c):
            return a if (b and
                         c) else 0
    ''') == expected('''
        def f(a, b, c):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                return ag__.if_exp((ag__.and_test(lambda: b,
                              lambda: c)), lambda: a, lambda: 0, '<condition>')
    ''')


def test_no_change_branches_holding_an_assignment_expression():
    assert 'x = (y := a) if b else c' in stripped_lines(converted('''
        def f(a, b, c):
            x = (y := a) if b else c
            return x
    '''))


def test_only_the_chosen_branch_is_evaluated():
    source = '''
        def pick(flag, log):
            return (log.append('yes') or 'yes') if flag else (log.append('no') or 'no'), log

        def divide(a, b):
            return a / b if b else float('inf')
    '''
    assert assert_same(source, 'pick', (True, []), (0, []), ('', [])) == [
        (('ok', "('yes', ['yes'])"), ''), (('ok', "('no', ['no'])"), ''),
        (('ok', "('no', ['no'])"), '')]
    assert_same(source, 'divide', (1, 2), (1, 0), ('x', 1))
