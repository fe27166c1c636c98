"""for loops with else clauses: primes, searches, nested loop-else, empty iterables."""


def is_prime(n):
    if n < 2:
        return False
    for d in range(2, int(n ** 0.5) + 1):
        if n % d == 0:
            break
    else:
        return True
    return False


def primes_below(limit):
    found = []
    for n in range(2, limit):
        for p in found:
            if p * p > n:
                found.append(n)
                break
            if n % p == 0:
                break
        else:
            # No break: either `found` was empty or no prime divided n.
            found.append(n)
    return found


def index_of(items, wanted):
    for i, item in enumerate(items):
        if item == wanted:
            position = i
            break
    else:
        position = -1
    return position


def first_common(xs, ys):
    """Nested loops where the inner else decides whether to keep looking."""
    for x in xs:
        for y in ys:
            if x == y:
                break
        else:
            continue
        return x
    else:
        return 'none'


def else_with_print(words):
    for w in words:
        print('word:', w)
        if w == 'stop':
            print('stopping')
            break
    else:
        print('ran out of words')
    print('after loop')


def else_sees_loop_variable(n):
    # The loop variable keeps its last value inside the else clause.
    for i in range(n):
        pass
    else:
        return ('last', i)


CASES = [
    ('is_prime', (97,), {}),
    ('is_prime', (91,), {}),
    ('is_prime', (1,), {}),
    ('is_prime', (2,), {}),
    ('primes_below', (40,), {}),
    ('index_of', ('abcdef', 'd'), {}),
    ('index_of', ('abc', 'z'), {}),
    ('index_of', ([], 'z'), {}),
    ('first_common', ([5, 3, 9], [1, 9, 3]), {}),
    ('first_common', ([5], [1]), {}),
    ('else_with_print', (['go', 'on', 'stop', 'never'],), {}),
    ('else_with_print', (['go'],), {}),
    ('else_with_print', ([],), {}),
    ('else_sees_loop_variable', (4,), {}),
    ('else_sees_loop_variable', (0,), {}),
]
