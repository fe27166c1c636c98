"""match on sequences and mappings: captures, star patterns, **rest, literals, breaks inside cases."""


def run_commands(commands):
    """A tiny command interpreter driven by sequence patterns."""
    stack = []
    for command in commands:
        match command.split():
            case ['push', value]:
                stack.append(int(value))
            case ['pop']:
                stack.pop()
            case ['add' | 'mul' as op]:
                b, a = stack.pop(), stack.pop()
                stack.append(a + b if op == 'add' else a * b)
            case ['dup', *counts] if counts:
                for _ in range(int(counts[0])):
                    stack.append(stack[-1])
            case ['dup']:
                stack.append(stack[-1])
            case ['halt', *_]:
                break
            case []:
                continue
            case other:
                print('unknown command', other)
    return stack


def handle_event(event):
    match event:
        case {'type': 'click', 'pos': (x, y)}:
            return f'click at {x},{y}'
        case {'type': 'key', 'key': str(key), **rest} if rest:
            return f'key {key} with {sorted(rest)}'
        case {'type': 'key', 'key': key}:
            return f'key {key}'
        case {'type': kind}:
            return f'unhandled {kind}'
        case _:
            return 'not an event'


def classify(value):
    match value:
        case None:
            return 'none'
        case True:
            return 'true'
        case 0 | 0.0:
            return 'zero'
        case -1:
            return 'minus one'
        case 'yes' | 'y':
            return 'affirmative'
        case [x]:
            return f'singleton {x!r}'
        case [x, y, *rest] if not rest:
            return f'pair {x!r} {y!r}'
        case (x, *rest):
            return f'{len(rest) + 1} items starting {x!r}'
        case {}:
            return 'mapping'
        case _:
            return 'other ' + type(value).__name__


def capture_leaks(pairs):
    # Names bound by a matched pattern stay bound after the match statement.
    results = []
    for p in pairs:
        match p:
            case (a, b) if a > b:
                pass
            case (a, b):
                a, b = b, a
        results.append((a, b))
    return results


def unmatched_capture(value):
    match value:
        case [first, *_]:
            pass
    return first


CASES = [
    ('run_commands', (['push 2', 'push 3', 'add', 'dup 2', 'mul', '', 'jump', 'halt now', 'push 9'],), {}),
    ('run_commands', (['push 1', 'dup', 'add'],), {}),
    ('run_commands', (['pop'],), {}),
    ('handle_event', ({'type': 'click', 'pos': (3, 4)},), {}),
    ('handle_event', ({'type': 'click', 'pos': [3, 4]},), {}),
    ('handle_event', ({'type': 'click', 'pos': 'x'},), {}),
    ('handle_event', ({'type': 'key', 'key': 'q', 'ctrl': True, 'alt': False},), {}),
    ('handle_event', ({'type': 'key', 'key': 'q'},), {}),
    ('handle_event', ({'type': 'key', 'key': 7},), {}),
    ('handle_event', ({'kind': 'key'},), {}),
    ('handle_event', ([('type', 'key')],), {}),
    ('classify', (None,), {}),
    ('classify', (True,), {}),
    ('classify', (1,), {}),
    ('classify', (0.0,), {}),
    ('classify', (False,), {}),
    ('classify', (-1,), {}),
    ('classify', ('y',), {}),
    ('classify', ('yes please',), {}),
    ('classify', ([5],), {}),
    ('classify', ((1, 2),), {}),
    ('classify', ((1, 2, 3),), {}),
    ('classify', ({'a': 1},), {}),
    ('classify', (3.5,), {}),
    ('capture_leaks', ([(3, 1), (1, 3)],), {}),
    ('unmatched_capture', ([7, 8],), {}),
    ('unmatched_capture', ([],), {}),
]
