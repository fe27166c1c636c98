"""Call signatures: defaults, *args/**kwargs, keyword-only and positional-only, * and ** unpacking."""


def describe(a, b=2, *args, c, d=4, **kwargs):
    return f'a={a} b={b} args={args} c={c} d={d} kwargs={sorted(kwargs.items())}'


def positional_only(x, y, /, z=0):
    return x - y + z


def call_variants():
    results = []
    results.append(describe(1, c=3))
    results.append(describe(1, 5, 6, 7, c=3, e=9))
    args = (10, 20, 30)
    opts = {'c': 'C', 'zeta': 1, 'alpha': 2}
    results.append(describe(*args, **opts))
    results.append(describe(*[1], *(2, 3), **{'c': 0}, **{'d': 'D'}))
    results.append(positional_only(5, 3, z=10))
    return results


def duplicate_keyword():
    opts = {'c': 1}
    return describe(0, **opts, **{'c': 2})


def duplicate_keyword_explicit():
    opts = {'b': 1}
    return describe(0, c=5, **opts, **{'b': 3})


def positional_as_keyword():
    return positional_only(1, y=2)


def missing_keyword_only():
    return describe(1, 2)


def too_many_positional():
    return positional_only(1, 2, 3, 4)


def unexpected_keyword():
    return positional_only(1, 2, w=3)


def multiple_values():
    return describe(1, a=2, c=3)


def forward(*args, **kwargs):
    # A transparent wrapper: everything passes through unchanged.
    return describe(*args, **kwargs)


def forward_all():
    out = []
    for call in [((1,), {'c': 2}), ((1, 2, 3), {'c': 4, 'x': 5}), ((), {'a': 0, 'c': 0})]:
        args, kwargs = call
        out.append(forward(*args, **kwargs))
    return out


def star_non_iterable():
    return describe(*5, c=1)


def double_star_non_mapping():
    return describe(1, **[('c', 1)])


def keyword_order(**kwargs):
    # kwargs keep the caller's order.
    return list(kwargs)


def order_of_evaluation():
    log = []

    def arg(name):
        log.append(name)
        return name

    def target(*a, **k):
        return a, k

    target(arg('p1'), *[arg('p2')], k1=arg('k1'), **{arg('k2'): 1})
    return log


CASES = [
    ('call_variants', (), {}),
    ('duplicate_keyword', (), {}),
    ('duplicate_keyword_explicit', (), {}),
    ('positional_as_keyword', (), {}),
    ('missing_keyword_only', (), {}),
    ('too_many_positional', (), {}),
    ('unexpected_keyword', (), {}),
    ('multiple_values', (), {}),
    ('forward_all', (), {}),
    ('star_non_iterable', (), {}),
    ('double_star_non_mapping', (), {}),
    ('keyword_order', (), {'z': 1, 'a': 2, 'm': 3}),
    ('order_of_evaluation', (), {}),
    ('describe', (1,), {'c': 2, 'q': 3}),
    ('describe', (), {}),
]
