"""Lambdas: conditional expressions inside, as sort keys, returning lambdas, default args, recursion."""

square = lambda x: x * x  # noqa: E731
classify = lambda n: 'neg' if n < 0 else ('zero' if n == 0 else 'pos')  # noqa: E731
safe_div = lambda a, b: a / b if b else float('inf') if a > 0 else float('-inf') if a < 0 else float('nan')  # noqa: E731, E501
fact = lambda n: 1 if n <= 1 else n * fact(n - 1)  # noqa: E731


def sort_records(records):
    # Sort by score descending, then name; missing scores last.
    return sorted(records, key=lambda r: (r.get('score') is None, -(r.get('score') or 0), r['name']))


def apply_all(values):
    ops = {
        'square': square,
        'classify': classify,
        'half': lambda v: v / 2 if v % 2 == 0 else (v - 1) / 2,
    }
    return {name: [op(v) for v in values] for name, op in ops.items()}


def divisions():
    return [safe_div(1, 2), safe_div(1, 0), safe_div(-1, 0), repr(safe_div(0, 0))]


def curry(a):
    return lambda b: lambda c: a + b + c


def curried():
    return curry(1)(2)(3), curry('a')('b')('c')


def lambda_with_defaults():
    fmt = lambda v, *, width=6, fill='.': f'{v:{fill}>{width}}'  # noqa: E731
    return fmt(42), fmt(7, width=3), fmt('x', fill='*')


def filter_map(values):
    return list(map(lambda v: v * 10, filter(lambda v: v and v % 3, values)))


def lambda_names():
    return square.__name__, square.__qualname__, fact(5), (lambda: 0).__qualname__


def lambda_raising(v):
    check = lambda x: x if x > 0 else (_ for _ in ()).throw(ValueError(f'bad {x}'))  # noqa: E731
    return check(v)


CASES = [
    ('sort_records', ([{'name': 'b', 'score': 3}, {'name': 'a'}, {'name': 'c', 'score': 9},
                       {'name': 'a2', 'score': 3}],), {}),
    ('apply_all', ([-2, 0, 3, 4],), {}),
    ('divisions', (), {}),
    ('curried', (), {}),
    ('lambda_with_defaults', (), {}),
    ('filter_map', ([0, 1, 2, 3, None, 6, 7],), {}),
    ('lambda_names', (), {}),
    ('square', (12,), {}),
    ('classify', (-0.5,), {}),
    ('fact', (6,), {}),
    ('lambda_raising', (5,), {}),
    ('lambda_raising', (-5,), {}),
]
