"""Printing: sys.stdout and sys.stderr, print's sep/end/file/flush, __str__ vs __repr__, interleaving."""
import sys


class Item:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return f'item {self.name}'

    def __repr__(self):
        return f'Item({self.name!r})'


def report(values):
    for i, v in enumerate(values):
        if v is None:
            print(f'warning: value {i} is missing', file=sys.stderr)
            continue
        print(i, v, sep=': ', end=';\n', flush=True)
    sys.stdout.write('done\n')
    return len(values)


def str_and_repr():
    items = [Item('a'), Item('b')]
    print(items[0])
    print(items)
    print(*items, sep=' | ')
    print(f'{items[0]!r} and {items[1]}')
    return [str(i) for i in items]


def progress(n):
    for k in range(n):
        print('.', end='')
        if k % 3 == 2:
            print(' ', end='')
    print()
    print('progress', 'complete', file=sys.stdout)


def print_returns_none():
    value = print('side effect')
    return value


def print_bad_sep():
    print('a', 'b', sep=1)


CASES = [
    ('report', ([1, None, 'x'],), {}),
    ('str_and_repr', (), {}),
    ('progress', (7,), {}),
    ('print_returns_none', (), {}),
    ('print_bad_sep', (), {}),
]
