"""Decorators: functools.wraps, decorators with arguments, stacked decorators, class decorators."""
import functools

call_log = []


def logged(fn):
    """Record every call in call_log."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        call_log.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


def retry(times, exceptions=(ValueError,)):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except exceptions as e:
                    print(f'attempt {attempt} failed: {e}')
            raise RuntimeError(f'{fn.__name__} failed {times} times')
        return wrapper
    return decorate


def bare(fn):
    # No functools.wraps: the wrapper's own name shows through.
    def inner(*args):
        return ('bare', fn(*args))
    return inner


_flaky_state = {'calls': 0}


@retry(3)
def flaky(succeed_on):
    """Fails until its call number reaches succeed_on."""
    _flaky_state['calls'] += 1
    if _flaky_state['calls'] < succeed_on:
        raise ValueError(f'call {_flaky_state["calls"]} too early')
    return _flaky_state['calls']


def reset_flaky():
    _flaky_state['calls'] = 0
    return 'ok'


@logged
@retry(2, exceptions=(KeyError,))
def lookup(table, key):
    """Look a key up, retried on KeyError."""
    return table[key]


@bare
def plain(x, y=2):
    return x ** y


REGISTRY = {}


def register(name=None):
    def decorate(cls):
        REGISTRY[name or cls.__name__.lower()] = cls
        cls.registered_as = name or cls.__name__.lower()
        return cls
    return decorate


def add_repr(cls):
    def __repr__(self):
        fields = ', '.join(f'{k}={v!r}' for k, v in vars(self).items())
        return f'{type(self).__name__}({fields})'
    cls.__repr__ = __repr__
    return cls


@register()
@add_repr
class Widget:
    """A registered widget."""

    def __init__(self, size):
        self.size = size

    @logged
    def grow(self, by):
        for _ in range(by):
            self.size += 1
        return self


@register('gadget')
class Gadget(Widget):
    pass


def use_registry(kind, size):
    obj = REGISTRY[kind](size)
    return repr(obj.grow(2)), obj.registered_as, sorted(REGISTRY)


def metadata():
    return [(f.__name__, f.__qualname__, f.__doc__) for f in (flaky, lookup, plain, Widget.grow)]


CASES = [
    ('reset_flaky', (), {}),
    ('flaky', (2,), {}),
    ('reset_flaky', (), {}),
    ('flaky', (5,), {}),
    ('lookup', ({'a': 1}, 'a'), {}),
    ('lookup', ({'a': 1}, 'b'), {}),
    ('plain', (3,), {}),
    ('plain', (3, 3), {}),
    ('use_registry', ('widget', 1), {}),
    ('use_registry', ('gadget', 5), {}),
    ('use_registry', ('nothing', 5), {}),
    ('metadata', (), {}),
]
