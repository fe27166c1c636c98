"""while loops: else clauses with and without break, compound tests, loops that never run."""


def find_first_multiple(start, divisor, limit):
    """Counts up from start; the else clause reports when nothing was found."""
    n = start
    while n < limit:
        if n % divisor == 0:
            print('found', n)
            break
        n += 1
    else:
        print('gave up at', n)
        return None
    return n


def countdown(n):
    steps = []
    while n > 0:
        steps.append(n)
        n -= 1
    else:
        # Runs because the loop ended normally (also when it never started).
        steps.append('liftoff')
    return steps


def digits_sum(n):
    total = 0
    while n:
        n, digit = divmod(n, 10)
        total += digit
    return total


def collatz_length(n):
    length = 1
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        length += 1
    return length


def drain(queue, budget):
    # Two conditions joined with `and`; the loop stops on whichever fails first.
    handled = []
    while queue and budget > 0:
        item = queue.pop(0)
        if item is None:
            continue
        handled.append(item)
        budget -= 1
    else:
        handled.append(('left', len(queue), budget))
    return handled


def nested_while_else(rows, cols):
    log = []
    r = 0
    while r < rows:
        c = 0
        while c < cols:
            if (r + 1) * (c + 1) == 6:
                log.append(f'six at {r},{c}')
                break
            c += 1
        else:
            log.append(f'row {r} clean')
        r += 1
    else:
        log.append('done')
    return log


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


NUMERIC = ['digits_sum', 'collatz_length', 'gcd']

CASES = [
    ('find_first_multiple', (10, 7, 100), {}),
    ('find_first_multiple', (10, 70, 30), {}),
    ('find_first_multiple', (50, 3, 10), {}),
    ('countdown', (3,), {}),
    ('countdown', (0,), {}),
    ('digits_sum', (98765,), {}),
    ('digits_sum', (0,), {}),
    ('collatz_length', (27,), {}),
    ('collatz_length', (1,), {}),
    ('drain', ([1, None, 2, 3, 4], 3), {}),
    ('drain', ([None, 1], 5), {}),
    ('drain', ([], 5), {}),
    ('nested_while_else', (4, 4), {}),
    ('nested_while_else', (1, 2), {}),
    ('gcd', (1071, 462), {}),
    ('gcd', (17, 0), {}),
]
