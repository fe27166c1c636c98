"""Builtins the converter routes through converted_call: range, len, print, min/max, zip, next, sorted, ..."""


def ranges():
    return (list(range(5)), list(range(2, 8, 3)), list(range(5, 0, -2)), len(range(0, 10, 3)),
            range(10)[-1], list(reversed(range(3))))


def range_errors(kind):
    if kind == 'float':
        return range(1.5)
    if kind == 'step':
        return range(1, 5, 0)
    return range()


def lengths(values):
    return [len(v) for v in values]


def len_of_int():
    return len(5)


def min_max(values):
    return min(values), max(values), min(values, key=abs), max(values, default='none'), max(3, 1, 2)


def min_empty():
    return min([])


def zips(a, b):
    return list(zip(a, b)), list(zip(a, b, range(10))), dict(zip(a, b))


def zip_strict(a, b):
    return list(zip(a, b, strict=True))


def enumerations(words):
    return list(enumerate(words)), list(enumerate(words, start=10))


def map_filter(values):
    return list(map(str, values)), list(filter(None, values)), list(map(pow, values, [2] * len(values)))


def any_all(values):
    return any(values), all(values), any(v > 2 for v in values), all(v > -1 for v in values)


def nexts(values):
    it = iter(values)
    return next(it), next(it, 'default'), next(it, 'default'), next(iter([]), None)


def sorting(words):
    return sorted(words), sorted(words, key=len), sorted(words, key=str.lower, reverse=True)


def conversions(text):
    return int(text), float(text), abs(-int(text)), int(text, 16), int(float(text) / 2)


def bad_int(text):
    return int(text)


def printing(a, b):
    print(a, b)
    print(a, b, sep='-', end='!\n')
    print()
    print(*[a, b], sep='')
    return None


def isinstance_checks(value):
    return [isinstance(value, t) for t in (int, bool, (str, float), object)]


def abs_values():
    return abs(-3), abs(-0.0), abs(2.5), abs(-7 // 2)


CASES = [
    ('ranges', (), {}),
    ('range_errors', ('float',), {}),
    ('range_errors', ('step',), {}),
    ('range_errors', ('none',), {}),
    ('lengths', (['abc', [1, 2], {}, (1,), {'a': 1}],), {}),
    ('len_of_int', (), {}),
    ('min_max', ([3, -7, 5],), {}),
    ('min_max', ([],), {}),
    ('min_empty', (), {}),
    ('zips', ('abc', [1, 2]), {}),
    ('zip_strict', ('ab', [1, 2]), {}),
    ('zip_strict', ('abc', [1, 2]), {}),
    ('enumerations', (['x', 'y'],), {}),
    ('map_filter', ([0, 1, 2, 3],), {}),
    ('any_all', ([1, 2, 3],), {}),
    ('any_all', ([],), {}),
    ('nexts', ([1, 2],), {}),
    ('nexts', ([1],), {}),
    ('sorting', (['banana', 'Apple', 'fig'],), {}),
    ('conversions', ('10',), {}),
    ('bad_int', ('1.5',), {}),
    ('bad_int', (None,), {}),
    ('printing', ('x', 3), {}),
    ('isinstance_checks', (True,), {}),
    ('isinstance_checks', (2.0,), {}),
    ('abs_values', (), {}),
]
