"""Shadowed builtins: module-level range/len/print replacements and locals named list, sum, type."""
import builtins

printed = []


def print(*args, sep=' ', end='\n'):  # noqa: A001 - deliberately shadows the builtin
    """Collect output instead of writing it."""
    printed.append(sep.join(str(a) for a in args) + end)


def range(n):  # noqa: A001
    # A reversed range: loops over it must use this one, not the builtin.
    return builtins.range(n - 1, -1, -1)


def len(obj):  # noqa: A001
    return builtins.len(obj) * 100


def count_down(n):
    out = []
    for i in range(n):
        out.append(i)
    print('counted', n, sep='=')
    return out


def measure(words):
    sizes = {}
    for w in words:
        if len(w) > 300:
            sizes[w] = len(w)
        else:
            print('short', w)
    return sizes


def local_list(values):
    # A local called `list` hides the builtin only inside this function.
    list = [v * 2 for v in values]
    total = 0
    for x in list:
        total += x
    return list, total


def uses_builtin_list(values):
    return list(reversed(values))


def local_sum(values, sum=0):
    for v in values:
        sum += v
    return sum


def type_as_variable(things):
    kinds = []
    for thing in things:
        type = thing.__class__.__name__
        kinds.append(type)
    return kinds


def unbound_shadow():
    # `max` is assigned later in this function, so it is a local everywhere in it.
    biggest = max([1, 2, 3])
    max = biggest
    return max


def drain_output():
    global printed
    out, printed = ''.join(printed), []
    return out


def real_print_still_works(x):
    builtins.print('real print:', x)
    return x


CASES = [
    ('count_down', (4,), {}),
    ('measure', (['abcd', 'a', 'xyz'],), {}),
    ('drain_output', (), {}),
    ('local_list', ([1, 2, 3],), {}),
    ('uses_builtin_list', ([1, 2, 3],), {}),
    ('local_sum', ([1, 2, 3],), {}),
    ('local_sum', ([1, 2, 3], 10), {}),
    ('type_as_variable', ([1, 'a', None, 2.0],), {}),
    ('unbound_shadow', (), {}),
    ('real_print_still_works', (7,), {}),
    ('drain_output', (), {}),
]
