"""Assignment expressions: in if/while tests, comprehensions, nested expressions, visible afterwards."""
import re

PAIR = re.compile(r'(\w+)=(\d+)')


def parse_settings(lines):
    settings = {}
    for line in lines:
        if (m := PAIR.match(line)) is not None:
            settings[m.group(1)] = int(m.group(2))
        elif (stripped := line.strip()).startswith('#'):
            continue
        else:
            settings.setdefault('bad', []).append(stripped)
    return settings


def read_chunks(data, size):
    chunks = []
    pos = 0
    while chunk := data[pos:pos + size]:
        chunks.append(chunk)
        pos += size
    # `chunk` stays bound after the loop: it is the empty slice that ended it.
    return chunks, chunk


def last_big(values, threshold):
    # The comprehension's walrus binds in the enclosing function scope.
    bigs = [last := v for v in values if v > threshold]
    try:
        return bigs, last
    except UnboundLocalError as e:
        return bigs, str(e)


def running_totals(values):
    total = 0
    return [total := total + v for v in values], total


def nested(x):
    # Walrus inside a nested arithmetic expression and a call argument.
    result = (y := x * 2) + (z := y + 1) * max(w := 3, y)
    return result, y, z, w


def any_long(words, n):
    if any(len(found := w) > n for w in words):
        return 'first long word: ' + found
    return 'none; last checked: ' + found


def ternary_walrus(n):
    label = 'even' if (r := n % 2) == 0 else 'odd'
    return label, r


def walrus_in_while_with_else(numbers):
    it = iter(numbers)
    while (x := next(it, None)) is not None:
        if x < 0:
            break
    else:
        return 'exhausted', x
    return 'negative', x


CASES = [
    ('parse_settings', (['a=1', '# comment', 'b=22', 'junk line ', '  # indented'],), {}),
    ('read_chunks', ('abcdefg', 3), {}),
    ('read_chunks', ('', 3), {}),
    ('last_big', ([1, 8, 3, 9, 2], 5), {}),
    ('last_big', ([1, 2], 5), {}),
    ('running_totals', ([1, 2, 3, 4],), {}),
    ('nested', (4,), {}),
    ('nested', (0,), {}),
    ('any_long', (['hi', 'hello', 'greetings'], 4), {}),
    ('any_long', (['hi', 'yo'], 4), {}),
    ('any_long', ([], 4), {}),
    ('ternary_walrus', (7,), {}),
    ('ternary_walrus', (10,), {}),
    ('walrus_in_while_with_else', ([1, 2, -3, 4],), {}),
    ('walrus_in_while_with_else', ([1, 2],), {}),
]
