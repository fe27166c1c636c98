"""Default arguments: evaluated once, mutable defaults shared between calls, None sentinels."""

_MISSING = object()
default_calls = []


def make_default():
    default_calls.append('made')
    return len(default_calls)


def append_to(item, bucket=[]):  # noqa: B006 - the shared default is the point
    bucket.append(item)
    return list(bucket)


def append_safe(item, bucket=None):
    if bucket is None:
        bucket = []
    bucket.append(item)
    return bucket


def stamp(value=make_default()):
    # make_default() ran once, when the def statement executed.
    return value, list(default_calls)


def get(mapping, key, default=_MISSING):
    if key in mapping:
        return mapping[key]
    if default is _MISSING:
        raise KeyError(f'{key!r} not found and no default given')
    return default


def memo_fib(n, _cache={0: 0, 1: 1}):  # noqa: B006
    if n not in _cache:
        _cache[n] = memo_fib(n - 1) + memo_fib(n - 2)
    return _cache[n]


def cache_size():
    return len(memo_fib.__defaults__[0])


def defaults_in_loop(n):
    fns = []
    for i in range(n):
        def f(x=i * 10, *, y=[]):  # noqa: B006
            y.append(x)
            return y
        fns.append(f)
    return [fn() for fn in fns] + [fns[0]()] if fns else []


CASES = [
    ('append_to', (1,), {}),
    ('append_to', (2,), {}),
    ('append_to', (3, []), {}),
    ('append_to', (4,), {}),
    ('append_safe', (1,), {}),
    ('append_safe', (2,), {}),
    ('stamp', (), {}),
    ('stamp', ('explicit',), {}),
    ('get', ({'a': 1}, 'a'), {}),
    ('get', ({'a': 1}, 'b', None), {}),
    ('get', ({'a': 1}, 'b'), {}),
    ('memo_fib', (30,), {}),
    ('cache_size', (), {}),
    ('defaults_in_loop', (3,), {}),
    ('defaults_in_loop', (0,), {}),
]
