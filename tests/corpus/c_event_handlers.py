"""An event bus: handler registration by decorator with arguments, closures, priorities and error isolation."""

handlers = {}


def on(event, priority=0):
    """Register the decorated function for `event`; higher priority runs first."""
    def register(fn):
        handlers.setdefault(event, []).append((-priority, len(handlers.get(event, ())), fn))
        handlers[event].sort(key=lambda entry: entry[:2])
        return fn
    return register


def emit(event, payload):
    results = []
    for _, _, fn in handlers.get(event, []):
        try:
            result = fn(payload)
        except Exception as e:  # noqa: BLE001 - one bad handler must not stop the rest
            results.append(f'{fn.__name__} failed: {type(e).__name__}: {e}')
            continue
        if result is StopIteration:
            results.append(f'{fn.__name__} stopped propagation')
            break
        results.append(result)
    return results


@on('greet')
def say_hello(name):
    return f'hello {name}'


@on('greet', priority=10)
def check_name(name):
    if not name:
        return StopIteration
    return f'checked {name}'


@on('greet', priority=-1)
def shout(name):
    return name.upper() + '!'


@on('number')
def half(n):
    return n / 2


@on('number', priority=5)
def invert(n):
    return 1 / n


def make_counter_handler(event):
    count = 0

    @on(event)
    def counter(payload):
        nonlocal count
        count += 1
        return f'{event} #{count}: {payload!r}'

    return counter


def counted_events(payloads):
    make_counter_handler('tick')
    out = []
    for p in payloads:
        out.extend(emit('tick', p))
    return out


def handler_names():
    return {event: [fn.__qualname__ for _, _, fn in entries] for event, entries in sorted(handlers.items())}


CASES = [
    ('emit', ('greet', 'ada'), {}),
    ('emit', ('greet', ''), {}),
    ('emit', ('greet', 5), {}),
    ('emit', ('number', 4), {}),
    ('emit', ('number', 0), {}),
    ('emit', ('nothing', 0), {}),
    ('counted_events', ([1, 'two'],), {}),
    ('handler_names', (), {}),
]
