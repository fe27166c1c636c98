"""Loop variables after the loop: last value, value at break, untouched on empty loops, rebinding in body."""


def last_value(items):
    for item in items:
        pass
    return item


def value_at_break(items, stop):
    for index, item in enumerate(items):
        if item == stop:
            break
    return index, item


def rebinding_loop_variable(n):
    # Rebinding the loop variable does not affect the iteration.
    seen = []
    for i in range(n):
        seen.append(i)
        i = i * 100
    return seen, i


def while_counter_after(limit):
    n = 0
    while n * n < limit:
        n += 1
    return n


def shadowed_outer(n):
    i = 'outer value'
    for i in range(n):
        pass
    return i


def nested_same_name(n):
    log = []
    for i in range(n):
        for i in range(i):
            log.append(i)
    return log, i


def loop_over_changing_list(values):
    # Appending while iterating extends the loop (until the guard stops it).
    values = list(values)
    for v in values:
        if v > 0 and len(values) < 8:
            values.append(v - 1)
    return values


def modifying_range_bound(n):
    count = 0
    for _ in range(n):
        n += 1  # the range was built before the loop, so this changes nothing
        count += 1
    return count, n


CASES = [
    ('last_value', ([1, 2, 3],), {}),
    ('last_value', ([],), {}),
    ('value_at_break', ('abcdef', 'c'), {}),
    ('value_at_break', ('ab', 'z'), {}),
    ('value_at_break', ('', 'z'), {}),
    ('rebinding_loop_variable', (3,), {}),
    ('rebinding_loop_variable', (0,), {}),
    ('while_counter_after', (50,), {}),
    ('shadowed_outer', (3,), {}),
    ('shadowed_outer', (0,), {}),
    ('nested_same_name', (4,), {}),
    ('nested_same_name', (0,), {}),
    ('loop_over_changing_list', ([2, 0, 1],), {}),
    ('modifying_range_bound', (4,), {}),
]
