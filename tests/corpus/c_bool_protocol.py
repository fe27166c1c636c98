"""__bool__ and __len__ calls: counted in if/while/assert/ternary tests and inside and/or/not."""


class Flag:
    """A truth value that reports every time Python asks for it."""

    calls = 0

    def __init__(self, name, value):
        self.name = name
        self.value = value

    def __bool__(self):
        Flag.calls += 1
        print(f'bool({self.name}) -> {self.value}')
        return self.value

    def __repr__(self):
        return f'Flag({self.name})'


class Countdown:
    """Truthy until it has been asked `n` times."""

    def __init__(self, n):
        self.n = n
        self.asked = 0

    def __bool__(self):
        self.asked += 1
        self.n -= 1
        return self.n >= 0


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        print('len called')
        return self.n


def reset():
    Flag.calls = 0
    return 0


def if_test(value):
    f = Flag('f', value)
    if f:
        result = 'yes'
    else:
        result = 'no'
    return result, Flag.calls


def and_in_if(a, b):
    x, y = Flag('x', a), Flag('y', b)
    if x and y:
        return 'both', Flag.calls
    return 'not both', Flag.calls


def or_not_in_if(a, b):
    x, y = Flag('x', a), Flag('y', b)
    if not x or not y:
        return 'some false', Flag.calls
    return 'all true', Flag.calls


def and_as_value(a, b):
    x, y = Flag('x', a), Flag('y', b)
    r = x and y
    return r, Flag.calls


def while_countdown(n):
    c = Countdown(n)
    loops = 0
    while c:
        loops += 1
    return loops, c.asked


def while_and(n, limit):
    c = Countdown(n)
    i = 0
    while i < limit and c:
        i += 1
    return i, c.asked


def ternary_test(value):
    f = Flag('t', value)
    return ('T' if f else 'F'), Flag.calls


def assert_test(value):
    assert Flag('a', value), 'flag was false'
    return Flag.calls


def not_twice(value):
    f = Flag('n', value)
    return not not f, Flag.calls


def len_fallback(n):
    s = Sized(n)
    if s:
        return 'non-empty'
    return 'empty'


class BadBool:
    def __bool__(self):
        return 1  # not a bool: TypeError


def bad_bool():
    if BadBool():
        return 'unreachable'


def bad_bool_in_or():
    return BadBool() or 'x'


def bool_in_comprehension(values):
    flags = [Flag(str(v), bool(v)) for v in values]
    return [f for f in flags if f], Flag.calls


class Raising:
    def __bool__(self):
        raise ValueError('truth value is ambiguous')


def raising_bool(x):
    return x and Raising() and 'never'


CASES = [
    ('reset', (), {}),
    ('if_test', (True,), {}),
    ('if_test', (False,), {}),
    ('reset', (), {}),
    ('and_in_if', (True, True), {}),
    ('reset', (), {}),
    ('and_in_if', (False, True), {}),
    ('reset', (), {}),
    ('and_in_if', (True, False), {}),
    ('reset', (), {}),
    ('or_not_in_if', (True, True), {}),
    ('reset', (), {}),
    ('or_not_in_if', (False, True), {}),
    ('reset', (), {}),
    ('and_as_value', (False, True), {}),
    ('reset', (), {}),
    ('and_as_value', (True, False), {}),
    ('while_countdown', (3,), {}),
    ('while_and', (5, 3), {}),
    ('while_and', (2, 9), {}),
    ('reset', (), {}),
    ('ternary_test', (True,), {}),
    ('ternary_test', (False,), {}),
    ('reset', (), {}),
    ('assert_test', (True,), {}),
    ('assert_test', (False,), {}),
    ('reset', (), {}),
    ('not_twice', (True,), {}),
    ('len_fallback', (0,), {}),
    ('len_fallback', (2,), {}),
    ('bad_bool', (), {}),
    ('bad_bool_in_or', (), {}),
    ('reset', (), {}),
    ('bool_in_comprehension', ([1, 0, 2],), {}),
    ('raising_bool', (0,), {}),
    ('raising_bool', (1,), {}),
]
