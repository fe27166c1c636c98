"""nonlocal: closures that count, accumulate in loops, and nest two levels deep."""


def make_counter(start=0):
    count = start

    def bump(step=1):
        nonlocal count
        count += step
        return count

    return bump


def use_counter(steps):
    bump = make_counter(10)
    results = []
    for s in steps:
        if s < 0:
            continue
        results.append(bump(s))
    return results


def running_stats(values):
    n = 0
    mean = 0.0

    def push(x):
        nonlocal n, mean
        n += 1
        mean += (x - mean) / n

    for v in values:
        push(v)
    return n, round(mean, 6)


def two_levels():
    log = []
    level = 'outer'

    def middle():
        def inner():
            nonlocal level
            level = 'changed by inner'
            log.append(level)

        inner()
        log.append('middle sees ' + level)

    middle()
    return level, log


def nonlocal_in_loop_closure(n):
    total = 0

    def add(i):
        nonlocal total
        while i > 0:
            total += i
            i -= 2
        return total

    for i in range(n):
        add(i)
    return total


def unbound_nonlocal():
    def read():
        return value  # a free variable that is not yet bound

    try:
        read()
    except NameError as e:
        message = str(e)
    value = 1
    return message, read()


def accumulate_words(text):
    words = []
    current = ''

    def flush():
        nonlocal current
        if current:
            words.append(current)
        current = ''

    for ch in text:
        if ch == ' ':
            flush()
        else:
            current += ch
    flush()
    return words


CASES = [
    ('use_counter', ([1, 2, -5, 3],), {}),
    ('running_stats', ([2, 4, 9],), {}),
    ('running_stats', ([],), {}),
    ('two_levels', (), {}),
    ('nonlocal_in_loop_closure', (6,), {}),
    ('unbound_nonlocal', (), {}),
    ('accumulate_words', ('hello big  world',), {}),
]
