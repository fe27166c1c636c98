"""try/finally: finally overriding return, return inside try, finally with break/continue, ordering."""


def finally_overrides():
    try:
        return 'from try'
    finally:
        return 'from finally'  # noqa: B012 - the point of the test


def finally_swallows_exception():
    try:
        raise ValueError('lost')
    finally:
        return 'swallowed'  # noqa: B012


def return_in_try(x):
    log = []
    try:
        log.append('try')
        if x:
            return log
        log.append('no return')
    finally:
        log.append('finally')
    log.append('after')
    return log


def return_value_is_evaluated_before_finally():
    value = [1]
    try:
        return value
    finally:
        value.append(2)
        value = 'rebound'  # too late: the returned object was already chosen


def loop_with_finally(n):
    out = []
    for i in range(n):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
        finally:
            out.append(f'f{i}')
    else:
        out.append('else')
    return out


def while_finally_return(limit):
    i = 0
    while True:
        try:
            i += 1
            if i >= limit:
                return i
        finally:
            print('cleanup', i)


def nested_finally():
    order = []
    try:
        try:
            order.append('inner try')
            raise KeyError('k')
        finally:
            order.append('inner finally')
    except KeyError as e:
        order.append(f'caught {e!r}')
    finally:
        order.append('outer finally')
    return order


def finally_raises():
    try:
        return 1
    finally:
        raise RuntimeError('finally failed')


def try_else_finally(x):
    steps = []
    try:
        result = 10 / x
    except ZeroDivisionError:
        steps.append('except')
        result = None
    else:
        steps.append('else')
        if result < 0:
            return steps, 'negative'
    finally:
        steps.append('finally')
    return steps, result


CASES = [
    ('finally_overrides', (), {}),
    ('finally_swallows_exception', (), {}),
    ('return_in_try', (True,), {}),
    ('return_in_try', (False,), {}),
    ('return_value_is_evaluated_before_finally', (), {}),
    ('loop_with_finally', (5,), {}),
    ('loop_with_finally', (2,), {}),
    ('while_finally_return', (3,), {}),
    ('nested_finally', (), {}),
    ('finally_raises', (), {}),
    ('try_else_finally', (2,), {}),
    ('try_else_finally', (0,), {}),
    ('try_else_finally', (-4,), {}),
]
