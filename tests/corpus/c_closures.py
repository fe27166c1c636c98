"""Closures and late binding: lambdas made in loops, default-argument capture, closures over loop state."""


def late_binding(n):
    # Every lambda sees the final value of i: the classic surprise.
    fns = []
    for i in range(n):
        fns.append(lambda: i * 10)
    return [f() for f in fns]


def early_binding(n):
    fns = []
    for i in range(n):
        fns.append(lambda i=i: i * 10)
    return [f() for f in fns]


def closures_in_while(n):
    fns = []
    k = 0
    while k < n:
        def show(prefix='k'):
            return f'{prefix}={k}'
        fns.append(show)
        k += 1
    return [f() for f in fns]


def adders(values):
    def make_adder(v):
        return lambda x: x + v
    return [make_adder(v)(100) for v in values]


def rebinding_after_creation():
    x = 'first'
    get = lambda: x  # noqa: E731
    before = get()
    x = 'second'
    return before, get()


def conditional_closures(flags):
    out = []
    for flag in flags:
        if flag:
            def f():
                return 'yes:' + str(flag)
        else:
            def f():
                return 'no:' + str(flag)
        out.append(f)
    return [g() for g in out]


def compose(*fns):
    def composed(x):
        for fn in reversed(fns):
            x = fn(x)
        return x
    return composed


def pipeline(x):
    inc = lambda v: v + 1  # noqa: E731
    dbl = lambda v: v * 2  # noqa: E731
    return compose(inc, dbl)(x), compose(dbl, inc)(x), compose()(x)


def memoize_calls(seq):
    cache = {}
    calls = []

    def slow_square(n):
        if n not in cache:
            calls.append(n)
            cache[n] = n * n
        return cache[n]

    results = [slow_square(n) for n in seq]
    return results, calls


def counter_factory():
    counts = {'made': 0}

    def make():
        counts['made'] += 1
        serial = counts['made']
        return lambda: f'item #{serial} of {counts["made"]}'

    items = [make() for _ in range(3)]
    return [item() for item in items]


CASES = [
    ('late_binding', (3,), {}),
    ('late_binding', (0,), {}),
    ('early_binding', (3,), {}),
    ('closures_in_while', (3,), {}),
    ('adders', ([1, 2, 3],), {}),
    ('rebinding_after_creation', (), {}),
    ('conditional_closures', ([1, 0, 'x'],), {}),
    ('pipeline', (5,), {}),
    ('memoize_calls', ([3, 1, 3, 2, 1],), {}),
    ('counter_factory', (), {}),
]
