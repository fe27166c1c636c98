"""Conditional expressions: nesting, side effects in the branches, ternaries inside calls and lambdas."""


def noisy(tag, value):
    print('computing', tag)
    return value


def pick(flag):
    return noisy('yes', 1) if flag else noisy('no', 0)


def nested(n):
    return 'small' if n < 10 else 'medium' if n < 100 else 'large' if n < 1000 else 'huge'


def in_arguments(values):
    return max(values) if values else None, len(values) if values is not None else -1


def ternary_condition_side_effects(x):
    return 'pos' if noisy('test', x) > 0 else 'non-pos'


def lambda_ternaries():
    absolute = lambda v: v if v >= 0 else -v  # noqa: E731
    clamp = lambda v, lo=0, hi=10: lo if v < lo else hi if v > hi else v  # noqa: E731
    return [absolute(-3), absolute(4), clamp(-5), clamp(50), clamp(5), clamp(3, 4)]


def ternary_in_loop(words):
    out = []
    for w in words:
        out.append(w.upper() if len(w) > 3 else w if w else '<empty>')
    return out


def ternary_raises(x):
    return 1 / x if x else 1 / (x - x)


def ternary_types(code):
    value = 1 if code == 'i' else 1.0 if code == 'f' else '1' if code == 's' else None
    return type(value).__name__, value


def plural(n, word):
    return f'{n} {word}{"" if n == 1 else "s"}'


CASES = [
    ('pick', (True,), {}),
    ('pick', ([],), {}),
    ('nested', (5,), {}),
    ('nested', (50,), {}),
    ('nested', (500,), {}),
    ('nested', (5000,), {}),
    ('in_arguments', ([3, 9, 2],), {}),
    ('in_arguments', ([],), {}),
    ('in_arguments', (None,), {}),
    ('ternary_condition_side_effects', (3,), {}),
    ('ternary_condition_side_effects', (-3,), {}),
    ('lambda_ternaries', (), {}),
    ('ternary_in_loop', (['hi', 'hello', ''],), {}),
    ('ternary_raises', (2,), {}),
    ('ternary_raises', (0,), {}),
    ('ternary_types', ('i',), {}),
    ('ternary_types', ('f',), {}),
    ('ternary_types', ('s',), {}),
    ('ternary_types', ('?',), {}),
    ('plural', (1, 'apple'), {}),
    ('plural', (3, 'pear'), {}),
]
