"""A tokenizer written as a while-loop state machine: if/elif dispatch, index juggling, breaks."""

DIGITS = '0123456789'
OPERATORS = '+-*/()'


class LexError(Exception):
    pass


def tokenize(text):
    tokens = []
    i = 0
    state = 'start'
    start = 0
    while i <= len(text):
        ch = text[i] if i < len(text) else None
        if state == 'start':
            if ch is None:
                break
            if ch.isspace():
                i += 1
            elif ch in DIGITS:
                state, start = 'number', i
            elif ch.isalpha() or ch == '_':
                state, start = 'name', i
            elif ch in OPERATORS:
                tokens.append(('op', ch))
                i += 1
            else:
                raise LexError(f'unexpected {ch!r} at {i}')
        elif state == 'number':
            if ch is not None and (ch in DIGITS or ch == '.'):
                i += 1
                continue
            literal = text[start:i]
            tokens.append(('num', float(literal) if '.' in literal else int(literal)))
            state = 'start'
        elif state == 'name':
            if ch is not None and (ch.isalnum() or ch == '_'):
                i += 1
                continue
            tokens.append(('name', text[start:i]))
            state = 'start'
    return tokens


def evaluate(text, env):
    """Left-to-right evaluation without precedence, to keep the machine small."""
    value = None
    pending = None
    for kind, tok in tokenize(text):
        if kind == 'op':
            if tok in '()':
                continue
            pending = tok
            continue
        operand = env[tok] if kind == 'name' else tok
        if pending is None:
            value = operand
        elif pending == '+':
            value += operand
        elif pending == '-':
            value -= operand
        elif pending == '*':
            value *= operand
        else:
            value /= operand
        pending = None
    return value


def traffic_light(events):
    state = 'red'
    history = [state]
    transitions = {('red', 'go'): 'green', ('green', 'slow'): 'amber', ('amber', 'stop'): 'red'}
    for event in events:
        if event == 'reset':
            state = 'red'
        elif (state, event) in transitions:
            state = transitions[state, event]
        else:
            history.append(f'ignored {event} in {state}')
            continue
        history.append(state)
    return history


CASES = [
    ('tokenize', ('x1 + 42*(y - 3.5)',), {}),
    ('tokenize', ('',), {}),
    ('tokenize', ('a $ b',), {}),
    ('evaluate', ('a + 2 * b', {'a': 1, 'b': 10}), {}),
    ('evaluate', ('x / 4 - 1', {'x': 10}), {}),
    ('evaluate', ('q', {}), {}),
    ('evaluate', ('1 / 0', {}), {}),
    ('traffic_light', (['go', 'stop', 'slow', 'stop', 'go', 'reset', 'slow'],), {}),
]
