"""String formatting: f-strings with specs and the = specifier, nested fields, %-formatting, str.format."""


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __format__(self, spec):
        text = f'{self.cents / 100:.2f}'
        return f'EUR {text}' if spec == 'long' else text

    def __repr__(self):
        return f'Money({self.cents})'

    def __str__(self):
        return f'{self.cents}c'


def table(rows):
    lines = []
    width = max((len(name) for name, _ in rows), default=0)
    for name, value in rows:
        if isinstance(value, float):
            lines.append(f'{name:<{width}} | {value:>8.3f}')
        elif isinstance(value, int):
            lines.append(f'{name:<{width}} | {value:>8,d}')
        else:
            lines.append(f'{name:<{width}} | {value!r:>8}')
    return '\n'.join(lines)


def debug_specifier(x, items):
    # The = specifier keeps the expression text exactly as written.
    total = sum(items)
    return f'{x=}, {x * 2 = }, {total=:.1f}, {len(items)=}, {items[-1] if items else None=!s}'


def percent_style(name, count, ratio):
    return '%s: %d items (%.1f%%) %r' % (name, count, ratio * 100, name)


def format_method(user):
    return '{0[name]} is {0[age]} years old; {name!r:^10}|{n:+05d}'.format(user, name=user['name'], n=user['age'])


def custom_format(cents):
    m = Money(cents)
    return f'{m} {m!r} {m:long} {m:short}', '{0:long}'.format(m), format(m, '')


def nested_quotes(words):
    return f"{', '.join(f'<{w}>' for w in words)}"


def bad_spec(x):
    return f'{x:d}'


def missing_format_key():
    return '{missing}'.format(present=1)


def conversions(value):
    return f'{value!s}|{value!r}|{value!a}'


def padded_numbers(n):
    out = []
    for i in range(1, n + 1):
        out.append(f'{i:03}|{i / 3:.2e}|{i:b}|{i:#x}|{-i:=+6}')
    return out


CASES = [
    ('table', ([('alpha', 3.14159), ('b', 1234567), ('gamma', 'text')],), {}),
    ('table', ([],), {}),
    ('debug_specifier', (7, [1, 2, 3]), {}),
    ('debug_specifier', ('s', []), {}),
    ('percent_style', ('box', 3, 0.256), {}),
    ('format_method', ({'name': 'Ada', 'age': 36},), {}),
    ('custom_format', (1999,), {}),
    ('nested_quotes', (['a', 'b'],), {}),
    ('bad_spec', (1.5,), {}),
    ('bad_spec', ('x',), {}),
    ('missing_format_key', (), {}),
    ('conversions', ('héllo',), {}),
    ('padded_numbers', (3,), {}),
]
