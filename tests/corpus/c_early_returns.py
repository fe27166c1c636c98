"""Early returns of different types: guard clauses, returns in nested ifs, implicit None, bare return."""


def parse_flag(text):
    if text is None:
        return None
    text = text.strip().lower()
    if not text:
        return
    if text in ('1', 'yes', 'true', 'on'):
        return True
    if text in ('0', 'no', 'false', 'off'):
        return False
    if text.isdigit():
        return int(text)
    return text


def lookup_chain(data, *keys):
    current = data
    for key in keys:
        if not isinstance(current, dict):
            return ('not a dict at', key)
        if key not in current:
            return KeyError(key)  # returned, not raised
        current = current[key]
    return current


def guard_clauses(user):
    if not user:
        return 'no user'
    if user.get('banned'):
        if user.get('appeal'):
            return ['banned', 'appeal pending']
        return ['banned']
    if user.get('age', 0) < 18:
        return {'status': 'minor', 'age': user.get('age', 0)}
    print('checking permissions for', user['name'])
    return 1.0 if user.get('admin') else 0.5


def implicit_none(x):
    if x > 0:
        print('positive')
    elif x < 0:
        return 'negative'


def return_tuple_or_scalar(values):
    if len(values) == 1:
        return values[0]
    if len(values) == 2:
        return values[0], values[1]
    return tuple(values)


def return_in_with(path_parts):
    import contextlib
    with contextlib.ExitStack():
        if not path_parts:
            return ''
        return '/'.join(path_parts)


CASES = [
    ('parse_flag', (None,), {}),
    ('parse_flag', ('   ',), {}),
    ('parse_flag', (' YES ',), {}),
    ('parse_flag', ('off',), {}),
    ('parse_flag', ('42',), {}),
    ('parse_flag', ('maybe',), {}),
    ('parse_flag', (42,), {}),
    ('lookup_chain', ({'a': {'b': {'c': 1}}}, 'a', 'b', 'c'), {}),
    ('lookup_chain', ({'a': {'b': 2}}, 'a', 'b', 'c'), {}),
    ('lookup_chain', ({'a': {}}, 'a', 'x'), {}),
    ('lookup_chain', ({'a': 1},), {}),
    ('guard_clauses', ({},), {}),
    ('guard_clauses', ({'banned': True, 'appeal': 1},), {}),
    ('guard_clauses', ({'banned': True},), {}),
    ('guard_clauses', ({'age': 12},), {}),
    ('guard_clauses', ({'age': 40, 'name': 'Kim', 'admin': True},), {}),
    ('guard_clauses', ({'age': 40, 'name': 'Lee'},), {}),
    ('guard_clauses', ({'age': 40},), {}),
    ('implicit_none', (1,), {}),
    ('implicit_none', (-1,), {}),
    ('implicit_none', (0,), {}),
    ('return_tuple_or_scalar', ([1],), {}),
    ('return_tuple_or_scalar', ([1, 2],), {}),
    ('return_tuple_or_scalar', ([],), {}),
    ('return_in_with', (['usr', 'lib'],), {}),
    ('return_in_with', ([],), {}),
]
