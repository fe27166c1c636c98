"""with statements: context managers that suppress exceptions in loops and ifs, enter/exit ordering."""
import contextlib


class Suppress:
    """Swallows the given exception types and counts how often it did."""

    def __init__(self, *types):
        self.types = types
        self.swallowed = 0

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, self.types):
            self.swallowed += 1
            return True
        return False


class Tag:
    def __init__(self, name, log):
        self.name = name
        self.log = log

    def __enter__(self):
        self.log.append(f'<{self.name}>')
        return self.name.upper()

    def __exit__(self, exc_type, exc, tb):
        self.log.append(f'</{self.name}:{exc_type.__name__ if exc_type else "ok"}>')
        return False


def suppressed_in_loop(values):
    guard = Suppress(ZeroDivisionError)
    results = []
    for v in values:
        with guard:
            results.append(12 // v)
            results.append('after division')
    return results, guard.swallowed


def suppressed_in_if(x):
    result = 'unset'
    if x > 0:
        with contextlib.suppress(KeyError):
            result = 'before'
            result = {'a': 1}[x]
            result = 'never'
    else:
        with Suppress(ValueError):
            result = int('nope')
    return result


def suppressed_break(items):
    # An exception swallowed inside the loop body does not stop the loop.
    seen = []
    for item in items:
        with contextlib.suppress(TypeError):
            if item == 'stop':
                break
            seen.append(item + 1)
    return seen


def nested_tags(fail):
    log = []
    try:
        with Tag('a', log) as a, Tag('b', log) as b:
            log.append(a + b)
            if fail:
                raise ValueError('inner')
    except ValueError:
        log.append('caught')
    return log


def return_inside_with(n):
    log = []
    for i in range(n):
        with Tag(f't{i}', log):
            if i == 2:
                return log
    return log


@contextlib.contextmanager
def indented(log, prefix):
    log.append(prefix + 'enter')
    try:
        yield len(log)
    except LookupError as e:
        log.append(prefix + f'handled {e!r}')
    finally:
        log.append(prefix + 'exit')


def generator_cm(keys):
    log = []
    table = {'x': 1}
    for k in keys:
        with indented(log, k + ':') as depth:
            log.append(table[k] + depth)
    return log


def suppress_does_not_catch_others():
    with Suppress(KeyError):
        raise IndexError('not suppressed')


CASES = [
    ('suppressed_in_loop', ([3, 0, 4, 0],), {}),
    ('suppressed_in_if', (5,), {}),
    ('suppressed_in_if', (-1,), {}),
    ('suppressed_break', ([1, 'a', 2, 'stop', 3],), {}),
    ('nested_tags', (False,), {}),
    ('nested_tags', (True,), {}),
    ('return_inside_with', (5,), {}),
    ('return_inside_with', (1,), {}),
    ('generator_cm', (['x', 'y', 'x'],), {}),
    ('suppress_does_not_catch_others', (), {}),
]
