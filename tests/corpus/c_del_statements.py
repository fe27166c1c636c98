"""del statements: locals, list items and slices, dict keys in loops, attributes, and re-binding after del."""


def del_list_items(values):
    items = list(values)
    del items[0]
    del items[-1:]
    del items[::2]
    return items


def del_keys_while_iterating(d):
    # Iterate over a snapshot of the keys: deleting from the dict itself would fail.
    for k in list(d):
        if d[k] is None:
            del d[k]
    return d


def del_during_iteration(d):
    for k in d:
        del d[k]


class Config:
    def __init__(self):
        self.debug = True
        self.level = 3


def del_attribute(name):
    c = Config()
    del c.debug
    try:
        del c.debug
    except AttributeError as e:
        first_error = str(e)
    return sorted(vars(c)), first_error, getattr(c, name, 'default')


def del_tuple_targets():
    a, b, c = 1, 2, 3
    del a, c
    try:
        return a  # noqa: F821
    except UnboundLocalError as e:
        return str(e), b


def del_in_branch(flag):
    value = 'kept'
    other = 'other'
    if flag:
        del value
    else:
        del other
    names = []
    for name in ('value', 'other'):
        try:
            names.append(value if name == 'value' else other)
        except UnboundLocalError:
            names.append(f'{name} deleted')
    return names


def del_loop_variable(n):
    for i in range(n):
        pass
    del i
    return 'deleted'


def del_then_rebind_in_loop(n):
    log = []
    x = 0
    for k in range(n):
        del x
        x = k * 2
        log.append(x)
    return log, x


def del_missing_key():
    d = {'a': 1}
    del d['b']


CASES = [
    ('del_list_items', ([1, 2, 3, 4, 5, 6],), {}),
    ('del_list_items', ([1],), {}),
    ('del_list_items', ([],), {}),
    ('del_keys_while_iterating', ({'a': 1, 'b': None, 'c': 0, 'd': None},), {}),
    ('del_during_iteration', ({'a': 1, 'b': 2},), {}),
    ('del_attribute', ('debug',), {}),
    ('del_attribute', ('level',), {}),
    ('del_tuple_targets', (), {}),
    ('del_in_branch', (True,), {}),
    ('del_in_branch', (False,), {}),
    ('del_loop_variable', (3,), {}),
    ('del_loop_variable', (0,), {}),
    ('del_then_rebind_in_loop', (3,), {}),
    ('del_missing_key', (), {}),
]
