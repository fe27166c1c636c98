"""Augmented assignment: += on lists vs tuples, __iadd__ vs __add__, order of evaluation on subscripts."""


class Acc:
    """Implements only __add__, so `a += x` rebinds to a new object."""

    def __init__(self, total=0):
        self.total = total

    def __add__(self, other):
        print(f'__add__({other})')
        return Acc(self.total + other)


class InPlace(Acc):
    def __iadd__(self, other):
        print(f'__iadd__({other})')
        self.total += other
        return self


def acc_loop(cls_name, values):
    cls = {'Acc': Acc, 'InPlace': InPlace}[cls_name]
    a = cls()
    original = a
    for v in values:
        a += v
    return a.total, a is original


def list_vs_tuple():
    xs = [1]
    alias = xs
    xs += [2]  # mutates in place: alias sees it
    t = (1,)
    t_alias = t
    t += (2,)  # builds a new tuple
    return alias, t_alias, t


def tuple_item_trap():
    # The famous one: the list inside grows, and then the tuple store fails.
    t = ([1],)
    try:
        t[0] += [2]
    except TypeError as e:
        return str(e), t


def evaluation_order():
    log = []

    def key(k):
        log.append(f'key {k}')
        return k

    def value(v):
        log.append(f'value {v}')
        return v

    d = {'a': 1}
    d[key('a')] += value(10)
    return d, log


def all_operators(x, y):
    results = {}
    for op in ('+=', '-=', '*=', '/=', '//=', '%=', '**=', '<<=', '>>=', '&=', '|=', '^='):
        v = x
        if op == '+=':
            v += y
        elif op == '-=':
            v -= y
        elif op == '*=':
            v *= y
        elif op == '/=':
            v /= y
        elif op == '//=':
            v //= y
        elif op == '%=':
            v %= y
        elif op == '**=':
            v **= y
        elif op == '<<=':
            v <<= y
        elif op == '>>=':
            v >>= y
        elif op == '&=':
            v &= y
        elif op == '|=':
            v |= y
        else:
            v ^= y
        results[op] = v
    return results


def string_building(words):
    s = ''
    for w in words:
        s += w
        s *= 1
    return s


def aug_unsupported():
    x = None
    x += 1


CASES = [
    ('acc_loop', ('Acc', [1, 2, 3]), {}),
    ('acc_loop', ('InPlace', [1, 2, 3]), {}),
    ('acc_loop', ('Acc', []), {}),
    ('list_vs_tuple', (), {}),
    ('tuple_item_trap', (), {}),
    ('evaluation_order', (), {}),
    ('all_operators', (13, 3), {}),
    ('all_operators', (5, 0), {}),
    ('string_building', (['ab', 'c'],), {}),
    ('aug_unsupported', (), {}),
]
