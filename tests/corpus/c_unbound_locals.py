"""Variables unbound on some paths: UnboundLocalError messages, NameError for globals, del of locals."""

threshold = 10


def maybe_assigned(flag):
    if flag:
        value = 'set'
    return value


def assigned_in_loop(items):
    for item in items:
        last = item
    return last


def assigned_in_while(n):
    while n > 0:
        result = n
        n -= 1
    return result


def assigned_in_one_branch_each(x):
    if x > 0:
        pos = x
    elif x < 0:
        neg = x
    if x > 0:
        return 'pos', pos
    return 'neg', neg


def deleted_local(flag):
    data = [1, 2, 3]
    if flag:
        del data
    return data


def delete_in_loop(n):
    for i in range(n):
        temp = i * i
        if temp > 3:
            del temp
    return temp


def delete_unbound():
    if threshold > 100:
        ghost = 1
    del ghost


def shadowed_global():
    # Assigning `threshold` below makes it local for the whole function.
    if threshold > 5:
        threshold = 5
    return threshold


def missing_global():
    return threshold + unknown_name  # noqa: F821


def try_assigned(x):
    try:
        parsed = int(x)
    except ValueError:
        pass
    return parsed


def reassigned_after_del():
    box = 'first'
    del box
    box = 'second'
    return box


def conditional_del_then_check(flag):
    item = 'present'
    if flag:
        del item
    try:
        return item
    except UnboundLocalError:
        return 'gone'


def with_assigned(flag):
    import contextlib
    with contextlib.suppress(ZeroDivisionError):
        ratio = 1 / flag
    return ratio


CASES = [
    ('maybe_assigned', (True,), {}),
    ('maybe_assigned', (False,), {}),
    ('assigned_in_loop', ([1, 2],), {}),
    ('assigned_in_loop', ([],), {}),
    ('assigned_in_while', (3,), {}),
    ('assigned_in_while', (0,), {}),
    ('assigned_in_one_branch_each', (3,), {}),
    ('assigned_in_one_branch_each', (-3,), {}),
    ('assigned_in_one_branch_each', (0,), {}),
    ('deleted_local', (False,), {}),
    ('deleted_local', (True,), {}),
    ('delete_in_loop', (2,), {}),
    ('delete_in_loop', (3,), {}),
    ('delete_unbound', (), {}),
    ('shadowed_global', (), {}),
    ('missing_global', (), {}),
    ('try_assigned', ('12',), {}),
    ('try_assigned', ('twelve',), {}),
    ('reassigned_after_del', (), {}),
    ('conditional_del_then_check', (True,), {}),
    ('conditional_del_then_check', (False,), {}),
    ('with_assigned', (4,), {}),
    ('with_assigned', (0,), {}),
]
