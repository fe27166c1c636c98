"""assert with and without messages: lazy messages, asserts inside loops, non-string messages."""


def checked_sqrt(x):
    assert x >= 0, f'cannot take the root of {x}'
    return x ** 0.5


def no_message(items):
    assert items
    return items[0]


def message_side_effect(x):
    calls = []

    def explain():
        calls.append('explained')
        return 'x was falsy'

    try:
        assert x, explain()
    except AssertionError as e:
        return 'failed', e.args, calls
    return 'passed', calls


def validate_rows(rows):
    for i, row in enumerate(rows):
        assert len(row) == 3, ('bad row', i, row)
        for cell in row:
            assert isinstance(cell, int), cell
    return 'valid'


def assert_tuple_message():
    assert 1 > 2, ('a', 'tuple')


def assert_with_and(a, b):
    assert a and b, 'need both'
    return True


def assert_compare(a, b):
    assert a < b <= 10, 'out of order'
    return b - a


def assert_in_while(n):
    steps = 0
    while n != 1:
        assert n > 0, n
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def assert_message_raises(x):
    assert x, 1 / 0
    return 'fine'


CASES = [
    ('checked_sqrt', (16,), {}),
    ('checked_sqrt', (-4,), {}),
    ('no_message', ([9],), {}),
    ('no_message', ([],), {}),
    ('message_side_effect', (1,), {}),
    ('message_side_effect', (0,), {}),
    ('validate_rows', ([[1, 2, 3], [4, 5, 6]],), {}),
    ('validate_rows', ([[1, 2, 3], [4, 5]],), {}),
    ('validate_rows', ([[1, 2, 'x']],), {}),
    ('assert_tuple_message', (), {}),
    ('assert_with_and', (1, 2), {}),
    ('assert_with_and', (1, 0), {}),
    ('assert_compare', (1, 5), {}),
    ('assert_compare', (1, 50), {}),
    ('assert_in_while', (6,), {}),
    ('assert_in_while', (-3,), {}),
    ('assert_message_raises', (1,), {}),
    ('assert_message_raises', (0,), {}),
]
