"""del of globals and re-creating them; NameError for missing globals, from inside loops too."""

cache = {'a': 1}
session = None


def drop_cache():
    global cache
    del cache
    return 'dropped'


def cache_size():
    # Raises NameError once the global has been deleted.
    return len(cache)


def ensure_cache():
    global cache
    try:
        cache
    except NameError:
        print('rebuilding cache')
        cache = {}
    return len(cache)


def fill(keys):
    global cache
    for k in keys:
        if k in cache:
            continue
        cache[k] = len(k)
    return sorted(cache.items())


def open_session(name):
    global session
    if session is None:
        session = {'name': name, 'uses': 0}
    session['uses'] += 1
    return dict(session)


def close_session():
    global session
    del session
    session = None
    return 'closed'


def create_in_loop(n):
    # The global does not exist until the loop body runs at least once.
    global created
    for i in range(n):
        created = i * i
    return created


def read_missing():
    return undefined_setting + 1


def del_twice():
    global temp
    temp = 1
    del temp
    del temp


CASES = [
    ('cache_size', (), {}),
    ('drop_cache', (), {}),
    ('cache_size', (), {}),
    ('drop_cache', (), {}),
    ('ensure_cache', (), {}),
    ('ensure_cache', (), {}),
    ('fill', (['x', 'yy', 'x', 'zzz'],), {}),
    ('open_session', ('alice',), {}),
    ('open_session', ('bob',), {}),
    ('close_session', (), {}),
    ('open_session', ('bob',), {}),
    ('create_in_loop', (0,), {}),
    ('create_in_loop', (4,), {}),
    ('create_in_loop', (0,), {}),
    ('read_missing', (), {}),
    ('del_twice', (), {}),
]
